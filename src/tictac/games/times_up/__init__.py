"""Time's Up, by either rule book: the `fr` walk-through or the `en` sheet (see docs/rulings.md and
docs/games/times-up.md). This module is the game contract; the rules live in its siblings."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from tictac.engine import Action, Event, Outcome, Rng, View
from tictac.engine import IllegalAction as IllegalAction  # re-exported for its callers
from tictac.engine.contract import SeatRate
from tictac.engine.options import check_players
from tictac.engine.prologue import check_action, check_viewer
from tictac.games.times_up import (
    absence,
    deal,
    decks,
    errors,
    lexicon,
    rules,
    screening,
    turns,
    views,
)
from tictac.games.times_up.phases import (
    DEAL,
    LAST_CARD,
    OVER,
    READBACK,
    ROUND_WON,
    RUNNING,
    SCREEN,
    WAITING,
    WRITE,
)
from tictac.games.times_up.settings import OPTIONS as OPTIONS
from tictac.games.times_up.settings import PLAYERS_DECK
from tictac.games.times_up.state import State as State
from tictac.games.times_up.stats import game_stats
from tictac.games.times_up.teams import TEAM_SIZES

NAME = "times-up"
TITLE = "Time's Up"
MIN_PLAYERS = min(TEAM_SIZES)
MAX_PLAYERS = max(TEAM_SIZES)
# However many phones a guesser holds: a guess a second, five at once (docs/server.md).
SEAT_RATES = {"guess": SeatRate(1.0, 5, errors.TOO_MANY_GUESSES)}

Handler = Callable[[State, int, Action, int], list[Event]]
HANDLERS: dict[str, Handler] = {
    "write": lambda state, seat, action, now: deal.write(state, seat, action),
    "discard": lambda state, seat, action, now: deal.discard(state, seat, action),
    "start": turns.start,
    "found": turns.found,
    "pass": turns.pass_card,
    "foul": turns.foul,
    "wrong": turns.wrong,
    "guess": turns.guess,
    "overrule": turns.overrule,
    "confirm": turns.confirm,
    "time_up": turns.time_up,
    "continue": turns.carry_on,
    "hand_over": turns.hand_over,
    "ready": turns.ready,
    "pass_turn": absence.pass_turn,
    "skip_team": absence.skip_team,
    "close_writing": absence.close_writing,
    "screen": screening.screen,
    "rewrite": screening.rewrite,
    "pass_screening": screening.pass_screening,
}
# The moves only the room makes, for players who are gone (absence.py): no player sends them.
ROOM_ACTIONS = absence.ROOM_ACTIONS
# The actions holding text other seats will read, by the field holding it: a room's word filter
# reads them before the game does (tictac.rooms.wordfilter). A typed guess is shown to every
# phone, the TV and the audience.
WRITTEN = {"write": "names", "rewrite": "name", "guess": "text"}
# The moves about the card in hand, which changes under the cluegiver's thumb (a typed guess
# wins it, the previous tap drew the next): each answers the view it was made on, and the room
# refuses it once a newer view exists (`stale_view`), so a double tap never wins a card unseen.
# A typed guess is not one (the guessers never see the card); `overrule` names its guess, and
# `screen` its card.
SEEN_MOVES = frozenset({"found", "pass", "wrong", "foul"})


def setup(
    players: int,
    options: Mapping[str, Any] | None,
    seed: int | str,
    stacked: Sequence[Any] | None = None,
) -> State:
    """A new game. `stacked` (pack decks only) is the order cards are dealt, top first."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    return deal.new_game(players, options, seed, stacked)


def apply(state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
    kind = check_action(action, HANDLERS, seat, state.players, state.phase == OVER)
    events = HANDLERS[kind](state, seat, action, now_ms)
    state.overrules += sum(event.get("type") == "overruled" for event in events)
    state.now_ms = now_ms
    return state, events


def _is_seat(state: State, seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players


def legal_actions(state: State, seat: int) -> list[Action]:
    """What `seat` may send now. "write" and "guess" come as templates whose free text
    ("names", "text") is null. "time_up" is the room's, sent when `deadline` passes."""
    if not _is_seat(state, seat):
        return []
    phase = state.phase
    if phase == WRITE:
        return [] if state.dealt[seat] else [{"type": "write", "names": None}]
    if phase == SCREEN:
        return screening.legal(state, seat)
    if phase == DEAL:
        if seat in state.discards:
            return []
        pairs = itertools.combinations(state.dealt[seat], 2)
        return [{"type": "discard", "cards": [a, b]} for a, b in pairs]
    if phase == WAITING:
        return [{"type": "start"}] if seat in (state.cluegiver(), state.timekeeper()) else []
    if phase == RUNNING:
        return _running_actions(state, seat)
    if phase == LAST_CARD:
        if seat != state.cluegiver():
            return []
        return [{"type": "confirm"},
                *[{"type": "overrule", "guess": index} for index in turns.overrulable(state)]]
    if phase == ROUND_WON:
        return [{"type": "continue"}, {"type": "hand_over"}] if seat in state.deciders() else []
    if phase == READBACK:
        return [] if seat in state.ready else [{"type": "ready"}]
    return []


def _running_actions(state: State, seat: int) -> list[Action]:
    if seat == state.cluegiver():
        marks = ["found", "pass", "wrong"] if rules.passing_allowed(state.round) else ["found"]
        overrules = [{"type": "overrule", "guess": index} for index in turns.overrulable(state)]
        return [*[{"type": kind} for kind in [*marks, "foul"]], *overrules]
    if seat == state.timekeeper():
        return [{"type": "foul"}]
    if seat in state.guessers() and turns.past_the_cap(state) is None:
        return [{"type": "guess", "text": None}]
    return []


def to_act(state: State) -> list[int]:
    phase = state.phase
    if phase == WRITE:
        return [seat for seat in range(state.players) if not state.dealt[seat]]
    if phase == SCREEN:
        return screening.to_act(state)
    if phase == DEAL:
        return [seat for seat in range(state.players) if seat not in state.discards]
    if phase in (WAITING, RUNNING, LAST_CARD):
        return [state.cluegiver()]
    if phase == ROUND_WON:
        return list(state.deciders())
    if phase == READBACK:
        return [seat for seat in range(state.players) if seat not in state.ready]
    return []


def deadline(state: State) -> int | None:
    return state.deadline if state.phase in (RUNNING, LAST_CARD) else None


def timeout_action(state: State) -> tuple[int, Action] | None:
    """At the deadline the room calls time for the timekeeper; on the last card, once the
    cluegiver's time to overrule is over, the verdicts stand."""
    if state.phase == LAST_CARD:
        return state.cluegiver(), {"type": "confirm"}
    if state.phase != RUNNING:
        return None
    return state.timekeeper(), {"type": "time_up"}


def auto_action(state: State, seat: int, rng: Rng) -> Action | None:
    """For a seat the room's turn timer gave up on: a random pair of discards, a started turn,
    keeping the time won (en), a confirmed read-back. Nobody's names are written for them."""
    if seat not in to_act(state) or state.phase in (WRITE, SCREEN, RUNNING):
        return None
    if state.phase == ROUND_WON:
        return {"type": "continue"}
    if state.phase == LAST_CARD:  # never an overrule: only the cluegiver judges
        return {"type": "confirm"}
    return rng.choice(legal_actions(state, seat))


def absent_action(state: State, seat: int, present: Collection[int], rng: Rng) -> Action | None:
    """What the room does for a gone `seat` the game waits for (`present`: the seats whose
    players are here). Nobody gives clues, guesses or writes for them: a cluegiver's turn passes
    to a teammate who is here, or the team's is skipped; the deck is made from the names
    written; a round won (en) is decided by a member of the team who is here. Elsewhere, the
    turn timer's move (discards, ready)."""
    if state.phase in (WRITE, SCREEN, WAITING, RUNNING, ROUND_WON):
        return absence.absent_action(state, seat, present)
    return auto_action(state, seat, rng)


def view(state: State, seat: int | None) -> View:
    check_viewer(seat, state.players)
    result = outcome(state)
    return {
        "game": NAME,
        "seat": seat,
        "to_act": to_act(state),
        "legal": [] if seat is None else legal_actions(state, seat),
        "over": result is not None,
        "outcome": None if result is None else result.to_json(),
        **views.game_keys(state, seat),
    }


def outcome(state: State) -> Outcome | None:
    """After the last round the team, or tied teams, with the most points win. A floating
    player stands beside the teams with their own total and wins too if it is at least the best
    team's (docs/rulings.md); they never take the win from a team."""
    if state.phase != OVER:
        return None
    totals = state.team_scores()
    best = max(totals)
    winning = [t for t, total in enumerate(totals) if total == best]
    winners = {seat for t in winning for seat in state.teams[t]}
    per_seat = [0] * state.players
    for t, members in enumerate(state.teams):
        for seat in members:
            per_seat[seat] = totals[t]
    labels = [f"team {t + 1}" for t in winning]
    floater_score = None
    if state.floater is not None:
        floater_score = state.floater_score()
        per_seat[state.floater] = floater_score
        if floater_score >= best:
            winners.add(state.floater)
            labels.append("floater")
    return Outcome(
        winners=sorted(winners),
        scores=per_seat,
        detail={
            "team": " & ".join(labels),
            "winning_teams": winning,
            "team_scores": totals,
            "teams": [list(team) for team in state.teams],
            "floater": state.floater,
            "floater_score": floater_score,
            "round_scores": [[len(cards) for cards in by_team] for by_team in state.found],
            "stats": game_stats(state),
        },
    )


def public_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as anyone may see them (the room summary, a replay): a shared deck's title,
    language and count, never its cards."""
    shown = dict(options)
    if "deck" in shown:
        shown["deck"] = decks.public_option(shown["deck"])
    return shown


def written_deck(state: State) -> tuple[str, list[dict[str, str]]] | None:
    """The language and cards of the names the players wrote, once the game is over (every one
    of them was in the deck, so all were found and shown); None before, or for a pack's deck."""
    if state.phase != OVER or state.settings.pack != PLAYERS_DECK:
        return None
    return state.settings.language, [{"name": face.name, "about": face.about}
                                     for face in state.faces.values()]


def warm() -> None:
    """Loads what the guess checker reads lazily (the word lists and dictionaries: a second or
    more each), so a server can do it beside its first rooms rather than on their first typed
    guess."""
    for language in ("fr", "en"):
        lexicon.common_words(language)
        lexicon.dictionary_words(language)
        lexicon.dictionary_words(language, rare=True)
        lexicon.unaccented_words(language)
        lexicon.accented_words(language)
        lexicon.final_e_acute_words(language)
    lexicon.listed("")
    lexicon.in_english_dictionary("")
    lexicon.pronunciations("")
    lexicon.printed_first_names()
    lexicon.places()
    lexicon.countries()
