"""A person's name said whole with a description around it ("le peintre belge Magritte",
"Freddie Mercury chanteur de Queen", "Michael Jordan of the Chicago Bulls", "Drake the
explorer"), or with a form the card accepts beside it ("the Boss Bruce Springsteen":
guess._described).

A table hears the words around the name as said of the card's person when they read as a
description, and not as part of another name or thing. guess.matches decides whether the name
said wins the card; this module reads the words around it, in this order:

1. beside the name, nothing that extends it into another person: a first name, an initial, a
   number or a word that is no word of French or English (a surname), a relative ("le fils de",
   "'s wife", "Jr.", "fils", "junior"), "de"/"of" right before it ("la femme de", "the
   statue of": something of the person's, not the person), or "and"/"et", which joins another
   person or thing ("Willy Wonka and the Chocolate Factory");
2. no place or thing named after the person: a French noun before the name ("la rue Victor
   Hugo", "le lycée Henri IV", "l'aéroport Charles de Gaulle"), an English one after it, or
   in the words without an article after it ("Charles de Gaulle Airport", "John F. Kennedy
   Space Center"), or a place's word before it ("Mount", "Lake");
3. after a name with a surname, no French "de" and one word, which reads as a longer name
   ("Louis Aragon de Paris", "Jean Gabin de Paris");
4. words without an article or "de"/"of" describe only a name said whole, optional words
   too, and after it only as more than one word: one word after a name is where a surname
   goes ("Hugo Boss", "Whitney Houston Brown"), one word before a name of one word makes a
   name of two ("Led Zep"); a name said without the optional words its card prints
   ("Baudelaire" for "(Charles) Baudelaire") is described by words that open on an article
   ("le poète Baudelaire", "Drake the explorer") or "de"/"of", or by a noun then "de"/"of"
   and more words, what the bearer did ("Ravel compositeur du Boléro").

After an article, the description's noun is its first word in French ("l'actrice de La Vie
d'Adèle") and its last in English, before "of" or "on" ("the Harry Potter actor"): that noun
is the one that may make the name another person ("the Rolling Stones son") or a thing.

Words here are in the checker's compared form (lexicon.words)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from tictac.games.times_up import lexicon

# Words that make the description another person of the family, or the name's bearer of
# another generation: "Victor Hugo le fils", "the son of Charles Lindbergh", "Pitt the Younger".
RELATIVES = frozenset({
    "fils", "fille", "pere", "mere", "frere", "soeur", "femme", "epouse", "mari", "veuve",
    "oncle", "tante", "neveu", "niece", "cousin", "cousine", "grandpere", "grandmere",
    "petitfils", "petitefille", "jeune", "ancien", "cadet", "cadette", "aine", "ainee",
    "son", "daughter", "father", "mother", "brother", "sister", "wife", "husband", "widow",
    "uncle", "aunt", "nephew", "grandson", "granddaughter", "grandfather",
    "grandmother", "younger", "elder", "junior", "senior", "jr", "sr",
})
# Places and things named after a person, by the nouns a French table says before the name
# ("la rue Victor Hugo") and the place words English says before it ("Mount Washington").
NAMED_BEFORE = frozenset({
    "rue", "avenue", "boulevard", "place", "quai", "allee", "impasse", "chemin", "route",
    "pont", "gare", "station", "aeroport", "port", "lycee", "college", "ecole", "universite",
    "faculte", "institut", "fondation", "musee", "hopital", "clinique", "stade", "gymnase",
    "piscine", "salle", "theatre", "cinema", "parc", "jardin", "square", "centre", "tour",
    "statue", "monument", "tombeau", "mausolee", "prix", "medaille", "trophee", "coupe",
    "theoreme", "loi", "effet", "syndrome", "maladie", "principe", "constante", "equation",
    "paradoxe", "complexe", "methode", "metro", "navire", "paquebot", "porteavions",
    "croiseur", "sousmarin", "fusee", "lac", "mont", "cap", "fort", "ile", "baie", "cratere",
    "residence", "palais", "chateau", "hotel", "restaurant", "marque", "societe", "festival",
    "film", "livre", "roman", "album", "chanson", "serie", "opera", "cite", "quartier",
    "bibliotheque", "mediatheque", "maison", "rose", "bateau", "vaisseau", "alphabet", "code",
    "systeme", "ecriture", "galerie", "galeries", "mount", "lake", "cape", "camp",
})
# The English nouns said after the name of a place or thing named after a person ("Charles de
# Gaulle Airport", "Nobel Prize").
NAMED_AFTER = frozenset({
    "street", "avenue", "road", "boulevard", "square", "bridge", "airport", "station",
    "school", "college", "university", "institute", "foundation", "museum", "hospital",
    "stadium", "arena", "park", "center", "centre", "hall", "theatre", "theater", "library",
    "memorial", "monument", "tower", "building", "prize", "award", "medal", "trophy", "cup",
    "law", "effect", "syndrome", "disease", "theorem", "principle", "constant", "equation",
    "paradox", "complex", "method", "estate", "house", "hotel", "company", "festival",
    "film", "movie", "biopic", "crater", "lake", "bay", "island", "river", "mountain",
    "glacier", "collection", "gallery", "statue", "tomb", "way", "ville", "city",
    "town", "world", "land", "resort", "alphabet", "code", "system",
})
# "Of" and "from" before a place or a work ("Henry VIII of England", "Didier Drogba de
# Chelsea"); the French "de" alone after a surname is a particle ("Louis Aragon de Paris").
_OF = frozenset({"of", "from", "de", "d", "du", "des"})
_PARTICLE = frozenset({"de", "d", "du"})
# The English words that end a description's noun phrase and open more of it ("the first man
# on the Moon", "the actor who played Harry Potter").
_ENGLISH_OPENERS = frozenset({
    "of", "from", "in", "on", "at", "with", "for", "by", "and", "who", "that", "which", "to",
})
# A description before the name takes at most this many words ("l'ennemi public numéro un"):
# so a guess of a hundred characters is read in a few dozen ways, not thousands. After the
# name it takes any number ("l'actrice de La Vie d'Adèle", seven): the name's own length
# bounds the ways to read it.
DESCRIPTION_WORDS = 6


def readings(tokens: tuple[str, ...], longest: int) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Each way to read the guess's words as words before a name of at most `longest` words,
    the name, and words after it, with words before or after it (or both), at most
    DESCRIPTION_WORDS before it."""
    for start in range(min(DESCRIPTION_WORDS, len(tokens) - 1) + 1):
        for end in range(start + 1, min(start + longest, len(tokens)) + 1):
            if start or end < len(tokens):
                yield tokens[:start], tokens[start:end], tokens[end:]


def describes_before(words: tuple[str, ...], whole: bool, one_word: bool) -> bool:
    """Whether `words`, said before the name, describe its bearer (the module's checks 1, 2
    and 4): "le chef Paul Bocuse", "director Akira Kurosawa", "le poète Baudelaire". Without
    an article, only before a name of several words said whole: a word before a name of one
    makes a name of two ("Led Zep" is the band, not Zep; "Loup-garou" is no Garou)."""
    if not words:
        return True
    beside = words[-1]
    # After an article, the noun may be a word no dictionary holds, a title in the person's
    # language ("le Conducător Nicolae Ceausescu"), as after the name ("le malletier").
    titled = len(words) == 2 and words[0] in lexicon.NAME_ARTICLES and _a_noun(beside)
    # ("and" beside a name joins someone else to it: "Simon and Art Garfunkel")
    if (not (_plain_word(beside) or titled) or beside in _OF or beside in lexicon.AND_WORDS
            or any(word in RELATIVES or word in NAMED_BEFORE for word in words)):
        return False
    return words[0] in lexicon.NAME_ARTICLES or (whole and not one_word)


def describes_after(words: tuple[str, ...], whole: bool, without_surname: bool,
                    number: Callable[[str], int | None]) -> bool:
    """Whether `words`, said after the name, describe its bearer (the module's checks 1 to 4):
    "Victor Hugo le poète", "Hedy Lamarr actress and inventor", "Omar Sy dans Intouchables",
    "Henry VIII of England". `number` says whether a word is a number (guess.number)."""
    if not words:
        return True
    head, rest = words[0], words[1:]
    if head in lexicon.AND_WORDS:  # "Willy Wonka and the Chocolate Factory"
        return False
    if head in lexicon.NAME_ARTICLES and rest:
        # "the first James Bond" describes; "Napoleon Bonaparte the third" is another man.
        if number(rest[0]) is not None:
            return len(rest) > 1
        at = _noun_at(head, rest)
        noun = rest[at]
        if noun in RELATIVES:
            # "le père de Tintin" is about the name's bearer; alone ("Victor Hugo le fils") the
            # relative is someone else.
            return len(rest) > at + 2 and rest[at + 1] in _OF
        # The noun may be a word no dictionary holds ("le malletier", "the Starman"), not a
        # first name: "Pablo Picasso le Jacques" is another man.
        return _a_noun(noun) and noun not in NAMED_AFTER
    if head in _OF and rest:
        if head in _PARTICLE and len(rest) == 1 and not without_surname:
            return False  # "Louis Aragon de Paris": a longer name
        return not (rest[0] in RELATIVES or lexicon.is_first_name(rest[0]))
    # Without an article, the first word stands where a surname would ("Hugo Boss", "Whitney
    # Houston Brown"): a word of the dictionaries, not alone, after the name said whole.
    # The noun of a place named so may come a word or two on: "John F. Kennedy Space Center",
    # "Martin Luther King High School". A noun then "de" or "of" and more words says what the
    # bearer did after a name said in part too ("Ravel compositeur du Boléro"): no surname
    # stands so; not a place's noun ("Racine lycée de Paris").
    what_he_did = len(rest) >= 2 and rest[0] in _OF and head not in NAMED_BEFORE
    return ((whole or what_he_did) and rest != () and _plain_word(head)
            and not any(word in NAMED_AFTER for word in words) and head not in RELATIVES
            and any(head in lexicon.dictionary_words(each) for each in ("fr", "en")))


def _noun_at(article: str, words: tuple[str, ...]) -> int:
    """Where the noun of a description opening on `article` stands in the `words` after it:
    French says it first ("l'actrice de La Vie d'Adèle"), English last, before "of" or another
    word that opens more ("the Harry Potter actor", "the F1 driver", "the first man on the
    Moon"); the words before an English noun may be names, figures or relatives ("the Sister
    Act star")."""
    if article != "the":
        return 0
    phrase = tuple(itertools.takewhile(lambda word: word not in _ENGLISH_OPENERS, words))
    return max(len(phrase) - 1, 0)


def _a_noun(word: str) -> bool:
    """Whether `word`, after an article, may be a description's noun, though no dictionary
    holds it: no initial, no first name ("Pablo Picasso le Jacques" is another man), no
    number in figures."""
    return (len(word) > 1 and not lexicon.is_first_name(word)
            and not any(char.isdigit() for char in word))


def _plain_word(word: str) -> bool:
    """Whether `word` is a word of French or English (frequency lists or dictionaries), no
    first name, no initial and no number written in figures: a surname or a first name beside
    a name makes another name."""
    return (len(word) > 1 and not lexicon.is_first_name(word)
            and not any(char.isdigit() for char in word)
            and any(word in lexicon.common_words(language)
                    or word in lexicon.dictionary_words(language) for language in ("fr", "en")))
