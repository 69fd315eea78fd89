"""Hostile option values (issue 20, item 3), as the JSON text a client could send: for the
property test (tests/server/test_hostile_options.py) and the chaos script's attack of the same
name, from one generator driven by a `random.Random` (hypothesis hands the test its own, so it
shrinks what it finds; the chaos script seeds one).

An options object holds the game's own option names and others, each given a value that is
deep (past the gate's 16 levels, and past the parser's recursion), huge, negative, boolean,
fractional, non-finite (`1e400`, `NaN`, `Infinity`), an integer past 2^53, a long string, a
lone surrogate or a control character (escaped), a wrong type, or a value the option takes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from tictac.engine import Option, get_game

NUMBERS = ["0", "1", "-1", "2", "3", "5", "11", "12", "40", "300", "2000", "30000", "1.0",
           "1.5", "-0", "0.0", "1e3", str(2**53 - 1), str(2**53), str(-(2**53)), str(2**64),
           "9" * 40, "1E308", "5e-324", "true", "false", "null"]
UNFIT = ["1e400", "-1e400", "NaN", "Infinity", "-Infinity", "1" + "0" * 400]
STRINGS = ["", "random", "fr", "en", "players", "float", "uneven_teams", "yellow", "blue",
           "fr-personalities", "x" * 1001, "é" * 300, "\ud800", "a\udc00b", "nul\x00",
           "\u202eevil", "Alice\ufe0f", "\u3164", "0", "1", "true", "__proto__"]
EXTRA_KEYS = ["nope", "", "__proto__", "constructor", "\ud800", "k" * 1001, "teams ", "TEAMS"]


def hostile_options(rng: random.Random, game: str) -> str:
    """The JSON text of one `options` value for `game` (almost always an object): some of the
    game's options with values they take, and one (or none) bent, or an extra key."""
    if rng.random() < 0.05:  # not an object at all
        return _value(rng, 0)
    options = {option.name: option for option in get_game(game).OPTIONS}
    fields = {name: json.dumps(_fitting(rng, option)) for name, option in options.items()
              if rng.random() < 0.5}
    lists = [name for name, option in options.items() if option.kind == "list"]
    if lists and rng.random() < 0.5:  # a list holds the most that can go wrong
        bent: str | None = rng.choice(lists)
    else:
        bent = rng.choice([*options, rng.choice(EXTRA_KEYS), None])
    if bent is not None:
        fields[bent] = _bent(rng, options.get(bent))
    return "{" + ",".join(f"{json.dumps(key)}:{value}" for key, value in fields.items()) + "}"


def _bent(rng: random.Random, option: Option | None) -> str:
    """A value of the option's own kind bent (teams with odd seats, an odd number), or
    anything."""
    if option is None or rng.random() < 0.3:
        return _value(rng, 0)
    if option.kind == "list":
        return _seat_lists(rng)
    return _number(rng)


def _fitting(rng: random.Random, option: Option) -> object:
    if option.kind == "bool":
        return rng.choice([True, False, option.default])
    if option.kind == "choice":
        return rng.choice(option.choices)
    if option.kind == "list":
        return rng.choice([None, [[0, 1], [2, 3]], [[3, 1], [0, 2]]])
    low = option.low if option.low is not None else 0
    high = option.high if option.high is not None else low + 100
    step = option.step or 1
    return rng.randrange(low + (-low) % step, high + 1, step)


def _number(rng: random.Random) -> str:
    return rng.choice(UNFIT if rng.random() < 0.4 else NUMBERS)


def _seat_lists(rng: random.Random) -> str:
    """Teams as lists of seats, with duplicate, negative, huge, boolean, fractional or
    non-finite seats in them now and then."""
    teams = []
    for _ in range(rng.randint(0, 4)):
        seats = [_number(rng) if rng.random() < 0.5 else str(rng.randint(0, 12))
                 for _ in range(rng.randint(0, 4))]
        teams.append("[" + ",".join(seats) + "]")
    return "[" + ",".join(teams) + "]"


def _deep(rng: random.Random) -> str:
    levels = rng.choice([15, 16, 17, 40, 3000])
    opening, closing = rng.choice([("[", "]"), ('{"a":', "}")])
    return opening * levels + _number(rng) + closing * levels


def _value(rng: random.Random, depth: int) -> str:
    kinds: list[Callable[[], str]] = [
        lambda: _number(rng),
        lambda: json.dumps(rng.choice(STRINGS)),
        lambda: _deep(rng),
    ]
    if depth < 3:
        kinds += [
            lambda: "[" + ",".join(_value(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]",
            lambda: "{" + ",".join(f"{json.dumps(rng.choice(STRINGS + EXTRA_KEYS))}:"
                                   f"{_value(rng, depth + 1)}"
                                   for _ in range(rng.randint(0, 3))) + "}",
        ]
    return rng.choice(kinds)()
