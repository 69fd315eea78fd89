"""What players see of one another's words, names and chat lines alike: every character shows.

The text gate (server/text.py) has already refused controls, bidirectional marks and the like.
Here a name or a chat line is also refused for holding
- a default-ignorable code point (Unicode's Default_Ignorable_Code_Point: variation selectors,
  zero-width spaces and joiners, word joiners, the Hangul fillers U+115F, U+1160, U+3164 and
  U+FFA0, tags, ...), which draws as nothing: "Alice" + U+FE0F is drawn exactly like "Alice".
  An emoji keeps what makes it one: a variation selector or a zero-width joiner right after a
  pictograph (or its skin tone), as in "❤️" and "👩‍🚀";
- a blank-looking character other than the plain space: a no-break or other Unicode space
  (category Zs) or the Braille blank U+2800,
and a line with nothing but plain spaces is blank: refused too.
"""

from __future__ import annotations

import unicodedata

import icu

_IGNORABLE = icu.UnicodeSet("[:Default_Ignorable_Code_Point:]")
_PICTOGRAPH = icu.UnicodeSet("[[:Extended_Pictographic:][:Emoji_Modifier:]]")
_EMOJI_GLUE = ("\u200d", "\ufe0e", "\ufe0f")  # the joiner and the text/emoji selectors
_BLANK = "\u2800"


def _glues_emoji(text: str, index: int) -> bool:
    """Whether the character at `index` is a joiner or selector that belongs to an emoji."""
    if text[index] not in _EMOJI_GLUE or index == 0:
        return False
    before = text[index - 1]
    return _PICTOGRAPH.contains(before) or (text[index] == "\u200d" and before == "\ufe0f"
                                            and _glues_emoji(text, index - 1))


def unseen(text: str) -> str | None:
    """The first character of `text` that would not show, named for an answer, or None."""
    for index, char in enumerate(text):
        if _IGNORABLE.contains(char) and not _glues_emoji(text, index):
            return f"the invisible character U+{ord(char):04X}"
        if (char != " " and unicodedata.category(char) == "Zs") or char == _BLANK:
            return f"the blank-looking character U+{ord(char):04X}"
    return None


def blank(text: str) -> bool:
    return not text.strip(" ")
