"""Typed guesses, checked the way a fair table would judge a spoken one (docs/rulings.md,
"Typed guesses").

What a table hears as the same answer counts: case, accents, punctuation and spacing never
matter ("jeanpaul sartre", "O Neal"); parenthesised parts of a name are optional, each word on
its own ("Wolfgang Mozart" wins "(Wolfgang Amadeus) Mozart"); an article or a title the card
does not print may be said before the name ("un parapluie", "Sir Isaac Newton"); "St" is
"Saint"; a Roman numeral may be said or typed as a number ("Louis 14", "Henry the Eighth"), and
a ruler the card names without one may be given the first ("Napoléon Ier"). People's names
also win in their other forms: a usual diminutive for the formal first name the card prints
("Mike Jordan"), another transliteration or the name in another language ("Putin",
"Julius Caesar"), one article or particle for another ("Billy le Kid", "Ludwig von
Beethoven"), a spelling that sounds the same ("Ghandi", "Choumacher", "Nitche"), and a slip
that the name's length forgives ("Dr. Suess", "Micheal", "Schwarzeneger"), and the full name
with a description before or after it ("Victor Hugo le poète", "Henry VIII of England":
descriptions.py). In word packs a word
counts in the singular or the plural, each word of a compound on its own ("pommes de terre",
"snowmen"), British spellings for American ones ("colour"), the everyday short word of a long
one ("ciné", "mic"), and a dropped, doubled or swapped letter ("dictonary", "chausette",
"restaraunt").

What a table refuses stays refused: the rest of the name is required ("Nixon" does not win
"Richard Nixon"), words in order, and a different name or word never wins: a synonym or a
regional word ("couch" for "sofa", "lift" for "elevator"), a guess that is itself another word
of the language ("poison" for "poisson", "loin" for "lion", "broccolini", "lamp" at a French
table), a town ("Darwen"), another first name ("Simon Veil"; "Laura Croft" for Lara, said
otherwise; "Angela" for Angèle), a woman of the family ("Zelenska"), the card's name with an
initial more or a name or a "Sr." after it ("Michael B. Jordan"), another known person's
surname for the card's ("Grace Killy"), short words and names changed by a letter ("Manet" is
not "Monet", "moule" is not "poule"), another number ("Louis XVI" is not "Louis XIV").
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

import roman
from rapidfuzz.distance import Levenshtein

from tictac.games.times_up import descriptions, lexicon
from tictac.games.times_up.lexicon import words
from tictac.games.times_up.spoken import spoken, spoken_name

if TYPE_CHECKING:
    from tictac.games.times_up.packs import Name

__all__ = ["Judge", "canonical", "matches", "number", "same_word", "sound", "variants", "words"]

_GROUP = re.compile(r"\(([^()]*)\)")
# Beyond this many optional groups a name is not a name: keep the variants few.
_MAX_GROUPS = 4
# A guess word may stand for up to this many words of the card, and the other way round
# ("jeanpaul" for "Jean-Paul", "Mac Cartney" for "McCartney").
_MAX_JOIN = 3
_ROMAN = re.compile(r"[ivx]+")
_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th|e|er|re|eme)")
# A word this short with one letter changed is likelier another word than a slip: the
# dictionaries' rarest words count (a longer word's rare neighbours are words nobody means).
_SHORT_WORD = 6
_ARTICLES = lexicon.ARTICLES["fr"] | lexicon.ARTICLES["en"]
_TITLES = lexicon.TITLES["fr"] | lexicon.TITLES["en"]
_SAINTS = frozenset({"saint", "sainte"})
_LEADING = _ARTICLES | lexicon.NAME_ARTICLES | lexicon.PARTICLES
_NO_NAME_WORD = _LEADING | _TITLES  # words of a card's name a guess may change or leave out


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
    # Words of the guess typed with accents that, so written, make no word of the language
    # ("musé", "Servantès"): never taken for the word without them ("muse", "servantes").
    # Set by `matches` for one guess, never for a judge whose results are cached.
    unlike_words: frozenset[str] = frozenset()


def matches(guess: str, name: str, judge: Judge = Judge()) -> bool:
    """Whether the typed `guess` wins the card `name`. The checks, in order:

    1. the guess is, word for word, the card's name or a form the card accepts (the bundled
       packs list them per card: "Leo Messi"), or one cut after the card's name: won, unless
       it is one word typed without the accents of the accepted form, and so a word or place
       of the language ("Galilee");
    2. the guess names one of the card's known confusions ("Mick Schumacher"; a person's, in
       either language's pack), or is, word for
       word, the name of another card of the bundled packs: refused;
    3. the general rules below, on the card's name, its other names (lexicon.EXONYMS) and the
       forms the card accepts;
    4. for a person, the guess is the card's whole name, won by the checks above, with a
       description before or after it ("Victor Hugo le poète"): won (_described).

    An ampersand is read as the word it stands for (_ampersand_read)."""
    guess = _ampersand_read(guess, name, judge)
    return _wins(guess, name, judge) or (
        not judge.words_pack and _described(tuple(words(guess)), name, judge))


def _ampersand_read(guess: str, name: str, judge: Judge) -> str:
    """The guess with its "&" written as the "and" it stands for, in the language the card
    says it ("Christine & the Queens" for "Christine and the Queens" at a French table; "Tom &
    Jerry" for "Tom et Jerry"), else the table's: punctuation is dropped, but "&" is a word."""
    if "&" not in guess:
        return guess
    said = next((word for word in words(name) if word in lexicon.AND_WORDS),
                lexicon.AND[judge.language])
    return guess.replace("&", f" {said} ")


def _wins(guess: str, name: str, judge: Judge) -> bool:
    """The first three checks of `matches`."""
    said = tuple(canonical(words(guess), judge))
    if not said or (judge.words_pack and (_accented_word(guess, name, judge.language)
                                          or _participle(guess, name, judge.language)
                                          or _french_word(guess, name, judge))):
        return False
    if not judge.words_pack and (_derived_surname(guess, name, judge.language)
                                 or _a_thing_of(said, name)):
        return False
    known = _knowledge(name, judge)
    own = (name, *known.accepts, *_ending_with(name, known.accepts),
           *_without_article(known.accepts),
           *_with_first_names_given(name, known.accepts)) if known else (name,)
    for form in own:
        if "".join(said) in _spellings(form, judge):
            return form == name or not _plain_word(guess, form, judge)
    if not judge.words_pack and _sibling_first_name(said, name, judge):
        return False
    if (known and not _initialled(said)
            and any(_nearer(said, other, own, judge) for other in known.refuses)):
        return False
    if _another_card(said, own, judge):
        return False
    if not judge.words_pack and _namesakes_surname(said, own, judge):
        return False
    exonyms = () if judge.words_pack else lexicon.EXONYMS.get(" ".join(words(name)), ())
    return _matches_names(said, (*own, *exonyms), replace(
        judge, unlike_words=_unlike_words(guess, judge.language)))


# The indefinite articles: before a person's name they make a thing of theirs or named after
# them, one of many ("un Picasso" is a painting, "un chateaubriand" a steak, "a Rembrandt").
_INDEFINITE = frozenset({"un", "une", "a", "an"})


def _a_thing_of(said: tuple[str, ...], name: str) -> bool:
    """Whether the guess opens on an indefinite article before a person's name: a thing of
    theirs, not the person. Not a word of the card's name ("An Wang"), nor a letter that is
    the initial of one ("A Lincoln" for Abraham Lincoln)."""
    first, printed = said[0], words(name)
    return (len(said) > 1 and first in _INDEFINITE and first not in printed
            and not (len(first) == 1 and any(word.startswith(first) for word in printed)))


def _described(tokens: tuple[str, ...], name: str, judge: Judge) -> bool:
    """Whether the guess is the card's name with a description around it (the fourth check of
    `matches`; descriptions.py says, in order, what reads as one): "le chef Paul Bocuse",
    "Freddie Mercury chanteur de Queen", "Drake the explorer". The name said must win the card
    on its own, as one run of words; the whole guess must be no known confusion and no other
    card of the packs ("Martin Luther King" is not Martin Luther described); words around it
    that are forms the card accepts ("le Tigre Clemenceau") describe it whatever they are."""
    known = _knowledge(name, judge)
    forms = (name, *known.accepts) if known else (name,)
    epithets = (frozenset(key for form in (*known.accepts, *_without_article(known.accepts))
                          for key in _spellings(form, judge)) if known else frozenset())
    whole = " ".join(words(name))
    without_surname = _without_surname(name)
    # The name said may hold a middle name or a title more than the longest form the card knows.
    longest = max(len(words(form)) for form in forms) + 2
    for before, core, after in descriptions.readings(tokens, longest):
        parts = [part for part in (before, after) if part]
        accepted = all("".join(canonical(list(part), judge)) in epithets for part in parts)
        # An article or a particle that opens the name said is beside the words before it:
        # "serment d'Hippocrate" is the oath, "ruban de Möbius" the strip.
        lead = len(core) - len(tuple(itertools.dropwhile(_LEADING.__contains__, core)))
        around = ((*before, *core[:lead]) if before else (), after)
        one_word = len(core) - lead == 1
        # The words are read first, the name judged only where they may describe it: the name
        # said whole is the most a description asks of it.
        if not (accepted or _describe(around, True, one_word, without_surname)):
            continue
        said = " ".join(core)
        if _wins(said, name, judge) and (
                accepted or _says_all_of(said, name, whole, judge)
                or _describe(around, False, one_word, without_surname)):
            return not _another_name(tokens, forms, known, judge)
    return False


def _describe(around: tuple[tuple[str, ...], tuple[str, ...]], complete: bool, one_word: bool,
              without_surname: bool) -> bool:
    """Whether the words before and after a name describe its bearer (descriptions.py), the
    name said `complete` (every word its card prints) and of `one_word`."""
    before, after = around
    return (descriptions.describes_before(before, complete, one_word)
            and descriptions.describes_after(after, complete, without_surname, number))


def _another_name(tokens: tuple[str, ...], forms: tuple[str, ...], known: Name | None,
                  judge: Judge) -> bool:
    """Whether the whole guess is a known confusion of the card or another card of the packs:
    then the name in it is part of that other name ("Martin Luther King")."""
    said = tuple(canonical(list(tokens), judge))
    return _another_card(said, forms, judge) or (known is not None and any(
        _matches_names(said, (other,), judge) for other in known.refuses))


def _says_all_of(said: str, name: str, whole: str, judge: Judge) -> bool:
    """Whether `said`, which wins the card `name`, says every word it prints, the optional
    ones too: "Victor Hugo" for "(Victor) Hugo", not "Hugo"."""
    return not _GROUP.search(name) or _wins(said, whole, judge)


def _without_surname(name: str) -> bool:
    """Whether the card names someone known without a surname, whom a place tells apart: one
    word in all to say ("Archimède"), a ruler's number ("Henry VIII") or a title ("Princess
    Diana")."""
    required = required_words(name)
    return (len(required) == 1 or required[0] in _TITLES
            or any(number(word) is not None for word in required[1:]))


def _initialled(said: tuple[str, ...]) -> bool:
    """Whether the guess gives a name word as an initial ("R. Atkinson"): a table reads it as
    the card's person even where a known confusion shares the initial (Ron Atkinson), for the
    card is the one in play; an initial that fits only the other ("P. Curie") wins nothing."""
    return any(len(word) == 1 and word.isalpha() for word in said[:-1])


def _ending_with(name: str, accepts: tuple[str, ...]) -> list[str]:
    """The accepted forms that say the card's name and go on after it, cut after the name: the
    words after a name that is whole without them are a designation a table leaves out ("Jacques
    Casanova" for "Casanova", which accepts "Jacques Casanova de Seingalt")."""
    printed = required_words(name)
    cut = []
    for form in accepts:
        said = words(form)
        ends = [i + len(printed) for i in range(1, len(said) - len(printed))
                if said[i:i + len(printed)] == printed]
        cut += [" ".join(said[:end]) for end in ends]
    return cut


def _with_first_names_given(name: str, accepts: tuple[str, ...]) -> list[str]:
    """The card's name with its first name replaced by the one a form the card accepts, a
    first name and a surname too, gives the person: her own first name, in the language she
    was born to ("Maria Curie", whose card accepts "Maria Sklodowska"). Not the first of
    several first names ("William Pitt" is not Brad Pitt, though his card accepts "William
    Bradley Pitt"). Only where the card prints a first name and a surname, nothing optional."""
    printed = words(name)
    if "(" in name or len(printed) != 2 or not lexicon.is_first_name(printed[0]):
        return []
    given = {said[0] for said in map(words, accepts) if len(said) == 2}
    return [" ".join((first, *printed[1:])) for first in sorted(given)
            if first != printed[0] and lexicon.is_first_name(first)]


def _sibling_first_name(said: tuple[str, ...], name: str, judge: Judge) -> bool:
    """Whether the guess puts another short form of the card's first name in its place: "Mike
    Jagger" is not Mick Jagger, though the card accepts his formal name, "Michael Jagger", and
    "Mike" is short for Michael too (lexicon.sibling_forms). The first word only, before a
    surname: a surname can be a first name too ("Carey", "Shelley")."""
    printed = canonical(words(name), judge)
    return (len(said) > 1 and len(printed) > 1
            and lexicon.sibling_forms(said[0], printed[0])
            and not lexicon.at_home(said[0], printed[0], judge.language))


def _without_article(accepts: tuple[str, ...]) -> list[str]:
    """The accepted epithets that open on an article, without it: a table says "Iron Lady" as
    it says "the Iron Lady", "Fou chantant" as "le Fou chantant". Not an epithet of one word
    after its article ("the King", "le Tigre"): alone, that word is a common noun."""
    said = [words(form) for form in accepts]
    return [" ".join(each[1:]) for each in said
            if len(each) > 2 and each[0] in lexicon.NAME_ARTICLES]


def _unlike_words(guess: str, language: str) -> frozenset[str]:
    """The words of the guess typed with accents that make no word of the language as written,
    in the compared form: a player who types "musé" or "Servantès" means no "muse" or
    "servantes", but the card's word spelt as it sounds. A word met mostly in the plural is a
    word in the singular too, however rare the list finds it: "rêne" (Zipf 1.8, "rênes" 3.4)."""
    return frozenset(" ".join(words(typed))
                     for typed in unicodedata.normalize("NFC", guess.casefold()).split()
                     if not typed.isascii() and typed.isalpha()
                     and not {typed, typed + "s"} & lexicon.rare_accented_words(language))


def _plain_word(guess: str, form: str, judge: Judge) -> bool:
    """Whether the one-word guess is an accepted form written with accents, typed without
    them, that so typed is a word or a place of the table's language: at an English table,
    "Galilee" is the region, not "Galilée" (Galileo's French name) typed plainly."""
    typed = words(guess)
    return (len(typed) == 1 and guess.isascii() and not form.isascii()
            and typed[0] in lexicon.common_words(judge.language)
            and not lexicon.is_first_name(typed[0]))


def _french_word(guess: str, name: str, judge: Judge) -> bool:
    """Whether, at an English table, a word of the guess typed with accents is a French word as
    written, other than the card's: "zèbre" is the French word, not "zebra" misspelt. English
    writes few words with accents, but its lists hold the French words it borrows ("café",
    "à"), so a French table is not judged the other way round."""
    printed = set(words(name))
    return judge.language == "en" and any(
        not typed.isascii() and typed in lexicon.accented_words("fr")
        and " ".join(words(typed)) not in printed
        for typed in unicodedata.normalize("NFC", guess.casefold()).split())


def _accented_word(guess: str, name: str, language: str) -> bool:
    """Whether the guess is the card's word with other accents that make another word of the
    language: "orangé" (the colour's adjective) is not "orange", though "pastéque" is
    "pastèque" and "etoile" "étoile"."""
    typed = unicodedata.normalize("NFC", guess.casefold()).split()
    printed = unicodedata.normalize("NFC", name.casefold()).split()
    return (words(guess) == words(name) and len(typed) == len(printed)
            and any(said != word and said in lexicon.accented_words(language)
                    and not _accent_left_out(said, word, language)
                    for said, word in zip(typed, printed, strict=True)))


# A spelling this much rarer than the card's word (in Zipf: ten times) is a misspelling of it.
_MISSPELT_ZIPF = 1.0


def _accent_left_out(said: str, printed: str, language: str) -> bool:
    """Whether `said` is the printed word with accents left out, none added or changed, and ten
    times rarer: "théatre" for "théâtre" is the word misspelt, as "theatre" is, though the
    lists hold it; "pâte" for "pâté", "côte" for "côté" are words of their own."""
    frequency = lexicon.accented_frequencies(language)
    return (len(said) == len(printed)
            and all(a == b or a == _base_letter(b) for a, b in zip(said, printed, strict=True))
            and frequency[said] + _MISSPELT_ZIPF <= frequency.get(printed, 0.0))


def _base_letter(letter: str) -> str:
    return unicodedata.normalize("NFD", letter)[0]


# What French adds to a noun's stem to make an adjective or a participle ("zébré",
# "abricotée"), or a verb ("pantoufler", "pirater": no table forgives an "r" typed after the
# card's word).
_DERIVED_ENDINGS = ("ées", "ée", "és", "é", "er")


def _derived_surname(guess: str, name: str, language: str) -> bool:
    """Whether, at a French table, the guess is one word, the card's last word with an accented
    ending of _DERIVED_ENDINGS, where that word is a French word: it derives as the word does
    ("braillé" for Louis Braille, from "brailler"). Not "er", which makes a name as often
    ("Walter" for Walt), nor a name that is no word ("Ché" for Che Guevara)."""
    surname = " ".join(_GROUP.split(name)[0::2]).split()[-1:]
    return (len(words(guess)) == 1 and not words(guess)[0].endswith("er") and surname != []
            and len(words(surname[0])) == 1
            and words(surname[0])[0] in lexicon.dictionary_words(language)
            and _participle(guess, surname[0], language))


def _participle(guess: str, name: str, language: str) -> bool:
    """Whether, at a French table, the guess is the card's word with one of _DERIVED_ENDINGS,
    typed with its accent, after the word or after its stem (the word without its final "e"):
    an adjective, a participle or a verb of its own. Letters added so make one even where no
    list holds it ("abricoté" for "abricot", "lampée" for "lampe", "pantoufler" for
    "pantoufle"): a player typing the card's word does not type an ending it lacks. A final
    "e" made an "é", no letter added, is that only where it makes a word as common as Zipf
    1.5 ("médusé" for "méduse", "zébré" for "zèbre"): elsewhere it is an accent typed too
    many ("vasé"). Not where the card's word itself ends so ("fusée": "fusées" is its
    plural)."""
    typed = unicodedata.normalize("NFC", guess.casefold()).split()
    printed = unicodedata.normalize("NFC", name.casefold()).split()
    if language != "fr" or len(typed) != len(printed):
        return False
    derived = False
    for said, word in zip(typed, printed, strict=True):
        ending = next((each for each in _DERIVED_ENDINGS if said.endswith(each)), "")
        stem, card_word = words(said.removesuffix(ending)), words(word)
        if (ending and not word.endswith(("é", "ée")) and len(stem) == len(card_word) == 1
                and stem[0] in (card_word[0], card_word[0].removesuffix("e"))):
            if ending == "é" and stem[0] + "e" == card_word[0]:
                derived = derived or said in lexicon.final_e_acute_words(language)
            else:
                derived = True
        elif words(said) != card_word:
            return False
    return derived


def _matches_names(said: tuple[str, ...], names: tuple[str, ...], judge: Judge) -> bool:
    return any(_matches_name(said, each, judge) for each in names)


def _nearer(said: tuple[str, ...], other: str, own: tuple[str, ...], judge: Judge) -> bool:
    """Whether the guess wins the known confusion `other` and is nearer it (in letters, then in
    sound) than the card's own forms: "Mick Shumacher" is Michael's son misspelt, "Moris" is still
    Morris, not Maurice. As near both, it is the card in play's: "Pelai" is Pelé, though
    Mount Pelée is as near."""
    if not _matches_names(said, (other,), judge):
        return False
    typed = "".join(said)

    def heard(spelling: str) -> str:
        return (_word_sound(spelling, judge.language) if judge.words_pack
                else _name_sounds(spelling)[0])

    def distance(name: str) -> tuple[int, int]:
        # Letters first; as many letters from both, the nearer sound decides: "Paul McCartny"
        # sounds as McCartney, not as the refused McCarthy.
        return min((Levenshtein.distance(typed, spelling),
                    Levenshtein.distance(heard(typed), heard(spelling)))
                   for spelling in _spellings(name, judge))

    return distance(other) < min(distance(form) for form in own)


def _knowledge(name: str, judge: Judge) -> Name | None:
    """What the bundled packs know of the card `name`: the forms a table accepts and refuses."""
    return _pack_knowledge(" ".join(words(name)), judge.language, judge.words_pack)


@cache
def _pack_knowledge(key: str, language: str, words_pack: bool) -> Name | None:
    """The packs' knowledge of the card whose compared name is `key`. A person's known
    confusions are the person's, whatever the table's language: the card of the same name in
    the other language's pack adds its own ("Julie Roberts", refused by Julia Roberts' English
    card, is refused at a French table too). Not the forms accepted, which may be one
    language's ("Président Mao" is refused, "Chairman Mao" too, but "Empress Wu" is English)."""
    from tictac.games.times_up.packs import known_forms  # the packs module imports this one

    if words_pack:
        return known_forms(language, "words").get(key)
    found = known_forms(language, "personalities").get(key)
    other = known_forms("en" if language == "fr" else "fr", "personalities").get(key)
    if found is None or other is None:
        return found
    # Not one that only leaves out words the card itself makes optional: "Pierre Renoir", which
    # the English card of "(Pierre Auguste) Renoir" refuses, is what the French one prints.
    printed = set(words(found.name))
    return replace(found, refuses=(*found.refuses, *(
        each for each in other.refuses
        if each not in found.refuses and not set(words(each)) <= printed)))


@cache
def _spellings(name: str, judge: Judge) -> frozenset[str]:
    """The name's words run together, in the compared form, optional parts kept or dropped."""
    return frozenset("".join(canonical(words(variant), judge)) for variant in variants(name))


@cache
def _card_keys(judge: Judge) -> dict[str, frozenset[str]]:
    """Every person of the bundled packs in the judge's language, by the spellings of the name
    and of the forms their card accepts ("Leo Messi")."""
    from tictac.games.times_up.packs import known_forms

    found: dict[str, set[str]] = {}
    for known in known_forms(judge.language, "personalities").values():
        for form in (known.name, *known.accepts):
            for key in _spellings(form, judge):
                found.setdefault(key, set()).add(known.name)
    return {key: frozenset(names) for key, names in found.items()}


def _another_card(said: tuple[str, ...], own: tuple[str, ...], judge: Judge) -> bool:
    """Whether the guess is, word for word, the name of another person of the bundled packs or
    a form their card accepts: "Leo Messi" is Lionel, not a written card's "Leon Messi",
    though Leo is short for Leon (a word is refused by the word rules: "poison" is not
    "poisson"). A written card that is itself a form of a pack's person ("Henry VIII" in French,
    where the pack's card is "Henri VIII") is that person, not another."""
    keys = _card_keys(judge)
    others = keys.get("".join(said), frozenset()) - set(own)
    if not others or judge.words_pack:
        return False
    for form in own:
        for key in _spellings(form, judge):
            others -= keys.get(key, frozenset())
    return bool(others)


def _namesakes_surname(said: tuple[str, ...], own: tuple[str, ...], judge: Judge) -> bool:
    """Whether the guess is the card's name with its surname replaced by another person's, one
    the bundled packs name or list as a confusion (_pack_surnames), that is not heard as the
    card's: "Édouard Monet" is no Manet misspelt but Claude Monet's surname, "Grace Killy"
    Jean-Claude Killy's. Every word before the surname must be a word of the card's forms;
    a final s more or less ("Serena William") and a spelling heard alike ("Claude Monnet")
    stay the card's surname misspelt."""
    if len(said) < 2:
        return False
    mine = {word for form in own for word in canonical(words(form), judge)}
    surname, printed = said[-1], canonical(required_words(own[0]), judge)[-1:]
    return (surname not in mine and set(said[:-1]) <= mine and number(surname) is None
            and surname in _pack_surnames(judge)
            and not any(_name_heard_as(surname, each)
                        or surname.removesuffix("s") == each.removesuffix("s")
                        for each in printed))


@cache
def _pack_surnames(judge: Judge) -> frozenset[str]:
    """The last required word of every name of two words or more that the bundled packs print
    or list as a known confusion, in the judge's language: the surnames of people a table
    knows ("monet", "killy", "williams")."""
    from tictac.games.times_up.packs import known_forms  # the packs module imports this one

    found = set()
    for known in known_forms(judge.language, "personalities").values():
        for form in (known.name, *known.refuses):
            required = canonical(required_words(form), judge)
            if len(words(form)) >= 2 and required:
                found.add(required[-1])
    return frozenset(found)


def _matches_name(said: tuple[str, ...], name: str, judge: Judge) -> bool:
    target: list[tuple[str, bool]] = []
    for index, part in enumerate(_GROUP.split(name)):
        target += [(word, index % 2 == 1) for word in words(part)]
    tokens = canonical([word for word, _ in target], judge)
    card = tuple((token, optional) for token, (_, optional) in zip(tokens, target, strict=True))
    if all(optional for _, optional in card):
        return False
    if not judge.words_pack and (_letter_read_as_number(said, card)
                                 or _another_name_alone(said, card, judge)
                                 or _a_saint(said, card)
                                 or _half_a_compound(said, name, judge)):
        return False
    return _aligns(said, card, judge)


def _a_saint(said: tuple[str, ...], card: tuple[tuple[str, bool], ...]) -> bool:
    """Whether the guess puts "saint" or "sainte" before a name that is a first name alone and
    no saint's on the card: every first name is a saint's, so "saint Christophe" is the saint,
    not the singer Christophe, as "Saint Pierre" is not the Abbé Pierre."""
    required = [token for token, optional in card if not optional]
    return (len(required) == 1 and lexicon.is_first_name(required[0])
            and not any(token in _SAINTS for token, _ in card)
            and any(word in _SAINTS for word in said))


def _half_a_compound(said: tuple[str, ...], name: str, judge: Judge) -> bool:
    """Whether the guess says one half of a compound first name the card puts in parentheses
    and not the other: "Paul Marat" for "(Jean-Paul) Marat", "Jean Sempé" for "(Jean-Jacques)
    Sempé". The parenthesised words may be left out each on its own ("Wolfgang Mozart"), but a
    hyphenated name is one name: said, it is said whole ("Jean Paul Marat", "JP Marat"), and
    half of it is an incomplete name, or another person's (a pack lists the half a table
    accepts: "Jacques Cousteau")."""
    for group in _GROUP.split(name)[1::2]:
        for compound in group.split():
            parts = canonical(words(compound), judge)
            if len(parts) > 1 and "".join(parts) not in said:
                present = [part in said for part in parts]
                if any(present) and not all(present):
                    return True
    return False


def _letter_read_as_number(said: tuple[str, ...], card: tuple[tuple[str, bool], ...]) -> bool:
    """Whether the guess says a number for a letter of the card that is a name, not a numeral:
    "Malcolm Ten" for Malcolm X. A one-letter numeral counts as one only after the name of a
    numbered ruler ("Charles X", "Elizabeth I")."""
    letters = [index for index, (token, _) in enumerate(card)
               if len(token) == 1 and number(token) is not None
               and (index == 0 or card[index - 1][0] not in lexicon.REGNAL_NAMES)]
    return bool(letters) and any(len(word) > 1 and number(word) is not None for word in said)


def _another_name_alone(said: tuple[str, ...], card: tuple[tuple[str, bool], ...],
                        judge: Judge) -> bool:
    """Whether a one-word guess at a name with one required word is another title, or a first
    name or a word that begins otherwise, rather than the name misspelt: "Princess" is not
    Prince, "Suzanne" not Cézanne, "Cant" not Kant, "Osman" not Haussmann; and, for a card of
    one word in all, a first name that is no form of it, whatever its first letter ("Angela" is
    not Angèle). Alone, a word has no rest of the name to show who is meant."""
    required = [token for token, optional in card if not optional]
    articled = len(said) > 1 and said[0] in _ARTICLES
    while len(said) > 1 and said[0] in _ARTICLES:  # "the Princess" is still one word
        said = said[1:]
    if len(said) != 1 or len(required) != 1 or said[0] == required[0]:
        return False
    word, printed = said[0], required[0]
    if word in _TITLES or _only_a_place(word, printed, judge):
        return True
    if (word == printed + "s" and _written_word(word, judge.language)
            and printed not in lexicon.dictionary_words(judge.language, rare=True)):
        return True  # a word of its own, not the name's plural: "cabus" (a cabbage) for Cabu
    if word not in judge.unlike_words and _common_word_alone(word, printed, articled, judge):
        return True
    if ((len(card) == 1 or not _name_slip(word, printed)) and lexicon.is_first_name(word)
            and word not in lexicon.first_name_forms(printed)):
        return True
    return word[:1] != printed[:1] and word not in judge.unlike_words and _a_word(
        word, judge.language)


def _common_word_alone(word: str, printed: str, articled: bool, judge: Judge) -> bool:
    """Whether `word`, said alone for the name word `printed`, is another word: a common word
    of French's or English's dictionary, unless the table hears it as the name and it is a
    word of the other language than the table's, which a player may write for the sound
    ("Marks" for Marx at a French table). A word of the table's own language is meant, however
    it sounds: "musée" for Musset, "alizé" for Alizée, "sad" for Sade. Not a first name; not
    "y" typed for "i" or "i" for "y", one sound spelt two ways ("Psi" for PSY); nor the name's
    own plural without an article, a stray final s ("Racines"), where with one it is the
    common noun ("les Lumières", the century)."""
    if (lexicon.is_first_name(word) or word.replace("y", "i") == printed.replace("y", "i")
            or (word == printed + "s" and not articled)):
        return False
    other = "en" if judge.language == "fr" else "fr"
    if _common_dictionary_word(word, judge.language) and not _common_dictionary_word(word, other):
        return True
    return _common_dictionary_word(word, other) and not _name_heard_as(word, printed)


def _common_dictionary_word(word: str, language: str) -> bool:
    """Whether `word` is a common word of `language` (its frequency list's, Zipf 2.5) that the
    language's dictionary holds, inflected or not ("marks")."""
    in_dictionary = _english_word(word) if language == "en" else (
        word in lexicon.dictionary_words(language))
    return in_dictionary and word in lexicon.common_words(language)


def _name_slip(said: str, printed: str) -> bool:
    """Whether the name word `said` is heard as `printed`, or is it with a vowel typed for
    another inside a long word ("Anderson" for Andersen) or a final s more or less ("William"
    for Williams): a slip, not another name."""
    return (_name_heard_as(said, printed)
            or (max(len(said), len(printed)) >= 5 and _vowel_changed(said, printed))
            or (min(len(said), len(printed)) >= 4 and said.removesuffix("s")
                == printed.removesuffix("s")))


def _only_a_place(word: str, printed: str, judge: Judge) -> bool:
    """Whether `word` is heard otherwise than the card's word and is a town or a country that
    people write of (as common as Zipf 2 in either word list), though rarely enough to be no
    common word or name (Zipf 2.5): "Darwen" (a town of Lancashire) is not Darwin. "Anderson"
    is a name before it is a town, "Stendal" is heard as Stendhal, and a town nobody writes of
    is no more than a slip ("Barara" for Barbara)."""
    return (word in lexicon.places() and not _known(word)
            and any(lexicon.rare_word(word, each) for each in ("fr", "en"))
            and not _heard_alike(word, printed, judge) and not _name_heard_as(word, printed))


def canonical(tokens: list[str], judge: Judge) -> list[str]:
    """One spelling for words that have several: "St" is "Saint", a British spelling is the
    American one (en), a transliterated name word, or one that sounds as it, is its first
    spelling (names)."""
    out = [lexicon.SPELLINGS.get(token, token) for token in tokens]
    if judge.words_pack and judge.language == "en":
        out = [lexicon.BRITISH_SPELLINGS.get(token, token) for token in out]
    if not judge.words_pack:
        out = [lexicon.TRANSLITERATIONS.get(token) or _sounded_spellings().get(sound(token), token)
               for token in out]
    return out


@cache
def _sounded_spellings() -> dict[str, str]:
    """The transliterations by sound: a name word that sounds as one of a line's spellings is
    that name too ("Allain" as "Alain", so "Alan"; "Mariah" as "Maria")."""
    return {sound(spelling): first for spelling, first in lexicon.TRANSLITERATIONS.items()}


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
    optional ones said or not, extra articles (and titles before the name) allowed, words
    joined or split."""
    names = not judge.words_pack
    # A title goes before a name: inside it, an extra word is a middle name (_middle_name).
    leading = _TITLES | _ARTICLES if names else _ARTICLES

    @cache
    def walk(i: int, j: int) -> bool:
        if j == len(card):
            return _ending(said[i:], card, judge)
        if card[j][1] and walk(i, j + 1):
            return True
        # An article inside a name may be left out: "Billy Kid", "Richard Lionheart"; so may a
        # particle after a word said: "Simone Beauvoir", "Charles Gaulle". Never a last word:
        # with nothing after it, it is the name itself ("Lady Di" is not "Lady" and anything).
        inside = names and _before_surname(card, j)
        if (inside and card[j][0] in lexicon.NAME_ARTICLES
                and any(not optional for _, optional in card[:j]) and walk(i, j + 1)):
            return True
        if inside and i > 0 and card[j][0] in lexicon.PARTICLES and walk(i, j + 1):
            return True
        if i < len(said) and said[i] in (leading if j == 0 else _ARTICLES) and walk(i + 1, j):
            return True
        if (names and i < len(said) and _middle_name(said[i], card, j, said[i - 1] if i else "")
                and walk(i + 1, j)):
            return True
        if (names and i < len(said) and _initial(said[i], *card[j], _before_surname(card, j))
                and walk(i + 1, j + 1)):
            return True
        # Another form of a first name, never of the surname that ends the card, nor the
        # name of the other sex (the `nicknames` dataset links "Louis" and "Louise").
        if (names and i < len(said) and j + 1 < len(card)
                and said[i] in lexicon.first_name_forms(card[j][0])
                and frozenset({said[i], card[j][0]}) not in lexicon.GENDERED
                and not lexicon.sibling_forms(said[i], card[j][0]) and walk(i + 1, j + 1)):
            return True
        # The first name as the table's language writes it: "Virginie Woolf" at a French table.
        if (names and i < len(said) and j + 1 < len(card)
                and lexicon.at_home(said[i], card[j][0], judge.language) and walk(i + 1, j + 1)):
            return True
        # Initials run together for first names: "JS Bach", "JP Pernaut".
        if names and i < len(said) and _initials_for(said[i], card, j) and walk(
                i + 1, j + len(said[i])):
            return True
        for a in range(1, min(_MAX_JOIN, len(said) - i) + 1):
            for b in range(1, min(_MAX_JOIN, len(card) - j) + 1):
                pieces = [*said[i:i + a], *(token for token, _ in card[j:j + b])]
                if (a > 1 or b > 1) and not _may_join(said[i:i + a], pieces, a == b, judge):
                    continue
                whole = [token for token, _ in card[j:j + b]]
                chunk = "".join(said[i:i + a])
                # Words run together are heard, not spelt: no slip is pooled over several
                # ("Bill Gates Sr." is not "Bill Gates").
                heard = a == 1 or _heard_alike(chunk, "".join(whole), judge)
                if (names and a == b == 1 and _before_surname(card, j)
                        and lexicon.sibling_forms(chunk, whole[0])):
                    continue  # "Mick" is not "Mike": two short forms of Michael
                if (names and a == b == 1 and _before_surname(card, j)
                        and _another_first_name(chunk, whole[0], card, j)):
                    continue  # "Laura" is not "Lara": a slip that makes another name
                if heard and _same_words(chunk, whole, judge) and walk(i + a, j + b):
                    return True
        return False

    return walk(0, 0)


def _another_first_name(said: str, printed: str, card: tuple[tuple[str, bool], ...],
                        j: int) -> bool:
    """Whether the guess says, for the card's first name j before its surname, another first
    name the name tables or the packs know, that is no form of it and one name spelt two ways
    only where said alike (_one_first_name): "Laura Fabian" is not Lara Fabian, "Terry
    Henry" not Thierry Henry, "Christine Taubira" not Christiane Taubira, whatever slip
    the letters would forgive. Not before a ruler's number ("Francis I" for François Ier, the
    name in the table's language) nor for a title ("Don Pérignon")."""
    after = [token for token, optional in card[j + 1:] if not optional]
    return (said != printed and after != [] and number(after[-1]) is None
            and printed not in _NO_NAME_WORD and _a_given_name(said)
            and (_a_given_name(printed) or printed in lexicon.printed_first_names())
            and said not in lexicon.first_name_forms(printed)
            and (_sex_by_final_e(said, printed) or not _one_first_name(said, printed)))


def _a_given_name(word: str) -> bool:
    return lexicon.is_first_name(word) or word in lexicon.given_names()


def _sex_by_final_e(said: str, printed: str) -> bool:
    """Whether two first names are a man's and a woman's that a final "e" (or "le") after a
    consonant parts ("Germain", "Germaine"; "Denis", "Denise"): French says them apart, though
    our keys, which drop a mute e, hear them alike. Not where both are a woman's or a man's
    ("Evelyn", "Evelyne"; "Stephan", "Stéphane": one name spelt two ways), nor an e after a
    vowel ("José", "Josée", said alike)."""
    short, long = sorted((said, printed), key=len)
    return (long in (f"{short}e", f"{short}le") and short[-1:] not in _VOWELS
            and lexicon.of_two_sexes(short, long))


def _one_first_name(said: str, printed: str) -> bool:
    """Whether two first names are one name spelt two ways: said alike in English by the CMU
    Pronouncing Dictionary ("Steven", "Stephen"; "Frida", "Frieda"), or heard alike by our
    keys, the "æ" of a name read as the "e" it is said ("Letitia", "Lætitia"), or typed with
    two neighbouring letters swapped ("Alexandre" for Alexander). The dictionary only joins
    names: where it parts two that our keys join, the tables side with the keys ("Jule" for
    Jules, "Levy" for Levi), so "Heidi" stays Hedy misspelt."""
    return (_slips(said, printed) == (1, 0, 1)
            or bool(lexicon.pronunciations(said) & lexicon.pronunciations(printed))
            or _name_heard_as(said.replace("ae", "e"), printed.replace("ae", "e")))


def _middle_name(word: str, card: tuple[tuple[str, bool], ...], j: int, before: str) -> bool:
    """Whether the guess may say `word`, a name the card does not print, before the card's word
    j (the guess's word `before` it): a middle name between two words of the name ("Jennifer
    Joanna Aniston"), or after an optional first name said ("Jacques Yves Cousteau" for
    "(Jacques) Cousteau"), or another first name before a first name the card requires ("Laura
    Jeanne Reese Witherspoon"). Never after the name (the card's name plus a name is mostly
    someone else: "John Wayne Gacy"), nor an initial ("Michael B. Jordan"), a number or a
    title."""
    if len(word) < 2 or number(word) is not None or word in _TITLES or j == len(card):
        return False
    if j == 0:  # more first names, before a first name that a required surname follows
        return not card[0][1] and _before_surname(card, 0) and lexicon.is_first_name(word)
    if not any(not optional for _, optional in card[j:]):
        return False
    # After an optional first name said, right before the required surname, a name that is no
    # word: the card's first name said in full ("Jacques Yves"), not another printed name left
    # out for it ("Johann Christian Bach" is not "(Johann Sebastian) Bach").
    said_first = (card[j - 1][1] and not card[j][1] and before == card[j - 1][0]
                  and not _dictionary_word(word))
    # Between words of the name: after a required name word, not a title or a particle, which
    # a guess may give another of or leave out ("l'aéroport Charles de Gaulle" is no "Général
    # de Gaulle" with "l'" for the title and two middle names).
    return said_first or any(not optional and token not in _NO_NAME_WORD
                             for token, optional in card[:j])


def _may_join(said: tuple[str, ...], pieces: list[str], one_for_one: bool, judge: Judge) -> bool:
    """Whether words may be run together to be compared. Words said one for one are judged one
    by one: no spelling slack is pooled over several ("Robbie Williams" is not "Robin
    Williams"); a number is never run into a word ("Napoléon III" is not "Napoléon"); and an
    initial is run in only to spell the same letters ("HG Wells"), never as a slip ("Michael B
    Jordan" is another man); nor an "and" said, a word of its own ("Harry Potter et" is not
    "Harry Potter" with a silent "et")."""
    if one_for_one or _has_number(pieces, judge) or any(
            word in lexicon.AND_WORDS for word in said):
        return False
    card = "".join(pieces[len(said):])
    return "".join(said) == card or all(len(piece) > 1 for piece in said)


def _ending(rest: tuple[str, ...], card: tuple[tuple[str, bool], ...], judge: Judge) -> bool:
    """What may follow the whole name: nothing, or, for a person the card names without a
    number, the first of the name ("Napoléon Ier", "Napoleon the First"). Not a "Jr.": the
    card's name plus a suffix is mostly someone else ("Donald Trump Jr."); a card whose person
    bears one accepts it in the pack."""
    if not rest:
        return True
    if rest[:1] and rest[0] in lexicon.NAME_ARTICLES:
        rest = rest[1:]
    return (not judge.words_pack and len(rest) == 1 and number(rest[0]) == 1
            and not any(number(token) is not None for token, _ in card))


def _has_number(tokens: list[str], judge: Judge) -> bool:
    return not judge.words_pack and any(number(token) is not None for token in tokens)


def _initial(said: str, printed: str, optional: bool, before_surname: bool) -> bool:
    """An initial for a whole word, or the whole word for an initial: "John F. Kennedy" and
    "John Fitzgerald Kennedy" both win "John (F.) Kennedy", "Edgar A. Poe" wins "Edgar Allan
    Poe", "M. Curie" wins "Marie Curie" (docs/rulings.md, "Initials"). Never an initial for the
    surname that ends the name ("Marie C."), nor for a title, an article or a particle. A single
    letter that reads as a Roman numeral ("I", "V") is an initial here, never a number."""
    if number(printed) is not None or (len(said) > 1 and number(said) is not None):
        return False
    if len(printed) == 1:
        return said.startswith(printed)
    return ((optional or before_surname) and len(said) == 1 and printed.startswith(said)
            and printed not in _NOT_INITIALLED)


# Words an initial never stands for: "M. Teresa" is not Mother Teresa.
_NOT_INITIALLED = _TITLES | lexicon.NAME_ARTICLES | lexicon.PARTICLES


def _before_surname(card: tuple[tuple[str, bool], ...], j: int) -> bool:
    """Whether the card's word j comes before a required word: a first or middle name, not the
    surname that ends the name."""
    return any(not optional for _, optional in card[j + 1:])


def _initials_for(said: str, card: tuple[tuple[str, bool], ...], j: int) -> bool:
    """Whether `said` ("js") is the initials of the card's words from j, each a first or
    middle name ("JS Bach", "JP Pernaut"), never the surname; nor a word the card prints, which
    said is that word ("Aaa Aaa Aaa" is not "Aaa Aaa Aaa Aaa" with its three first names as
    initials)."""
    run = card[j:j + len(said)]
    return (1 < len(said) <= min(3, len(run)) and all(said != word for word, _ in card)
            and all(_initial(letter, word, optional, _before_surname(card, j + k))
                    for k, (letter, (word, optional)) in enumerate(zip(said, run, strict=True))))


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
        return _same_common_word(said, printed, judge)
    if said not in judge.unlike_words and _word_meant(said, printed, judge.language):
        return False
    return _same_name_word(said, printed, judge.language)


# A word at least this common (Zipf 4: once in 100,000 words, "tiers", "baie", "cock") is one
# every player of the language knows: typed for a word of a name, it is the word meant.
_KNOWN_WORD_ZIPF = 4.0
# The dictionaries' words of three letters or fewer are as often abbreviations ("min", "cm")
# or a name's syllable ("Van Dam") as words.
_KNOWN_WORD_LETTERS = 4
# The endings that inflect a word (its feminine, its plural): "Joli" for Jolie, "Racines" for
# Racine are the name's word said otherwise, not another word.
_INFLECTIONS = ("e", "s", "es", "x")


def _word_meant(said: str, printed: str, language: str) -> bool:
    """Whether the word `said` for a name's word is a word of the table's language every
    player knows, written so, rather than the name spelt as it sounds: "Adolphe Tiers" is the
    word "tiers", "Nathalie Baie" the bay, "Tim Cock" no slip, however alike they sound. At an
    English table only with as many letters as the name's word or more: English spells
    letters it does not say, and its tables forgive one left out ("Brad Pit", "Ringo Star",
    "Oscar Wild"); French tables do not ("Tiers" for Thiers). Not a first name ("Marc" for
    Mark), nor an article, particle or title (the name's own words a guess may change), nor
    the name's word inflected, nor a word written with accents typed without them ("Reves" is
    Reeves as heard, not "rêves"), nor one typed with accents that so make no word ("Noiré"
    for Noiret: the caller leaves those out)."""
    if said in _NO_NAME_WORD or lexicon.is_first_name(said):
        return False
    if language == "en" and len(said) < len(printed):
        return False
    if any(said == printed + ending or printed == said + ending for ending in _INFLECTIONS):
        return False
    return (len(said) >= _KNOWN_WORD_LETTERS
            and said in lexicon.words_at_least(language, _KNOWN_WORD_ZIPF)
            and _written_word(said, language))


def _same_common_word(said: str, printed: str, judge: Judge) -> bool:
    """A word of a word pack: the card's word in the singular or the plural, or a slip of it
    that is no other word of the language. A slip is a letter dropped, doubled or swapped
    ("chausette", "eagel") from 4 letters, or two, one of them a changed letter, from 8
    ("kangeroo", "restaraunt")."""
    language = judge.language
    forms = {printed} | lexicon.PLURALS[language](printed)
    if said in forms or printed in lexicon.PLURALS[language](said):
        return True
    clippings = lexicon.CLIPPINGS[language]
    if any(printed in clippings.get(short, ()) for short in {said, said.removesuffix("s")}):
        return True  # the everyday short word: "ciné" for "cinéma", "mics" for "microphones"
    if _other_languages_word(said, language):
        return False
    if (said not in judge.unlike_words and _another_word(said, printed, language)
            and not (_doubled(said, printed) and said not in lexicon.common_words(language)
                     and not (len(said) > len(printed)
                              and _other_language_word(said, printed, language))
                     and not (language == "fr" and _s_said_otherwise(said, printed)))):
        # Another word, however near: "poison" is not "poisson", "foc" "phoque". A letter
        # doubled or typed once makes a rare dictionary word by chance ("tere", "lader",
        # "earing"): only a word as common as Zipf 2.5 is meant so ("diner" for "dinner"). A
        # letter doubled into the other language's word a player has met is no chance
        # ("balloon" for "ballon"); a double letter typed once is French's commonest slip
        # ("envelope" for "enveloppe"), whatever English makes of it. Not an "s" between
        # vowels, which French says "z" single and "s" double: "rosse" is said otherwise
        # than "rose", a word of its own however rare.
        return False
    if (said not in judge.unlike_words and len(printed) <= _SHORT_WORD
            and _changed_letter(said, printed)
            and any(_written_word(said, each) for each in ("fr", "en"))):
        return False  # a letter changed that makes a word, however rare: "quean", "banane"
    if _suffixed(said, printed, language):
        return False
    if (language == "en" and _changed_letter(said, printed) and not _vowel_changed(said, printed)
            and lexicon.in_english_dictionary(said)):
        # A consonant changed that makes a word of the dictionary, one no frequency list holds
        # too: "hedgehop" (to fly low) for "hedgehog". A vowel for a vowel stays a slip
        # ("pinguin", "pencel"), whatever the dictionary's rarest words.
        return False
    return any(_near_word(said, form, len(printed), language) for form in forms)


def _suffixed(said: str, printed: str, language: str) -> bool:
    """Whether `said` is the whole card word with heard letters more after it, not a plural's
    "s" or "es": a suffix makes another word, even one no list holds ("broccolini",
    "mushroomed"), where a slip falls inside the word or is silent ("soleille")."""
    added = said.removeprefix(printed)
    return (added != said and len(added) >= 2 and added.removesuffix("s") not in ("", "e")
            and _silent_end(_word_sound(said, language))
            != _silent_end(_word_sound(printed, language)))


def _another_word(said: str, printed: str, language: str) -> bool:
    """Whether the word-pack guess `said` is a word of its own rather than a slip of the card's
    word: a word of the language's dictionary, or of its frequency list. French only, whose
    dictionary (DELA) holds every inflected form: a word of the frequency list that DELA lacks
    is mostly a name or a misspelling ("pel", "chapo", "gar") and is still heard as the card's
    word, unless it is an English word ("soup", "banana") or longer than the card's word (a
    letter more that makes a name: "Montaigne" for "montagne")."""
    if said in lexicon.dictionary_words(language) or _other_language_word(said, printed, language):
        return True
    if language == "en" and _french_word_far_from(said, printed):
        return True
    if said not in lexicon.common_words(language):
        return False
    return (language != "fr" or lexicon.very_common(said) or len(said) > len(printed)
            or _english_word(said))


# An English word this common (Zipf 3.5) is one a French player has met ("lamp", "carrot"),
# even where it is the French word with one of French spelling's own slips: a letter doubled or
# typed once, a final mute "e" dropped ("balloon" for "ballon", but "barb" for "barbe",
# "giraffe" for "girafe" are the French word misspelt). Any other difference is no slip of
# French spelling, and an English word as common as the checker's common words (Zipf 2.5,
# lexicon.common_words) is written on purpose ("mustache", "maize", "radish", "artichoke").
_MET_ENGLISH_ZIPF = 3.5
_NEAR_ENGLISH_ZIPF = 2.5


def _other_language_word(said: str, printed: str, language: str) -> bool:
    """Whether, at a French table, `said` is an English word of the dictionary that a French
    player has met and no French word: "lamp" is the English word, not "lampe" misspelt, a
    player who writes it plays in the wrong language (_other_languages_word, for words cards,
    goes both ways)."""
    french_slip = _doubled(said, printed) or said + "e" == printed
    met = _MET_ENGLISH_ZIPF if french_slip else _NEAR_ENGLISH_ZIPF
    return (language == "fr" and said not in lexicon.dictionary_words("fr")
            and said in lexicon.words_at_least("en", met) and _english_word(said))


# How common (Zipf) a word of the other language, or its plural, is for a player to have met
# it and so typed it as that word: counted over every table, 3 refuses eleven such words the
# tables refuse ("salade", "sandale", "tulip") for sixteen slips they forgave ("soupe",
# "giraffe", "commet"); 3.5 eight for eight, 2.5 fourteen for nineteen.
_OTHER_LANGUAGE_ZIPF = 3.0


def _other_languages_word(said: str, language: str) -> bool:
    """Whether the words-card guess `said` is a word of the other language and none of the
    table's, as common as a player meets: that word, however near the card's ("salade" for
    "salad", "giraffe" for "girafe"). The card's word with its accents left out or changed
    compares equal to it and is never this."""
    other = "fr" if language == "en" else "en"
    met = lexicon.words_at_least(other, _OTHER_LANGUAGE_ZIPF)
    if not ({said} | lexicon.PLURALS[other](said)) & met:
        return False
    if other == "fr":
        return said in lexicon.dictionary_words("fr") and not _english_word(said)
    return _english_word(said) and said not in lexicon.dictionary_words("fr")


def _french_word_far_from(said: str, printed: str) -> bool:
    """Whether, at an English table, `said` is a French dictionary word and no English one,
    more than one typed slip from the card's word: "miroir" is the French word for "mirror",
    not "mirror" spelt as it sounds. A French word one letter from the English one is a slip
    the tables forgive ("soupe", "pilote", "tigre"): there the player meant the English word
    and typed what the French hand knows; so is one slip from its plural ("elephantes")."""
    forms = {printed} | lexicon.PLURALS["en"](printed)
    return (said in lexicon.dictionary_words("fr") and not _english_word(said)
            and all(_slips(said, form)[0] > 1 for form in forms))


def _english_word(said: str) -> bool:
    """Whether `said` is a word of the English dictionary or the plural of one: the dictionary
    lists words, not their inflections ("fry", not "fries")."""
    english = lexicon.dictionary_words("en")
    singulars = {said, said[:-1], said[:-2], said[:-3] + "y", said[:-3] + "f", said[:-3] + "fe"}
    return said in english or any(
        said in lexicon.en_plurals(singular) for singular in singulars & english)


def _doubled(said: str, printed: str) -> bool:
    """Whether `said` and `printed` differ only in letters doubled or typed once."""
    return re.sub(r"(.)\1", r"\1", said) == re.sub(r"(.)\1", r"\1", printed)


def _s_said_otherwise(said: str, printed: str) -> bool:
    """Whether `said` and `printed` differ only in an "s" between vowels doubled or typed once,
    which French says otherwise: "z" single, "s" double ("poison", "poisson")."""
    longer, shorter = (said, printed) if len(said) > len(printed) else (printed, said)
    return any(longer[at:at + 2] == "ss" and longer[:at] + longer[at + 1:] == shorter
               and longer[at - 1] in _VOWELS and longer[at + 2] in _VOWELS
               for at in range(1, len(longer) - 2))


def _changed_letter(said: str, printed: str) -> bool:
    """Whether `said` is `printed` with one letter changed, none added, dropped or moved."""
    ops = list(Levenshtein.editops(said, printed))
    return len(ops) == 1 and ops[0].tag == "replace"


def _written_word(said: str, language: str) -> bool:
    """Whether `said` is, as typed, a word of `language`'s dictionary, however rare: not a word
    written with accents typed without them ("zebre" is "zèbre" misspelt, "banane" the word)."""
    return (said in lexicon.dictionary_words(language, rare=True)
            and said not in lexicon.unaccented_words(language))


def _near_word(said: str, printed: str, length: int, language: str) -> bool:
    heard, meant = sound(said), sound(printed)
    spoken_alike = _word_sound(said, language) == _word_sound(printed, language)
    if said[:1] != printed[:1] and heard[:1] != meant[:1] and not spoken_alike:
        return False
    if length >= 4 and (spoken_alike or (language == "fr"
                                         and _silent_end(heard) == _silent_end(meant))):
        return True
    edits, changed, _ = min(_slips(said, printed), _slips(heard, meant))
    return ((length >= 4 and edits == 1 and not changed) or (length >= 8 and edits <= 2
                                                            and changed <= 1)
            or (length >= 5 and _vowel_changed(said, printed)))


def _vowel_changed(said: str, printed: str) -> bool:
    """One vowel typed for another past the first letter: "suger", "trumpit", "pinguin"."""
    ops = list(Levenshtein.editops(said, printed))
    if len(ops) != 1 or ops[0].tag != "replace" or ops[0].dest_pos == 0:
        return False
    return said[ops[0].src_pos] in "aeiouy" and printed[ops[0].dest_pos] in "aeiouy"


def _same_name_word(said: str, printed: str, language: str) -> bool:
    """A word of a person's name: a title for another title, an article or a particle for
    another, the same sound, or a slip the word's length (as heard) forgives: two letters
    swapped from 4 letters, one dropped, added or changed from 6, two from 9. Never another
    first name ("Simon" for "Simone"), nor the name with a diminutive's final "i" more or less
    ("Fred" for "Freddie"), nor a slip that is a word of the language ("Macaron" for Macron)."""
    if said in _TITLES and printed in _TITLES:
        # "Lady Diana" for "Princess Diana", but a saint's title for another names the saint:
        # "Saint Pierre" is the apostle, not the Abbé Pierre.
        return (said in _SAINTS) == (printed in _SAINTS)
    for kind in (lexicon.NAME_ARTICLES, lexicon.PARTICLES):
        if said in kind and printed in kind:
            return True  # "Billy le Kid", "von Beethoven"
    if (frozenset({said, printed}) in lexicon.GENDERED or _feminine_of(said, printed)
            or _relative_form(said, printed) or _other_ending(said, printed)):
        return False
    if _known_name_added_to(said, printed):
        return False
    if said in lexicon.countries() and not lexicon.is_first_name(said):
        return False  # a country, however it sounds: "Cameroon" is no slip of Cameron
    if len(printed) >= 4 and (said == printed + "s" or printed == said + "s"):
        return True  # a stray or missing final s: "Serena William", "Tiger Wood"
    keys = _keys(said, printed)
    if _name_heard_as(said, printed):
        # The same sound, unless the guess spells out, letter for letter or more, one of the
        # most common words ("Coco Channel", "Money"); a letter dropped is a slip ("Brad Pit").
        return not (len(said) >= len(printed) and lexicon.very_common(said)
                    and not lexicon.is_first_name(said))
    if any(heard.rstrip("i") == meant.rstrip("i") for heard, meant in keys):
        return False  # "Fred" and "Freddie", "Jim" and "Jimi": two names
    if said[:1] != printed[:1] and all(heard[:1] != meant[:1] for heard, meant in keys):
        return False
    if _a_word(said, language) or (_longer_word(said, printed, ("fr", "en"))
                                   and not lexicon.is_first_name(said)):
        return False  # heard otherwise, and another word: "Newtown", "Handle", "Rondin"
    if _heard_alike(said, printed, Judge()):
        return True
    if (max(len(said), len(printed)) >= 5 and _vowel_changed(said, printed)
            and not (said[-1] != printed[-1] and _dictionary_word(said))):
        # "Tysen", "Hensen": another name's ("Manet") was refused before. The name's final
        # vowel changed, heard otherwise, into a word is that word: "Satrape" for Satrapi
        # (where a vowel inside the name, "Edger" for Edgar, is unstressed and still a slip).
        return True
    if len(printed) >= 4 and _slips(said, printed) == (1, 0, 1):
        return True  # two neighbours swapped as typed, whatever the sound: "Joide", "Mléiès"
    if _changed_letter(said, printed) and _dictionary_word(said):
        return False  # no vowel for a vowel (forgiven above): a rare word, "Chancer"
    if _known(said) and not lexicon.is_first_name(printed):
        # A slip that is another known name (a first name is a surname too) is that name:
        # "Franklin" is not "Franquin" misspelt. Only a first name misspelt for a first name.
        return False
    for heard, meant in keys:
        edits, changed, swapped = _slips(heard, meant)
        length = max(len(heard), len(meant))
        if edits == 1 and length >= (4 if swapped else 6):
            return True
        if edits == 2 and changed <= 1 and length >= 9:
            return True
    return False


def _name_heard_as(said: str, printed: str) -> bool:
    """Whether a French or an English table hears the name word `said` as `printed`."""
    return any(_mute_e(heard) == _mute_e(meant) for heard, meant in _keys(said, printed)) or (
        _french_alike(said, printed) or _english_alike(said, printed))


_FEMININE_ENDINGS = frozenset({"a", "ette", "ine", "ienne"})


def _feminine_of(said: str, printed: str) -> bool:
    """Whether one first name is the other with a feminine ending ("Robert", "Roberta";
    "Paul", "Pauline"): two names, where names/gendered.tsv has no line for them. Not a final
    "e" or "le", which spells one name two ways as often ("Isabel", "Isabelle")."""
    short, long = sorted((said, printed), key=len)
    return (long.startswith(short) and long[len(short):] in _FEMININE_ENDINGS
            and lexicon.is_first_name(short) and lexicon.is_first_name(long))


_VOWELS = frozenset("aeiouy")


def _other_ending(said: str, printed: str) -> bool:
    """Whether two first names differ by their final vowel alone, added, dropped or changed,
    and are heard apart: "Alfredo" and "Alfred", "Diane" and "Diana", "Marlena" and "Marlene"
    are names of their own in the languages that give them, not slips; "Gustav" and "Gustave"
    are one name heard alike. The card's word is a first name if the name tables know it or a
    pack prints it first before a surname ("Amélie Nothomb")."""
    def stem(name: str) -> str:
        return name[:-1] if name[-1:] in _VOWELS else name

    return (said != printed and stem(said) == stem(printed) and lexicon.is_first_name(said)
            and (lexicon.is_first_name(printed) or printed in lexicon.printed_first_names())
            and said not in lexicon.first_name_forms(printed)
            and not _name_heard_as(said, printed))


# A Slavic surname as a man bears it and as a woman of his family does, each spelt in several
# ways: the stem they share, then the man's endings, then the woman's.
_FAMILY_ENDINGS = (
    (r"[csz][kc]", r"(?:i|y|ii|iy|yy|ij|yi)", r"(?:a|aya|aia|aja)"),  # Zelensky, Zelenska
    (r"", r"(?:oy|oi|oj)", r"(?:aya|aia|aja)"),  # Tolstoy, Tolstaya
    (r"[oe]", r"(?:v|ff|f)", r"va"),  # Gorbachev, Gorbacheva
    (r"[iy]", r"(?:n|ne)", r"na"),  # Pushkin, Pushkina
)


def _relative_form(said: str, printed: str) -> bool:
    """Whether one surname word is the other with a Slavic family ending of the other sex: his
    wife or daughter is another person ("Zelenska" for Zelensky, "Pushkina" for Pushkin, the
    Czech "Kafkova" for Kafka, "Dvorakova" for Dvorak), spelt so or heard so ("Gorbatcheva"
    for Gorbachev); never a slip."""
    return _family_pair(said, printed) or _family_pair(sound(said), sound(printed))


def _family_pair(said: str, printed: str) -> bool:
    for his, hers in ((said, printed), (printed, said)):
        if hers.endswith("ova") and his in (hers[:-3], hers[:-3] + "a"):
            return True
        for stem, man, woman in _FAMILY_ENDINGS:
            ending = re.search(f"{stem}{man}$", his)
            if ending and re.fullmatch(f"{re.escape(his[:ending.start()])}{stem}{woman}", hers):
                return True
    return False


def _known_name_added_to(said: str, printed: str) -> bool:
    """Whether `said` is the printed word with letters added after it that are heard, not a
    final s, and make a name or word of French or English however rare: "Adamov" is Arthur
    Adamov, not Adamo; "Vernes", "Goldmann", "Dionne" are heard as Verne, Goldman, Dion."""
    if not said.startswith(printed) or said.removesuffix("s") == printed:
        return False
    heard = all(_silent_end(_mute_e(a)) != _silent_end(_mute_e(b))
                for a, b in _keys(said, printed))
    return heard and not lexicon.is_first_name(said) and lexicon.listed(said)


def _a_word(said: str, language: str) -> bool:
    """Whether a word said in a name is a word of French or English (a name is said in either)
    rather than a first name."""
    return _known(said) and not lexicon.is_first_name(said)


def _known(said: str) -> bool:
    """Whether a word said in a name is a word or a name of French or English: wordfreq's lists,
    lower-cased, hold words, surnames, first names and places alike ("franklin", "galilee")."""
    return any(said in lexicon.common_words(each) for each in ("fr", "en"))


def _french_alike(said: str, printed: str) -> bool:
    """Whether a French table hears the name word `said` as `printed`, final consonants silent
    ("Bardo", "Perreau", "Bernhard"), unless `said` is a word or name of its own ("Monnaie" is
    not Monet, "Renaud" not Reno). An English table hears a French name the same way ("Yves
    Saint Lauren")."""
    return (_misspelt_name(said, printed)
            and (_silent_end(_name_sounds(said)[0]) == _silent_end(_name_sounds(printed)[0])
                 or sound(spoken(said, "fr")) == sound(spoken(printed, "fr"))))


def _english_alike(said: str, printed: str) -> bool:
    """Whether an English table hears the name word `said` as `printed` ("Tim Burners-Lee",
    "Whitney Hewston", "Vincent van Goch"), unless `said` is a word or name of its own."""
    return (not _dictionary_word(said)
            and _mute_e(sound(spoken_name(said))) == _mute_e(sound(spoken_name(printed))))


def _misspelt_name(said: str, printed: str) -> bool:
    """Whether a name word heard as the card's is that word misspelt rather than a word or a
    name of its own: no word or name of French or English, or only a letter dropped or added
    ("Lauren" for Laurent, "Bernhard" for Bernhardt), or a letter changed that makes no word
    of the dictionary ("Samson" for Sanson, but "Calmant" is not Calment)."""
    if not _known(said):
        return True
    edits, changed, _ = _slips(said, printed)
    return edits == 1 and (not changed or lexicon.is_first_name(said)
                           or not _dictionary_word(said))


def _dictionary_word(said: str) -> bool:
    """Whether a word said in a name is in the French or the English dictionary."""
    return any(said in lexicon.dictionary_words(each) for each in ("fr", "en"))


def _longer_word(said: str, printed: str, languages: tuple[str, ...]) -> bool:
    """Whether `said` is the printed word with letters more that make a word of one of the
    languages, even a rare one ("Rondin" for Rodin, "gluey" for glue), or, where the printed
    word is no word of their dictionaries, a word of one however rare ("Empailleur" for
    Empaleur): a slip that adds letters makes a misspelling, rarely a word, so a word is what
    was meant."""
    def written(word: str) -> bool:
        return any(_written_word(word, each) for each in languages)

    return len(said) > len(printed) and (
        any(lexicon.rare_word(said, each) for each in languages)
        or (written(said) and not written(printed)))


def _keys(said: str, printed: str) -> list[tuple[str, str]]:
    return list(zip(_name_sounds(said), _name_sounds(printed), strict=True))


def _heard_alike(said: str, printed: str, judge: Judge) -> bool:
    """The same sound, or one vowel more or less in a word of 4+ letters: in a name's sound
    keys, or in its letters inside the word ("Anne Bolyn", "Jessie Owens"; never at its end,
    which may make another first name: "Paula", "Roberta")."""
    inside = [(said, printed)] if said[-1:] == printed[-1:] else []
    keys = ([(_word_sound(said, judge.language), _word_sound(printed, judge.language))]
            if judge.words_pack else [*_keys(said, printed), *inside])
    return any(heard == meant or (len(printed) >= 4 and _vowel_slip(heard, meant))
               for heard, meant in keys)


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
def _slips(said: str, printed: str) -> tuple[int, int, int]:
    """The fewest edits from `said` to `printed` (a letter dropped, added, changed, or two
    neighbours swapped), and among those the fewest changed letters, then the most swaps:
    (edits, changed, swapped)."""
    cols = len(printed) + 1
    # Each cell: (edits, changed, -swapped), so that min() prefers swaps to other edits.
    best = [[(j, 0, 0) for j in range(cols)]]
    for i in range(1, len(said) + 1):
        row = [(i, 0, 0)]
        for j in range(1, cols):
            same = said[i - 1] == printed[j - 1]
            diagonal, above, left = best[i - 1][j - 1], best[i - 1][j], row[j - 1]
            options = [(diagonal[0] + (not same), diagonal[1] + (not same), diagonal[2]),
                       (above[0] + 1, above[1], above[2]), (left[0] + 1, left[1], left[2])]
            if (i > 1 and j > 1 and said[i - 1] == printed[j - 2]
                    and said[i - 2] == printed[j - 1] and not same):
                before = best[i - 2][j - 2]
                options.append((before[0] + 1, before[1], before[2] - 1))
            row.append(min(options))
        best.append(row)
    edits, changed, swaps = best[-1][-1]
    return edits, changed, -swaps


# Spellings of one sound: "ch", "sh", "sch", "tch", "tsch", "tzsch" (a French "ch" is an
# English "sh", a German "sch", an English "ch" is a French "tch").
_HUSH = re.compile(r"(?:t?z?s?c|t?z?s)h")


@cache
def sound(word: str) -> str:
    """A rough key of how `word` sounds, kinder to foreign spellings than the letters: the
    "sh" sounds are one ("X") but a "ch" before l or r is a "c" ("Christian", "Cristian"),
    "ph" is "f", "k" and "q" are "c", "y" is "i", "ou" is "u",
    "eau" and "au" are "o", a silent "h" goes, a "z" inside a word is an "s", and doubled
    letters count once ("Gandhi" = "Ghandi", "Tchaikovsky" = "Chaikovsky", "Choumacher" =
    "Schumacher", "chapo" = "chapeau")."""
    return _plain_sound(word.replace("eau", "o").replace("au", "o").replace("ow", "ou")
                        .replace("ou", "u"))


@cache
def _plain_sound(word: str) -> str:
    # "x" is "ks" ("Nixon", "Nickson", "Marx"), silent after a final "au", "eu" or "ou"
    # (French "Moreaux"), a final "xe" a final "x" ("Vercingétorixe"); a final "que" is a "k"
    # ("parque"), a "c" before e, i or y an "s" ("sucette", "sussette").
    word = re.sub(r"x+e?$", "x", re.sub(r"x+", "x", word))
    word = re.sub(r"(?<=[ou])x$", "", word).replace("x", "cs")
    word = re.sub(r"c(?=[eiy])", "s", re.sub(r"que$", "c", word))
    key = _HUSH.sub("X", re.sub(r"ch(?=[lr])", "c", word))  # "Christian", "Chloé": a hard ch

    key = key.replace("ph", "f").replace("h", "")
    key = key.replace("ck", "c").replace("k", "c").replace("q", "c").replace("y", "i")
    key = key[:1] + key[1:].replace("z", "s")
    return re.sub(r"(.)\1+", r"\1", key)


def _word_sound(word: str, language: str) -> str:
    """How a table of `language` hears a word of a word pack (spoken.py, then the shared key)."""
    return sound(spoken(word, language))


@cache
def _name_sounds(word: str) -> tuple[str, str]:
    """How a word of a name sounds, foreign spellings heard as French and English tables say
    them: a final "ie" is "y" ("Freddie", "Freddy"), "ea" and "ei" are "e" ("O'Neil"), "dj"
    is "j" and a Slavic final "ic" is "itch" ("Djokovic", "Jokovitch"), Dutch "ij" is "y"
    ("Cruijff"), an English final "oo" is "u" ("Nehroo"). Two keys: French vowels ("ou" is
    "u", "au" is "o") in the first ("Raspoutine", "Rasputin"), each letter a vowel of its own
    in the second ("Gough", "Gogh")."""
    word = re.sub(r"oo$", "u", word.replace("dj", "j").replace("ij", "y"))
    word = re.sub(r"ic$", "ich", word)
    return _name_key(sound(word)), _name_key(_plain_sound(word))


def _name_key(key: str) -> str:
    """English "ee" is "i" ("Shiran"); a final "ai", "ay" or "et" is a French "é" ("Tremblé",
    "Pesquai"); "air" is "ear", as both languages say it ("Airhart", "Voltère"); a final "dt"
    is a "t" ("Boldt", "Brandt")."""
    key = re.sub(r"ei$", "i", key)  # a final "ey" ("Murphey", "Bowey") is a final "y"
    key = re.sub(r"dt$", "t", key)  # "Boldt" is said Bolt
    key = re.sub(r"(?:ai|et)$", "e", key.replace("ee", "i").replace("ea", "e").replace("ei", "e"))
    key = key.replace("air", "er")
    return key[:-1] if key.endswith("ie") else key


def _silent_end(key: str) -> str:
    """A sound key as a French table hears its end: a final consonant after a vowel is silent
    ("Bardo" is Bardot, "Dumat" Dumas, "cadenat" cadenas, "Vigneau" Vigneault), a final "ier"
    is "ié" ("Clavié"), "ai" is "é" ("Rabelet" for Rabelais)."""
    key = re.sub(r"(?<=[aeiou])(?:l?[tdsxz]|[tdp]s)$", "", re.sub(r"ier$", "ie", key))
    return re.sub(r"ai$", "e", re.sub(r"(?<=[aeiou])e$", "", key))


def _mute_e(key: str) -> str:
    """A name heard without its final mute "e": "Poutine" is "Putin", "Adele" is "Adel"
    (another first name is caught before: lexicon.GENDERED)."""
    return key[:-1] if len(key) > 3 and key.endswith("e") and key[-2] not in "aeiou" else key
