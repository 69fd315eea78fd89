"""Checks that what one seat holds never reaches another seat's browser."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from .players import Player


def views_by_version(player: Player) -> dict[int, dict[str, Any]]:
    """Each version's view as this player received it (the last one wins on a resync)."""
    return {message["version"]: message["view"] for message in player.messages("view")}


def frames_by_version(player: Player, public: frozenset[str]) -> dict[int, list[str]]:
    """Every frame a player received, filed under the latest view version seen before it, less
    the events the rules make public (`public`: e.g. hands laid down for scoring)."""
    filed: dict[int, list[str]] = {}
    version = -1
    for frame in player.frames:
        message = json.loads(frame)
        if message.get("type") == "view":
            version = message["version"]
            kept = [event for event in message.get("events", []) if event.get("type") not in public]
            frame = json.dumps({**message, "events": kept}, ensure_ascii=False)
        filed.setdefault(version, []).append(frame)
    return filed


def assert_never_leaks(
    owner: Player,
    others: Iterable[Player],
    secrets_of: Callable[[dict[str, Any]], Iterable[str]],
    public: frozenset[str] = frozenset(),
) -> int:
    """For every version of the owner's view, none of `secrets_of(view)` (strings, matched as
    JSON strings) appears in a frame another player received for that version. Returns how
    many (secret, version) pairs were checked, so a test can insist it checked something."""
    checked = 0
    owned = views_by_version(owner)
    for other in others:
        theirs = frames_by_version(other, public)
        for version, view in owned.items():
            secrets = [json.dumps(secret, ensure_ascii=False) for secret in secrets_of(view)]
            for frame in theirs.get(version, []):
                for secret in secrets:
                    assert secret not in frame, (
                        f"{owner.name}'s secret {secret} reached {other.name} at version {version}"
                    )
                    checked += 1
    return checked
