"""The chat quotas that span a player's sockets (docs/server.md, "Limits"): each player's budget
is their own in their own room — a place number is only unique within one room."""

from __future__ import annotations

from tictac.server.quotas import Quotas, QuotaSettings


def test_a_players_chat_budget_is_theirs_in_their_room_only() -> None:
    settings = QuotaSettings(chat_per_s=1.0, chat_burst=3, room_chat_per_s=100.0,
                             room_chat_burst=100)
    quotas = Quotas(settings)
    sent = [quotas.chat("AAAA", 0, now=0.0) for _ in range(settings.chat_burst + 1)]
    assert sent == [True, True, True, False]
    # Place 0 of another room is another person, with a budget of their own.
    assert quotas.chat("BBBB", 0, now=0.0)
    # ... and so is place 1 of the first room.
    assert quotas.chat("AAAA", 1, now=0.0)


def test_a_players_chat_budget_refills_at_the_stated_rate() -> None:
    quotas = Quotas(QuotaSettings(chat_per_s=0.5, chat_burst=1))
    assert quotas.chat("AAAA", 0, now=0.0)
    assert not quotas.chat("AAAA", 0, now=1.9)  # one line per 2 s
    assert quotas.chat("AAAA", 0, now=2.0)
