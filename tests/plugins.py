"""A plugged-in game installed for one test's processes: what installing its distribution would
leave on `sys.path` (a `.dist-info` folder whose `entry_points.txt` names the game in the
`tictac.games` group), written into a temporary folder instead of the project's environment, so
no other test sees the game. `importlib.metadata` finds it there as it finds any installed
distribution, and so does every `tictac` process started with that folder on `PYTHONPATH`."""

from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def install(site: Path, distribution: str, entry_points: dict[str, str]) -> dict[str, str]:
    """Writes `distribution`'s metadata into `site` and returns the environment of a process
    that sees it: `site` for the metadata and tests/ for the game packages kept there."""
    info = site / f"{distribution.replace('-', '_')}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 0.1\n")
    lines = "".join(f"{name} = {target}\n" for name, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[tictac.games]\n{lines}")
    path = os.pathsep.join([str(site), str(TESTS), os.environ.get("PYTHONPATH", "")])
    return {"PYTHONPATH": path.rstrip(os.pathsep)}


def install_nim(site: Path) -> dict[str, str]:
    return install(site, "tictac-nim", {"nim": "nim:GAME_INFO"})
