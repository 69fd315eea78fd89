"""bench/openspiel_agents.py's rule baseline, "play the highest-value playable card, else draw",
through OpenSpiel's Timo's Twist: at every decision of seeded games it plays a legal card of the
highest value there is (a black card naming the colour it holds most), draws only with no card to
play, and its rows replay (the same seeds, the same wins)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def agents() -> ModuleType:
    sys.path.insert(0, str(BENCH))  # it imports the learner's rule, as its command runs it
    try:
        spec = importlib.util.spec_from_file_location("openspiel_agents",
                                                      BENCH / "openspiel_agents.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module


def test_the_rule_plays_the_highest_value_card_it_may(agents: ModuleType) -> None:
    from tictac.games.timos_twist.cards import COLOR, VALUE

    game = pyspiel.load_game("tictac_timos_twist", {"target_score": 1})
    rule = agents.highest_value_agent(0)
    seen = {"checked": 0, "drew": 0}

    def checked_rule(state: Any) -> int:
        """The rule's choice, checked against what it may play."""
        seat = state.current_player()
        legal = state.legal_actions()
        chosen: int = rule(state)
        assert chosen in legal
        plays = [n for n in legal if n < 60]
        if not plays:
            seen["drew"] += 1
            assert chosen == legal[0]  # draw, or pass after a draw it cannot play
            return chosen
        card = chosen if chosen < 52 else 52 + (chosen - 52) // 4
        best = max(VALUE[n if n < 52 else 52 + (n - 52) // 4] for n in plays)
        assert VALUE[card] == best
        if chosen >= 52:  # a black card names the colour held most
            hand = np.flatnonzero(np.array(state.observation_tensor(seat))[:54])
            held = [sum(COLOR[c] == colour for c in hand if c < 52) for colour in range(4)]
            assert held[(chosen - 52) % 4] == max(held)
        seen["checked"] += 1
        return chosen

    for seed in range(12):
        agents.play(game, [checked_rule, agents.random_agent(1)], seed)
    assert seen["checked"] > 50 and seen["drew"] > 5


def test_the_rows_replay_and_keep_the_agents_asked_for(agents: ModuleType,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    args = agents.argparse.Namespace(games=6, simulations=2, search_iterations=4,
                                     agents="rule,heuristic", bots="heuristic")
    agents.timos_twist_matches(args)
    first = capsys.readouterr().out.splitlines()
    agents.timos_twist_matches(args)
    again = capsys.readouterr().out.splitlines()
    assert [line.rsplit("|", 2)[0] for line in first] == [
        line.rsplit("|", 2)[0] for line in again]  # all but the CPU seconds
    assert [line.split("|")[2].strip() for line in first] == [
        "rule: highest value, else draw", "our heuristic bot"]
