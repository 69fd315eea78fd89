"""The server's own refusal codes and WebSocket close codes (rooms and games have theirs)."""

from __future__ import annotations

BAD_JSON = "bad_json"
BAD_MESSAGE = "bad_message"
BAD_TEXT = "bad_text"
UNKNOWN_TYPE = "unknown_type"
TOO_LARGE = "too_large"
RATE_LIMITED = "rate_limited"
CHAT_LIMITED = "chat_limited"
TOO_MANY_CONNECTIONS = "too_many_connections"
BAD_HOST = "bad_host"  # a Host this server is not (server/hosts.py)
BAD_REQUEST = "bad_request"  # not HTTP: httptools could not parse it (server/timeouts.py)

CLOSE_UNSENDABLE = 1011  # a message to this client could not be sent: it reconnects
CLOSE_SLOW_CLIENT = 1013  # "try again later": the client read too slowly
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_ROOM = 4404
CLOSE_TOO_MANY = 4429  # the token already holds as many connections as one may
