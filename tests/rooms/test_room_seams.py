"""Where absence, the gone-player policies and the host's controls meet the rules (issue 19,
items 1 and 5), table-driven: every game, policy and phase, a gone player in each role.

Time's Up: a card is won when the guessers say the name (fr "Dès que le nom et le prénom sont
trouvés", en "If the Guessers call out the correct name"), so no absent seat ever wins one: a
gone cluegiver's turn passes to the next teammate who is here, or the team's turn is skipped; a
gone timekeeper or guesser changes nothing; a gone writer's names are never made up
(docs/rulings.md, "Time's Up: gone players"). Every case checks that nothing was won for the
gone, that the stored log replays to the room's state and that it names the right mover."""

from __future__ import annotations

from typing import Any

import pytest
from roomtable import Table, refused
from tutable import NAMES, QUICK, WRITTEN, People, seat_people

from tictac.engine import GAMES, replay
from tictac.games.times_up.phases import DEAL, READBACK, ROUND_WON, RUNNING, WAITING, WRITE
from tictac.rooms import Room
from tictac.rooms.record import setup_from_json

GONE = 1  # the player who leaves; seat 0 is the host, who stays
# Team 1 plays first: seat 1 gives the clues, seat 2 guesses, seat 3 (fr) keeps time.
TEAMS = {"teams": [[1, 2], [0, 3]]}
AFTER_S = 5
# The only moves a room makes by itself in Time's Up: none wins or refuses a card.
ROOM_MOVES = {"pass_turn", "skip_team", "close_writing", "time_up", "discard", "continue",
              "ready"}


async def _to_phase(people: People, phase: str) -> None:
    """Seat GONE is the one the game waits for (or the cluegiver) in `phase`."""
    state = people.state
    if phase == WRITE:
        for seat in range(state.players):
            if seat != GONE:
                await people.write(seat)
    elif phase == DEAL:
        for seat in range(state.players):
            if seat != GONE:
                await people.act(seat, {"type": "discard", "cards": state.dealt[seat][:2]})
    elif phase == WAITING:
        await people.to_waiting()
    else:
        await people.to_running()
        if phase in (ROUND_WON, READBACK):  # the first team finds the whole deck
            while people.state.phase == RUNNING:
                await people.act(GONE, {"type": "found"})
        if phase == READBACK:
            if people.state.phase == ROUND_WON:
                await people.act(GONE, {"type": "continue"})
            for seat in range(state.players):
                if seat != GONE:
                    await people.act(seat, {"type": "ready"})
    assert people.state.phase == phase


def _options(phase: str) -> dict[str, Any]:
    base = WRITTEN if phase == WRITE else QUICK
    return {**base, **TEAMS, "rules": "en" if phase == ROUND_WON else "fr"}


def _role_seat(people: People, role: str) -> int:
    state = people.state
    return {"cluegiver": state.cluegiver(), "timekeeper": state.timekeeper(),
            "guesser": state.guessers()[0]}.get(role, GONE)


async def _stored_state(table: Table, room: Room) -> tuple[Any, list[str]]:
    stored = await table.manager.store.load_game(room.code, room.record.games - 1)
    assert stored is not None
    return replay(room.game, setup_from_json(stored.setup), stored.log), stored.setup["names"]


async def _gone(table: Table, people: People, seat: int) -> int:
    """`seat` closes their tab; returns the log's length then. Ticks past the grace period."""
    logged = len(people.room.log)
    await people.leave(seat)
    await table.tick(people.room, AFTER_S * 1000)
    for _ in range(4):
        await table.tick(people.room, 500)
    return logged


def _after(room: Room, logged: int) -> list[tuple[int, str]]:
    return [(entry.seat, entry.action["type"]) for entry in room.log[logged:]]


# What the room does for the gone seat, by phase and role, under the bot and skip policies.
EXPECTED = {
    (WRITE, "writer"): "close_writing",
    (DEAL, "player to act"): "discard",
    (WAITING, "cluegiver"): "pass_turn",
    (WAITING, "timekeeper"): None,
    (WAITING, "guesser"): None,
    (RUNNING, "cluegiver"): "pass_turn",
    (RUNNING, "timekeeper"): None,
    (RUNNING, "guesser"): None,
    (ROUND_WON, "decider"): None,  # their teammate here decides (below)
    (READBACK, "player to act"): "ready",
}


async def _no_card_for_the_gone(table: Table, people: People, logged: int, won: int) -> None:
    room = people.room
    assert {kind for _, kind in _after(room, logged)} <= ROOM_MOVES
    assert sum(room.state.team_scores()) == won  # nobody here tapped found: nothing was won
    assert (await _stored_state(table, room))[0] == room.state


@pytest.mark.parametrize("policy", ["bot", "wait", "skip"])
@pytest.mark.parametrize(("phase", "role"), list(EXPECTED))
async def test_times_up_gone_player_in_each_phase_and_role(
        table: Table, policy: str, phase: str, role: str) -> None:
    people = await seat_people(table, _options(phase), policy=policy, after_s=AFTER_S)
    await _to_phase(people, phase)
    room, seat = people.room, _role_seat(people, role)
    won = sum(room.state.team_scores())
    logged = await _gone(table, people, seat)
    moved = [kind for mover, kind in _after(room, logged) if mover == seat]
    expected = EXPECTED[phase, role]
    if policy == "wait" and seat == GONE:
        assert moved == []  # the game waits for them...
        if expected is not None:  # ...until the host skips them
            await table.op(room, people.conns[0], "skip", seat=seat)
            moved = [kind for mover, kind in _after(room, logged) if mover == seat]
    if expected is None:
        assert moved in ([], ["time_up"])  # the timekeeper's seat: the server keeps time
    else:  # and then what comes next for them (seat 1 gives the first clues: it passes on)
        assert moved[:1] == [expected]
    await _no_card_for_the_gone(table, people, logged, won)
    _, names = await _stored_state(table, room)
    assert names[seat] == f"Player {seat}"  # the replay names the seat's own player
    if expected == "pass_turn":
        assert room.state.cluegiver() == 2  # the next of the team, who is here
        assert people.conns[0].view()["view"]["absence"] == \
            {"kind": "passed", "team": 0, "from": 1, "to": 2}


async def test_times_up_turn_of_a_team_all_gone_is_skipped_and_shown(table: Table) -> None:
    people = await seat_people(table, _options(WAITING), after_s=AFTER_S)
    await people.to_waiting()
    room = people.room
    await people.leave(2)
    logged = await _gone(table, people, 1)
    assert _after(room, logged) == [(1, "skip_team")]
    assert room.state.team == 1 and room.state.phase == WAITING
    assert sum(room.state.team_scores()) == 0
    notice = {"kind": "skipped", "team": 0, "from": 1}
    assert people.conns[0].view()["view"]["absence"] == notice
    assert people.conns[3].view()["view"]["absence"] == notice
    assert (await _stored_state(table, room))[0] == room.state


@pytest.mark.parametrize("choice", ["continue", "hand_over"])
async def test_times_up_round_won_is_decided_by_a_teammate_who_is_here(
        table: Table, choice: str) -> None:
    """en, a round won with time left and its cluegiver gone: the room does not choose for the
    gone seat (it chose `continue` once they were gone, issue 39 item 6), the teammate here
    does; the room carries the time on only once nobody of the team is here."""
    people = await seat_people(table, _options(ROUND_WON), after_s=AFTER_S)
    await _to_phase(people, ROUND_WON)
    room = people.room
    logged = await _gone(table, people, GONE)
    await table.tick(room, 60_000)
    assert _after(room, logged) == [] and room.state.phase == ROUND_WON
    if choice == "hand_over":
        await people.act(2, {"type": choice})
        assert _after(room, logged) == [(2, "hand_over")]
        assert room.state.phase == READBACK and room.state.time_left is None
        return
    await _gone(table, people, 2)
    # (and then the read-back's `ready` for both)
    assert _after(room, logged)[:1] == [(GONE, "continue")]
    assert room.state.round == 2 and room.state.time_left is not None


async def test_times_up_writer_who_comes_back_writes_their_own_names(table: Table) -> None:
    """Under the wait policy the deck waits for the gone writer, who writes on return."""
    people = await seat_people(table, _options(WRITE), policy="wait", after_s=AFTER_S)
    await _to_phase(people, WRITE)
    logged = await _gone(table, people, GONE)
    assert _after(people.room, logged) == []
    assert people.conns[0].view()["view"]["names_written"] == 6
    await people.come_back(GONE)
    await people.write(GONE)
    assert people.state.phase == WAITING and len(people.state.deck) == 8


async def test_a_player_cannot_send_the_rooms_own_moves(table: Table) -> None:
    people = await seat_people(table, _options(WAITING))
    await people.to_waiting()
    for action in ({"type": "pass_turn", "to": 2}, {"type": "skip_team"}):
        await refused("room_move", people.act(1, action))
    assert people.room.log[-1].action["type"] == "discard"


# -- the host's controls, at each phase ------------------------------------------------------

PHASES = [WRITE, DEAL, WAITING, RUNNING, ROUND_WON, READBACK]


@pytest.mark.parametrize("phase", PHASES)
async def test_times_up_host_controls_at_each_phase(table: Table, phase: str) -> None:
    """Under the wait policy the gone player's seat (the one the game waits for) moves only by
    the host: pause holds everything, replace is refused (no bot plays Time's Up), skip makes
    the room's move for them, a kick leaves an empty seat the room plays the same way, and the
    host handed over changes nothing in the game."""
    people = await seat_people(table, _options(phase), policy="wait", after_s=AFTER_S)
    await _to_phase(people, phase)
    room, host = people.room, people.conns[0]
    won = sum(room.state.team_scores())
    logged = await _gone(table, people, GONE)
    assert _after(room, logged) == []
    await table.op(room, host, "pause")
    await refused("paused", table.op(room, host, "skip", seat=GONE))
    await table.tick(room, 60_000)
    assert _after(room, logged) == []
    await table.op(room, host, "resume")
    await refused("no_bots", table.op(room, host, "replace", seat=GONE))
    await table.op(room, host, "transfer_host", seat=3)
    assert _after(room, logged) == [] and host.room()["host"] == 3
    await refused("not_host", table.op(room, host, "kick", seat=GONE))
    await table.op(room, people.conns[3], "kick", seat=GONE)
    for _ in range(3):
        await table.tick(room, 500)
    moved = [kind for mover, kind in _after(room, logged) if mover == GONE]
    first = EXPECTED[next(key for key in EXPECTED if key[0] == phase)]
    assert moved[:1] == ([] if first is None else [first])
    await _no_card_for_the_gone(table, people, logged, won)


async def test_times_up_host_deals_now_from_the_names_written(table: Table) -> None:
    people = await seat_people(table, _options(WRITE), policy="wait", after_s=AFTER_S)
    await people.write(0)
    await people.write(3)
    host = people.conns[0]
    await refused("not_host", table.op(people.room, people.conns[3], "close_writing"))
    await table.op(people.room, host, "close_writing")
    assert people.state.phase == WAITING and len(people.state.deck) == 4
    per = people.state.settings.names_per_player
    written = {*NAMES[:per], *NAMES[3 * per:4 * per]}  # seats 0 and 3 wrote
    assert {people.state.faces[card].name for card in people.state.deck} == written
    assert people.room.log[-1].seat == 0  # logged as the host's
    assert (await _stored_state(table, people.room))[0] == people.room.state


async def test_times_up_lobby_refuses_bots(table: Table) -> None:
    room, host, _ = await table.room("times-up")
    await refused("no_bots", table.op(room, host, "add_bot", kind=None))
    assert host.room()["bots"] is False and len(host.room()["seats"]) == 1


# -- the other games: the player to act, or the holder of the pliers -------------------------


@pytest.mark.parametrize("policy", ["bot", "wait", "skip"])
@pytest.mark.parametrize("name", sorted(set(GAMES) - {"times-up"}))
async def test_other_games_gone_player_to_act(table: Table, name: str, policy: str) -> None:
    options = {"first_holder": GONE} if name == "time-bomb" else {}
    room, host, _ = await table.room(name, options=options)
    conns, tokens = [host], []
    for index in range(1, max(room.game.MIN_PLAYERS, 4)):
        conn, token = await table.join(room, f"Player {index}")
        conns.append(conn)
        tokens.append(token)
    await table.op(room, host, "set_policy", policy=policy, after_s=AFTER_S)
    await table.op(room, host, "start")
    await table.tick(room, 0)
    seat = room.game.to_act(room.state)[0]
    if seat == 0:  # the host is to play: they hand the host over before they go
        await table.op(room, host, "transfer_host", seat=3)
        host = conns[3]
    people = People(room, conns, ["", *tokens])
    logged = await _gone(table, people, seat)
    moved = [mover for mover, _ in _after(room, logged)]
    if policy == "wait":
        assert moved == []
        await table.op(room, host, "skip", seat=seat)
    assert [mover for mover, _ in _after(room, logged)][:1] == [seat]
    state, names = await _stored_state(table, room)
    assert state == room.state and names[seat] == (f"Player {seat}" if seat else "Host")


@pytest.mark.parametrize("control", ["skip", "replace", "kick"])
@pytest.mark.parametrize("name", sorted(set(GAMES) - {"times-up"}))
async def test_other_games_host_controls_for_a_gone_player_to_act(
        table: Table, name: str, control: str) -> None:
    """Under `wait` the gone player to act (the holder of the pliers) holds the game until the
    host acts: pause holds it still, handing the host over moves nothing, then the control
    makes the seat's move (skip once; a bot for good, or the empty seat's, from then on)."""
    room, host, _ = await table.room(name, options={"first_holder": GONE}
                                     if name == "time-bomb" else {})
    conns = [host]
    for index in range(1, max(room.game.MIN_PLAYERS, 4)):
        conns.append((await table.join(room, f"Player {index}"))[0])
    await table.op(room, host, "set_policy", policy="wait", after_s=AFTER_S)
    await table.op(room, host, "start")
    seat = room.game.to_act(room.state)[0]
    if seat == 0:
        await table.op(room, host, "transfer_host", seat=3)
        host = conns[3]
    people = People(room, conns, [])
    logged = await _gone(table, people, seat)
    await table.op(room, host, "pause")
    await table.tick(room, 60_000)
    await table.op(room, host, "resume")
    other = 2 if seat != 2 else 1
    await table.op(room, host, "transfer_host", seat=other)
    assert _after(room, logged) == []
    await table.op(room, conns[other], control, seat=seat)
    await table.tick(room, 0)
    assert [mover for mover, _ in _after(room, logged)][:1] == [seat]
    assert (await _stored_state(table, room))[0] == room.state


async def test_times_up_turn_timer_passes_a_gone_cluegivers_turn_on(table: Table) -> None:
    """Under `wait`, the room's turn timer does not start a turn for a gone cluegiver (nobody
    would give the clues): it passes the turn to the teammate who is here."""
    people = await seat_people(table, _options(WAITING), policy="wait", after_s=AFTER_S)
    room = people.room
    room.record.turn_s = 20
    await people.to_waiting()
    logged = await _gone(table, people, GONE)
    assert _after(room, logged) == []
    await table.tick(room, 20_000)
    assert _after(room, logged)[:1] == [(GONE, "pass_turn")]
    assert room.state.cluegiver() == 2 and room.state.phase == WAITING
