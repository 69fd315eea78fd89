"""What people do in a room besides playing: join, chat, and the lobby ops (most are the host's).

Each op runs inside the room's task (see `Room.call`/`Room.post`), checks everything first and
raises a `RoomError` with nothing changed, then changes the room, saves its record and only
then tells every connection. A store that refuses the record undoes the change: the caller
gets `store_failed` and the room is as it was, in memory as in the store.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple, TypeVar

from pydantic import ValidationError

from tictac.bots import BotFactory, room_bot_kinds
from tictac.engine import GAMES, Action
from tictac.engine.errors import BAD_OPTION
from tictac.engine.extras import extras
from tictac.rooms import credits, decks, evening, gameclock, house, streamer, wordfilter
from tictac.rooms.conn import Conn
from tictac.rooms.errors import (
    BAD_CHAT,
    BAD_DECK,
    BAD_SEAT,
    NO_BOT,
    NO_BOTS,
    NO_MOVE,
    NO_SPECTATOR,
    NOT_HOST,
    PAUSED,
    ROOM_FULL,
    UNKNOWN_GAME,
    WRONG_STATUS,
    RoomError,
)
from tictac.rooms.names import clean_name
from tictac.rooms.places import MOST_EXTRA_S, Place
from tictac.rooms.prefs import Prefs
from tictac.rooms.room import Room
from tictac.rooms.visible import blank, unseen
from tictac.rooms.wire import dumps
from tictac.store import StoredDeck

log = logging.getLogger(__name__)
T = TypeVar("T")
KICKED = 4403  # the close code of a kicked spectator's connections


async def durably(room: Room, change: Callable[[], Awaitable[T]]) -> T:
    """Runs `change` (which saves the room); if anything fails, the room is as it was."""
    before = room.snapshot()
    try:
        return await change()
    except Exception:
        room.roll_back(before)
        raise


class Joined(NamedTuple):
    token: str
    place: Place
    answer: str  # what the joiner is told over HTTP, as JSON text


async def join(room: Room, name: str, spectator: bool, tv: bool = False) -> Joined:
    return await durably(room, lambda: _join(room, name, spectator or tv, tv))


async def _join(room: Room, name: str, spectator: bool, tv: bool) -> Joined:
    """A new place for `name`: a seat while the lobby has one, else a spectator's chair (a TV
    screen's, or one of the audience's: see audience.py)."""
    seating = room.seating
    seated = (not spectator and room.status == "lobby"
              and len(seating.seats) < room.game.MAX_PLAYERS)
    room.audience.check_join(seated=seated, tv=tv)
    name = clean_name(name, seating.names())
    wordfilter.check(room.record.word_filter, name, "name")
    token, place = seating.new_place(name, room.clock.now_ms())
    assert token is not None
    if seated:
        seating.set_seats([*seating.seats, place.pid])
    if tv:
        room.audience.add_tv(place.pid)
    if seating.host is None and place.pid in seating.seat_of:
        seating.host = place.pid
    answer = _answer(room, token, place)
    await room.save()
    if room.audience.member(place):
        # counted within a second however many come, as when they come over a socket
        room.audience.tally_soon(arrivals=True)
    else:
        room.broadcast_room()
    return Joined(token, place, answer)


def joined(room: Room, token: str, place: Place) -> dict[str, Any]:
    """What a place's new device is told (a join, a rejoin code exchanged): the room's code, the
    place's token and seat, and the room as the place sees it."""
    return {"code": room.code, "token": token, "seat": room.seat_of.get(place.pid),
            "room": room.summary(place)}


def _answer(room: Room, token: str, place: Place) -> str:
    """The joiner's answer, encoded strictly (no NaN or infinity, ASCII) before the place is
    saved: a room that could not be answered about takes nobody in, rather than keep a seat
    whose token nobody got."""
    return json.dumps(joined(room, token, place), allow_nan=False, separators=(",", ":"))


def chat(room: Room, conn: Conn, text: str) -> None:
    """The line to everyone, if every character of it shows (the rule names follow too)."""
    hidden = unseen(text)
    if hidden is not None:
        raise RoomError(BAD_CHAT, f"a chat line cannot hold {hidden}")
    if blank(text):
        raise RoomError(BAD_CHAT, "a chat line needs something to read")
    wordfilter.check(room.record.word_filter, text, "chat line")
    place = room.seating.places[room.conns[conn]]
    message = dumps({"type": "chat", "seat": room.seating.seat_of.get(place.pid),
                     "name": place.name, "text": text, "server_time": room.clock.now_ms()})
    room.said.append((place.name, text))
    for other in room.conns:
        other.send(message)


def sync(room: Room, conn: Conn) -> None:
    room.send_room(conn)
    room.send_view(conn)
    room.audience.send_to(conn)


# -- lobby ops ---------------------------------------------------------------------------------

Op = Callable[[Room, Place, dict[str, Any]], Awaitable[bool | None]]
OPS: dict[str, Op] = {}


def op(name: str, *, host: bool = True, status: tuple[str, ...] = ()) -> Callable[[Op], Op]:
    def register(function: Op) -> Op:
        async def checked(room: Room, place: Place, fields: dict[str, Any]) -> None:
            if host and place.pid != room.seating.host:
                raise RoomError(NOT_HOST, f"only the host may {name.replace('_', ' ')}")
            if status and room.status not in status:
                raise RoomError(WRONG_STATUS, f"{name!r} is for a room in {' or '.join(status)}")
            if not await durably(room, lambda: _saved(function, room, place, fields)):
                tell(room)

        OPS[name] = checked
        return checked

    return register


def tell(room: Room) -> None:
    """Everyone hears of a saved change; the timers follow it."""
    room.broadcast_room()
    room.autopilot.schedule()


async def _saved(function: Op, room: Room, place: Place, fields: dict[str, Any]) -> bool:
    if await function(room, place, fields):
        return True  # the op saved (and told everyone) itself
    await room.save()
    return False


async def run_op(room: Room, conn: Conn, name: str, fields: dict[str, Any]) -> None:
    await OPS[name](room, room.seating.places[room.conns[conn]], fields)


def _seat(room: Room, fields: dict[str, Any]) -> Place:
    seat: int = fields["seat"]
    if not 0 <= seat < len(room.seating.seats):
        raise RoomError(BAD_SEAT, f"there is no seat {seat}")
    return room.seating.seated()[seat]


def _person(room: Room, fields: dict[str, Any], doing: str) -> Place:
    place = _seat(room, fields)
    if not place.person:
        raise RoomError(BAD_SEAT, f"seat {fields['seat']} holds no person to {doing}")
    if place.pid == room.seating.host and doing != "make host":
        raise RoomError(BAD_SEAT, f"the host cannot {doing} themselves; transfer host first")
    return place


@op("set_options", status=("lobby",))
async def _set_options(room: Room, place: Place, fields: dict[str, Any]) -> None:
    decks.check_hosts(fields["options"])
    house.set_options(room.record, room.game.OPTIONS, fields["options"])


@op("set_teams", status=("lobby",))
async def _set_teams(room: Room, place: Place, fields: dict[str, Any]) -> None:
    if not any(option.name == "teams" for option in room.game.OPTIONS):
        raise RoomError(BAD_OPTION, f"{room.game.TITLE} has no teams to set")
    house.set_options(room.record, room.game.OPTIONS,
                      {**room.record.options, "teams": fields["teams"]})


@op("start", status=("lobby",))
async def _start(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    await room.start_game({**await _dealt_deck(room), **_dealt_extra_time(room)})
    return True


def _dealt_extra_time(room: Room) -> dict[str, Any]:
    """The seats' extra time as the game's `extra_seconds` option, in a game whose own clock
    takes it (Time's Up's turns: docs/rulings.md, "Extra time for a seat"); the room's turn
    timer gives it in every game (autopilot.py)."""
    extra = [place.extra_s for place in room.seating.seated()]
    return {"extra_seconds": extra} if any(extra) and _has_option(room, "extra_seconds") else {}


# -- shared decks (see decks.py) ---------------------------------------------


async def _dealt_deck(room: Room) -> dict[str, Any]:
    """The loaded deck's cards as the game's `deck` option, when the host's options deal from
    it (`pack` "deck"): read from the store now, so no one saw them before the deal."""
    loaded, declared = room.record.deck, room.info.decks
    if loaded is None or declared is None or room.record.options.get("pack") != declared.pack:
        return {}
    found = _unfiltered(room, await decks.find(room.store, loaded["code"], room.clock.now_ms(),
                                               room.settings))
    return {"deck": {"language": found.language, "title": found.title, "cards": found.cards}}


def _unfiltered(room: Room, deck: StoredDeck) -> StoredDeck:
    """`deck`, unless the room's word filter catches its title or a card (its names are read
    aloud and shown like written names): checked when it is loaded and when it is dealt, since
    the filter may be switched on in between."""
    on = room.record.word_filter
    wordfilter.check(on, deck.title, "deck title")
    for card in deck.cards:
        wordfilter.check(on, card["name"], "deck card")
        wordfilter.check(on, card.get("about") or "", "deck card")
    return deck


def _has_option(room: Room, name: str) -> bool:
    return any(option.name == name for option in room.game.OPTIONS)


@op("use_deck", status=("lobby",))
async def _use_deck(room: Room, place: Place, fields: dict[str, Any]) -> None:
    """The host loads a shared deck by its code (the game deals from it), or unloads it (null).
    Everyone sees its title and count; nobody its cards or, but the host, its code."""
    declared = room.info.decks
    if declared is None:
        raise RoomError(BAD_OPTION, f"{room.game.TITLE} deals from no deck")
    options = dict(room.record.options)
    if fields["code"] is None:
        decks.load(room.record, None)
        if options.get("pack") == declared.pack:
            del options["pack"]
    else:
        decks.look_up(room.deck_lookups, room.clock.now_ms())
        decks.load(room.record, _unfiltered(room, await decks.find(
            room.store, fields["code"], room.clock.now_ms(), room.settings)))
        options["pack"] = declared.pack
    house.set_options(room.record, room.game.OPTIONS, options)


@op("save_deck", status=("finished",))
async def _save_deck(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The host saves the names the players wrote, once the game is over and every one of
    them was shown: the deck gets a code, told to the host's phones alone (`deck_saved`)."""
    declared = room.info.decks
    written = declared.written if declared else None
    found = None if written is None or room.state is None else written(room.state)
    if declared is None or found is None:
        raise RoomError(BAD_DECK, "only the names the players wrote are saved, once the game "
                                  "is over")
    language, cards = found
    deck = decks.from_written(declared, language, cards, fields.get("title"))
    stored = await decks.keep(room.store, deck, room.clock.now_ms(), room.settings)
    log.info("room %s: the host saved its written names as deck %s", room.code, stored.code)
    answer = dumps({"type": "deck_saved", "deck": decks.header(stored)})
    for conn, pid in room.conns.items():
        if pid == place.pid:
            conn.send(answer)
    return True


@op("add_bot", status=("lobby",))
async def _add_bot(room: Room, place: Place, fields: dict[str, Any]) -> None:
    kinds = _room_bots(room)
    kind = fields.get("kind") or next(iter(kinds))
    if kind not in kinds:
        raise RoomError(NO_BOT, f"no bot {kind!r}; known: {', '.join(kinds)}")
    seating = room.seating
    if len(seating.seats) >= room.game.MAX_PLAYERS:
        raise RoomError(ROOM_FULL, f"{room.game.TITLE} seats at most {room.game.MAX_PLAYERS}")
    bot = _new_bot(room, kind)
    seating.set_seats([*seating.seats, bot.pid])


def _room_bots(room: Room) -> dict[str, BotFactory]:
    """The bots the room may seat; refused for a game that seats none (see docs/rulings.md)."""
    kinds = room_bot_kinds(room.game_name)
    if not kinds:
        raise RoomError(NO_BOTS, f"{room.game.TITLE} has no bots: a bot can neither give clues "
                                 "nor hear them")
    return kinds


def _new_bot(room: Room, kind: str) -> Place:
    """A bot's place, named "Bot N" with the first N no one holds."""
    taken = {name.casefold() for name in room.seating.names()}
    number = 1
    while f"bot {number}" in taken:
        number += 1
    _, bot = room.seating.new_place(f"Bot {number}", room.clock.now_ms(), bot=kind)
    return bot


@op("remove_seat", status=("lobby",))
async def _remove_seat(room: Room, place: Place, fields: dict[str, Any]) -> None:
    target = _seat(room, fields)
    seating = room.seating
    if target.pid == seating.host:
        raise RoomError(BAD_SEAT, "the host cannot leave their seat; transfer host first")
    seating.set_seats([pid for pid in seating.seats if pid != target.pid])
    if target.bot is not None:
        seating.remove(target.pid)


@op("kick")
async def _kick(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    target = _person(room, fields, "kick")
    seating = room.seating
    if room.status == "lobby":
        seating.set_seats([pid for pid in seating.seats if pid != target.pid])
    else:
        # The game keeps its seat: an empty place holds it and the gone-player policy plays it.
        _, empty = seating.new_place(f"({target.name})", room.clock.now_ms(), vacant=True)
        credits.note(room.record, len(room.log), seating.seats.index(target.pid), None,
                     _stands_for(room, target))
        _give_seat(room, target, empty)
    await _unseated(room, target)
    return True


@op("replace", status=("playing",))
async def _replace(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """A bot takes the seat for the rest of the game (a person's, who then watches, or one
    emptied by a kick)."""
    kinds = _room_bots(room)
    target = _seat(room, fields)
    if target.bot is not None or target.pid == room.seating.host:
        raise RoomError(BAD_SEAT, f"seat {fields['seat']} is a bot's or the host's")
    seat, kind = fields["seat"], next(iter(kinds))
    bot = _new_bot(room, kind)
    credits.note(room.record, len(room.log), seat, bot.name, _stands_for(room, target))
    _give_seat(room, target, bot)
    room.seat_bot(seat, kind)
    await _unseated(room, target)
    return True


def _stands_for(room: Room, target: Place) -> str | None:
    """Whom a newcomer to `target`'s seat stands in for: its player, or the player a kick
    emptied it of."""
    seat = room.seating.seats.index(target.pid)
    changes = credits.of_game(room.record.credits, room.record.games - 1)
    return credits.person(room.names, changes, seat, len(room.log))


def _give_seat(room: Room, target: Place, successor: Place) -> None:
    seating = room.seating
    seating.set_seats([successor.pid if pid == target.pid else pid for pid in seating.seats])


async def _unseated(room: Room, target: Place) -> None:
    """Saved and told: the person who lost their seat sees what spectators see."""
    await room.save()
    tell(room)
    for conn, pid in room.conns.items():
        if pid == target.pid:
            room.send_view(conn)


@op("skip", status=("playing",))
async def _skip(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The game's automatic move for a seat it waits for, logged as that seat's move and
    credited to the host (credits.py)."""
    _seat(room, fields)
    seat: int = fields["seat"]
    if room.paused:
        raise RoomError(PAUSED, "resume the game first")
    move = None
    if seat in room.game.to_act(room.state):
        move = _skipping(room, seat)
    if move is None:
        raise RoomError(NO_MOVE, f"the game waits for no move of seat {seat} it could make")
    index = len(room.log)
    changes = credits.of_game(room.record.credits, room.record.games - 1)
    before = credits.mover(room.names, changes, seat, index)
    await room.apply(seat, move)
    # Credited once the move is kept; a record the store refuses leaves the move the seat's
    # own (the move is made: the host is not asked to skip again).
    credits.note_skip(room.record, index, seat, place.name, before)
    try:
        await room.save()
    except RoomError:
        credits.take_back_skip(room.record)
        return True
    tell(room)
    return True


def _skipping(room: Room, seat: int) -> Action | None:
    """The move a host's skip makes: the game's own for a gone seat where it has one (Time's
    Up: a skipped cluegiver's turn passes to a teammate who is here), else its automatic one."""
    autopilot = room.autopilot
    if extras(room.game).absent_action is not None:
        return autopilot.absent_choice(seat, autopilot.present() - {seat})
    move = autopilot.auto_move(seat, room.game_now())
    return None if move is None else move.action


@op("close_writing", status=("playing",))
async def _close_writing(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """Time's Up: the host deals the deck from the names written so far, without waiting for
    the players who have not written theirs (their names are never made up)."""
    if "close_writing" not in extras(room.game).room_actions:
        raise RoomError(NO_MOVE, f"{room.game.TITLE} has no writing to close")
    if room.paused:
        raise RoomError(PAUSED, "resume the game first")
    await room.apply(room.seating.seat_of[place.pid], {"type": "close_writing"})
    return True


@op("pause", status=("playing",))
async def _pause(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    if room.paused:
        raise RoomError(PAUSED, "the game is paused already")
    gameclock.pause(room.record, room.clock.now_ms(), place.name)
    await _clock_changed(room)
    return True


@op("resume", status=("playing",))
async def _resume(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    if not room.paused:
        raise RoomError(WRONG_STATUS, "the game is not paused")
    gameclock.resume(room.record, room.clock.now_ms())
    await _clock_changed(room)
    return True


async def _clock_changed(room: Room) -> None:
    """A pause or a resume is saved, then everyone hears of it with the game clock's time."""
    await room.save()
    log.info("room %s: the game is %s", room.code, "paused" if room.paused else "resumed")
    tell(room)
    room.broadcast_views([])


@op("kick_spectator")
async def _kick_spectator(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The spectator's place goes, with its token: their connections are closed."""
    seating = room.seating
    name = str(fields["name"]).casefold()
    target = next((other for other in seating.places.values()
                   if other.name.casefold() == name and other.pid not in seating.seat_of
                   and other.token_hash is not None), None)
    if target is None:
        raise RoomError(NO_SPECTATOR, f"nobody called {fields['name']!r} is watching")
    seating.remove(target.pid)
    room.audience.drop_tv(target.pid)
    await room.save()
    for conn in [conn for conn, pid in room.conns.items() if pid == target.pid]:
        room.drop(conn, KICKED)
    tell(room)
    return True


@op("transfer_host")
async def _transfer_host(room: Room, place: Place, fields: dict[str, Any]) -> None:
    room.seating.host = _person(room, fields, "make host").pid


@op("set_policy")
async def _set_policy(room: Room, place: Place, fields: dict[str, Any]) -> None:
    house.set_policy(room.record, fields["policy"], fields.get("after_s"))


@op("set_timer", status=("lobby",))
async def _set_timer(room: Room, place: Place, fields: dict[str, Any]) -> None:
    house.set_timer(room.record, fields["turn_s"])


@op("set_bot_pause")
async def _set_bot_pause(room: Room, place: Place, fields: dict[str, Any]) -> None:
    house.set_bot_pause(room.record, fields["ms"])


def _flag(fields: dict[str, Any], name: str) -> bool:
    value = fields[name]
    if not isinstance(value, bool):
        raise RoomError(BAD_OPTION, f"{name} is true or false")
    return value


@op("set_replays")
async def _set_replays(room: Room, place: Place, fields: dict[str, Any]) -> None:
    public = _flag(fields, "public")
    house.set_replays(room.record, public)
    log.info("room %s: the host made replays %s", room.code, "public" if public else "private")


@op("rename", host=False, status=("lobby",))
async def _rename(room: Room, place: Place, fields: dict[str, Any]) -> None:
    others = [name for name in room.seating.names() if name != place.name]
    name = clean_name(fields["name"], others)
    wordfilter.check(room.record.word_filter, name, "name")
    place.name = name


@op("set_prefs", host=False)
async def _set_prefs(room: Room, place: Place, fields: dict[str, Any]) -> None:
    try:
        place.prefs = Prefs.model_validate(fields["prefs"])
    except ValidationError as problem:
        raise RoomError(BAD_OPTION, f"prefs: {problem.errors()[0]['msg']}") from None


@op("set_extra_time", status=("lobby",))
async def _set_extra_time(room: Room, place: Place, fields: dict[str, Any]) -> None:
    extra = fields["extra_s"]
    if type(extra) is not int or not 0 <= extra <= MOST_EXTRA_S or extra % 5:
        raise RoomError(BAD_OPTION, f"extra_s is a multiple of 5 from 0 to {MOST_EXTRA_S}")
    _seat(room, fields).extra_s = extra


@op("choose_game", status=("lobby",))
async def _choose_game(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The room's next game, any the server has, with its options. The
    seats are kept in order up to the new game's most; the people seated beyond it watch from
    then on (each is told so) and bots beyond it leave. A bot stays a bot of the new game's
    kind of the same name, or its first, and leaves a game that seats none."""
    name, options = fields["game"], fields.get("options") or {}
    if not isinstance(name, str) or name not in GAMES:
        raise RoomError(UNKNOWN_GAME, f"no game {str(name)[:64]!r}; known: {', '.join(GAMES)}")
    if not isinstance(options, dict):
        raise RoomError(BAD_OPTION, "options are an object of option names and values")
    seating = room.seating
    room.choose_game(name)
    decks.check_hosts(options)
    house.set_options(room.record, room.game.OPTIONS, options)
    kinds = room_bot_kinds(name)
    staying = [seated for seated in seating.seated() if seated.bot is None or kinds]
    most = room.game.MAX_PLAYERS
    host = next((seated for seated in staying if seated.pid == seating.host), None)
    if host is not None and staying.index(host) >= most:  # the host keeps a seat
        staying.remove(host)
        staying.insert(most - 1, host)
    unseated = staying[most:]
    for seated in seating.seated():
        if seated.bot is not None and (seated not in staying[:most]):
            seating.remove(seated.pid)
        elif seated.bot is not None and seated.bot not in kinds:
            seated.bot = next(iter(kinds))
    seating.set_seats([seated.pid for seated in staying[:most]])
    await room.save()
    tell(room)
    _tell_unseated(room, [other for other in unseated if other.bot is None])
    log.info("room %s: the host chose %s", room.code, name)
    return True


def _tell_unseated(room: Room, unseated: list[Place]) -> None:
    """Each person `choose_game` left without a seat hears why, on each of their phones."""
    pids = {place.pid for place in unseated}
    notice = dumps({"type": "notice", "code": "unseated",
                    "message": f"{room.game.TITLE} seats at most {room.game.MAX_PLAYERS}: "
                               "you watch this game"})
    for conn, pid in room.conns.items():
        if pid in pids:
            conn.send(notice)


@op("sit", host=False, status=("lobby",))
async def _sit(room: Room, place: Place, fields: dict[str, Any]) -> None:
    """A spectator takes a free seat of the lobby: one who joined late, or one a smaller game
    left watching."""
    seating = room.seating
    if place.pid in seating.seat_of:
        raise RoomError(WRONG_STATUS, "you have a seat already")
    if place.pid in room.record.tvs:
        raise RoomError(WRONG_STATUS, "a TV screen shows the game and takes no seat")
    if len(seating.seats) >= room.game.MAX_PLAYERS:
        raise RoomError(ROOM_FULL, f"{room.game.TITLE} seats at most {room.game.MAX_PLAYERS}")
    seating.set_seats([*seating.seats, place.pid])


@op("end_evening", status=("lobby", "finished"))
async def _end_evening(room: Room, place: Place, fields: dict[str, Any]) -> None:
    """The TV shows the night's podium; the next game dealt opens a new evening."""
    if not room.record.evening:
        raise RoomError(WRONG_STATUS, "no game of this evening has finished yet")
    evening.end(room.record)


@op("play_again", status=("finished",))
async def _play_again(room: Room, place: Place, fields: dict[str, Any]) -> None:
    room.seating.set_seats([place.pid for place in room.seating.seated()
                            if place.bot is not None or place.token_hash])
    room.back_to_lobby()


# -- streamer mode (streamer.py) -----------------------------------------------------------------


@op("set_streamer")
async def _set_streamer(room: Room, place: Place, fields: dict[str, Any]) -> None:
    on = _flag(fields, "on")
    streamer.switch(room.record, on)
    log.info("room %s: streamer mode %s", room.code, "on" if on else "off")


@op("show_code")
async def _show_code(room: Room, place: Place, fields: dict[str, Any]) -> bool:
    """The code, its link and QR on the TV for `streamer.SHOW_MS` (someone needs to join)."""
    if not room.record.streamer:
        raise RoomError(WRONG_STATUS, "streamer mode is off: the TV shows the code already")
    streamer.show_code(room.record, room.clock.now_ms())
    await room.save()
    tell(room)
    room.code_show.arm()
    return True


@op("set_word_filter")
async def _set_word_filter(room: Room, place: Place, fields: dict[str, Any]) -> None:
    streamer.filter_words(room.record, _flag(fields, "on"))
