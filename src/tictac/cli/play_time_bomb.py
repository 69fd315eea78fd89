"""`tictac play time-bomb`: you in one seat, bots in the others, in this terminal.

Everything shown comes from your seat's view and the room's public events, exactly what a
phone at the table would get: your role, how many wires of each kind lie face down in front of
you (never where), and what everyone sees.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from tictac.bots import bot_kinds, make_bot
from tictac.bots.driver import next_action
from tictac.cli.play import random_seed, replay_line
from tictac.engine import Action, Event, IllegalAction, Rng, View
from tictac.games import time_bomb as game

KIND_STYLE = {"safe": "grey70", "defusing": "bold blue", "bomb": "bold red"}
TEAM_STYLE = {"sherlock": "bold blue", "moriarty": "bold red"}
HELP = (
    "[bold]cut SEAT POSITION[/] cuts a wire (e.g. [bold]cut 3 1[/]); "
    "[bold]claim K[/] or [bold]claim K bomb[/] says what you hold (true or not); "
    "[bold]quit[/] leaves."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=6, help="4 to 8 (default 6)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--bots", default="reasoning", help="bot kind in the other seats")
    parser.add_argument("--seed", default=None, help="seed of the game (default: random)")
    parser.add_argument("--first-holder", default="random", help="a seat, or random")
    parser.add_argument("--delay", type=float, default=0.6, help="seconds between bot moves")


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    if args.bots not in bot_kinds(game.NAME):
        console.print(f"no bot {args.bots!r}; known: {', '.join(sorted(bot_kinds(game.NAME)))}")
        return 2
    holder = args.first_holder
    options = {"first_holder": int(holder) if holder.isdigit() else holder}
    given = args.seed is not None
    seed = args.seed if given else random_seed()
    try:
        state = game.setup(args.players, options, seed)
    except IllegalAction as refused:
        console.print(f"[red]{refused.message}[/]")
        return 2
    if not 0 <= args.seat < args.players:
        console.print(f"[red]--seat must be below {args.players}[/]")
        return 2
    return play(state, args.seat, args.bots, seed, console, console.input, args.delay,
                seed_shown=given)


def play(
    state: game.State,
    seat: int,
    bots: str,
    seed: str,
    console: Console,
    read: Callable[[str], str],
    delay: float = 0.0,
    seed_shown: bool = True,
) -> int:
    """Plays one game to its end; returns 0, or 1 if the player quits. `seed_shown` says the
    player gave the seed: one drawn at random deals every role and wire, so it is shown only
    once the game is over for this player."""
    rng = Rng(f"{seed}-bots")
    you = TerminalSeat(seat, console, read)
    seats: dict[int, Any] = {
        s: you if s == seat else make_bot(game.NAME, bots, s, rng.fork())
        for s in range(state.players)
    }
    given = f", seed {seed}" if seed_shown else ""
    console.print(Panel(f"Time Bomb, {state.players} players{given}. You sit at seat "
                        f"{seat}.\n{HELP}", title="tictac"))
    now = 0
    while game.outcome(state) is None:
        now += 1000
        try:
            entry = next_action(game, state, seats, now)
        except QuitGame:
            console.print("You leave the table.")
            if not seed_shown:
                console.print(replay_line(seed))
            return 1
        try:
            _, events = game.apply(state, entry.seat, entry.action, entry.now_ms)
        except IllegalAction as refused:
            console.print(f"[red]{refused.code}[/]: {refused.message}")
            continue
        for event in events:
            console.print(describe(event, seat))
        if entry.seat != seat and delay:
            time.sleep(delay)
    render(console, game.view(state, seat))
    if not seed_shown:
        console.print(replay_line(seed))
    return 0


class QuitGame(Exception):
    pass


class TerminalSeat:
    """The person at the keyboard, behind the same interface as a bot."""

    def __init__(self, seat: int, console: Console, read: Callable[[str], str]) -> None:
        self.seat = seat
        self.console = console
        self.read = read
        self.offered_round = 0

    def act(self, view: View, legal: list[Action], must: bool) -> Action | None:
        if not must:
            if self.offered_round == view["round"]:
                return None
            self.offered_round = view["round"]
            render(self.console, view)
            return self._ask("Claim something? [bold]claim K[/] / [bold]claim K bomb[/], "
                             "or Enter to stay quiet", allow_empty=True)
        self.offered_round = view["round"]
        render(self.console, view)
        return self._ask("You hold the pliers: [bold]cut SEAT POSITION[/] or a claim",
                         allow_empty=False)

    def _ask(self, prompt: str, allow_empty: bool) -> Action | None:
        while True:
            text = self.read(prompt + " > ").strip().lower()
            if not text and allow_empty:
                return None
            if text in ("quit", "q", "exit"):
                raise QuitGame
            action = parse(text)
            if action is not None and (allow_empty is False or action["type"] == "claim"):
                return action
            self.console.print(HELP)


def parse(text: str) -> Action | None:
    """`cut 3 1`, `claim 2`, `claim 1 bomb` (the words may be shortened to their first letter)."""
    words = text.split()
    if not words or not all(w.isdigit() for w in words[1:] if w not in ("bomb", "b")):
        return None
    verb, numbers = words[0], [int(w) for w in words[1:] if w.isdigit()]
    if verb in ("cut", "c") and len(numbers) == 2 and len(words) == 3:
        return {"type": "cut", "target": numbers[0], "position": numbers[1]}
    if verb in ("claim", "say", "s") and len(numbers) == 1:
        bomb = any(w in ("bomb", "b") for w in words[2:])
        if len(words) == 2 + bomb:
            return {"type": "claim", "defusing": numbers[0], "bomb": bomb}
    return None


def describe(event: Event, you: int) -> str:
    def who(seat: int) -> str:
        return "you" if seat == you else f"seat {seat}"

    kind = event["type"]
    if kind == "cut":
        wire = event["kind"]
        return (f"{who(event['cutter']).capitalize()} cut {who(event['target'])}, wire "
                f"{event['position']}: [{KIND_STYLE[wire]}]{wire}[/]")
    if kind == "claim":
        bomb = "the bomb" if event["bomb"] else "no bomb"
        return (f"{who(event['seat']).capitalize()} claim{'' if event['seat'] == you else 's'} "
                f"{event['defusing']} defusing, {bomb}")
    if kind == "round_over":
        return f"[bold]End of round {event['round']}.[/] The hidden wires are gathered."
    if kind == "deal":
        return (f"[bold]Round {event['round']}[/]: shuffled and dealt again, "
                f"{event['wires_each']} each; {who(event['holder'])} starts with the pliers.")
    team = event["team"]
    return f"[{TEAM_STYLE[team]}]{team.capitalize()}'s team wins[/] ({event['reason']})."


def render(console: Console, view: View) -> None:
    """The table as this seat may see it."""
    seat = view["seat"]
    table = Table(title=(f"Round {view['round']}/{view['rounds']}, cut {view['cuts']}/"
                         f"{view['cuts_per_round']} · defusing found {view['defusing_found']}/"
                         f"{view['defusing_total']}"))
    for column in ("seat", "wires (position)", "claim", ""):
        table.add_column(column)
    roles = view["roles"]
    for row in view["rows"]:
        owner = row["seat"]
        face_down = set(row["face_down"])
        wires = " ".join(
            f"[bold]{p}[/]" if p in face_down else "[dim]·[/]" for p in range(view["wires_each"])
        )
        claim = row["claim"]
        said = "" if claim is None or claim["round"] != view["round"] else (
            f"{claim['defusing']} defusing" + (", bomb" if claim["bomb"] else ""))
        marks = ["✂ pliers"] if owner == view["holder"] and not view["over"] else []
        if roles is not None:
            marks.append(f"[{TEAM_STYLE[roles[owner]]}]{roles[owner]}[/]")
        table.add_row(f"{owner}{' (you)' if owner == seat else ''}", wires, said, " ".join(marks))
    console.print(table)
    own = view["you"]
    counts = ", ".join(f"[{KIND_STYLE[k]}]{n} {k}[/]" for k, n in own["face_down"].items())
    console.print(f"You are [{TEAM_STYLE[own['role']]}]{own['role'].capitalize()}[/]; "
                  f"face down in front of you: {counts} (you do not know where).")
    if view["over"]:
        aside = view["set_aside"]
        if aside is not None:
            console.print(f"The card set aside was [{TEAM_STYLE[aside]}]{aside}[/].")
