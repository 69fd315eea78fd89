"""The table's audio and video in Chromium with fake devices (a test pattern and a beep): four
phones and a TV play Time's Up with microphones and cameras on. Each guesser's calls are read
through `RTCPeerConnection.getStats()`: frames decoded and audio energy arriving from the
cluegiver, the spotlight following the turn, the host's mute and camera-off stopping what
arrives (the time it took measured and printed), a French phone, and screenshots of the
spotlight on a phone and on the TV."""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Browser

from .calls import arriving, growing, in_call, media_browser, peer_of
from .players import DESKTOP, SHOTS_DIR, Player, create_room, join_room, start_game, wait_for
from .test_times_up import Table

__all__ = ["media_browser"]  # the fixture

class CallingTable(Table):
    """A Time's Up table whose pages also encode and decode every call: each step may take
    the busy machine longer than a plain table's."""

    def wait(self, condition: Any, what: str, timeout: float = 120.0) -> Any:
        return super().wait(condition, what, timeout)


def stopped_after(player: Player, peer: int, what: str, since: float) -> float:
    """Seconds from `since` until `what` from `peer` stops growing on `player`'s page (no growth
    over 300 ms), measured: the test waits as long as it takes. A call made anew meanwhile (a
    page starved past ICE's checks) starts its counts again: only growth counts."""
    last = arriving(player, peer) or {what: 0.0}
    still_since = None
    while True:
        player.page.wait_for_timeout(50)
        now = arriving(player, peer) or {what: 0.0}
        if now[what] > last[what] + (1e-6 if what == "energy" else 0):
            still_since = None
        elif still_since is None:
            still_since = time.monotonic()
        elif time.monotonic() - still_since >= 0.3:
            return still_since - since
        last = now


def spotlit(player: Player) -> int | None:
    found = player.page.evaluate(
        "() => { const el = document.querySelector('.media-spot .media-tile');"
        " return el ? Number(el.dataset.peer) : null; }")
    return None if found is None else int(found)


@pytest.mark.timeout(900)  # five pages encoding and decoding video on a shared machine
def test_four_phones_and_a_tv_play_times_up_with_audio_and_video(
        media_browser: Browser, server: str) -> None:
    ana = Player(media_browser, server, "Ana")
    ben = Player(media_browser, server, "Ben", locale="fr-FR")
    cleo = Player(media_browser, server, "Cleo")
    dan = Player(media_browser, server, "Dan")
    people = [ana, ben, cleo, dan]
    tv = Player(media_browser, server, "TV")
    tv.page.set_viewport_size(DESKTOP)
    for screen in [*people, tv]:  # five pages each encoding and decoding several calls
        screen.context.set_default_timeout(120_000)
    try:
        code = create_room(ana, "times-up", {"deck_size": 10, "turn_seconds": 120})
        for person in people[1:]:
            join_room(person, code)
        tv.goto(f"/r/{code}/tv")
        wait_for(lambda: tv.room() is not None, tv.page, what="the TV in the room")
        ana.page.click(".media-switch-on")
        for person in [*people, tv]:
            in_call(person)
        # Off on joining; on after each one's own tap (the fake device answers at once).
        assert not any(peer["mic"] or peer["cam"] for peer in ana.messages("media")[-1]["peers"])
        assert "Activer le micro" in ben.page.inner_text(".media-controls")  # French phone
        start_game(ana, people)
        table = CallingTable(people)
        for person in people:
            wait_for(lambda person=person: person.page.locator(".deal button").count() > 2,
                     person.page, what="cards")
            buttons = person.page.locator(".deal button")
            buttons.nth(0).click()
            buttons.nth(1).click()
            table.press(person, "button.discard-go")
        for person in people:
            person.page.click(".media-mic")
            person.page.click(".media-cam")
        wait_for(lambda: all(peer["mic"] and peer["cam"] for peer in tv.messages("media")[-1]
                             ["peers"] if not peer["tv"]), tv.page, timeout=60,
                 what="everyone on")

        givers, muted = [], False
        for _ in range(2):  # two turns: the spotlight moves with the cluegiver
            giver = table.start_turn()
            givers.append(giver)
            peer = peer_of(giver)
            guessers = [table.by_seat(seat) for seat in table.view()["turn"]["guessers"]]
            for guesser in guessers:
                growing(guesser, peer, "frames")
                growing(guesser, peer, "energy")
            for screen in [*people, tv]:
                if screen is not giver:
                    wait_for(lambda screen=screen, peer=peer: spotlit(screen) == peer,
                             screen.page, what=f"{giver.name} in {screen.name}'s spotlight")
            assert spotlit(giver) is None  # a cluegiver sees the others, not themself
            if len(givers) == 1:
                guessers[0].page.screenshot(path=SHOTS_DIR / "media-spotlight-phone.png",
                                            full_page=True)
                tv.page.screenshot(path=SHOTS_DIR / "media-spotlight-tv.png")
            if giver is not ana and not muted:
                muted = host_mutes(ana, giver, guessers[0], peer)
            table.press(table.timekeeper(), ".judge button.foul")  # the turn ends now
        assert givers[0] is not givers[1] and muted
        for person in [*people, tv]:
            assert person.errors == [], person.errors
    finally:
        for person in [*people, tv]:
            person.close()


def host_mutes(host: Player, giver: Player, guesser: Player, peer: int) -> bool:
    """The host mutes the cluegiver, then turns their camera off: what the guesser's call
    brings stops (the seconds it took printed), and the cluegiver's own track is stopped."""
    row = f".media-hold[data-peer='{peer}']"
    host.page.click(".media-host summary")
    since = time.monotonic()
    host.page.click(f"{row} .hold-mic")
    tile = f".media-tile[data-peer='{peer}']"
    wait_for(lambda: guesser.page.get_attribute(tile, "data-heard") == "none", guesser.page,
             timeout=60, what="the guesser's page playing the cluegiver no more")
    silent_s = time.monotonic() - since
    audio_s = stopped_after(guesser, peer, "energy", since)
    wait_for(lambda: giver.page.evaluate("() => window.tictacMedia.local.audio === null"),
             giver.page, what="the cluegiver's microphone stopped")
    since = time.monotonic()
    host.page.click(f"{row} .hold-cam")
    video_s = stopped_after(guesser, peer, "frames", since)
    print(f"host's mute: the guesser's page silent after {silent_s * 1000:.0f} ms, audio stopped "
          f"arriving after {audio_s * 1000:.0f} ms; camera off: video stopped arriving after "
          f"{video_s * 1000:.0f} ms")
    assert giver.page.locator(".media-mic[disabled]").count() == 1
    host.page.click(f"{row} .hold-mic")
    host.page.click(f"{row} .hold-cam")
    wait_for(lambda: not any(p["held_cam"] or p["held_mic"] for p in host.messages("media")[-1]
                             ["peers"]), host.page, what="held no more")
    return True


@pytest.mark.timeout(600)
def test_streamer_mode_shows_a_players_video_on_the_tv_only_once_they_allow_it(
        media_browser: Browser, server: str) -> None:
    ana = Player(media_browser, server, "Ana")
    tv = Player(media_browser, server, "TV")
    tv.page.set_viewport_size(DESKTOP)
    try:
        for screen in (ana, tv):
            screen.context.set_default_timeout(120_000)
        code = create_room(ana, "time-bomb")
        tv.goto(f"/r/{code}/tv")
        wait_for(lambda: tv.room() is not None, tv.page, what="the TV in the room")
        ana.page.click(".media-switch-on")
        in_call(ana)
        ana.page.evaluate("() => window.tictacMedia.live.send("
                          "{ type: 'lobby', op: 'set_streamer', on: true })")
        wait_for(lambda: ana.page.locator(".media-on-stream:visible").count() == 1, ana.page,
                 what="the streamer's switch")
        ana.page.click(".media-cam")
        tile = f".media-tile[data-peer='{peer_of(ana)}']"
        # Ana's camera is on, but the filmed TV gets no video of hers and draws none.
        wait_for(lambda: tv.page.locator(tile).count() == 1, tv.page, what="Ana's tile on the TV")
        sending = ("(tv) => { const media = window.tictacMedia; const call = media.calls.get(tv);"
                   " return Boolean(media.local.video && call && call.video"
                   " && call.video.sender.track); }")
        wait_for(lambda: ana.page.evaluate("() => Boolean(window.tictacMedia.local.video)"),
                 ana.page, what="Ana's camera")
        wait_for(lambda: ana.page.evaluate("(tv) => Boolean(window.tictacMedia.calls.get(tv)"
                                           " && window.tictacMedia.calls.get(tv).video)",
                                           peer_of(tv)), ana.page, what="Ana's call with the TV")
        assert not ana.page.evaluate(sending, peer_of(tv))  # her phone sends the TV no video
        assert (arriving(tv, peer_of(ana)) or {"frames": 0})["frames"] == 0
        assert tv.page.get_attribute(tile, "data-seen") == "none"
        ana.page.check(".media-on-stream")
        wait_for(lambda: ana.page.evaluate(sending, peer_of(tv)), ana.page,
                 what="Ana's video going to the TV")
        growing(tv, peer_of(ana), "frames")
        wait_for(lambda: tv.page.get_attribute(tile, "data-seen") == "video", tv.page,
                 what="Ana's video on the TV once she allowed it")
    finally:
        ana.close()
        tv.close()
