"""The layers of `src/tictac`, read from the sources (issue 22 item 3): no two packages import
each other, even through others, and `tictac.engine` imports no other tictac package, so the
engine knows no game. Every import counts, those under `TYPE_CHECKING` and inside functions too.
A package here is `tictac.<name>`, and each game of `tictac.games` on its own."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import tictac

SOURCES = Path(tictac.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path) -> Iterator[str]:
    """The modules `path` imports, relative imports made absolute."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from tictac.games import time_bomb` imports the game, not only its parent.
            yield from (f"{base}.{alias.name}" for alias in node.names)
            yield base


def _package(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "tictac" or len(parts) < 2:
        return None
    return ".".join(parts[:3] if parts[1] == "games" and len(parts) > 2 else parts[:2])


def _package_imports() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in SOURCES.rglob("*.py"):
        source = _package(_module_name(path))
        if source is None:
            continue
        targets = edges.setdefault(source, set())
        for module in _imported(path):
            target = _package(module)
            if target is not None and target != source and (SOURCES.parent / target.replace(
                    ".", "/")).exists():
                targets.add(target)
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports, as the packages along it, or None."""
    done: set[str] = set()

    def visit(package: str, path: list[str]) -> list[str] | None:
        if package in path:
            return [*path[path.index(package):], package]
        if package in done:
            return None
        for target in sorted(edges.get(package, ())):
            if found := visit(target, [*path, package]):
                return found
        done.add(package)
        return None

    for package in sorted(edges):
        if found := visit(package, []):
            return found
    return None


def test_the_walk_sees_imports_of_every_kind() -> None:
    """The walk itself: relative, `from package import module`, and type-checking imports."""
    edges = _package_imports()
    assert "tictac.engine" in edges["tictac.games.time_bomb"]
    assert "tictac.games.time_bomb" in edges["tictac.bots"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_two_packages_import_each_other() -> None:
    assert _cycle(_package_imports()) is None


def test_the_engine_imports_no_other_package() -> None:
    assert _package_imports()["tictac.engine"] == set()


def test_time_bombs_bot_modules_import_one_way() -> None:
    """Issue 22, item 4: reasoning <- belief <- search, with no import back (there was one,
    inside a function, from the reasoning bot's module to the search bot's)."""
    folder = SOURCES / "bots" / "time_bomb"
    imported = {path.stem: {module.removeprefix("tictac.bots.time_bomb.")
                            for module in _imported(path)} for path in folder.glob("*.py")}
    assert not imported["reasoning"] & {"belief", "search"}
    assert "search" not in imported["belief"] and "reasoning" in imported["belief"]
    assert {"reasoning", "belief"} <= imported["search"]


def _modules_imports(package: str) -> dict[str, set[str]]:
    """The modules of `tictac.<package>` each of its modules imports (the package's
    `__init__`, which every import of a module of it runs first, left out)."""
    paths = list((SOURCES / package).glob("[!_]*.py"))
    modules = {f"tictac.{package}.{path.stem}" for path in paths}
    return {f"tictac.{package}.{path.stem}": set(_imported(path)) & modules for path in paths}


def _type_checking_imports(path: Path) -> list[str]:
    """What `path` imports under `if TYPE_CHECKING:` only."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found += [ast.unparse(statement) for statement in node.body
                      if isinstance(statement, ast.Import | ast.ImportFrom)]
    return found


def test_the_rooms_modules_import_one_way() -> None:
    """Issue 22, item 1: the modules a room is made of (its record, messages, autopilot,
    credits, replay cache) take what they read, not the whole `Room`, so none imports `room.py`
    back, not even for type checking; the modules running ops on a room (lobby, replays,
    rejoin) import it, and it none of them."""
    edges = _modules_imports("rooms")
    assert "tictac.rooms.room" in edges["tictac.rooms.lobby"]  # the walk sees them
    assert _cycle(edges) is None
    assert {path.name: _type_checking_imports(path) for path in (SOURCES / "rooms").glob("*.py")
            if _type_checking_imports(path)} == {}


def test_rooms_server_and_cluster_import_no_game() -> None:
    """A game is a plug-in: what the rooms, the server and the cluster know of one they read
    off its `GameInfo` (`tictac.engine`), found by name in the registry, so a fourth game is
    served as the built-in three are. No module of theirs imports a `tictac.games` package."""
    edges = _package_imports()
    assert "tictac.engine" in edges["tictac.rooms"]  # the walk sees them
    for package in ("tictac.rooms", "tictac.server", "tictac.cluster"):
        games = sorted(target for target in edges.get(package, ())
                       if target.startswith("tictac.games."))
        assert games == [], f"{package} imports {games}"


def test_the_store_modules_import_one_way() -> None:
    """The SQLite store (lite) migrates a file with the SQLAlchemy store's code (log), imported
    only then; log imports nothing of lite (both read the SQLite pragmas from file.py)."""
    edges = _modules_imports("store")
    assert "tictac.store.log" in edges["tictac.store.lite"]  # the walk sees the lazy import
    assert _cycle(edges) is None
