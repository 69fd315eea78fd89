"""`tictac play timos-twist`: you against bots in this terminal, to the target score.

Every choice is a number; bad input is asked again. Bots shout TIMO most of the time and notice
a forgotten one about half of the time, so you can catch them and they can catch you.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tictac.bots import Bot, make_bot
from tictac.bots.timos_twist import HeuristicBot
from tictac.cli.play import random_seed, replay_line
from tictac.engine import Action, Event, IllegalAction, Rng
from tictac.games import timos_twist as game
from tictac.games.timos_twist.state import State

STYLES = {"blue": "bold blue", "green": "bold green", "orange": "bold dark_orange",
          "pink": "bold magenta"}
SYMBOLS = {"skip": "Skip", "twist": "Twist", "plus2": "+2"}
HUMAN = 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", type=int, default=3, choices=range(1, game.MAX_PLAYERS),
                        help="how many bots play against you (1-5)")
    parser.add_argument("--level", choices=["heuristic", "random"], default="heuristic",
                        help="how the bots play")
    parser.add_argument("--target-score", type=int, default=300, help="score that wins the game")
    parser.add_argument("--no-stacking", action="store_true", help="a +2 is drawn at once")
    parser.add_argument("--draw-anytime", action="store_true",
                        help="draw even when you could play")
    parser.add_argument("--booklet-last-card", action="store_true",
                        help="a +2/+4 played as the last card is not drawn: the round ends at once")
    parser.add_argument("--seed", default=None,
                        help="deal the same game again (a random seed is shown at the end)")


def options(args: argparse.Namespace) -> dict[str, Any]:
    """The game's options from the command line."""
    return {"stacking": not args.no_stacking, "draw_anytime": args.draw_anytime,
            "target_score": args.target_score, "last_draw_counts": not args.booklet_last_card}


def run(args: argparse.Namespace) -> int:
    given = args.seed is not None
    seed = args.seed if given else random_seed()
    console = Console(highlight=False)
    try:
        table = TerminalTable(console, args.bots, args.level, options(args), seed,
                              seed_shown=given)
    except IllegalAction as refused:
        console.print(f"[red]{refused.message}[/]")
        return 2
    return table.play()


def card_text(card_id: str) -> Text:
    if card_id == "joker":
        return Text(" Joker ", style="bold white on grey23")
    if card_id == "plus4":
        return Text(" +4 ", style="bold white on grey23")
    color, _, rank = card_id.partition("-")
    return Text(f"{color} {SYMBOLS.get(rank, rank)}", style=STYLES[color])


class TerminalTable:
    """One game: seat 0 is the person at the keyboard, the others are bots."""

    def __init__(
        self,
        console: Console,
        bots: int,
        level: str,
        options: dict[str, Any],
        seed: str,
        read: Callable[[str], str] | None = None,
        seed_shown: bool = True,
    ) -> None:
        """`seed_shown` says whether the player gave the seed: one drawn at random is shown only
        once the game is over, as it rebuilds every hand."""
        self.console = console
        self.read = read or console.input
        self.seed = seed
        self.seed_shown = seed_shown
        self.players = bots + 1
        self.state: State = game.setup(self.players, options, seed)
        rng = Rng(f"bots-{seed}")
        self.names = ["You", *(f"Bot {seat}" for seat in range(1, self.players))]
        self.bots: dict[int, Bot] = {
            seat: HeuristicBot(seat, rng.fork(), forgetful=0.25, alert=0.5)
            if level == "heuristic"
            else make_bot(game.NAME, level, seat, rng.fork())
            for seat in range(1, self.players)
        }
        self.now = 0

    # -- the game loop ---------------------------------------------------------------------

    def play(self) -> int:
        self.console.rule("[bold]Timo's Twist[/]")
        seed = f" Seed {self.seed}." if self.seed_shown else ""
        self.console.print(f"You and {self.players - 1} bots, first to "
                           f"{self.state.target_score} points.{seed}")
        for event in game.view(self.state, HUMAN)["opening"]:
            self.tell(event)
        try:
            while game.outcome(self.state) is None:
                self.step()
        except EOFError:
            self.console.print("\nBye!")
        if not self.seed_shown:
            self.console.print(replay_line(self.seed))
        return 0

    def step(self) -> None:
        """One action. Optional ones come first: a catch or TIMO call of yours, the bots'
        (they get the first chance to catch you), then the seat the game waits for."""
        state = self.state
        turn = state.turn
        caught_first = state.exposed == HUMAN
        if not caught_first and self.your_moment(turn):
            return
        if self.bots_moment(turn):
            return
        if caught_first and self.your_moment(turn):
            return
        self.now = max(self.now, state.grace_until)
        if turn == HUMAN:
            self.show_table()
            chosen = self.choose(game.legal_actions(state, HUMAN), optional_prompt=False)
            assert chosen is not None
            self.apply(HUMAN, chosen)
        else:
            bot_action = self.bots[turn].act(
                game.view(state, turn), game.legal_actions(state, turn), True
            )
            assert bot_action is not None
            self.apply(turn, bot_action)

    def your_moment(self, turn: int) -> bool:
        optional = game.legal_actions(self.state, HUMAN) if turn != HUMAN else []
        action = self.choose(optional, optional_prompt=True) if optional else None
        if action is not None:
            self.apply(HUMAN, action)
        return action is not None

    def bots_moment(self, turn: int) -> bool:
        for seat, bot in self.bots.items():
            legal = game.legal_actions(self.state, seat) if seat != turn else []
            if legal and (action := bot.act(game.view(self.state, seat), legal, False)):
                self.apply(seat, action)
                return True
        return False

    def apply(self, seat: int, action: Action) -> None:
        _, events = game.apply(self.state, seat, action, self.now)
        self.now += 1000
        for event in events:
            self.tell(event)

    # -- choosing --------------------------------------------------------------------------

    def choose(self, legal: list[Action], optional_prompt: bool) -> Action | None:
        """Your pick among `legal`, by number; a black card's colour is asked next. With
        `optional_prompt` the last choice lets the moment pass."""
        choices: list[tuple[Text, list[Action]]] = []
        for action in legal:
            label = self.label(action)
            for shown, group in choices:
                if shown.plain == label.plain:
                    group.append(action)
                    break
            else:
                choices.append((label, [action]))
        if optional_prompt:
            choices.append((Text("let it go"), []))
        for number, (label, _) in enumerate(choices, 1):
            self.console.print(Text(f"  {number}) ").append(label))
        group = choices[self.ask_number(len(choices)) - 1][1]
        if not group:
            return None
        if len(group) == 1:
            return group[0]
        for number, action in enumerate(group, 1):
            self.console.print(Text(f"  {number}) ").append(action["color"],
                                                              style=STYLES[action["color"]]))
        return group[self.ask_number(len(group), "Colour to follow") - 1]

    def ask_number(self, count: int, what: str = "Your choice") -> int:
        while True:
            answer = self.read(f"{what} (1-{count}): ").strip()
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            self.console.print(f"[red]Please type a number from 1 to {count}.[/]")

    def label(self, action: Action) -> Text:
        kind = action["type"]
        if kind == "play":
            text = Text("play ").append(card_text(action["card"]))
            if "color" in action:
                text.append(" and name a colour")
            if action.get("timo"):
                text.append(" and shout TIMO!", style="bold yellow")
            return text
        if kind == "draw":
            penalty = self.state.penalty
            return Text(f"draw {penalty} cards" if penalty else "draw a card")
        if kind == "pass":
            return Text("keep the card you drew")
        if kind == "timo":
            return Text("shout TIMO!", style="bold yellow")
        return Text(f"catch {self.names[action['target']]}: no TIMO was shouted!",
                    style="bold red")

    # -- showing ---------------------------------------------------------------------------

    def show_table(self) -> None:
        view = game.view(self.state, HUMAN)
        table = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
        for column in ("", "player", "cards", "score"):
            table.add_column(column)
        for seat in range(self.players):
            mark = "▶" if seat == view["turn"] else ""
            dealer = " (dealer)" if seat == view["dealer"] else ""
            timo = " [bold yellow]TIMO[/]" if view["timo"][seat] else ""
            table.add_row(mark, self.names[seat] + dealer, f"{view['hand_sizes'][seat]}{timo}",
                          str(view["scores"][seat]))
        self.console.print()
        self.console.rule(f"Round {view['round']}")
        self.console.print(table)
        arrow = "clockwise" if view["direction"] == 1 else "counter-clockwise"
        line = Text("Top card: ").append(card_text(view["top"]))
        line.append("   colour to follow: ").append(view["color"], style=STYLES[view["color"]])
        line.append(f"   play goes {arrow}   pile: {view['pile_size']}")
        self.console.print(line)
        if view["penalty"]:
            self.console.print(f"[bold red]You face +{view['penalty']}: stack or draw.[/]")
        hand = Text("Your hand: ")
        for card_id in sorted(view["hand"]):
            hand.append(card_text(card_id)).append("  ")
        self.console.print(hand)
        if view["drawn"]:
            self.console.print(Text("You drew ").append(card_text(view["drawn"])))

    def tell(self, event: Event) -> None:
        kind = event["type"]
        who = self.names[event["seat"]] if "seat" in event else ""
        say = self.console.print
        if kind == "played":
            line = Text(f"{who} played ").append(card_text(event["card"]))
            if event["card"] in ("joker", "plus4"):
                line.append(" and named ").append(event["color"], style=STYLES[event["color"]])
            if event["timo"]:
                line.append(" — TIMO!", style="bold yellow")
            say(line)
        elif kind == "drew":
            say(f"{who} drew {event['count']} card{'s' if event['count'] != 1 else ''}"
                + (" (penalty)" if event["penalty"] else ""))
        elif kind == "passed":
            say(f"{who} kept the card and passed.")
        elif kind == "skipped":
            say(f"{who} {'lose' if event['seat'] == HUMAN else 'loses'} a turn.")
        elif kind == "reversed":
            say("Play changes direction.")
        elif kind == "penalty":
            say(f"{who} {'face' if event['seat'] == HUMAN else 'faces'} +{event['count']}.")
        elif kind == "timo":
            say(f"[bold yellow]{who}: TIMO![/]")
        elif kind == "caught":
            say(f"[bold red]{who} caught {self.names[event['target']]} without TIMO: "
                f"+{event['count']} cards.[/]")
        elif kind == "pile_rebuilt":
            say("The discard pile is shuffled into a new pile.")
        elif kind == "round_over":
            self.show_round(event)
        elif kind == "game_over":
            winner = self.names[event["winner"]]
            self.console.rule("[bold]Game over[/]")
            say(f"[bold]{'You win' if event['winner'] == HUMAN else winner + ' wins'} "
                f"with {event['scores'][event['winner']]} points![/]")
        elif kind == "round_started":
            say(Text(f"Round {event['round']}: {self.names[event['dealer']]} deal"
                     f"{'' if event['dealer'] == HUMAN else 's'}; the first card is ")
                .append(card_text(event["top"])))

    def show_round(self, event: Event) -> None:
        self.console.rule(f"Round {event['round']} won by {self.names[event['winner']]}: "
                          f"+{event['points']} points")
        table = Table(box=None, padding=(0, 2), header_style="bold")
        for column in ("player", "cards left", "score"):
            table.add_column(column)
        for seat, hand in enumerate(event["hands"]):
            cards = Text()
            for card_id in hand:
                cards.append(card_text(card_id)).append(" ")
            table.add_row(self.names[seat], cards, str(event["scores"][seat]))
        self.console.print(table)
        if max(event["scores"]) < self.state.target_score:
            self.read("Press Enter for the next round ")
