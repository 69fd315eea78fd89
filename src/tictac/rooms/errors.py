"""The rooms' own refusal codes (the games' codes pass through unchanged).

Each is an `IllegalAction`, so the server answers every refusal the same way."""

from __future__ import annotations

from tictac.engine import IllegalAction

NO_ROOM = "no_room"
BAD_TOKEN = "bad_token"
UNKNOWN_GAME = "unknown_game"
BAD_NAME = "bad_name"
BAD_CHAT = "bad_chat"  # a chat line with an invisible or blank-looking character, or blank
NAME_TAKEN = "name_taken"
NOT_HOST = "not_host"
NOT_SEATED = "not_seated"
WRONG_STATUS = "wrong_status"
BAD_SEAT = "bad_seat"
ROOM_FULL = "room_full"
NO_BOT = "no_bot"
NO_BOTS = "no_bots"  # the game seats no bot (Time's Up: a bot can neither give clues nor hear them)
ROOM_MOVE = "room_move"  # a move only the room makes (Time's Up: passing a gone player's turn)
TOO_MANY_ROOMS = "too_many_rooms"
STORE_FAILED = "store_failed"
RATE_LIMITED = "rate_limited"
TOO_MANY_PLACES = "too_many_places"
NO_SPECTATOR = "no_spectator"
PAUSED = "paused"
NO_MOVE = "no_move"
ROOM_UNAVAILABLE = "room_unavailable"  # its server in a cluster cannot be reached now
SEAT_MOVED = "seat_moved"  # the token's place moved to another device (rejoin.py)
BAD_REJOIN = "bad_rejoin"  # a rejoin code used already, expired or never made


class RoomError(IllegalAction):
    pass
