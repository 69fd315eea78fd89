"""The typed-guess checker against the blind held-out tables from the seventh on
(guess_heldout7.tsv to guess_heldout18.tsv; a table written but not judged yet is tested only
for its draw and shape: NOT_YET_JUDGED). Each was written while the checker was being changed, by
someone who read neither the checker nor the packs' lists of accepted forms and confusions and
never ran the checker on it, on cards of a seeded draw that no earlier draw took (`drawn_for`).

Like the tables before them, each is split by card into halves (test_guess_table.half): the
development half may be read while the checker changes; the test half is judged once, at the
end of the round it was written during (guess_figures.md says which), and is development data
since. Each half's figures below are a floor per language and a ceiling on false accepts; the
comments give the blind reading first, then what later rounds made of it.

    uv run pytest tests/times_up/test_guess_heldouts.py -q -s

prints each half's figures by language and kind."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

import pytest

from .test_guess_table import (
    HALVES,
    HELD_OUT_5_DRAW,
    HELD_OUT_7,
    HELD_OUT_8,
    HELD_OUT_9,
    HELD_OUT_10,
    HELD_OUT_11,
    HELD_OUT_12,
    HELD_OUT_13,
    HELD_OUT_14,
    HELD_OUT_15,
    HELD_OUT_16,
    HELD_OUT_17,
    HELD_OUT_18,
    _judge_held_out_half,
    _seeded_draw,
    big_balanced_and_every_kind,
    drawable_names,
    drawn_for_heldout5,
    drawn_for_heldout6,
    holds_exactly_the_drawn_cards,
    repeated_guesses,
)

FIRST = 7  # the first table drawn by `drawn_for`


@cache
def drawn_for(number: int, pack_id: str) -> list[str]:
    """The seeded draw of guess_heldout<number>.tsv: the pack's names (`drawable_names`) that no
    earlier seeded draw took (the fifth's, the sixth's and each from the seventh to the one
    before), ordered by the SHA-256 of "guess_heldout<number>/<pack>/<name>", the first
    HELD_OUT_5_DRAW[pack] (as many as the fifth)."""
    taken = {*drawn_for_heldout5(pack_id), *drawn_for_heldout6(pack_id)}
    for earlier in range(FIRST, number):
        taken.update(drawn_for(earlier, pack_id))
    names = [name for name in drawable_names(number, pack_id) if name not in taken]
    return _seeded_draw(f"guess_heldout{number}", pack_id, names, HELD_OUT_5_DRAW[pack_id])


Figures = tuple[dict[str, int], int]  # guesses agreed on per language (a floor), false accepts


@dataclass(frozen=True)
class Blind:
    number: int  # of its draw, `drawn_for`
    table: Path
    size: int  # rows at least


@dataclass(frozen=True)
class HeldOut(Blind):
    development: Figures
    test: Figures


TABLES = (
    # guess_heldout7.tsv, written before round nine. Development half, judged by the checker of
    # the day the table was written (dc5ec24), before any change made with the table in hand:
    # fr 203/209, en 219/223, with "Klint" for "(Gustav) Klimt", "Autriche" for "autruche",
    # "broccolini" for "broccoli" and "danseur" for "dancer" accepted; after round ten en 220
    # ("broccolini" refused); after round twelve fr 204 ("Aliénor Aquitaine"), en 222 ("Froyd").
    # Test half, judged once at the end of round nine: fr 175/177, en 160/163, four accepted
    # ("Angela" for "Angèle", "Chancer" for "(Geoffrey) Chaucer", "Zelenska" for "(Volodymyr)
    # Zelensky", "Darwen" for "(Charles) Darwin"); after round ten fr 177, en 163, none.
    HeldOut(7, HELD_OUT_7, 700, ({"fr": 204, "en": 222}, 2), ({"fr": 177, "en": 163}, 0)),
    # guess_heldout8.tsv, written during round ten, both halves judged once at its end.
    # Development half: fr 210/219, en 196/202, five accepted; round eleven fr 212, en 198;
    # round twelve en 199 ("C. Columbus"). Test half: fr 169/177, en 185/194, ten accepted
    # ("Saint Pierre" for "Abbé Pierre", "Mike Jagger", "Jackie Chen", "zébré" for "zèbre",
    # "Rodan", "Kent" and "Kanté" for Kant, "marks" for Marx, "Gregor Mandel", "miroir" for
    # "mirror"); round eleven fr 174, en 187, eight; round twelve en 188 ("Stanley Lee").
    # Round fourteen: development fr 215, two ("balloon", "maize", "mustache" refused); test fr
    # 176, six ("zébré", "Saint Pierre" refused).
    HeldOut(8, HELD_OUT_8, 780, ({"fr": 215, "en": 199}, 2), ({"fr": 176, "en": 188}, 6)),
    # guess_heldout9.tsv, written during round eleven, both halves judged once at its end.
    # Development half: fr 197/214, en 209/229, 15 accepted; round twelve fr 204, en 218, 14
    # ("Fred" for Freud refused). Test half: fr 189/200, en 169/185, eight accepted ("Anne
    # Cordy", "Alfredo Hitchcock", "Princess Diane", "Hugh" for Hugo, "Zhang He", "Dalai Llama",
    # "hairdrier" for hairdresser, "Hitch" alone for Alfred Hitchcock); round twelve fr 195, en
    # 180, five ("Alfredo Hitchcock", "Princess Diane", "Hugh" refused). Round fourteen:
    # development fr 205, en 219, 12 ("chameleon", "James Cameroon" refused); test fr 196,
    # four ("Hitch" refused). Round twenty: development fr 206, eleven ("Virginia Efira"
    # refused: another language's form of a French first name).
    # Round twenty-one (the other language's word at a words card refused):
    # development en 221, nine ("limonade", "balle").
    HeldOut(9, HELD_OUT_9, 800, ({"fr": 206, "en": 221}, 9), ({"fr": 196, "en": 180}, 4)),
    # guess_heldout10.tsv, written during round twelve, both halves judged once with its
    # checker. Development half: fr 189/206, en 205/215, five accepted; round thirteen fr 202,
    # en 210. Test half: fr 200/210, en 186/201, six accepted ("Jeanne Longo", "Heidi Lamarr",
    # "Chairman Mao", "princes", "lampée", "désert"); round thirteen fr 207, en 193, six.
    # Round fourteen: development fr 204, en 211, two ("abricoté", "Amélia Nothomb", "elk"
    # refused); test fr 208, en 194, four ("lampée", "Chairman Mao" refused). Round
    # seventeen: development en 212 ("Josephine Empress of the French" accepted).
    HeldOut(10, HELD_OUT_10, 800, ({"fr": 204, "en": 212}, 2), ({"fr": 208, "en": 194}, 4)),
    # guess_heldout11.tsv, written during round fourteen, both halves judged once at its end.
    # Development half: fr 221/232, en 223/228, six accepted ("Pelle" for "Pelé", "braillé",
    # "l'alphabet braille" and "brail" for "(Louis) Braille", "Laura Fabian" for "Lara Fabian",
    # "Jim Hanson" for "Jim Henson"); the checker of the day it was written (76cd545) read fr
    # 220 and seven ("Claudia Haigneré" too). Test half: fr 185/192, en 190/196, seven
    # ("les Galeries Lafayette", "Platoon" for "Platon", "Terry Henry", "flûté", "pantoufler",
    # "lanterne" and "passeport" at the English table), the same with either checker. Round
    # fifteen (development data from here): development fr 227, en 224, four ("braillé",
    # "l'alphabet braille" refused); test fr 189, en 193, five ("les Galeries Lafayette",
    # "pantoufler" refused). Round sixteen: development fr 228, three ("Laura Fabian" refused);
    # test fr 190, four ("Terry Henry" refused). Round seventeen: development fr 229, two
    # ("Pelle" refused).
    # Round twenty-one (the other language's word at a words card refused):
    # test en 195, two ("lanterne", "passeport").
    HeldOut(11, HELD_OUT_11, 800, ({"fr": 229, "en": 224}, 2), ({"fr": 190, "en": 195}, 2)),
    # guess_heldout12.tsv, written after round fifteen (804 rows; en-personalities had only six
    # names left to draw, so the English side leans on its words), both halves judged once with
    # round fifteen's checker. Development half: fr 191/193, en 162/167, three accepted
    # ("Saint-Louis du Sénégal", "Coustou" for "(Jacques) Cousteau", "applet" for "apple").
    # Test half: fr 200/209, en 230/235, seven ("Édouard Monet", "cabus" for "Cabu", "Jean
    # Sempé", "Julie Roberts", "Christine Taubira", "Yayoi Kasama", "hedgehop"). The checker
    # before rounds fourteen and fifteen (76cd545) read the same but test fr 199, en 229 and
    # eight ("diamanté" too). Round sixteen: test fr 204, three ("Christine Taubira", "Édouard
    # Monet", "Jean Sempé", "cabus", "Julie Roberts" refused), en 231, one ("hedgehop" too).
    HeldOut(12, HELD_OUT_12, 800, ({"fr": 191, "en": 162}, 3), ({"fr": 205, "en": 231}, 1)),
    # guess_heldout13.tsv, written during round sixteen (820 rows, on the first draw over the
    # personalities packs' thirty new cards each), both halves judged once with round sixteen's
    # checker. Development half: fr 220/227, en 183/188, eight accepted. Test half: fr 180/183,
    # en 217/222, four ("Marjane Satrape", "musée" for "(Alfred de) Musset", "les Lumières",
    # "journaliste" for "journalist"). Round fifteen's checker with the new cards (8b693a6) read
    # the same but test fr 179 and five ("Stéphanie Bern" too). Seventy rows are on fourteen
    # people earlier tables held under another pack or as written names; without them, test
    # fr 162/165, en 193/196, four accepted. Round seventeen (development data from here):
    # development fr 223, en 184, five ("alizé", "Mazarine", "sad" refused, "Ravel compositeur
    # du Boléro" accepted); test fr 183, one ("Marjane Satrape", "musée", "les Lumières"
    # refused). Round eighteen: development fr 224, four ("hippopotamus" at the French table
    # refused).
    # Round twenty-one (the other language's word at a words card refused):
    # development en 186, two ("salade", "helicoptere"); test en 218,
    # none ("journaliste").
    HeldOut(13, HELD_OUT_13, 800, ({"fr": 224, "en": 186}, 2), ({"fr": 183, "en": 218}, 0)),
    # guess_heldout14.tsv, written during round seventeen (840 rows, on the first draw over the
    # personalities packs' second growth: thirty en and twenty fr cards), both halves judged
    # once with round seventeen's checker. Development half: fr 224/229, en 239/246, five
    # accepted ("saint Christophe", "Willy Wonka and the Chocolate Factory", "Josip Broz",
    # "tulip" and "radish" at the French table). Test half: fr 188/191, en 169/174, four
    # ("Leonard Coen", "Piers Brosnan", "Roy Liechtenstein", "rosse" for "rose"). Round
    # sixteen's checker with the new cards (ac161be) read the same but test fr 187 and five
    # ("Gambette" for "(Léon) Gambetta" too). Round eighteen (development data from here):
    # development fr 227, en 240, two ("saint Christophe", "radish", "Willy Wonka and the
    # Chocolate Factory" refused, "le Conducător Nicolae Ceausescu" accepted); test fr 190, en
    # 170, two ("rosse", "Roy Liechtenstein" refused, "Christine & the Queens" accepted).
    # Round twenty-one (the other language's word at a words card refused):
    # development fr 228, one ("tulip" for "tulipe").
    HeldOut(14, HELD_OUT_14, 800, ({"fr": 228, "en": 240}, 1), ({"fr": 190, "en": 170}, 2)),
    # guess_heldout15.tsv, written during round eighteen (800 rows, on the first draw over the
    # personalities packs' third growth: 24 en and 20 fr cards), both halves judged once with
    # round eighteen's checker. Development half: fr 159/168, en 190/201, ten accepted (a name
    # word swapped for a word that sounds alike: "Adolphe Tiers", "Narval", "Gérard de Narval",
    # "Mica", "Nathalie Baie"; another person: "Fouchet", "Pizarro", "Ramanuja"; another first
    # name: "Maria Poppins"; the French word at an English card: "architecte"). Test half: fr
    # 222/232, en 195/199, eight ("Ambroise Parée", "Buddy Holy", "rêne" for "reine": a word
    # that sounds alike; "Maria Laforêt", "Gaëlle Faye": another first name; "cornélien", "un
    # chateaubriand", "Hambourg" for "hamburger": a word made from the name or the name's
    # thing). Round nineteen (development data from here): development fr 161, eight ("Adolphe
    # Tiers", "Nathalie Baie" refused: a word every player knows); test fr 223, seven ("rêne"
    # refused: a word met mostly in the plural), 224, six ("un chateaubriand" refused: an
    # indefinite article makes a thing of the person's). Round twenty: development en 191,
    # seven ("Maria Poppins" refused); test fr 225, five ("Maria Laforêt" refused: a first name
    # in another language than the table's, for a name of its own, is another name), 226, four
    # ("Gaëlle Faye" refused: a woman's first name).
    # Round twenty-one (the other language's word at a words card refused):
    # development en 192, six ("architecte").
    HeldOut(15, HELD_OUT_15, 800, ({"fr": 161, "en": 192}, 6), ({"fr": 226, "en": 195}, 4)),
    # guess_heldout16.tsv, written during round nineteen (822 rows, on the first draw over the
    # personalities packs' fourth growth: 24 en and 20 fr cards), both halves judged once with
    # round nineteen's checker. Development half: fr 243/252, en 179/185, eleven accepted (a
    # letter more or less making a word, a place or another person: "Sandrine Bonaire",
    # "Évariste Gallois", "Jacques Mono", "Joseph Kassel", "Martin Amiss", "Roger Banister",
    # "Hermann Hess"; another first name: "Gaëlle Monfils"; "the composer Engelbert
    # Humperdinck"; "de" and "dès" for "dé"). Test half: fr 153/159, en 211/226, thirteen (a
    # letter off making another person or word: "Zhu Enlai", "Hervé Vilar", "Eta James", "Shane
    # Warn", "Donatella", "Sadie Smith", "croassant"; half a compound name: "Jacques Delmas"; a
    # namesake named after the card: "Donatello the ninja turtle", "Dido queen of Carthage"; a
    # derived word: "dragonnet"; the French word at an English card: "photographe",
    # "hippopotame"). Round twenty (development data from here): development fr 244, ten
    # ("Gaëlle Monfils" refused).
    # Round twenty-one (the other language's word at a words card refused):
    # test en 212, twelve ("photographe").
    HeldOut(16, HELD_OUT_16, 822, ({"fr": 244, "en": 179}, 10), ({"fr": 153, "en": 212}, 12)),
    # guess_heldout17.tsv, written during round twenty (800 rows, on the first draw over the
    # personalities packs' fifth growth: the cards fr-p-397..416 and en-p-353..376), both halves
    # judged once with round twenty's checker. Development half: fr 182/190, en 201/206, seven
    # accepted (another first name: "Karine Viard", "Jacinta Ardern"; another person or a town a
    # letter off: "Raimi", "Jay Gadsby", "Sidney Poitiers"; a film's title: "Fantômas se
    # déchaîne"; part of the name: "Pooh"). Test half: fr 206/210, en 187/194, five ("Claudia
    # Cardinal": a word; "Germain Tillion", "Julia Andrews": another first name; "Robert
    # Stevenson": his grandfather; "sandale", the French word at an English card). Round
    # twenty-one: test fr 207, four ("Germain Tillion" refused: a man's name, Germaine a woman's).
    # Round twenty-one (the other language's word at a words card refused):
    # test en 188, three ("sandale").
    HeldOut(17, HELD_OUT_17, 800, ({"fr": 182, "en": 201}, 7), ({"fr": 207, "en": 188}, 3)),
    # guess_heldout18.tsv, written during round twenty-one (800 rows, on the first draw over the
    # personalities packs' sixth growth: the cards fr-p-417..436 and en-p-377..400), both halves
    # judged once with round twenty-one's checker. Development half: fr 144/149, en 194/198,
    # seven accepted (another first name: "Nicolette", "Annie Gavalda"; a word a letter off:
    # "Maeve Bunchy", "Keira Knightly"; a cousin: "Niépce de Saint-Victor"; a song after the
    # name: "Chris Hadfield Space Oddity"; the English word at a French card: "llama"). Test
    # half: fr 248/251, en 194/202, three (another surname a letter off: "Christine Aron"; a
    # namesake: "le sous-marin Surcouf", "Field Marshal Montgomery").
    HeldOut(18, HELD_OUT_18, 800, ({"fr": 144, "en": 194}, 7), ({"fr": 248, "en": 194}, 3)),
)
# The blind tables written but not judged yet: their draw and shape are tested, never their
# verdicts, so that nothing runs the checker on them before their one judging (which moves them
# to TABLES with their figures).
NOT_YET_JUDGED: tuple[Blind, ...] = ()
WRITTEN = (*TABLES, *NOT_YET_JUDGED)


def _named(held_out: Blind) -> str:
    return held_out.table.name


@pytest.mark.parametrize("held_out", WRITTEN, ids=_named)
def test_a_held_out_table_holds_exactly_its_drawn_cards(held_out: Blind) -> None:
    holds_exactly_the_drawn_cards(held_out.table, partial(drawn_for, held_out.number))


@pytest.mark.parametrize("held_out", WRITTEN, ids=_named)
def test_a_held_out_table_is_big_balanced_and_covers_every_kind(held_out: Blind) -> None:
    big_balanced_and_every_kind(held_out.table, held_out.size)


@pytest.mark.parametrize("held_out", WRITTEN, ids=_named)
def test_a_held_out_table_repeats_no_guess_of_an_earlier_table(held_out: Blind) -> None:
    assert repeated_guesses(held_out.table) == []


@pytest.mark.parametrize("held_out", TABLES, ids=_named)
@pytest.mark.parametrize("part", HALVES)
def test_a_held_out_half_is_judged_at_its_figures(held_out: HeldOut, part: str) -> None:
    _judge_held_out_half(held_out.table, part,
                         held_out.development if part == HALVES[0] else held_out.test)
