"""The five actions: what a seat may do now, and doing it (full validation first, then the
change in place)."""

from __future__ import annotations

from tictac.engine import Action, Event, IllegalAction
from tictac.engine.errors import BAD_FIELD, NOT_YOUR_TURN, Codes
from tictac.engine.fields import bool_field, choice_field, int_field, str_field
from tictac.engine.prologue import check_action
from tictac.games.timos_twist.cards import (
    COLOR,
    COLOR_INDEX,
    COLORS,
    DRAWS,
    IDS,
    INDEX,
    IS_BLACK,
    MATCHING,
    PLUS2,
    PLUS4_CARD,
    RANK,
    SKIP,
)
from tictac.games.timos_twist.state import NOBODY, State
from tictac.games.timos_twist.table import (
    draw_cards,
    finish_round,
    next_seat,
    take_effect,
    take_penalty,
)

# The game's own refusal codes (its `GameInfo.codes`; docs/games/timos-twist.md's table is
# written from them).
CODES = Codes()
CARD_NOT_HELD = CODES("card_not_held", "the card is not in your hand")
CARD_DOES_NOT_MATCH = CODES("card_does_not_match", "neither colour, number, symbol, nor black")
MUST_STACK_OR_DRAW = CODES("must_stack_or_draw", "facing a penalty, the card does not stack on it")
ONLY_DRAWN_CARD = CODES("only_drawn_card", "after drawing, only the drawn card may be played")
HAS_PLAYABLE_CARD = CODES("has_playable_card", "drawing while holding a playable card (without "
                          "`draw_anytime`)")
ALREADY_DREW = CODES("already_drew", "a second draw in one turn")
NOTHING_TO_PASS = CODES("nothing_to_pass", "`pass` without a drawn playable card")
CANNOT_CALL_TIMO = CODES("cannot_call_timo", "TIMO with a play that does not leave one card, or "
                         "a call by someone who is not catchable")
NOTHING_TO_CATCH = CODES("nothing_to_catch", "the target is not catchable now (a wrong or late "
                         "catch; it costs nothing)")
CANNOT_CATCH_YOURSELF = CODES("cannot_catch_yourself", "target is your own seat")
TIMO_GRACE = CODES("timo_grace", "the player to act acts before the grace window is over")

ACTION_TYPES = frozenset({"play", "draw", "pass", "timo", "catch"})


def matching(state: State) -> frozenset[int]:
    """The cards that match the top card: its colour (or the colour named), its number or
    symbol, and the black cards (the booklet's three cases)."""
    return MATCHING[state.color * 16 + RANK[state.discard[-1]]]


def stacks(state: State, card: int) -> bool:
    """+2 or +4 on a pending +2; nothing on a +4 (the only +4 is the one on top)."""
    return RANK[state.discard[-1]] == PLUS2 and (RANK[card] == PLUS2 or card == PLUS4_CARD)


def has_playable(state: State, hand: list[int]) -> bool:
    return not matching(state).isdisjoint(hand)


def turn_moves(state: State, seat: int) -> tuple[list[int], str | None]:
    """What the seat to act (the game going on) may do besides TIMO and catches: the cards it
    may play, a black card naming any colour, and its other move, "draw", "pass" or None. The
    rules of a turn in one place: `legal_actions` and the RL environment's mask both list it."""
    # Loops, not comprehensions: each comprehension is a function call of its own (CPython 3.11).
    hand = state.hands[seat]
    cards = []
    if state.penalty:
        for card in hand:
            if stacks(state, card):
                cards.append(card)
        return cards, "draw"
    if state.drawn != NOBODY:
        return [state.drawn], "pass"
    playable = MATCHING[state.color * 16 + RANK[state.discard[-1]]]  # `matching`, written out
    for card in hand:
        if card in playable:
            cards.append(card)
    return cards, "draw" if state.draw_anytime or not cards else None


def legal_actions(state: State, seat: int) -> list[Action]:
    # Listed at every step of play and in every view: the seat test (`is_seat`) is written out.
    if state.winner != NOBODY or type(seat) is not int or not 0 <= seat < state.players:
        return []
    actions: list[Action] = []
    exposed = state.exposed
    if exposed != NOBODY:
        if seat == exposed:
            actions.append({"type": "timo"})
        else:
            actions.append({"type": "catch", "target": exposed})
    if seat != state.turn:
        return actions
    cards, other = turn_moves(state, seat)
    timo_possible = len(state.hands[seat]) == 2
    for card in cards:
        card_id = IDS[card]
        if IS_BLACK[card]:
            for color in COLORS:
                actions.append({"type": "play", "card": card_id, "color": color})
                if timo_possible:
                    actions.append({"type": "play", "card": card_id, "color": color,
                                    "timo": True})
        else:
            actions.append({"type": "play", "card": card_id})
            if timo_possible:
                actions.append({"type": "play", "card": card_id, "timo": True})
    if other is not None:
        actions.append({"type": other})
    return actions


def apply(state: State, seat: int, action: Action, now_ms: int) -> tuple[State, list[Event]]:
    kind = check_action(action, ACTION_TYPES, seat, state.players, state.winner != NOBODY)
    opening = state.opening
    events: list[Event] = []
    if kind == "play":
        card, color, timo = _check_play(state, seat, action, now_ms)
        _play(state, seat, card, color, timo, now_ms, events)
    elif kind == "draw":
        _check_draw(state, seat, now_ms)
        _draw(state, seat, events)
    elif kind == "pass":
        _check_pass(state, seat, now_ms)
        _pass(state, seat, events)
    elif kind == "timo":
        _call_timo(state, seat)
        events.append({"type": "timo", "seat": seat})
    else:
        _catch(state, seat, action, events)
    _close_opening(state, opening)
    return state, events


def take_turn(state: State, seat: int, move: tuple[str, int, int], now_ms: int) -> None:
    """`apply` of a turn's move known to be legal, without its checks: `move` is ("play",
    card, colour named: a coloured card names its own), ("draw", ...) or ("pass", ...); a play
    that leaves one card calls TIMO. For the RL environment, which takes the move from
    `turn_moves` and has checked it once already, and reads no events: the move's own event is
    not made (it was a thirtieth of an environment's step), those of its effects are dropped."""
    opening = state.opening
    dropped: list[Event] = []
    kind, card, color = move
    if kind == "play":
        _play(state, seat, card, color, len(state.hands[seat]) == 2, now_ms, dropped, tell=False)
    elif kind == "draw":
        _draw(state, seat, dropped, tell=False)
    else:
        _pass(state, seat, dropped, tell=False)
    if opening:  # (most turns: no call)
        _close_opening(state, opening)


def _close_opening(state: State, opening: list[Event]) -> None:
    if opening and state.opening is opening:
        # A round's opening is shown until its first action; after that the cards it names may
        # lie in a hand or the pile. An action that dealt a new round has put its own there.
        state.opening = []


def _check_turn(state: State, seat: int, now_ms: int) -> None:
    """Refuse a seat that is not to act, or acts inside a TIMO grace window."""
    if seat != state.turn:
        raise IllegalAction(NOT_YOUR_TURN, f"it is seat {state.turn}'s turn")
    if now_ms < state.grace_until:
        raise IllegalAction(
            TIMO_GRACE, f"wait until {state.grace_until} ms: seat {state.exposed} may be caught"
        )


def _check_play(state: State, seat: int, action: Action, now_ms: int) -> tuple[int, int, bool]:
    """The card played, the colour it names and whether TIMO is called, once allowed."""
    if seat != state.turn or now_ms < state.grace_until:
        _check_turn(state, seat, now_ms)
    card_id = action.get("card")
    card = INDEX.get(card_id) if type(card_id) is str else None
    if card is None:
        card_id = str_field(action, "card")
        raise IllegalAction(BAD_FIELD, f"there is no card {card_id!r}")
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction(CARD_NOT_HELD, f"you do not hold {card_id}")
    if state.drawn != NOBODY and card != state.drawn:
        raise IllegalAction(ONLY_DRAWN_CARD, f"after drawing you may only play {IDS[state.drawn]}")
    if state.penalty:
        if not stacks(state, card):
            raise IllegalAction(MUST_STACK_OR_DRAW, f"draw {state.penalty} or stack on it")
    elif card not in matching(state):
        raise IllegalAction(CARD_DOES_NOT_MATCH, f"{card_id} does not match the top card")
    if IS_BLACK[card]:
        color = COLOR_INDEX[choice_field(action, "color", COLORS)]
    elif "color" in action:
        raise IllegalAction(BAD_FIELD, "only a black card names a colour")
    else:
        color = COLOR[card]
    timo = action.get("timo", False)
    if timo is not False and timo is not True:
        timo = bool_field(action, "timo")
    if timo and len(hand) != 2:
        raise IllegalAction(CANNOT_CALL_TIMO, "TIMO is called with the card that leaves one")
    return card, color, timo


def _play(
    state: State, seat: int, card: int, color: int, timo: bool, now_ms: int, events: list[Event],
    tell: bool = True,
) -> None:
    hand = state.hands[seat]
    hand.remove(card)
    state.discard.append(card)
    state.color = color
    state.drawn = NOBODY
    state.exposed = NOBODY
    state.grace_until = 0
    if tell:
        events.append({"type": "played", "seat": seat, "card": IDS[card], "color": COLORS[color],
                       "timo": timo})
    left = len(hand)
    if not left:
        state.called[seat] = False
        if DRAWS[card] and state.last_draw_counts:
            # The last card's +2/+4 is still drawn by its target before scoring (our ruling);
            # without the option the round ends at once, as the booklet's letter has it.
            state.penalty += DRAWS[card]
            take_penalty(state, next_seat(state), events)
        finish_round(state, seat, events)
        return
    if left == 1:
        state.called[seat] = timo
        if not timo:
            state.exposed = seat
            if state.grace_ms:
                state.grace_until = now_ms + state.grace_ms
    if RANK[card] < SKIP:
        state.turn = (seat + state.direction) % state.players  # most plays: a plain number
    else:
        take_effect(state, card, events)


def _check_draw(state: State, seat: int, now_ms: int) -> None:
    if seat != state.turn or now_ms < state.grace_until:
        _check_turn(state, seat, now_ms)
    if state.penalty:
        return
    if state.drawn != NOBODY:
        raise IllegalAction(ALREADY_DREW, "play the card you drew or pass")
    if not state.draw_anytime and has_playable(state, state.hands[seat]):
        raise IllegalAction(HAS_PLAYABLE_CARD, "you may only draw with no card to play")


def _draw(state: State, seat: int, events: list[Event], tell: bool = True) -> None:
    state.exposed = NOBODY
    state.grace_until = 0
    if state.penalty:
        take_penalty(state, seat, events)
        state.turn = next_seat(state)
        return
    count = draw_cards(state, seat, 1, events)
    if tell:
        events.append({"type": "drew", "seat": seat, "count": count, "penalty": False})
    hand = state.hands[seat]
    if count and hand[-1] in matching(state):
        state.drawn = hand[-1]
    else:
        state.turn = next_seat(state)


def _check_pass(state: State, seat: int, now_ms: int) -> None:
    _check_turn(state, seat, now_ms)
    if state.drawn == NOBODY:
        raise IllegalAction(NOTHING_TO_PASS, "you pass only after drawing a card you could play")


def _pass(state: State, seat: int, events: list[Event], tell: bool = True) -> None:
    state.drawn = NOBODY
    state.turn = next_seat(state)
    if tell:
        events.append({"type": "passed", "seat": seat})


def _call_timo(state: State, seat: int) -> None:
    if seat != state.exposed:
        raise IllegalAction(CANNOT_CALL_TIMO, "only a player just left with one card calls TIMO")
    state.called[seat] = True
    state.exposed = NOBODY
    state.grace_until = 0


def _catch(state: State, seat: int, action: Action, events: list[Event]) -> None:
    target = int_field(action, "target", 0, state.players - 1)
    if target == seat:
        raise IllegalAction(CANNOT_CATCH_YOURSELF, "call TIMO instead")
    if target != state.exposed:
        raise IllegalAction(NOTHING_TO_CATCH, f"seat {target} cannot be caught now")
    state.exposed = NOBODY
    state.grace_until = 0
    count = draw_cards(state, target, 2, events)
    events.append({"type": "caught", "seat": seat, "target": target, "count": count})
