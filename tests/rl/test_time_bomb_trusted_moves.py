"""The Time Bomb environment lists a decision's mask with the engine's `cut_places` and
`claim_choices` and makes the move stepped with `cut_wire` or `say_claim`, without the second
check `apply` would make (issue 26, item 1: an environment step at RLCard's speed or better). It
must stay the game `apply` plays: the same state after every move as `apply` of the engine's own
action for that number, and a number the mask does not allow refused before the game sees it."""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from tictac.rl import TimeBombEnv


@pytest.mark.parametrize("players", [4, 6, 8])
def test_every_move_is_apply_of_the_engines_action(players: int) -> None:
    env = TimeBombEnv(players)
    rng = np.random.default_rng(players)
    made: Counter[str] = Counter()
    for seed in range(12):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            if env.terminations[agent]:
                env.step(None)
                continue
            seat = env.seats[agent]
            by_engine = env.legal(seat)  # the engine's legal actions, by number
            mask = env.observe(agent)["action_mask"]
            assert set(np.flatnonzero(mask)) == set(by_engine)
            number = int(rng.choice(np.flatnonzero(mask)))
            action = by_engine[number]
            expected = env.game_state.clone()
            if action is not None:  # silence: the environment's own, the engine never sees it
                env.game.apply(expected, seat, action, env.now_ms)
            env.step(number)
            assert env.game_state == expected, f"seed {seed}: {action}"
            made["silence" if action is None else action["type"]] += 1
    assert made["cut"] > 100 and made["claim"] > 100 and made["silence"] > 10


def test_a_number_the_mask_does_not_allow_is_refused_and_changes_nothing() -> None:
    env = TimeBombEnv(5)
    env.reset(seed=4)
    for phase in ("claiming turn", "first cut"):
        agent, before = env.agent_selection, env.game_state.clone()
        allowed = set(np.flatnonzero(env.observe(agent)["action_mask"]))
        refused = []
        for number in [*range(-1, 49), None]:
            if number not in allowed:
                with pytest.raises(ValueError, match=f"is not legal for {agent}"):
                    env.step(number)
                refused.append(number)
        assert env.game_state == before and env.agent_selection == agent, phase
        assert len(refused) == 51 - len(allowed)
        while env.claiming:
            env.step(47)  # everyone stays silent
