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

from .calls import arriving, growing, in_call, media_browser, peer_of, streaming
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


# Every spotlight a page draws, in order ("peer:audio" or "peer:video", "" for none): the one
# between two turns (the next cluegiver, while they have not started) may last a moment only.
SPOT_RECORDER = """
window.__spots = [];
new MutationObserver(() => {
  const tile = document.querySelector('.media-spot:not([hidden]) .media-tile');
  const mode = tile && tile.classList.contains('spot-video') ? 'video' : 'audio';
  const now = tile ? `${tile.dataset.peer}:${mode}` : '';
  if (window.__spots[window.__spots.length - 1] !== now) window.__spots.push(now);
}).observe(document, { childList: true, subtree: true, attributes: true,
                       attributeFilter: ['class', 'hidden'] });
"""

# The spotlight's tile on this page: whose, audio or video (the mime), whether its video shows
# here and has frames in its element, and the volume of its voice and of everyone else's.
SPOTLIGHT = """() => {
  const tile = document.querySelector('.media-spot:not([hidden]) .media-tile');
  if (!tile) return null;
  const video = tile.querySelector('video');
  const others = [...document.querySelectorAll('.media-tiles .media-tile audio')];
  return { peer: Number(tile.dataset.peer), video: tile.classList.contains('spot-video'),
           seen: tile.dataset.seen, width: video.videoWidth,
           volume: tile.querySelector('audio').volume,
           others: others.map((audio) => audio.volume) };
}"""


def spotlit(player: Player) -> int | None:
    found = player.page.evaluate(SPOTLIGHT)
    return None if found is None else int(found["peer"])


def spotlight_follows(table: CallingTable, screens: list[Player], giver: Player) -> None:
    """During `giver`'s turn: each guesser and the other team's timekeeper decode the giver's
    video and hear their voice (getStats); every other screen has them in its spotlight, as
    video in round 3 (the mime, its frames in the tile's element), else as a voice heard
    first (the others' lowered); the giver's own phone has no spotlight."""
    view = table.view()
    peer, mime = peer_of(giver), view["round"] == 3
    watchers = [table.by_seat(seat) for seat in view["turn"]["guessers"]] + [table.timekeeper()]
    for watcher in watchers:
        growing(watcher, peer, "frames")
        growing(watcher, peer, "energy")
    for screen in screens:
        if screen is giver:
            continue
        spot = wait_for(lambda screen=screen: (found := screen.page.evaluate(SPOTLIGHT))
                        and found["peer"] == peer and found["video"] == mime
                        and (not mime or found["width"] > 0) and found,
                        screen.page, timeout=120, what=f"{giver.name} in {screen.name}'s spotlight")
        assert spot["seen"] == "video"
        assert spot["volume"] == 1 and all(volume < 1 for volume in spot["others"]), spot
    assert spotlit(giver) is None  # a cluegiver sees the others, not themself


# The mime's tile wholly in the phone's viewport, its video playing.
MIME_IN_SIGHT = """() => {
  const tile = document.querySelector('.media-spot .spot-video');
  if (!tile) return false;
  const box = tile.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= innerHeight && box.width > 0
    && tile.querySelector('video').videoWidth > 0;
}"""


def mime_in_sight_scrolled_down(phone: Player) -> None:
    """A phone scrolled down to its guess box or Foul button still shows the mime (floating
    in a corner while the spotlight's place is out of view)."""
    phone.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    wait_for(lambda: phone.page.evaluate(MIME_IN_SIGHT), phone.page, timeout=120,
             what=f"the mime in sight on {phone.name}'s phone scrolled down")
    assert phone.page.evaluate("() => window.scrollY") > 0


def hold_the_clock(host: Player, held: bool) -> None:
    """The host pauses the game (or resumes it) and waits until their room says so."""
    host.page.evaluate("(op) => window.tictacMedia.live.send({ type: 'lobby', op })",
                       "pause" if held else "resume")
    wait_for(lambda: bool((host.room() or {}).get("paused")) == held, host.page, timeout=120,
             what="the game paused" if held else "the game resumed")


def spotlight_history(screen: Player) -> list[str]:
    return [spot for spot in screen.page.evaluate("window.__spots") if spot]


def is_in_order(wanted: list[str], seen: list[str]) -> bool:
    """Whether `wanted` appears in `seen` in its order (other entries may come between)."""
    rest = iter(seen)
    return all(any(spot == want for spot in rest) for want in wanted)


@pytest.mark.timeout(1800)  # five pages encoding and decoding video on a shared machine
def test_four_phones_and_a_tv_play_a_whole_times_up_game_with_voice_and_mime_on_video(
        media_browser: Browser, server: str) -> None:
    """All three rounds, two turns each (more if one runs out): in each turn, the game paused,
    the spotlight is checked on every screen and what arrives from the cluegiver at each
    guesser; the phones and the TV in French and English; the host's mute and camera-off in
    the first turn whose cluegiver is not the host; screenshots in rounds 1 and 3, the mime's
    phones scrolled down to their guess box or Foul button."""
    ana = Player(media_browser, server, "Ana")
    ben = Player(media_browser, server, "Ben", locale="fr-FR")
    cleo = Player(media_browser, server, "Cléo", locale="fr-FR")
    dan = Player(media_browser, server, "Dan")
    people = [ana, ben, cleo, dan]
    tv = Player(media_browser, server, "TV", locale="fr-FR")
    tv.page.set_viewport_size(DESKTOP)
    screens = [*people, tv]
    for screen in screens:  # five pages each encoding and decoding several calls
        screen.context.set_default_timeout(120_000)
        screen.page.add_init_script(SPOT_RECORDER)
    try:
        code = create_room(ana, "times-up", {"deck_size": 10, "turn_seconds": 120, "rules": "fr"})
        for person in people[1:]:
            join_room(person, code)
        tv.goto(f"/r/{code}/tv")
        wait_for(lambda: tv.room() is not None, tv.page, what="the TV in the room")
        ana.page.click(".media-switch-on")
        for screen in screens:
            in_call(screen)
        # Off on joining; on after each one's own tap (the fake device answers at once).
        assert not any(peer["mic"] or peer["cam"] for peer in ana.messages("media")[-1]["peers"])
        assert "Activer le micro" in ben.page.inner_text(".media-controls")  # French phone
        assert "Microphone on" in dan.page.inner_text(".media-controls")  # English phone
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
                             ["peers"] if not peer["tv"]), tv.page, timeout=120,
                 what="everyone on")

        turns: list[tuple[Player, str]] = []
        muted, shot = False, set()
        while not table.view()["over"]:
            if table.view()["phase"] == "readback":
                for person in people:
                    table.press(person, "button.ready")
                continue
            giver = table.start_turn()
            # The turn's clock held while the checks run: a loaded machine may take longer
            # than a turn (the spotlight would move on to the next cluegiver meanwhile).
            hold_the_clock(ana, True)
            turn_round = table.view()["round"]
            turns.append((giver, f"{peer_of(giver)}:{'video' if turn_round == 3 else 'audio'}"))
            spotlight_follows(table, screens, giver)
            if giver is not ana and not muted:
                muted = host_mutes(ana, giver, table.guesser(), peer_of(giver))
                giver.page.click(".media-mic")  # held no more: they switch both on again
                giver.page.click(".media-cam")
            hold_the_clock(ana, False)
            if turn_round in (1, 3) and turn_round not in shot:  # a talking turn, a mime's
                shot.add(turn_round)
                for screen in screens:
                    if turn_round == 3 and screen in people and screen is not giver:
                        mime_in_sight_scrolled_down(screen)
                    screen.page.screenshot(
                        path=SHOTS_DIR / f"media-round{turn_round}-{screen.name}.png")
            for _ in range(5):  # half the deck, then the timekeeper's foul ends the turn
                if table.running():
                    table.press(giver, ".judge button.found")
            if table.running():
                table.press(table.timekeeper(), ".judge button.foul")
        rounds = [len(team["round_scores"]) for team in table.view()["teams"]]
        # at least two turns a round (at most 5 of the 10 cards a turn), more if one ran out
        assert rounds == [3, 3] and len(turns) >= 6 and muted, (rounds, len(turns))
        assert len({giver.name for giver, _ in turns}) == 4  # the spotlight went round the table
        for screen in screens:
            wanted = [spot for giver, spot in turns if giver is not screen]
            seen = spotlight_history(screen)
            print(f"{screen.name}'s spotlights: {seen}")
            assert is_in_order(wanted, seen), (screen.name, wanted, seen)
            assert screen.errors == [], screen.errors
    finally:
        for screen in screens:
            screen.close()


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
        streaming(ana, tv)
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
