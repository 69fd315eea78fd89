"""Nim, the fourth game (issue 22 item 3): its rules, its perfect bot, and the game as a plug-in
registered only by an entry point: `tictac simulate` lists it and plays it out, `tictac play`
does not offer it (it has no terminal front end) and still plays the games that have one."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from itertools import product
from pathlib import Path

import pytest

import nim
from plugins import install_nim
from tictac.bots import bot_kinds, make_bot
from tictac.bots.driver import play_out
from tictac.engine import GAMES, IllegalAction, Rng, get_game, register
from tictac.engine.errors import BAD_FIELD, GAME_OVER, NOT_YOUR_TURN
from tictac.server.game_client import client_fields

TICTAC = Path(sys.executable).with_name("tictac")


@pytest.fixture
def registered() -> Iterator[None]:
    """Nim in this process's registry for one test, as `--games nim=nim` would put it."""
    saved = dict(GAMES)
    register("nim", "nim")
    yield
    GAMES.clear()
    GAMES.update(saved)


@pytest.fixture
def installed(tmp_path: Path) -> dict[str, str]:
    """The environment of a process where Nim is installed by its entry point alone."""
    return {**os.environ, **install_nim(tmp_path)}


def _tictac(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TICTAC), *args], capture_output=True, text=True, timeout=300,
                          env=env)


def _take(state: nim.State, seat: int, heap: int, n: int) -> None:
    nim.apply(state, seat, {"type": "take", "heap": heap, "n": n}, 0)


def test_the_player_who_takes_the_last_match_wins() -> None:
    state = nim.setup(2, {"heaps": "3-4-5"}, "any")
    state, events = nim.apply(state, 0, {"type": "take", "heap": 2, "n": 5}, 0)
    assert state.heaps == [3, 4, 0]
    assert events == [{"type": "took", "seat": 0, "heap": 2, "n": 5, "left": 0}]
    _take(state, 1, 1, 4)
    assert nim.outcome(state) is None and nim.to_act(state) == [0]
    _take(state, 0, 0, 3)
    outcome = nim.outcome(state)
    assert outcome is not None and (outcome.winners, outcome.scores) == ([0], [1, 0])
    assert nim.to_act(state) == [] and nim.legal_actions(state, 0) == []


def test_in_the_misere_game_the_player_who_takes_the_last_match_loses() -> None:
    state = nim.setup(3, {"heaps": "3-4-5", "misere": True}, "any")
    for seat, heap in ((0, 0), (1, 1), (2, 2)):
        _take(state, seat, heap, state.heaps[heap])
    outcome = nim.outcome(state)
    assert outcome is not None and outcome.winners == [0, 1]


@pytest.mark.parametrize(("seat", "action", "code"), [
    (1, {"type": "take", "heap": 0, "n": 1}, NOT_YOUR_TURN),
    (0, {"type": "take", "heap": 4, "n": 1}, BAD_FIELD),
    (0, {"type": "take", "heap": 1, "n": 4}, BAD_FIELD),
    (0, {"type": "take", "heap": 1, "n": 0}, BAD_FIELD),
    (0, {"type": "take", "heap": 0, "n": 1}, nim.EMPTY_HEAP),
])
def test_a_take_the_rules_forbid_is_refused_with_its_code_and_changes_nothing(
    seat: int, action: dict[str, object], code: str,
) -> None:
    state = nim.setup(2, None, "any")  # heaps 1, 3, 5, 7
    _take(state, 0, 0, 1)
    _take(state, 1, 3, 1)
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        nim.apply(state, seat, action, 0)
    assert refused.value.code == code and state == before


def test_the_turn_timer_takes_one_match_from_the_largest_heap_of_the_seat_to_act() -> None:
    state = nim.setup(2, {"heaps": "2-5-8"}, "any")
    assert nim.auto_action(state, 1, Rng("t")) is None
    assert nim.auto_action(state, 0, Rng("t")) == {"type": "take", "heap": 2, "n": 1}


def test_a_finished_game_refuses_every_take() -> None:
    state = nim.setup(2, {"heaps": "3-4-5"}, "any")
    for seat, heap in ((0, 0), (1, 1), (0, 2)):
        _take(state, seat, heap, state.heaps[heap])
    with pytest.raises(IllegalAction) as refused:
        _take(state, 1, 0, 1)
    assert refused.value.code == GAME_OVER


@cache
def _mover_wins(heaps: tuple[int, ...], misere: bool) -> bool:
    """Whether the player to move wins two-player Nim with best play, by exhaustive search."""
    if not any(heaps):
        return misere  # the opponent took the last match
    return any(not _mover_wins(tuple(sorted((*heaps[:i], left - n, *heaps[i + 1:]))), misere)
               for i, left in enumerate(heaps) for n in range(1, left + 1))


@pytest.mark.parametrize("misere", [False, True])
def test_the_winning_take_is_exactly_the_one_search_finds(misere: bool) -> None:
    for heaps in product(range(5), repeat=3):
        if not any(heaps):
            continue  # the game is over: nobody is to move
        take = nim.winning_take(heaps, misere)
        assert (take is not None) == _mover_wins(tuple(sorted(heaps)), misere), heaps
        if take is not None:
            heap, n = take
            left = (*heaps[:heap], heaps[heap] - n, *heaps[heap + 1:])
            assert 1 <= n <= heaps[heap] and not _mover_wins(tuple(sorted(left)), misere)


def test_the_perfect_bot_beats_the_random_bot_from_a_won_start(registered: None) -> None:
    assert list(bot_kinds("nim")) == ["easy", "hard", "random", "perfect"]
    game = get_game("nim")
    rng = Rng("nim")
    for index in range(20):
        state = game.setup(2, {"heaps": "3-4-5"}, index)  # nim-sum 2: the first player wins
        seats = {0: make_bot("nim", "hard", 0, rng.fork()), 1: make_bot("nim", "easy", 1, rng)}
        play_out(game, state, seats)
        outcome = game.outcome(state)
        assert outcome is not None and outcome.winners == [0]


def test_the_manifest_points_at_the_games_own_folder(registered: None) -> None:
    assert client_fields("nim") == {"module": "/games/nim/client.js", "rules": None,
                                    "texts": "/games/nim/texts", "client_info": {}}


@pytest.mark.system  # starts `tictac` processes
def test_simulate_lists_and_plays_nim_registered_by_its_entry_point(
    installed: dict[str, str],
) -> None:
    listed = _tictac(installed, "simulate", "--help")
    assert listed.returncode == 0 and "nim" in listed.stdout, listed.stderr
    played = _tictac(installed, "simulate", "nim", "--players", "3", "--games", "5",
                     "--bots", "perfect", "--option", "misere=true")
    assert played.returncode == 0, played.stderr
    assert "5 games of nim, 3 players, perfect bots" in played.stdout


@pytest.mark.system  # starts `tictac` processes
def test_tictac_play_offers_no_nim_and_still_plays_the_others(installed: dict[str, str]) -> None:
    offered = _tictac(installed, "play", "--help")
    assert offered.returncode == 0, offered.stderr
    assert "timos-twist" in offered.stdout and "nim" not in offered.stdout
    refused = _tictac(installed, "play", "nim")
    assert refused.returncode == 2 and "invalid choice: 'nim'" in refused.stderr
    played = _tictac(installed, "play", "timos-twist", "--help")
    assert played.returncode == 0 and "--seed" in played.stdout, played.stderr
