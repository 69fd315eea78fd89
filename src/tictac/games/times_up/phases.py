"""The phases a game of Time's Up goes through, in order."""

WRITE = "write"  # player-written deck: each player types their names
SCREEN = "screen"  # option screen_names: one seat approves or sends back each written name
DEAL = "deal"  # each player discards exactly 2 of the cards dealt to them
WAITING = "waiting"  # a turn is about to start: the cluegiver (or timekeeper) sends "start"
RUNNING = "running"  # the clock runs; the cluegiver holds a card
LAST_CARD = "last_card"  # the deck ran out while a typed verdict may be overruled: the clock
#                          stops until the cluegiver confirms or overrules (docs/rulings.md)
ROUND_WON = "round_won"  # en: the round was won with time left: continue or hand over
READBACK = "readback"  # after round 1: the found names are read back, everyone confirms
OVER = "over"
