"""The game's descriptor, registered in pyproject.toml's `tictac.games` entry points."""

from __future__ import annotations

from tictac.engine import GameInfo
from tictac.engine.decks import DeckFormat
from tictac.games import times_up
from tictac.games.times_up import decks
from tictac.games.times_up.audience import AUDIENCE
from tictac.games.times_up.errors import CODES
from tictac.games.times_up.settings import SHARED_DECK
from tictac.games.times_up.state import State
from tictac.games.times_up.teams import FLOATING_SIZES, TEAM_SIZES

GAME_INFO: GameInfo[State] = GameInfo(
    rules=times_up,
    bots="tictac.bots.times_up",
    # Sent to the web client, so the lobby's team tools deal the same sizes.
    client_info={"team_sizes": TEAM_SIZES, "floating_sizes": FLOATING_SIZES},
    terminal="tictac.cli.play_times_up",
    observer="tictac.rl.times_up:TimesUpEnv",
    # A simulated table has no strategy to be good at: easy and normal are the average table,
    # hard the table that knows the names; and no room seats one.
    levels={"easy": "random", "normal": "random", "hard": "quick"},
    simulation_only=True,
    codes=CODES,
    audience=AUDIENCE,
    decks=DeckFormat(pack=SHARED_DECK, read=decks.read_deck, from_lines=decks.from_lines,
                     max_cards=decks.MAX_CARDS, max_name=decks.MAX_NAME,
                     max_about=decks.MAX_ABOUT, written=times_up.written_deck),
    public_options=times_up.public_options,
    warm=times_up.warm,
)
