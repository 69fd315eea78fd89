"""The Timo's Twist environment lists a decision's mask with the engine's `turn_moves` and makes
the move stepped with `take_turn`, without the second check `apply` would make (issue 26, item
1: an environment step at a third of RLCard's). It must stay the game `apply` plays: the same
state after every move as `apply` of the engine's own action for that number, under each
option, and a number the mask does not allow refused before the game sees it."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from tictac.rl import TimosTwistEnv


@pytest.mark.parametrize(("players", "options"), [
    (2, None), (3, {"stacking": False}), (4, {"draw_anytime": True}),
    (6, {"last_draw_counts": False}),
])
def test_every_move_is_apply_of_the_engines_action(
    players: int, options: dict[str, Any] | None
) -> None:
    env = TimosTwistEnv(players, options)
    rng = np.random.default_rng(players)
    moves = 0
    for seed in range(3):
        env.reset(seed=seed)
        while not env.terminations[env.agent_selection]:
            agent = env.agent_selection
            seat = env.seats[agent]
            legal = env.legal(seat)  # the engine's legal actions, by number
            assert set(np.flatnonzero(env.observe(agent)["action_mask"])) == set(legal)
            number = int(rng.choice(sorted(legal)))
            expected = env.game_state.clone()
            env.game.apply(expected, seat, legal[number], env.now_ms)
            env.step(number)
            assert env.game_state == expected, f"seed {seed}, move {moves}: {legal[number]}"
            moves += 1
    assert moves > 500


def test_a_number_the_mask_does_not_allow_is_refused_and_changes_nothing() -> None:
    env = TimosTwistEnv(3)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.game_state.clone()
    for number in [*np.flatnonzero(mask == 0), -1, 62, None]:
        with pytest.raises(ValueError, match=f"is not legal for {agent}"):
            env.step(number)
        assert env.game_state == before and env.agent_selection == agent
