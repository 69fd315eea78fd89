"""`tictac play times-up`: a whole table on one shared device (pass-and-play).

The device goes round: each player discards (or writes names) in secret, then at each turn the
cluegiver holds it, sees the card and a live countdown, and marks what happens with single keys:
f or Enter found, p pass, w wrong guess, x foul (the timekeeper calls it aloud). Everything
shown comes from the views of the game, as a phone would get them.
"""

from __future__ import annotations

import argparse
import os
import secrets
import select
import sys
import termios
import time
import tty
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from rich.console import Console, Group
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tictac.engine import Action, IllegalAction, View
from tictac.games import times_up as game
from tictac.games.times_up import packs
from tictac.games.times_up.errors import TIME_IS_UP
from tictac.games.times_up.settings import PLAYERS_DECK

ENDINGS = {
    "time_up": "Time's up!", "foul": "Foul: the turn is over.",
    "deck_empty": "The deck is empty: the turn is over.", "round_won": "Every card is won!",
    "hand_over": "The deck goes to the next team.",
}
MARKS = {"f": "found", "\r": "found", "\n": "found", "p": "pass", "w": "wrong", "x": "foul"}
POLL_SECONDS = 0.1


class Keys(Protocol):
    """Where key presses and typed lines come from: the terminal, or a test's script."""

    def key(self, timeout: float) -> str | None:
        """One key press, or None when `timeout` seconds pass without one."""
        ...

    def line(self, prompt: str) -> str: ...


class TerminalKeys:
    def __init__(self, console: Console) -> None:
        self.console = console

    @contextmanager
    def _single_keys(self) -> Iterator[None]:
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        try:
            yield
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def key(self, timeout: float) -> str | None:
        with self._single_keys():
            ready, _, _ = select.select([sys.stdin], [], [], timeout)
            return os.read(sys.stdin.fileno(), 1).decode(errors="ignore") if ready else None

    def line(self, prompt: str) -> str:
        return self.console.input(prompt)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=4, help="4 to 12 (default 4)")
    parser.add_argument("--names", default="", help="players' names, comma-separated, by seat")
    parser.add_argument("--pack", default="fr-personalities",
                        choices=[*packs.pack_ids(), PLAYERS_DECK],
                        help="card pack, or 'players' to write the names yourselves")
    parser.add_argument("--rules", default="fr", choices=["fr", "en"], help="rule set")
    parser.add_argument("--color", choices=["yellow", "blue"], help="names of which colour")
    parser.add_argument("--deck-size", type=int, help="cards in the game deck (default 40)")
    parser.add_argument("--names-per-player", type=int, help="for --pack players (default 5)")
    parser.add_argument("--turn-seconds", type=int, help="seconds a turn (default from pack)")
    parser.add_argument("--fourth-round", action="store_true", help="add a one-gesture round")
    parser.add_argument("--odd-players", choices=["float", "uneven_teams"],
                        help="at 5 and 7 players (default float)")
    parser.add_argument("--gestures-round1", action=argparse.BooleanOptionalAction,
                        help="allow gestures in round 1 (default from the rule set)")
    parser.add_argument("--seed", default=None, help="seed of the game (default: random)")


def _options(args: argparse.Namespace) -> dict[str, Any]:
    given = {
        "pack": args.pack, "rules": args.rules, "color": args.color, "deck_size": args.deck_size,
        "names_per_player": args.names_per_player, "turn_seconds": args.turn_seconds,
        "odd_players": args.odd_players, "gestures_round1": args.gestures_round1,
        "fourth_round": args.fourth_round,
    }
    return {name: value for name, value in given.items() if value is not None}


def run(args: argparse.Namespace) -> int:
    console = Console(highlight=False)
    seed = args.seed if args.seed is not None else str(secrets.randbits(32))
    try:
        state = game.setup(args.players, _options(args), seed)
    except IllegalAction as refused:
        console.print(f"[red]{refused.message}[/]")
        return 2
    names = [n.strip() for n in args.names.split(",") if n.strip()]
    names += [f"Player {seat + 1}" for seat in range(len(names), args.players)]
    table = PassAndPlay(state, names, console, TerminalKeys(console), _wall_clock_ms)
    table.play()
    return 0


def _wall_clock_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class PassAndPlay:
    """One game at one table on one device, from the deal to the final score."""

    def __init__(self, state: game.State, names: list[str], console: Console, keys: Keys,
                 clock: Callable[[], int]) -> None:
        self.state = state
        self.names = names
        self.console = console
        self.keys = keys
        self.clock = clock
        self.notice = ""

    def play(self) -> None:
        screens: dict[str, Callable[[], None]] = {
            "write": self._write, "deal": self._deal, "waiting": self._waiting,
            "running": self._running, "round_won": self._round_won,
            "readback": self._readback,
        }
        while not game.view(self.state, None)["over"]:
            screens[self.state.phase]()
        self._final()

    def _apply(self, seat: int, action: Action) -> IllegalAction | None:
        try:
            _, events = game.apply(self.state, seat, action, self.clock())
        except IllegalAction as refused:
            return refused
        for event in events:
            if event["type"] == "turn_ended":
                self.notice = ENDINGS[event["reason"]]
        return None

    def _hand_to(self, seat: int, why: str) -> None:
        self.console.clear()
        self.console.print(Panel(f"Pass the device to [bold]{self.names[seat]}[/] {why}.\n"
                                 "Everyone else, look away.", title="Time's Up"))
        self.keys.line("Press Enter when ready. ")

    def _write(self) -> None:
        seat = game.to_act(self.state)[0]
        count = game.view(self.state, seat)["names_per_player"]
        self._hand_to(seat, f"to write {count} names")
        while True:
            names = [self.keys.line(f"Name {i} of {count}: ") for i in range(1, count + 1)]
            refused = self._apply(seat, {"type": "write", "names": names})
            if refused is None:
                return
            self.console.print(f"[red]{refused.message}[/] Write them again.")

    def _deal(self) -> None:
        seat = game.to_act(self.state)[0]
        self._hand_to(seat, "to choose 2 cards to discard")
        cards = game.view(self.state, seat)["own"]["cards"]
        listing = Table(show_header=False, box=None)
        for number, card in enumerate(cards, start=1):
            listing.add_row(str(number), f"[bold]{card['name']}[/]", card["about"])
        self.console.print(listing)
        while True:
            picked = self.keys.line("Two numbers to discard (e.g. 3 7): ").replace(",", " ")
            numbers = [int(n) for n in picked.split() if n.isdigit()]
            ids = [cards[n - 1]["id"] for n in numbers if 1 <= n <= len(cards)]
            refused = self._apply(seat, {"type": "discard", "cards": ids})
            if refused is None:
                return
            self.console.print(f"[red]{refused.message}[/]")

    def _scores(self, view: View) -> Table:
        scores = Table(title=f"Round {view['round']} of {view['rounds']}")
        scores.add_column("team")
        scores.add_column("players")
        scores.add_column("points", justify="right")
        for index, team in enumerate(view["teams"]):
            members = ", ".join(self.names[seat] for seat in team["members"])
            scores.add_row(f"team {index + 1}", members, str(team["score"]))
        floater = view["floater"]
        if floater is not None:
            scores.add_row("floating", self.names[floater["seat"]], str(floater["score"]))
        return scores

    def _waiting(self) -> None:
        view = game.view(self.state, None)
        turn = view["turn"]
        self.console.clear()
        if self.notice:
            self.console.print(f"[bold]{self.notice}[/]")
            self.notice = ""
        self.console.print(self._scores(view))
        self.console.print(Panel(
            f"{view['constraint']['text']}\n\n"
            f"Team {turn['team'] + 1}: [bold]{self.names[turn['cluegiver']]}[/] gives clues to "
            f"{', '.join(self.names[s] for s in turn['guessers'])}; "
            f"{self.names[turn['timekeeper']]} keeps time. {view['deck_count']} cards to go.",
            title=f"Round {view['round']}"))
        self.keys.line(f"{self.names[turn['cluegiver']]}, take the device and press Enter. ")
        self._apply(turn["cluegiver"], {"type": "start"})

    def _running(self) -> None:
        giver = self.state.cluegiver()
        keeper = self.state.timekeeper()
        # transient: the card leaves the screen before the device goes to the next player
        with Live(self._card_screen(giver), console=self.console, auto_refresh=False,
                  transient=True) as live:
            while self.state.phase == "running":
                deadline = game.deadline(self.state)
                if deadline is not None and self.clock() >= deadline:
                    timeout = game.timeout_action(self.state)
                    assert timeout is not None
                    self._apply(*timeout)
                    break
                pressed = self.keys.key(POLL_SECONDS)
                if pressed == "q":
                    raise KeyboardInterrupt
                mark = MARKS.get((pressed or "").lower())
                if mark is not None:
                    refused = self._apply(keeper if mark == "foul" else giver, {"type": mark})
                    if refused is not None and refused.code != TIME_IS_UP:
                        self.console.bell()
                if self.state.phase == "running":
                    live.update(self._card_screen(giver), refresh=True)

    def _card_screen(self, giver: int) -> Panel:
        view = game.view(self.state, giver)
        left = max(0, view["clock"]["deadline_ms"] - self.clock())
        total = view["clock"]["turn_ms"]
        card = view["card"]
        width = 30
        filled = round(width * min(left, total) / total)
        bar = Text("█" * filled + "·" * (width - filled),
                   style="green" if left > 10_000 else "bold red")
        keys = "f/Enter found   x foul" if view["round"] == 1 else \
            "f/Enter found   p pass   w wrong guess   x foul"
        won = len(view["teams"][view["turn"]["team"]]["found"])
        body = Group(
            Text(card["name"], style="bold yellow" if view["color"] == "yellow" else "bold cyan"),
            Text(card["about"], style="italic"),
            Text(""),
            Text.assemble(bar, f"  {left / 1000:4.1f} s"),
            Text(f"{view['constraint']['text']}", style="dim"),
            Text(f"{keys}   q quit   (found this round: {won}, deck {view['deck_count']})"),
        )
        return Panel(body, title=f"Round {view['round']}: {self.names[giver]} gives clues")

    def _round_won(self) -> None:
        view = game.view(self.state, None)
        deciders = view["turn"]["deciders"]
        seconds = (view["clock"]["time_left_ms"] or 0) / 1000
        self.console.print(Panel(
            f"Every card is won, with {seconds:.1f} s left. Team {view['turn']['team'] + 1}: "
            "[bold]c[/] start the next round with that time, [bold]h[/] hand the deck to the "
            "next team (full timer).", title="Round won"))
        while True:
            choice = self.keys.line("c or h: ").strip().lower()
            if choice in ("c", "h"):
                kind = "continue" if choice == "c" else "hand_over"
                self._apply(deciders[0], {"type": kind})
                return

    def _readback(self) -> None:
        view = game.view(self.state, None)
        self.console.clear()
        listing = Table(title="Read back the names found in round 1")
        listing.add_column("team")
        listing.add_column("name")
        listing.add_column("who", style="italic")
        for index, cards in enumerate(view["history"][0]):
            for card_id in cards:
                card = view["known"][card_id]
                listing.add_row(f"team {index + 1}", card["name"], card["about"])
        self.console.print(listing)
        self.keys.line("Everyone has heard them? Press Enter. ")
        for seat in game.to_act(self.state):
            self._apply(seat, {"type": "ready"})

    def _final(self) -> None:
        view = game.view(self.state, None)
        outcome = view["outcome"]
        self.console.print(self._scores(view))
        by_round = Table(title="Points by round")
        by_round.add_column("team")
        for round_no in range(1, view["rounds"] + 1):
            by_round.add_column(f"round {round_no}", justify="right")
        for index, team in enumerate(view["teams"]):
            by_round.add_row(f"team {index + 1}", *map(str, team["round_scores"]))
        self.console.print(by_round)
        winners = ", ".join(self.names[seat] for seat in outcome["winners"])
        self.console.print(f"[bold green]Final score: {outcome['team']} won[/] ({winners}).")
