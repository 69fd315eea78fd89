"""A refusal in the reader's words, naming what it refused where the page knows it: the word
filter's refusal of one of several written names ("name 2 of 3" in the server's message) names
that name back to its writer, in English and French; a refusal with nothing to name keeps the
plain words."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .players import Player

SAY = """async ([error, action]) => {
  const { errorText } = await import('/static/errors.js');
  return errorText(error, action);
}"""


@pytest.mark.parametrize(("locale", "said"), [
    ("en-GB", "This room's word filter refused “Bad Name”"),
    ("fr-FR", "Le filtre de mots de ce salon a refusé « Bad Name »"),
])
def test_the_filters_refusal_names_the_written_name_caught(
        browser: Browser, server: str, locale: str, said: str) -> None:
    page = Player(browser, server, "Ana", locale=locale)
    page.goto("/")
    page.page.wait_for_selector("#create-name")
    names = {"type": "write", "names": ["Marie Curie", "Bad Name", "Ada Lovelace"]}
    refusal = {"code": "filtered_word", "message": "name 2 of 3 holds a word the filter refuses"}
    assert page.page.evaluate(SAY, [refusal, names]).startswith(said)
    rewrite = {"type": "rewrite", "card": 4, "name": "Bad Name"}
    assert page.page.evaluate(SAY, [{"code": "filtered_word", "message": ""}, rewrite]) \
        .startswith(said)
    plain = page.page.evaluate(SAY, [{"code": "filtered_word", "message": "x"}, None])
    assert "Bad Name" not in plain and plain
    page.close()
