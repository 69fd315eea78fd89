"""Screening the written names (issue 25, item 2; docs/rulings.md, "Time's Up: screening the
written names"): with `screen_names` naming a seat, that seat approves or sends back each
written name, one at a time, before the deck is made; a name sent back is its writer's to
rewrite; nobody else sees a name; the gone never hold the table up."""

from __future__ import annotations

import json

import pytest

from tictac.engine import IllegalAction, LoggedAction, Rng, SetupArgs, replay
from tictac.games import times_up as game

from .support import names_for
from .test_absence import refused

SCREENED = {"pack": "players", "names_per_player": 2, "screen_names": 0,
            "teams": [[0, 1], [2, 3]]}


def _written(options: dict[str, object] = SCREENED, seats: range = range(4)) -> game.State:
    state = game.setup(4, options, 1)
    for seat in seats:
        game.apply(state, seat, {"type": "write", "names": names_for(seat, 2)}, 0)
    return state


def _screen(state: game.State, ok: bool, seat: int = 0) -> list[dict[str, object]]:
    view = game.view(state, seat)["screening"]
    return game.apply(state, seat, {"type": "screen", "card": view["next"]["id"], "ok": ok}, 0)[1]


def _id(state: game.State, seat: int, n: int) -> str:
    """The id of the `n`-th name `seat` wrote."""
    return state.dealt[seat][n - 1]


def test_a_written_cards_id_does_not_tell_who_wrote_it() -> None:
    """Card ids reach every phone as the cards are played (docs/games/times-up.md): an id
    depends on the game's secret draw, so the same seat's names get other ids in another game,
    and the ids of one game never follow their writers' seats; the same game replays them."""
    def ids(seed: int) -> list[str]:
        state = game.setup(4, SCREENED, seed)
        for seat in range(4):
            game.apply(state, seat, {"type": "write", "names": names_for(seat, 2)}, 0)
        return [card for seat in range(4) for card in state.dealt[seat]]

    first, second = ids(1), ids(2)
    assert ids(1) == first
    assert not set(first) & set(second) and len(set(first)) == 8
    assert sorted(first) != first  # not numbered in seat order either


def _names(state: game.State) -> list[str]:
    return sorted(state.faces[card].name for card in state.deck)


def test_the_screener_alone_sees_each_name_and_the_deck_is_the_approved_names() -> None:
    state = _written()
    assert state.phase == "screen" and game.to_act(state) == [0]
    # The screener's own names need no screening; the others' come one by one, in order.
    seen = game.view(state, 0)["screening"]
    assert (seen["left"], seen["approved"], seen["next"]["name"]) == (6, 2, "Card B1")
    for seat in (1, 2, 3, None):  # no other seat, nor the TV, sees a name
        view = game.view(state, seat)
        assert view["screening"]["next"] is None and view["screening"]["left"] == 6
        assert not any(name in json.dumps(view) for other in range(4)
                       for name in names_for(other, 2))
    _screen(state, True)
    _screen(state, True)
    events = _screen(state, False)  # Card C1, back to seat 2
    assert events == [{"type": "screened", "ok": False, "left": 3}]
    back = _id(state, 2, 1)
    assert game.view(state, 2)["screening"]["sent_back"] == [{"id": back, "name": "Card C1"}]
    assert game.view(state, 3)["screening"]["sent_back"] == []
    assert game.legal_actions(state, 2) == [{"type": "rewrite", "card": back, "name": None}]
    for _ in range(3):
        _screen(state, True)
    assert state.phase == "screen" and game.to_act(state) == [2]  # the rewrite is owed
    assert refused(state, 2, {"type": "rewrite", "card": _id(state, 2, 1), "name": "Card D2"}) \
        == "duplicate_name"
    assert refused(state, 3, {"type": "rewrite", "card": _id(state, 2, 1), "name": "Zorro"}) \
        == "bad_field"
    game.apply(state, 2, {"type": "rewrite", "card": _id(state, 2, 1), "name": "Zorro"}, 0)
    assert game.view(state, 0)["screening"]["next"] == {"id": _id(state, 2, 1), "name": "Zorro"}
    events = _screen(state, True)
    assert events[-1] == {"type": "deck_ready", "cards": 8}
    assert state.phase == "waiting" and state.screening is None
    assert "Card C1" not in _names(state) and "Zorro" in _names(state)


def test_only_the_screener_screens_and_only_the_next_name() -> None:
    state = _written()
    first = _id(state, 1, 1)
    assert refused(state, 1, {"type": "screen", "card": first, "ok": True}) == "not_your_turn"
    later = _id(state, 1, 2)
    assert refused(state, 0, {"type": "screen", "card": later, "ok": True}) == "bad_field"
    assert refused(state, 0, {"type": "screen", "card": first, "ok": 1}) == "bad_field"
    assert refused(state, 0, {"type": "pass_screening", "to": 0}) == "bad_field"


def test_a_gone_screener_hands_the_screening_to_the_next_seat_here() -> None:
    state = _written()
    assert game.absent_action(state, 0, {2, 3}, Rng(0)) == {"type": "pass_screening", "to": 2}
    assert game.absent_action(state, 0, set(), Rng(0)) is None
    game.apply(state, 0, {"type": "pass_screening", "to": 2}, 0)
    assert game.to_act(state) == [2] and game.view(state, 0)["screening"]["next"] is None
    assert game.view(state, 2)["screening"]["next"]["name"] == "Card B1"


def test_a_gone_writer_owing_a_rewrite_adds_no_name() -> None:
    state = _written()
    for ok in (True, True, True, True, False, True):  # Card D1 goes back to seat 3
        _screen(state, ok)
    assert game.to_act(state) == [3]
    assert game.absent_action(state, 3, {0, 1, 2, 3}, Rng(0)) is None
    assert game.absent_action(state, 3, {0, 1, 2}, Rng(0)) == {"type": "close_writing"}
    events = game.apply(state, 0, {"type": "close_writing"}, 0)[1]
    assert events == [{"type": "screening_closed", "left_out": 1},
                      {"type": "deck_ready", "cards": 7}]
    assert "Card D1" not in _names(state)


def test_screening_with_nothing_approved_cannot_make_a_deck() -> None:
    state = _written(seats=range(1, 4))  # the screener wrote nothing
    game.apply(state, 0, {"type": "close_writing"}, 0)
    assert state.phase == "screen"
    assert refused(state, 0, {"type": "close_writing"}) == "nothing_approved"
    for _ in range(6):
        _screen(state, False)
    assert game.absent_action(state, 1, {0}, Rng(0)) is None  # the room waits, too
    game.apply(state, 1, {"type": "rewrite", "card": _id(state, 1, 1), "name": "Zorro"}, 0)
    _screen(state, True)
    game.apply(state, 0, {"type": "close_writing"}, 0)
    assert _names(state) == ["Zorro"]


def test_screening_is_off_by_default_and_for_a_pack_and_names_a_seat_there_is() -> None:
    assert _written({**SCREENED, "screen_names": "off"}).phase == "waiting"
    assert game.setup(4, {"screen_names": 1}, 1).phase == "deal"
    with pytest.raises(IllegalAction) as caught:
        game.setup(4, {**SCREENED, "screen_names": 4}, 1)
    assert caught.value.code == "bad_option"


def test_a_screened_game_replays_to_the_same_state() -> None:
    setup = SetupArgs(4, SCREENED, 3)
    state = game.setup(setup.players, setup.options, setup.seed)
    log = [LoggedAction(seat, {"type": "write", "names": names_for(seat, 2)}, 0)
           for seat in range(4)]
    for entry in log:
        game.apply(state, entry.seat, entry.action, entry.now_ms)
    more = [LoggedAction(0, {"type": "screen", "card": _id(state, 1, 1), "ok": False}, 1),
            LoggedAction(0, {"type": "pass_screening", "to": 3}, 2),
            LoggedAction(1, {"type": "rewrite", "card": _id(state, 1, 1), "name": "Zorro"}, 3)]
    more += [LoggedAction(3, {"type": "screen", "card": _id(state, seat, n), "ok": True}, 4)
             for seat, n in ((1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (1, 1))]
    for entry in more:
        game.apply(state, entry.seat, entry.action, entry.now_ms)
    assert state.phase == "waiting" and replay(game, setup, log + more) == state
