"""The game's options, and the settings a game is played with once they are resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tictac.engine import IllegalAction, Option, resolve
from tictac.engine.errors import BAD_OPTION
from tictac.games.times_up import decks, packs
from tictac.games.times_up.guess import Judge
from tictac.games.times_up.rules import RULE_SETS, RuleSet
from tictac.games.times_up.teams import TEAM_SIZES, team_lists

PLAYERS_DECK = "players"
NO_SCREENING = "off"
SHARED_DECK = "deck"  # the `deck` option's: a deck people share, loaded by its code

MOST_EXTRA_SECONDS = 120


def extra_list(given: Any, players: int = max(TEAM_SIZES)) -> tuple[int, ...]:
    """Option `extra_seconds`: a list of at most `players` whole seconds, 0 to 120 each."""
    if not isinstance(given, list) or len(given) > players:
        raise IllegalAction(BAD_OPTION, f"option 'extra_seconds': a list of at most {players} "
                                        "numbers of seconds, one a seat")
    for seconds in given:
        if type(seconds) is not int or not 0 <= seconds <= MOST_EXTRA_SECONDS:
            raise IllegalAction(BAD_OPTION, f"option 'extra_seconds': {seconds!r:.40} is not "
                                            f"0 to {MOST_EXTRA_SECONDS} seconds")
    return tuple(given)


OPTIONS = [
    Option("rules", "choice", "fr", "rule set: fr (French walk-through) or en (English sheet)",
           choices=("fr", "en")),
    Option("pack", "choice", "fr-personalities",
           "card pack, 'players' for a deck the players write themselves, or 'deck' for the "
           "shared deck the room loaded",
           choices=(*packs.pack_ids(), PLAYERS_DECK, SHARED_DECK)),
    Option("deck", "object", None, "the shared deck 'deck' deals from (the room loads it by code)",
           shape=decks.check_option),
    Option("names_per_player", "int", 5, "names each player writes for the player-written deck",
           low=2, high=20),
    Option("color", "choice", "yellow", "which name of each card the whole game uses",
           choices=("yellow", "blue")),
    Option("deck_size", "int", 40, "cards in the game deck (dealt: this plus 2 per player)",
           low=10, high=packs.MIN_CARDS - 2 * max(TEAM_SIZES)),
    Option("turn_seconds", "int", None,
           "seconds per turn; default from the pack (30 personalities, 45 words)",
           low=10, high=120, step=5),
    Option("fourth_round", "bool", False, "add a 4th round: one silent, still gesture per card"),
    Option("odd_players", "choice", "float",
           "at 5 and 7 players: one player floats between teams, or teams are uneven",
           choices=("float", "uneven_teams")),
    Option("teams", "list", None, "teams as lists of seats (a seat left out floats); null: drawn",
           shape=team_lists),
    Option("gestures_round1", "bool", None,
           "gestures allowed in round 1; default from the rule set (fr: no, en: yes)"),
    Option("extra_seconds", "list", None,
           "house rule: seconds added to each turn of a team, by seat (the most of the team's "
           "members counts); the room sets it from the extra time the host gave seats",
           shape=extra_list),
    Option("screen_names", "choice", NO_SCREENING,
           "player-written deck: the seat that screens the written names before the deck is made "
           "(approves or sends back each; the host, usually), or off",
           choices=(NO_SCREENING, *range(max(TEAM_SIZES))), seats=True),
]

_PLAYERS_DECK_TITLE = {"fr": "Cartes écrites par les joueurs", "en": "Player-written deck"}
PLAYERS_DECK_SECONDS = 30


@dataclass(frozen=True)
class Settings:
    rules: RuleSet
    pack: str
    pack_title: str
    kind: str  # "personalities" | "words" | "players" | "deck"
    language: str
    color: str
    deck_size: int
    names_per_player: int
    turn_ms: int
    rounds: int
    odd_players: str
    gestures_round1: bool
    screener: int | None = None  # the seat screening the written names (screening.py)
    extra_ms: tuple[int, ...] = ()  # by seat: added to each turn of its team (house rule)

    @property
    def judge(self) -> Judge:
        """How typed guesses are heard: the pack's language; plurals count in word packs."""
        return Judge(self.language, words_pack=self.kind == "words")


def settle(given: Mapping[str, Any] | None, players: int = max(TEAM_SIZES)
           ) -> tuple[Settings, packs.Pack | decks.Deck | None, Any]:
    """Checked settings, the pack or shared deck (None for the player-written deck) and the raw
    `teams`."""
    values = resolve(OPTIONS, given)
    rules = RULE_SETS[values["rules"]]
    pack: packs.Pack | decks.Deck | None = None
    if values["pack"] == SHARED_DECK:
        if values["deck"] is None:
            raise IllegalAction(BAD_OPTION, "pack 'deck' deals from a deck the room loaded by "
                                            "its code: load one first")
        pack = decks.read_deck(values["deck"])
        title, kind, language = pack.title, SHARED_DECK, pack.language
        seconds = PLAYERS_DECK_SECONDS
    elif values["pack"] == PLAYERS_DECK:
        title, kind, language = _PLAYERS_DECK_TITLE[rules.key], PLAYERS_DECK, rules.key
        seconds = PLAYERS_DECK_SECONDS
    else:
        try:
            pack = packs.load_pack(values["pack"])
        except (KeyError, ValueError) as problem:
            raise IllegalAction(BAD_OPTION, f"pack {values['pack']!r}: {problem}") from None
        title, kind, language, seconds = pack.title, pack.kind, pack.language, pack.turn_seconds
    if values["turn_seconds"] is not None:
        seconds = values["turn_seconds"]
    gestures = values["gestures_round1"]
    screener = values["screen_names"]
    if screener != NO_SCREENING and screener >= players:
        raise IllegalAction(BAD_OPTION, f"screen_names must be off or a seat below {players}")
    settings = Settings(
        rules=rules,
        pack=values["pack"],
        pack_title=title,
        kind=kind,
        language=language,
        color=values["color"],
        deck_size=values["deck_size"],
        names_per_player=values["names_per_player"],
        turn_ms=seconds * 1000,
        rounds=4 if values["fourth_round"] else 3,
        odd_players=values["odd_players"],
        gestures_round1=rules.gestures_round1 if gestures is None else gestures,
        # Only a deck the players write is screened.
        screener=screener if screener != NO_SCREENING and pack is None else None,
        extra_ms=tuple(seconds * 1000 for seconds in
                       extra_list(values["extra_seconds"] or [], players)),
    )
    return settings, pack, values["teams"]
