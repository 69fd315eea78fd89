"""The word filter's two tables (issue 39, item 2): texts built to get an insult past it, and
innocent texts it must let through. Each row is (kind, language, text); kind is where the text
is read: a player's `name`, a `chat` line, a `written` Time's Up name, a typed `guess`.

The bypass table is split in two halves fixed before the filter was tuned: DEV, looked at while
tuning, and TEST, only measured (tests/rooms/test_filter_tables.py reports both; bench/chaos.py
counts what gets through). Escapes spell the invisible and look-alike characters."""

from __future__ import annotations

Row = tuple[str, str, str]

DEV: list[Row] = [
    # names
    ("name", "en", "FuCk"),
    ("name", "en", "f\u200buck"),
    ("name", "en", "sh\u200bit"),
    ("name", "en", "\u0455hit"),  # Cyrillic dze
    ("name", "en", "b!tch"),
    ("name", "en", "8itch"),
    ("name", "en", "c.u.n.t"),
    ("name", "en", "fvck"),
    ("name", "en", "Fuuuuuuck"),
    ("name", "en", "n1gg3r"),
    ("name", "fr", "C0nnard"),
    ("name", "fr", "s@lope"),
    ("name", "fr", "Enculé"),
    ("name", "fr", "p\u00adute"),  # soft hyphen
    ("name", "fr", "bâtard"),
    ("name", "fr", "ＰＵＴＥ"),
    # chat lines
    ("chat", "en", "a f u c k"),
    ("chat", "en", "you are a n i g g e r"),
    ("chat", "en", "what the f-u-c-k"),
    ("chat", "en", "sh i t happens"),
    ("chat", "en", "fu ck off"),
    ("chat", "en", "you \U0001d41c\U0001d42e\U0001d427\U0001d42d"),  # mathematical bold
    ("chat", "en", "total w\u2060anker"),  # word joiner
    ("chat", "en", "f*u*c*k you"),
    ("chat", "en", "b i t c h please"),
    ("chat", "en", "such a d1ckhead"),
    ("chat", "en", "r e t a r d"),
    ("chat", "en", "ffffuuuuccckkk"),
    ("chat", "fr", "espèce de c o n n a r d"),
    ("chat", "fr", "fils de p u t e"),
    ("chat", "fr", "ta g u e u l e"),
    ("chat", "fr", "sal\u200bope va"),
    ("chat", "fr", "nik ta mère"),
    ("chat", "fr", "t'es un b@tard"),
    ("chat", "fr", "trou du c u l"),
    ("chat", "fr", "quelle pu\u200dtain de partie"),  # zero-width joiner
    # written names
    ("written", "en", "Mr F\u200bu\u200bc\u200bk"),
    ("written", "en", "Wh0re"),
    ("written", "en", "s h i t"),
    ("written", "en", "Piss\u00a0off"),  # no-break space
    ("written", "en", "\u0430sshole"),  # Cyrillic a
    ("written", "fr", "Sale Ar@be"),
    ("written", "fr", "Fils de put3"),
    ("written", "fr", "Conn\u0430sse"),
    ("written", "fr", "e n c u l e"),
    ("written", "fr", "Salaud\u034f"),  # combining grapheme joiner
    # typed guesses
    ("guess", "en", "fuck"),
    ("guess", "en", "shit"),
    ("guess", "en", "sh1thead"),
    ("guess", "en", "a c u n t"),
    ("guess", "en", "motherfucker"),
    ("guess", "en", "BITCH"),
    ("guess", "en", "f u c k i n g"),
    ("guess", "en", "tw@t"),
    ("guess", "fr", "connard"),
    ("guess", "fr", "pute"),
    ("guess", "fr", "ntm"),
    ("guess", "fr", "salope"),
    ("guess", "fr", "e.n.c.u.l.é"),
    ("guess", "fr", "n\u200bique ta mère"),
]

TEST: list[Row] = [
    # names
    ("name", "en", "fUcK"),
    ("name", "en", "fu\u200cck"),  # zero-width non-joiner
    ("name", "en", "$h1t"),
    ("name", "en", "b\u0456tch"),  # Cyrillic i
    ("name", "en", "c*nt"),
    ("name", "en", "Wh\u043ere"),  # Cyrillic o
    ("name", "en", "5lut"),
    ("name", "en", "Shiiiiit"),
    ("name", "en", "tw4t"),
    ("name", "en", "fag\u2063got"),  # invisible separator
    ("name", "fr", "CONNARD"),
    ("name", "fr", "Sal0pe"),
    ("name", "fr", "pédé"),
    ("name", "fr", "p\u200bd"),
    ("name", "fr", "Bât@rd"),
    ("name", "fr", "ｓａｌｏｐｅ"),
    # chat lines
    ("chat", "en", "i f u c k e d up"),
    ("chat", "en", "you are a b i t c h"),
    ("chat", "en", "f.u.c.k this"),
    ("chat", "en", "sh it"),
    ("chat", "en", "such a tw at"),
    ("chat", "en", "\U0001d5f3\U0001d602\U0001d5f0\U0001d5f8 off"),  # sans-serif bold
    ("chat", "en", "stupid c\u200bu\u200bn\u200bt"),
    ("chat", "en", "f_u_c_k"),
    ("chat", "en", "w h o r e"),
    ("chat", "en", "what a wank3r"),
    ("chat", "en", "s l u t"),
    ("chat", "en", "shhhiiiiiit"),
    ("chat", "fr", "pauvre c o n n a s s e"),
    ("chat", "fr", "fils de pvte"),
    ("chat", "fr", "ta gu3ule"),
    ("chat", "fr", "sa\u200blaud"),
    ("chat", "fr", "nique ta m3re"),
    ("chat", "fr", "sale b a t a r d"),
    ("chat", "fr", "t'es qu'un e n c u l e"),
    ("chat", "fr", "pu\u2060tain"),
    # written names
    ("written", "en", "Big F\u200cuck"),
    ("written", "en", "wh\u00f6re"),
    ("written", "en", "c u n t"),
    ("written", "en", "Sh\u0131t"),  # dotless i
    ("written", "en", "b1tch"),
    ("written", "fr", "Sale Juif"),
    ("written", "fr", "F i l s de pute"),
    ("written", "fr", "Connard\ufe0f"),  # a variation selector
    ("written", "fr", "s a l o p e"),
    ("written", "fr", "Tapette"),
    # typed guesses
    ("guess", "en", "FUCK"),
    ("guess", "en", "shithead"),
    ("guess", "en", "wanker"),
    ("guess", "en", "a s s h o l e"),
    ("guess", "en", "n i g g a"),
    ("guess", "en", "slut"),
    ("guess", "en", "f\u200bu\u200bc\u200bk"),
    ("guess", "en", "b!tch"),
    ("guess", "fr", "CONNASSE"),
    ("guess", "fr", "putain"),
    ("guess", "fr", "fdp"),
    ("guess", "fr", "salaud"),
    ("guess", "fr", "b.a.t.a.r.d"),
    ("guess", "fr", "ta gueule"),
]

# Innocent texts: every one must pass (a false positive refuses a real name or a real guess).
INNOCENT: list[Row] = [
    ("name", "en", "Scunthorpe"),
    ("name", "en", "Dick Fosbury"),
    ("name", "en", "Cockburn"),
    ("name", "en", "Dick Van Dyke"),
    ("name", "en", "P D James"),
    ("name", "en", "J R R Tolkien"),
    ("name", "en", "Shh"),
    ("name", "fr", "Pascal"),
    ("name", "fr", "Bâtiste"),
    ("name", "fr", "Connie"),
    ("chat", "en", "shh it is a secret"),
    ("chat", "en", "a b c d e f g"),
    ("chat", "en", "I hit it, a cup of tea"),
    ("chat", "en", "class assassin assess"),
    ("chat", "en", "he is a s s x l"),
    ("chat", "en", "the U S A won"),
    ("chat", "en", "as shown on TV"),
    ("chat", "fr", "la salade de concombre"),
    ("chat", "fr", "un député de la Sarthe"),
    ("chat", "fr", "à tout à l'heure"),
    ("chat", "fr", "c'est un con cours"),
    ("chat", "fr", "il a pu te voir"),
    ("chat", "fr", "sa lope rouge"),
    ("chat", "fr", "Putanges-le-Lac"),
    ("written", "en", "Dick Fosbury"),
    ("written", "en", "Shih Tzu"),
    ("written", "en", "Matsushita"),
    ("written", "en", "Hancock"),
    ("written", "en", "Penistone"),
    ("written", "en", "Sussex"),
    ("written", "fr", "Pédagogie"),
    ("written", "fr", "Niger"),
    ("written", "fr", "Bâtardeau"),
    ("written", "fr", "Connemara"),
    ("written", "fr", "Jean Moulin"),
    ("guess", "en", "Fukuoka"),
    ("guess", "en", "Phuket"),
    ("guess", "en", "Titicaca"),
    ("guess", "en", "Arsenal"),
    ("guess", "en", "Cockermouth"),
    ("guess", "en", "shiitake"),
    ("guess", "fr", "concombre"),
    ("guess", "fr", "chili con carne"),
    ("guess", "fr", "cul-de-sac"),
    ("guess", "fr", "fagot"),
    ("guess", "fr", "salopette"),
    ("guess", "fr", "enculturation"),
    ("guess", "fr", "Les Bronzés"),
]
