"""A node of a cluster warms every game (what each loads lazily: Time's Up's word lists, about 5
CPU s) before it joins, not with each game's first room as a server alone does. A node may be
handed rooms of every game at once: in a rolling upgrade the machine just started again gets
the stopping machine's rooms, and its warming thread, begun with the first Time's Up room among
them, held the GIL against the event loop that restored them and took their clients back (the
upgrade's second stop, `bench/cluster_chaos.py --faults rolling`)."""

from __future__ import annotations

from pathlib import Path

from cluster import Services
from conftest import LEASE_MS
from tictac.engine import GAMES, get_info
from tictac.server.app import create_app
from tictac.server.settings import ServerSettings


async def test_a_node_has_warmed_every_game_once_it_has_joined(services: Services,
                                                                tmp_path: Path) -> None:
    app = create_app(ServerSettings(db_url=services.postgres.url, redis_url=services.redis.url,
                                    lease_ms=LEASE_MS))
    warmable = {game for game in GAMES if get_info(game).warm is not None}
    assert warmable  # (Time's Up's word lists)
    async with app.router.lifespan_context(app):
        assert app.state.node.hearing  # joined
        warming = app.state.manager.warming
        # before: nothing warmed until a room of the game came
        assert {game for game, job in warming.items() if job.done()} == warmable
