"""What each seat may see. The card in hand reaches the cluegiver's view only; dealt and
discarded cards only their owner's; the deck and the set-aside cards nobody's (counts only)."""

from __future__ import annotations

from typing import Any

from tictac.games.times_up import absence, rules, screening, turns
from tictac.games.times_up import teams as teams_
from tictac.games.times_up.phases import (
    DEAL,
    LAST_CARD,
    OVER,
    READBACK,
    ROUND_WON,
    RUNNING,
    WAITING,
    WRITE,
)
from tictac.games.times_up.state import State

# Every view shows this turn's latest guesses, and counts the earlier ones: a view's size must
# not grow with what one guesser types.
GUESS_TAIL = 20


def card(state: State, card_id: str) -> dict[str, str]:
    face = state.faces[card_id]
    return {"id": card_id, "name": face.name, "about": face.about}


def _cards(state: State, card_ids: list[str]) -> list[dict[str, str]]:
    return [card(state, card_id) for card_id in card_ids]


def _known(state: State) -> dict[str, dict[str, str]]:
    """Name and note of every card won so far this game: face up on the table, so public."""
    return {
        card_id: {"name": state.faces[card_id].name, "about": state.faces[card_id].about}
        for by_team in state.found
        for cards in by_team
        for card_id in cards
    }


def finished_rounds(state: State) -> list[list[list[str]]]:
    """By round, by team: the cards won in each round already played."""
    return state.found if state.phase == OVER else state.found[:-1]


def _teams(state: State) -> list[dict[str, Any]]:
    totals = state.team_scores()
    return [
        {
            "members": list(state.members(team)),
            "score": totals[team],
            "round_scores": [len(by_team[team]) for by_team in state.found],
            "found": state.found[-1][team][:],
        }
        for team in range(len(state.teams))
    ]


def _floater(state: State) -> dict[str, Any] | None:
    if state.floater is None:
        return None
    team = teams_.floater_team(state.round, len(state.teams))
    return {"seat": state.floater, "team": team, "score": state.floater_score()}


def _turn(state: State) -> dict[str, Any] | None:
    if state.phase not in (WAITING, RUNNING, LAST_CARD, ROUND_WON):
        return None
    if state.phase == ROUND_WON:
        return {"team": state.team, "deciders": list(state.deciders())}
    return {
        "team": state.team,
        "cluegiver": state.cluegiver(),
        "timekeeper": state.timekeeper(),
        "guessers": list(state.guessers()),
    }


def _own(state: State, seat: int | None) -> dict[str, Any] | None:
    """The seat's own secrets: the cards dealt to them and their discards, or their names."""
    if seat is None or state.phase not in (WRITE, DEAL):
        return None
    return {
        "cards": _cards(state, state.dealt[seat]),
        "discarded": _cards(state, state.discards.get(seat, [])),
    }


def _done(state: State) -> list[int]:
    """WRITE / DEAL / READBACK: the seats that have written, discarded or confirmed."""
    if state.phase == WRITE:
        return [seat for seat in range(state.players) if state.dealt[seat]]
    if state.phase == DEAL:
        return sorted(state.discards)
    if state.phase == READBACK:
        return sorted(state.ready)
    return []


def _guesses(state: State, judging: bool) -> list[dict[str, Any]]:
    """The latest GUESS_TAIL guesses of this turn, each with its number (what `overrule`
    names). The cluegiver's view (`judging`) also holds the earlier ones whose verdict they may
    still change: nothing they may overrule is out of their sight."""
    shown = set(range(max(0, len(state.guesses) - GUESS_TAIL), len(state.guesses)))
    if judging:
        shown.update(turns.overrulable(state))
    guesses = state.guesses
    return [{"index": index, "seat": guesses[index].seat, "text": guesses[index].text,
             "right": guesses[index].right, "overruled": guesses[index].overruled}
            for index in sorted(shown)]


def game_keys(state: State, seat: int | None) -> dict[str, Any]:
    settings = state.settings
    running = state.phase == RUNNING
    holds_card = running and seat is not None and seat == state.cluegiver()
    guesses = _guesses(state, judging=holds_card)
    return {
        "rules": settings.rules.key,
        "pack": {"id": settings.pack, "title": settings.pack_title, "kind": settings.kind,
                 "language": settings.language},
        "color": settings.color,
        "phase": state.phase,
        "round": state.round,
        "rounds": settings.rounds,
        "constraint": rules.constraint(settings.rules.key, state.round, settings.gestures_round1,
                                       settings.language),
        "clock": {
            "turn_ms": settings.turn_ms,
            "deadline_ms": state.deadline if running else None,
            "time_left_ms": state.time_left,
            "now_ms": state.now_ms,
        },
        "teams": _teams(state),
        "your_team": None if seat is None else teams_.team_of(
            state.teams, state.floater, state.round, seat),
        "floater": _floater(state),
        "turn": _turn(state),
        "deck_count": len(state.deck),
        "set_aside_count": len(state.set_aside),
        "card_in_play": state.in_hand is not None,
        "card": card(state, state.in_hand) if holds_card and state.in_hand else None,
        "guesses": guesses,
        "earlier_guesses": len(state.guesses) - len(guesses),
        "done": _done(state),
        "own": _own(state, seat),
        "names_per_player": settings.names_per_player if state.phase == WRITE else None,
        "names_written": len(state.faces) if state.phase == WRITE else None,
        "absence": absence.notice(state),
        "screening": screening.view(state, seat),
        "history": [[cards[:] for cards in by_team] for by_team in finished_rounds(state)],
        "known": _known(state),
        "readback": state.phase == READBACK,
    }

