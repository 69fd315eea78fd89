"""The HTTP calls of shared decks (docs/packs.md, "Shared decks"), in the format the games dealing
from them declare (`tictac.engine.registry.deck_format`):

- `POST /api/decks`: a deck (its JSON, an exported deck, or a pack file) or a pasted list
  (`{"language", "title", "lines": [...]}`) is checked and kept under a new code;
- `GET /api/decks/CODE`: the deck, as the JSON file it exports to (`?download=1`: as a file).

A POST counts toward its address's `create` limit, as a new room does, and toward what the
server keeps of its address's decks (`decks_full`); a GET counts toward its address's
`deck_read` limit (so that codes cannot be guessed fast: docs/packs.md). A POST's body is
bounded (the format's `max_body`, enough for the largest deck a person may write); every
string in it passes the one text gate before the deck's own checks. Whoever has a code reads
the deck: a deck holds nothing of a room but what its saver chose to share (the names written
in a finished game, or a list they pasted).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from tictac.engine import IllegalAction
from tictac.engine.decks import Deck, DeckFormat
from tictac.engine.registry import deck_format
from tictac.rooms import decks
from tictac.rooms.errors import BAD_DECK
from tictac.server.errors import BAD_JSON
from tictac.server.http_api import admit, limited, read_body
from tictac.server.text import clean

PASTED_KEYS = {"language", "title", "lines"}


def _format() -> DeckFormat:
    found = deck_format()
    if found is None:
        raise IllegalAction(BAD_DECK, "no game of this server deals from a shared deck")
    return found


def _read(form: DeckFormat, raw: bytes) -> Deck:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise IllegalAction(BAD_JSON, "the body is not JSON") from None
    return _deck(form, clean(data))


def _deck(form: DeckFormat, data: Any) -> Deck:
    """The deck a POST body holds, checked (`bad_deck` names the problems)."""
    try:
        if isinstance(data, dict) and "lines" in data:
            return _pasted(form, data)
        return form.read(data)
    except ValueError as problems:
        raise decks.refusal(problems) from None


def _pasted(form: DeckFormat, data: dict[str, Any]) -> Deck:
    if set(data) != PASTED_KEYS:
        raise IllegalAction(BAD_DECK, "a pasted list is {\"language\", \"title\", \"lines\"}")
    lines, title, language = data["lines"], data["title"], data["language"]
    most = 2 * form.max_cards  # a pasted list may hold blank lines too
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines) \
            or len(lines) > most:
        raise IllegalAction(BAD_DECK, f"lines: a list of at most {most} strings")
    if not isinstance(title, str) or not isinstance(language, str):
        raise IllegalAction(BAD_DECK, "title and language are strings")
    return form.from_lines(language, title, lines)


async def create_deck(request: Request) -> Response:
    manager = request.app.state.manager
    await admit(request, "create")
    # Reading and checking the largest deck takes tens of milliseconds: on a thread, so the
    # event loop and every room go on meanwhile.
    form = _format()
    deck = await asyncio.to_thread(_read, form, await read_body(request, form.max_body))
    stored = await decks.keep(manager.store, deck, manager.clock.now_ms(), manager.settings,
                              request.client.host if request.client else "")
    return JSONResponse(decks.header(stored), status_code=201)


async def get_deck(request: Request) -> Response:
    manager = request.app.state.manager
    # Found or not, a read counts: codes cannot be tried faster than the limit allows.
    await limited(request, "deck_read")
    stored = await decks.find(manager.store, request.path_params["code"],
                              manager.clock.now_ms(), manager.settings)
    headers = {"Content-Disposition": f'attachment; filename="deck-{stored.code}.json"'} \
        if request.query_params.get("download") else None
    return JSONResponse(stored.to_json(), headers=headers)
