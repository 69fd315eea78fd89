"""The game contract, checked the same way on every registered game with its own random bots."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictac.bots import make_bot
from tictac.bots.driver import play_out
from tictac.engine import GAMES, IllegalAction, LoggedAction, Rng, SetupArgs, get_game, replay
from tictac.engine.extras import extras
from tictac.rooms.messages import Views

VIEW_KEYS = {"game", "seat", "to_act", "legal", "over", "outcome"}


def random_game(name: str, players: int, seed: int) -> tuple[Any, list[LoggedAction], SetupArgs]:
    game = get_game(name)
    args = SetupArgs(players=players, seed=seed)
    state = game.setup(args.players, args.options, args.seed)
    rng = Rng(seed)
    bots = {seat: make_bot(name, "random", seat, rng.fork()) for seat in range(players)}
    log: list[LoggedAction] = []
    play_out(game, state, bots, log=log, max_actions=50_000)
    return state, log, args


@functools.cache
def logged_game(name: str, players: int, seed: int) -> tuple[list[LoggedAction], SetupArgs]:
    _, log, args = random_game(name, players, seed)
    return log, args


def player_counts(name: str) -> list[int]:
    game = get_game(name)
    return sorted({game.MIN_PLAYERS, game.MAX_PLAYERS})


CASES = [(name, players) for name in GAMES for players in player_counts(name)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_same_seed_and_same_actions_give_the_same_game(name: str, players: int) -> None:
    game = get_game(name)
    for seed in range(3):
        state, log, args = random_game(name, players, seed)
        assert game.outcome(state) is not None
        assert replay(game, args, log) == state
        again, again_log, _ = random_game(name, players, seed)
        assert again == state and again_log == log


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_view_is_json_with_the_shared_keys(name: str, players: int) -> None:
    game = get_game(name)
    _, log, args = random_game(name, players, 11)
    state = game.setup(args.players, args.options, args.seed)
    for entry in [*log, None]:
        for seat in [*range(players), None]:
            view = game.view(state, seat)
            assert view.keys() >= VIEW_KEYS
            assert view["game"] == game.NAME and view["seat"] == seat
            expected_legal = [] if seat is None else game.legal_actions(state, seat)
            assert view["legal"] == expected_legal
            assert view["over"] == (game.outcome(state) is not None)
            json.dumps(view)
        if entry is not None:
            assert game.to_act(state), "a game that is not over waits for someone"
            game.apply(state, entry.seat, entry.action, entry.now_ms)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_view_message_is_the_seats_view_built_from_the_shared_part(
        name: str, players: int) -> None:
    """engine/extras.py: a game's `seat_view` is what a seat sees beyond a spectator, the same
    keys for every seat; the server's view message (rooms/messages.py, which encodes what
    everyone sees once) carries exactly `view(state, seat)`, in every game, at every step."""
    game = get_game(name)
    seat_view = extras(game).seat_view
    _, log, args = random_game(name, players, 5)
    state = game.setup(args.players, args.options, args.seed)
    for version, entry in enumerate([*log, None]):
        spectator = game.view(state, None)
        views = Views(game, state, version=version, server_time=1, game_time=2, paused=False,
                      deadline=None, events=[{"type": "x"}])
        own_keys = set()
        for seat in [*range(players), None]:
            sent = json.loads(views.text(seat))
            assert sent["view"] == game.view(state, seat) and sent["version"] == version
            if seat_view is not None and seat is not None:
                own = seat_view(state, seat)
                assert {**spectator, **own} == game.view(state, seat)
                own_keys.add(frozenset(own))
        assert len(own_keys) <= 1, "a seat_view has the same keys for every seat"
        if entry is not None:
            game.apply(state, entry.seat, entry.action, entry.now_ms)


JUNK_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(min_value=-1, max_value=60), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def junk_actions(types: list[str]) -> st.SearchStrategy[object]:
    fields = st.dictionaries(
        st.sampled_from(["card", "color", "target", "position", "cards", "text", "timo", "x"]),
        JUNK_VALUES,
        max_size=3,
    )
    typed = st.builds(lambda t, f: {**f, "type": t}, st.sampled_from([*types, "nope"]), fields)
    return st.one_of(typed, JUNK_VALUES, fields)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=150)
@given(data=st.data())
def test_bad_input_is_refused_with_a_code_and_changes_nothing(
    name: str, data: st.DataObject
) -> None:
    game = get_game(name)
    players = game.MIN_PLAYERS
    log, args = logged_game(name, players, data.draw(st.integers(0, 3)))
    state = replay(game, args, log[: data.draw(st.integers(0, len(log)))])
    types = sorted({a["type"] for e in log for a in [e.action]})
    seat = data.draw(st.integers(-1, players))
    action = data.draw(junk_actions(types))
    before = state.clone()
    now = log[-1].now_ms if log else 0
    try:
        game.apply(state, seat, action, now)  # type: ignore[arg-type]
    except IllegalAction as refused:
        assert refused.code and refused.message
        assert state == before



def not_seats(players: int) -> list[object]:
    """Seat numbers out of range, and things that are no seat number (`True` is not seat 1)."""
    return [-1, players, True, False, 1.0, "0", [0]]


def refusal(game: Any, state: Any, seat: object, action: object) -> str:
    """The code `apply` refuses with; the state comes out unchanged."""
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, action, 0)
    assert state == before
    return refused.value.code


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_checks_the_action_then_the_seat_then_game_over(name: str) -> None:
    game = get_game(name)
    players = game.MIN_PLAYERS
    over, log, _ = random_game(name, players, 5)
    assert game.outcome(over) is not None
    known = {"type": log[0].action["type"]}
    for state in (game.setup(players, None, 5), over):
        assert refusal(game, state, -1, "junk") == "malformed_action"
        assert refusal(game, state, None, {"type": 3}) == "malformed_action"
        assert refusal(game, state, -1, {"type": "nope"}) == "unknown_action"
        for seat in [*not_seats(players), None]:
            assert refusal(game, state, seat, known) == "bad_seat", seat
    for seat in range(players):
        assert refusal(game, over, seat, known) == "game_over"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_what_is_not_a_seat_has_no_legal_actions(name: str) -> None:
    game = get_game(name)
    players = game.MIN_PLAYERS
    log, args = logged_game(name, players, 3)
    for length in range(0, len(log) + 1, max(1, len(log) // 100)):
        state = replay(game, args, log[:length])
        for seat in not_seats(players):
            assert game.legal_actions(state, seat) == [], (length, seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_view_refuses_what_is_not_a_seat_with_bad_seat(name: str) -> None:
    game = get_game(name)
    players = game.MIN_PLAYERS
    state = game.setup(players, None, 2)
    for seat in not_seats(players):
        with pytest.raises(IllegalAction) as refused:
            game.view(state, seat)
        assert refused.value.code == "bad_seat", seat
    assert game.view(state, None)["seat"] is None
    seat_view = extras(game).seat_view
    for seat in not_seats(players) if seat_view is not None else []:
        with pytest.raises(IllegalAction) as refused:
            seat_view(state, seat)
        assert refused.value.code == "bad_seat", seat
