"""What happens on the table: dealing a round, drawing (rebuilding an empty pile), the effect
of a played card on whose turn it is, and the end of a round with its scoring."""

from __future__ import annotations

from tictac.engine import Event, Rng
from tictac.games.timos_twist.cards import (
    COLOR,
    DECK_SIZE,
    DRAWS,
    HAND_SIZE,
    IDS,
    IS_BLACK,
    RANK,
    SKIP,
    TWIST,
    hand_points,
)
from tictac.games.timos_twist.state import NOBODY, State


def deal_round(state: State, order: list[int], events: list[Event]) -> None:
    """Deal `order` (top card first) one card at a time from the seat left of the dealer, turn
    the next card, and let a coloured action card take effect as if the dealer had played it."""
    n = state.players
    pile = order[::-1]
    hands: list[list[int]] = [[] for _ in range(n)]
    dealer = state.dealer
    for _ in range(HAND_SIZE):
        for offset in range(1, n + 1):
            hands[(dealer + offset) % n].append(pile.pop())
    first = pile.pop()
    while IS_BLACK[first]:
        # A black first card goes back and the pile is reshuffled (docs/rulings.md).
        pile.append(first)
        shuffle(state.rng, pile)
        first = pile.pop()
    state.hands = hands
    state.pile = pile
    state.discard = [first]
    state.color = COLOR[first]
    state.turn = dealer
    state.direction = 1
    state.penalty = 0
    state.drawn = NOBODY
    state.called = [False] * n
    state.exposed = NOBODY
    state.grace_until = 0
    opening: list[Event] = [
        {"type": "round_started", "round": len(state.rounds) + 1, "dealer": dealer,
         "top": IDS[first]}
    ]
    take_effect(state, first, opening)
    state.opening = opening
    events.extend(opening)


def shuffle(rng: Rng, items: list[int]) -> None:
    """Fisher-Yates taking its indices as the mixed-radix digits of one big random number: 7
    draws of 64 bits for a whole deck instead of one a card (a shuffle happens every round and
    every rebuilt pile). The deviation from uniform is below 2**-64."""
    n = len(items)
    number = 0
    for _ in range(n * n.bit_length() // 64 + 2):
        number = (number << 64) | rng.next64()
    for i in range(n - 1, 0, -1):
        number, j = divmod(number, i + 1)
        items[i], items[j] = items[j], items[i]


def shuffled_deck(state: State) -> list[int]:
    deck = list(range(DECK_SIZE))
    shuffle(state.rng, deck)
    return deck


def draw_cards(state: State, seat: int, count: int, events: list[Event]) -> int:
    """Move up to `count` cards from the pile to `seat`'s hand, rebuilding the pile from the
    discard pile when it runs out; returns how many were drawn (fewer if both are empty)."""
    pile = state.pile
    hand = state.hands[seat]
    drawn = 0
    while drawn < count:
        if not pile:
            if len(state.discard) < 2:
                break
            pile = rebuild_pile(state, events)
        hand.append(pile.pop())
        drawn += 1
    if drawn:
        state.called[seat] = False
    return drawn


def rebuild_pile(state: State, events: list[Event]) -> list[int]:
    """The discard pile but its top card, shuffled, becomes the new pile."""
    discard = state.discard
    pile = discard[:-1]
    shuffle(state.rng, pile)
    state.pile = pile
    state.discard = [discard[-1]]
    events.append({"type": "pile_rebuilt", "size": len(pile)})
    return pile


def next_seat(state: State, steps: int = 1) -> int:
    return (state.turn + state.direction * steps) % state.players


def take_effect(state: State, card: int, events: list[Event]) -> None:
    """Pass the turn on from the player (or dealer) who has just played `card`."""
    rank = RANK[card]
    if rank == SKIP:
        events.append({"type": "skipped", "seat": next_seat(state)})
        state.turn = next_seat(state, 2)
    elif rank == TWIST:
        if state.players == 2:
            # With two players a Twist acts as a Skip: the same player plays again.
            events.append({"type": "skipped", "seat": next_seat(state)})
        else:
            state.direction = -state.direction
            events.append({"type": "reversed", "direction": state.direction})
            state.turn = next_seat(state)
    elif DRAWS[card]:
        state.penalty += DRAWS[card]
        target = next_seat(state)
        if state.stacking:
            state.turn = target
            events.append({"type": "penalty", "seat": target, "count": state.penalty})
        else:
            take_penalty(state, target, events)
            state.turn = next_seat(state, 2)
    else:
        state.turn = next_seat(state)


def take_penalty(state: State, seat: int, events: list[Event]) -> None:
    count = draw_cards(state, seat, state.penalty, events)
    state.penalty = 0
    events.append({"type": "drew", "seat": seat, "count": count, "penalty": True})


def finish_round(state: State, winner: int, events: list[Event]) -> None:
    """Score the round for its winner; end the game at the target score or deal the next round
    with the dealer one seat further clockwise."""
    hands = state.hands
    counted = [hand_points(hand) for hand in hands]
    points = sum(count for seat, count in enumerate(counted) if seat != winner)
    state.scores[winner] += points
    state.rounds.append((winner, points))
    events.append(
        {"type": "round_over", "round": len(state.rounds), "winner": winner, "points": points,
         "hands": [[IDS[card] for card in hand] for hand in hands],
         "hand_points": counted, "scores": state.scores[:]}
    )
    if state.scores[winner] >= state.target_score:
        state.winner = winner
        state.turn = NOBODY
        state.exposed = NOBODY
        state.drawn = NOBODY
        state.penalty = 0
        events.append({"type": "game_over", "winner": winner, "scores": state.scores[:]})
        return
    state.dealer = (state.dealer + 1) % state.players
    deal_round(state, shuffled_deck(state), events)
