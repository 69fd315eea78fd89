"""The server's own refusal codes and WebSocket close codes (rooms and games have theirs)."""

from __future__ import annotations

BAD_JSON = "bad_json"
BAD_MESSAGE = "bad_message"
BAD_TEXT = "bad_text"
UNKNOWN_TYPE = "unknown_type"
TOO_LARGE = "too_large"
RATE_LIMITED = "rate_limited"
CHAT_LIMITED = "chat_limited"
BAD_HOST = "bad_host"  # a Host this server is not (server/hosts.py)
BAD_REQUEST = "bad_request"  # not HTTP: httptools could not parse it (server/timeouts.py)
HELLO_EXPECTED = "hello_expected"  # the first message was not a hello with a token
TOKEN_IN_URL = "token_in_url"  # a token in a URL: refused, it would be in every proxy's log
SUPERSEDED = "superseded"  # this connection made way for a newer one of the same token

CLOSE_UNSENDABLE = 1011  # a message to this client could not be sent: it reconnects
CLOSE_FLOOD = 1008  # "policy violation": the client kept sending over the rate
CLOSE_SLOW_CLIENT = 1013  # "try again later": the client read too slowly
CLOSE_NO_HELLO = 4400  # no hello (or a token in the URL): the client is wrong, retrying won't help
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_ROOM = 4404
CLOSE_SUPERSEDED = 4409  # the token opened one connection more than it may hold: oldest goes
