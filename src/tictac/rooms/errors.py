"""The rooms' own refusal codes (the games' codes pass through unchanged).

Each is an `IllegalAction`, so the server answers every refusal the same way."""

from __future__ import annotations

from tictac.engine import IllegalAction
from tictac.engine.errors import BAD_SEAT, Codes

__all__ = ["BAD_SEAT", "ROOM_CODES", "RoomError"]  # BAD_SEAT: the game's, for ops naming seats

ROOM_CODES = Codes()
NO_ROOM = ROOM_CODES("no_room", "no room with that code", 404)
BAD_TOKEN = ROOM_CODES("bad_token", "the token is unknown for this room", 401)
UNKNOWN_GAME = ROOM_CODES("unknown_game", "`POST /api/rooms` or `choose_game` with a game the "
                          "server does not have", 404)
BAD_NAME = ROOM_CODES("bad_name", "a name the name rules refuse")
NAME_TAKEN = ROOM_CODES("name_taken", "a name someone in the room has already, or one that looks "
                        "the same", 409)
BAD_CHAT = ROOM_CODES("bad_chat", "a chat line that is blank or holds a character that does not "
                      "show (see chat lines above)")
NOT_HOST = ROOM_CODES("not_host", "a host-only op from someone else")
NOT_SEATED = ROOM_CODES("not_seated", "an action from a spectator")
WRONG_STATUS = ROOM_CODES("wrong_status", "the op or action does not fit the room's status (e.g. "
                          "`start` while playing); a replay of a game the room has not played",
                          409)
ROOM_FULL = ROOM_CODES("room_full", "no seat left for `add_bot` or `sit`")
NO_BOT = ROOM_CODES("no_bot", "unknown bot kind")
NO_BOTS = ROOM_CODES("no_bots", "`add_bot` or `replace` in a game that seats no bot (Time's Up: "
                     "a bot can neither give clues nor hear them)")
STALE_VIEW = ROOM_CODES("stale_view", "an `action` whose `seen` names an older view than the "
                        "room's: a move the game says answers what was shown (Time's Up's "
                        "`found`, `pass`, `wrong`, `foul`) made on a view another action has "
                        "replaced since (a double tap); nothing changed")
ROOM_MOVE = ROOM_CODES("room_move", "an `action` only the room makes (Time's Up's `pass_turn`, "
                       "`skip_team`, `close_writing`, `pass_screening`)")
TOO_MANY_ROOMS = ROOM_CODES("too_many_rooms", "the server's room limit is reached", 503)
STORE_FAILED = ROOM_CODES("store_failed", "the database refused the action, join, create or lobby "
                          "op; nothing changed, try again", 503)
RATE_LIMITED = ROOM_CODES(
    "rate_limited", "more than the allowed messages per second on this connection (default 20/s, "
    "burst 40): that message is dropped and the connection is read no faster than the rate; "
    "after more than a burst of refusals with no quiet spell the socket is closed with 1008; "
    "over HTTP, too many rooms created, joins or replays (default 60 a minute) from one address "
    "(with `Retry-After`)", 429)
TOO_MANY_PLACES = ROOM_CODES("too_many_places", "a join into a room that already holds its most "
                             "players, bots and TV screens (default 100), or a spectator's into "
                             "a room whose audience is full (default 500)", 409)
NO_SPECTATOR = ROOM_CODES("no_spectator", "`kick_spectator` names nobody who is watching")
PAUSED = ROOM_CODES("paused", "the host paused the game: no action is taken until they resume")
NO_MOVE = ROOM_CODES("no_move", "a host's `skip` of a seat the game waits for no move of, or "
                     "`close_writing` in a game with no writing")
ROOM_UNAVAILABLE = ROOM_CODES(
    "room_unavailable", "in a cluster (docs/deploy.md): the room's server cannot be reached now "
    "(Redis is down, or its owner died and its lease has not run out); try again", 503)
SEAT_MOVED = ROOM_CODES("seat_moved", "the token's place was moved to another device with a "
                        "rejoin code (over a WebSocket, close code 4410)", 401)
BAD_REJOIN = ROOM_CODES("bad_rejoin", "a rejoin code used already, expired or never made", 410)

# The audience's votes (see docs/rulings.md, "The audience").
NOT_AUDIENCE = ROOM_CODES("not_audience", "a `vote` from a seated player or a TV screen: only "
                          "the audience votes")
NO_BALLOT = ROOM_CODES("no_ballot", "a `vote` on a ballot that is not open now (closed, over, "
                       "revealed, or never opened)")
BAD_CHOICE = ROOM_CODES("bad_choice", "a `vote` for a choice its ballot does not offer")

# Streamer mode (docs/server.md, "The word filter").
FILTERED_WORD = ROOM_CODES("filtered_word", "a name, chat line, deck title or card, Time's Up "
                           "written name or typed guess that the room's word filter catches "
                           "(`set_word_filter`); the message says which (\"name 2 of 3\"); "
                           "nothing is stored or shown")
# Decks people share (docs/packs.md, "Shared decks").
NO_DECK = ROOM_CODES("no_deck", "no shared deck with that code (`use_deck`)", 404)
DECKS_FULL = ROOM_CODES("decks_full", "a shared deck that would pass what the server keeps of its "
                        "saver's address's decks or of all decks (docs/packs.md)", 507)
BAD_REPORT = ROOM_CODES("bad_report", "a report of something the room did not show the reporter "
                        "(a name, chat line, written name or deck)")
NO_REPORT = ROOM_CODES("no_report", "the admin's queue holds no such report (acted on already)",
                       404)
BAD_DECK = ROOM_CODES("bad_deck", "a deck that fails its checks (the message names the first "
                      "problems), or `save_deck` with no written names to save")

# The instance admin (server/admin.py; docs/deploy.md, "Moderation").
ROOM_CLOSED = ROOM_CODES("room_closed", "the server's admin closed the room; the message is "
                         "theirs, shown to its players (then close code 4405)")


class RoomError(IllegalAction):
    pass

# The table's own audio and video (rooms/media.py; docs/protocol.md, "Audio and video").
MEDIA_OFF = ROOM_CODES("media_off", "a `media` message in a room whose host has not turned audio "
                       "and video on, or from a spectator while the host keeps the audience out "
                       "of them")
NO_PEER = ROOM_CODES("no_peer", "a `media` `signal` or `force` naming nobody of this room who is "
                     "connected with audio and video (an unknown, left, kicked or forged peer, "
                     "or the sender itself)")
MEDIA_FORCED = ROOM_CODES("media_forced", "turning on a microphone or camera the host turned "
                          "off, or a `signal` from someone whose microphone and camera the host "
                          "both turned off: nothing is relayed")
