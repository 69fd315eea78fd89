"""The server's own refusal codes and WebSocket close codes (rooms and games have theirs)."""

from __future__ import annotations

from tictac.engine.errors import Codes

SERVER_CODES = Codes()
BAD_JSON = SERVER_CODES("bad_json", "the message is not a JSON object")
BAD_MESSAGE = SERVER_CODES(
    "bad_message", "a JSON object that does not fit its `type`'s schema (missing/extra/wrong "
    "fields), nested deeper than 16 levels, or holding a number that does not fit (see Text "
    "above); a bad query parameter")
BAD_TEXT = SERVER_CODES("bad_text", "a string the text gate refuses (see Text above)")
UNKNOWN_TYPE = SERVER_CODES("unknown_type", "a `type` the server does not know")
TOO_LARGE = SERVER_CODES("too_large", "the message is over the size limit (default 4096 bytes; "
                         "the socket stays open)", 413)
CHAT_LIMITED = SERVER_CODES("chat_limited", "more chat lines than a place or a room may send "
                            "(see `chat` above)")
VOTE_LIMITED = SERVER_CODES("vote_limited", "more votes than an audience member may send (see "
                            "`vote` above)")
HELLO_EXPECTED = SERVER_CODES("hello_expected", "a WebSocket's first message was not `{\"type\": "
                              "\"hello\", \"token\": ...}`, or came too late (then close code "
                              "4400)")
TOKEN_IN_URL = SERVER_CODES("token_in_url", "a `token` query parameter: tokens never go in a URL "
                            "(over a WebSocket, close code 4400)")
SUPERSEDED = SERVER_CODES("superseded", "this connection made way for a newer one of the same "
                          "token (then close code 4409)")
NOT_JSON = SERVER_CODES("not_json", "an HTTP `POST` whose body is not declared "
                        "`application/json`", 415)
BAD_ORIGIN = SERVER_CODES("bad_origin", "an HTTP `POST` from a page of another site", 403)
BAD_HOST = SERVER_CODES("bad_host", "any HTTP request or WebSocket handshake whose `Host` is not "
                        "this server's (see docs/server.md)")
BAD_REQUEST = SERVER_CODES("bad_request", "bytes that are not an HTTP request the server can "
                           "parse (then the connection is closed)")
# The instance admin (server/admin.py; docs/deploy.md, "Moderation").
NO_ADMIN = SERVER_CODES("no_admin", "`/api/admin/...` on a server started without an admin token",
                        404)
BAD_ADMIN_TOKEN = SERVER_CODES("bad_admin_token", "`/api/admin/...` without `Authorization: "
                               "Bearer` and the server's admin token", 401)
ADMIN_NEEDS_TLS = SERVER_CODES("admin_needs_tls", "`/api/admin/...` over plain HTTP from "
                               "another machine than the server's: use HTTPS, or list the "
                               "TLS-ending proxy in `--trusted-proxies`", 403)
BANNED = SERVER_CODES("banned", "creating or joining a room, or a WebSocket, from an address the "
                      "server's admin banned (over a WebSocket, close code 4403)", 403)

CLOSE_UNSENDABLE = 1011  # a message to this client could not be sent: it reconnects
CLOSE_FLOOD = 1008  # "policy violation": the client kept sending over the rate
CLOSE_SLOW_CLIENT = 1013  # "try again later": the client read too slowly
CLOSE_NO_HELLO = 4400  # no hello (or a token in the URL): the client is wrong, retrying won't help
CLOSE_BAD_TOKEN = 4401
CLOSE_NO_ROOM = 4404
CLOSE_BANNED = 4403
CLOSE_SUPERSEDED = 4409  # the token opened one connection more than it may hold: oldest goes
