"""Typed guesses, checked the way a fair table would judge a spoken one.

What a table hears as the same answer counts: case, accents, punctuation and spacing never
matter ("jeanpaul sartre", "O Neal"); parenthesised parts of a name are optional, each word on
its own ("Wolfgang Mozart" wins "(Wolfgang Amadeus) Mozart"); an article or a title the card
does not print may be added ("un parapluie", "Sir Isaac Newton"); "St" is "Saint"; a Roman
numeral may be said or typed as a number ("Louis 14", "Louis quatorze", "Henry the Eighth"); a
misspelling that sounds the same or is one slip in a long word is forgiven ("Ghandi",
"Schwarzeneger", "Micheal"). In word packs a word counts in the singular or the plural, each
word of a compound on its own ("pommes de terre", "snowmen"), and en-words takes British words
and spellings for its American ones ("lift", "colour").

What a table refuses stays refused: the rest of the name is required ("Nixon" does not win
"Richard Nixon"), words in order, and a different name or word never wins: short words and
names get no spelling slack ("Manet" is not "Monet", "moule" is not "poule"), numbers must be
equal ("Louis XVI" is not "Louis XIV").
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from functools import cache

import roman
from rapidfuzz.distance import OSA, Levenshtein

from tictac.games.times_up import lexicon

# Letters NFKD leaves whole: spelled out so "Œdipe" and "oedipe" are the same guess.
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
                            "ß": "ss"})
_GROUP = re.compile(r"\(([^()]*)\)")
# Beyond this many optional groups a name is not a name: keep the variants few.
_MAX_GROUPS = 4
# A guess word may stand for up to this many words of the card, and the other way round
# ("jeanpaul" for "Jean-Paul", "Mac Cartney" for "McCartney").
_MAX_JOIN = 3
_ROMAN = re.compile(r"[ivx]+")
_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th|e|er|re|eme)")
_ARTICLES = lexicon.ARTICLES["fr"] | lexicon.ARTICLES["en"]
_TITLES = lexicon.TITLES["fr"] | lexicon.TITLES["en"]


def words(text: str) -> list[str]:
    """The words of `text` with case, accents and punctuation gone."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", " ", bare).split()


def variants(name: str) -> list[str]:
    """Every spelling of `name` with each parenthesised group kept or dropped whole."""
    parts = _GROUP.split(name)
    fixed, optional = parts[0::2], parts[1::2]
    if not optional or len(optional) > _MAX_GROUPS:
        return [name.replace("(", " ").replace(")", " ")]
    found = []
    for keep in itertools.product((True, False), repeat=len(optional)):
        pieces = [fixed[0]]
        for kept, extra, after in zip(keep, optional, fixed[1:], strict=True):
            pieces += [f" {extra} " if kept else " ", after]
        found.append("".join(pieces))
    return found


def required_words(name: str) -> list[str]:
    """The words of `name` outside its parenthesised parts: a guess must say them."""
    return [word for part in _GROUP.split(name)[0::2] for word in words(part)]


@dataclass(frozen=True)
class Judge:
    """How guesses are heard: in which language, and whether the cards are plain words (whose
    plurals count) or names of people."""

    language: str = "fr"
    words_pack: bool = False


def matches(guess: str, name: str, judge: Judge = Judge()) -> bool:
    """Whether the typed `guess` wins the card `name`."""
    said = canonical(words(guess), judge)
    target: list[tuple[str, bool]] = []
    for index, part in enumerate(_GROUP.split(name)):
        target += [(word, index % 2 == 1) for word in words(part)]
    tokens = canonical([word for word, _ in target], judge)
    card = tuple((token, optional) for token, (_, optional) in zip(tokens, target, strict=True))
    if not said or not any(not optional for _, optional in card):
        return False
    return _aligns(tuple(said), card, judge)


def canonical(tokens: list[str], judge: Judge) -> list[str]:
    """One spelling for words that have several: "St" is "Saint", a British word is its
    American twin (en)."""
    out = [lexicon.SPELLINGS.get(token, token) for token in tokens]
    if judge.language == "en":
        out = [lexicon.BRITISH.get(token, token) for token in out]
    return out


def number(token: str) -> int | None:
    """The number a word of a name stands for, however it is written: "14", "XIV",
    "quatorze", "fourteenth", "14th", "1er", "Ier"; None for any other word."""
    if token.isdigit():
        return int(token)
    if token in lexicon.NUMBER_WORDS:
        return int(lexicon.NUMBER_WORDS[token])
    ordinal = _ORDINAL.fullmatch(token)
    if ordinal:
        return int(ordinal.group(1))
    if _ROMAN.fullmatch(token):
        try:
            return int(roman.fromRoman(token.upper()))
        except roman.InvalidRomanNumeralError:
            return None
    return None


def _aligns(said: tuple[str, ...], card: tuple[tuple[str, bool], ...], judge: Judge) -> bool:
    """Whether the guess's words cover the card's words in order: every required word said,
    optional ones said or not, extra articles and titles allowed, words joined or split."""
    extras = _ARTICLES if judge.words_pack else _TITLES | _ARTICLES

    @cache
    def walk(i: int, j: int) -> bool:
        if j == len(card):
            return all(word in lexicon.SUFFIXES for word in said[i:])
        if card[j][1] and walk(i, j + 1):
            return True
        if i < len(said) and said[i] in extras and walk(i + 1, j):
            return True
        if (not judge.words_pack and i < len(said) and _initial(said[i], *card[j])
                and walk(i + 1, j + 1)):
            return True
        for a in range(1, min(_MAX_JOIN, len(said) - i) + 1):
            chunk = "".join(said[i:i + a])
            for b in range(1, min(_MAX_JOIN, len(card) - j) + 1):
                whole = [token for token, _ in card[j:j + b]]
                # Words said one for one are judged one by one: no spelling slack is pooled
                # over several ("Robbie Williams" is not "Robin Williams"), and a number is
                # never run into a word ("Napoléon III" is not "Napoléon").
                joined = a > 1 or b > 1
                if joined and (a == b or _has_number([*said[i:i + a], *whole], judge)):
                    continue
                if _same_words(chunk, whole, judge) and walk(i + a, j + b):
                    return True
        return False

    return walk(0, 0)


def _has_number(tokens: list[str], judge: Judge) -> bool:
    return not judge.words_pack and any(number(token) is not None for token in tokens)


def _initial(said: str, printed: str, optional: bool) -> bool:
    """An initial for a whole word, or the whole word for an initial: "John F. Kennedy" and
    "John Fitzgerald Kennedy" both win "John (F.) Kennedy". An initial said for a word the card
    requires is not enough ("M. Curie" is not "Marie Curie")."""
    if number(said) is not None or number(printed) is not None:
        return False
    if len(printed) == 1:
        return said.startswith(printed)
    return optional and len(said) == 1 and printed.startswith(said)


def _same_words(said: str, printed: list[str], judge: Judge) -> bool:
    """Whether `said` (maybe several words run together) is heard as the card's `printed`
    words run together. A slip may not fall on the first letter of a card word ("Simone Weil"
    is not "Simone Veil")."""
    whole = "".join(printed)
    if not same_word(said, whole, judge):
        return False
    if len(printed) == 1 or said == whole:
        return True
    starts, at = set(), 0
    for word in printed:
        starts.add(at)
        at += len(word)
    return not any(op.tag in ("replace", "insert") and op.dest_pos in starts
                   for op in Levenshtein.editops(said, whole))


def same_word(said: str, printed: str, judge: Judge) -> bool:
    """Whether a table hears the word `said` as the card's word `printed`."""
    if said == printed:
        return True
    if not judge.words_pack and (number(said) is not None or number(printed) is not None):
        return number(said) == number(printed)  # never near enough: "XVI" is not "XIV"
    if any(c.isdigit() for c in said + printed):
        return False
    if judge.words_pack:
        plurals = lexicon.PLURALS[judge.language]
        if said in plurals(printed) or printed in plurals(said):
            return True
    if not judge.words_pack and said in _TITLES and printed in _TITLES:
        return True  # "Lady Diana" for "Princess Diana": a title for another
    stray_s = said == printed + "s" or printed == said + "s"
    if not judge.words_pack and len(printed) >= 4 and stray_s:
        return True  # a stray or missing final s: "Serena William", "Tiger Wood"
    heard, meant = sound(said), sound(printed)
    if not judge.words_pack:
        heard, meant = _name_sound(heard), _name_sound(meant)
    if len(printed) >= (4 if judge.words_pack else 3) and heard == meant:
        return True
    if heard[:1] != meant[:1]:
        return False
    if not judge.words_pack and len(printed) >= 4 and _vowel_slip(heard, meant):
        return True
    slips = OSA.distance(heard, meant)
    # A slip is forgiven in long words only: short words and names have near neighbours
    # ("Monet", "Manet"; "moule", "poule").
    if judge.words_pack:
        return len(meant) >= 9 and slips <= 1
    return len(meant) >= 6 and slips <= (2 if len(meant) >= 11 else 1)


def _vowel_slip(heard: str, meant: str) -> bool:
    """One vowel too many or too few, past the first letter: "Dali Lama", "Van Gough". A
    changed vowel is another name ("Manet", "Monet"), so it does not count."""
    ops = list(Levenshtein.editops(heard, meant))
    if len(ops) != 1 or ops[0].tag == "replace":
        return False
    op = ops[0]
    letter = meant[op.dest_pos] if op.tag == "insert" else heard[op.src_pos]
    return letter in "aeiou" and min(op.src_pos, op.dest_pos) > 0


@cache
def sound(word: str) -> str:
    """A rough key of how `word` sounds, kinder to names than its spelling: "ph" is "f",
    "k" and "q" are "c", "y" is "i", a silent "h" goes, a "z" inside a word is an "s",
    and doubled letters count once ("Gandhi" = "Ghandi", "Tchaikovsky" = "Tchaïkovski")."""
    key = re.sub(r"(?<![csp])h", "", word)
    key = key.replace("ph", "f").replace("ck", "c").replace("k", "c").replace("q", "c")
    key = key.replace("y", "i")
    key = key[:1] + key[1:].replace("z", "s")
    return re.sub(r"(.)\1+", r"\1", key)


def _name_sound(key: str) -> str:
    """In names a final "ie" sounds as "y" ("Freddie", "Freddy")."""
    return key[:-1] if key.endswith("ie") else key
