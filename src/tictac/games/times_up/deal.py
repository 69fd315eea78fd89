"""Making the game deck: a pack dealt out (40 cards plus 2 a player, each player discards exactly
2), a shared deck dealt the same way (or, when it holds fewer cards than that, all of it, with
no discards), or names the players write themselves. Either way the kept cards are shuffled
together."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from tictac.engine import Action, Event, IllegalAction, Rng
from tictac.engine.errors import BAD_FIELD, BAD_SETUP, MISSING_FIELD
from tictac.games.times_up import decks, errors, packs, screening
from tictac.games.times_up import teams as teams_
from tictac.games.times_up.phases import DEAL, WRITE
from tictac.games.times_up.settings import settle
from tictac.games.times_up.state import Face, State
from tictac.games.times_up.written import check_name, taken


def new_game(
    players: int, options: Mapping[str, Any] | None, seed: int | str, stacked: Sequence[Any] | None
) -> State:
    settings, pack, placed = settle(options, players)
    rng = Rng(seed)
    if placed is None:
        teams, floater = teams_.draw(players, settings.odd_players, rng)
    else:
        teams, floater = teams_.placed(players, settings.odd_players, placed)
    state = State(
        players=players,
        settings=settings,
        rng=rng,
        teams=teams,
        floater=floater,
        faces={},
        phase=WRITE,
        dealt={seat: [] for seat in range(players)},
        discards={},
        deck=[],
        in_hand=None,
        set_aside=[],
        found=[[[] for _ in teams]],
        round=1,
        team=0,
        deadline=None,
        time_left=None,
        ready=[],
        guesses=[],
        now_ms=0,
        turns=[],
    )
    if pack is None:
        if stacked is not None:
            raise IllegalAction(BAD_SETUP, "a player-written deck cannot be stacked")
        return state
    if isinstance(pack, decks.Deck):
        _deal_shared(state, pack, stacked)
    else:
        _deal(state, {card.id: getattr(card, state.settings.color) for card in pack.cards},
              stacked)
    return state


def _deal_shared(state: State, deck: decks.Deck, stacked: Sequence[Any] | None) -> None:
    """A shared deck's cards, numbered in its order (`d-1`, `d-2`…), dealt as a pack's when it
    holds enough; a smaller one is the game deck whole (nobody discards: every card plays)."""
    by_id = {f"d-{number}": card for number, card in enumerate(deck.cards, start=1)}
    if len(by_id) >= state.settings.deck_size + 2 * state.players:
        _deal(state, by_id, stacked)
        return
    if stacked is not None:
        raise IllegalAction(BAD_SETUP, "a shared deck smaller than a deal cannot be stacked")
    state.faces = {card_id: Face(card.name, card.about) for card_id, card in by_id.items()}
    state.dealt = {seat: list(by_id)[seat::state.players] for seat in range(state.players)}
    state.gather()


def _deal(state: State, by_id: Mapping[str, packs.Name], stacked: Sequence[Any] | None) -> None:
    """Deal one card at a time round the table, from the stacked order (top first) or a
    shuffled pack: `by_id` is each card's face the game plays."""
    settings = state.settings
    # Enough cards: every pack holds packs.MIN_CARDS, the deck_size option stays below; a
    # shared deck comes here only when it holds enough.
    needed = settings.deck_size + 2 * state.players
    if stacked is None:
        order = list(by_id)
        state.rng.shuffle(order)
    else:
        order = list(stacked)
        if len(order) < needed or len(set(order)) != len(order) or not set(order) <= by_id.keys():
            raise IllegalAction(BAD_SETUP, f"stacked: {needed}+ distinct card ids of the pack")
    chosen = order[:needed]
    state.faces = {card_id: Face(by_id[card_id].name, by_id[card_id].about)
                   for card_id in chosen}
    for index, card_id in enumerate(chosen):
        state.dealt[index % state.players].append(card_id)
    state.phase = DEAL


def discard(state: State, seat: int, action: Action) -> list[Event]:
    errors.expect_phase(state, DEAL)
    if seat in state.discards:
        raise IllegalAction(errors.ALREADY_DONE, "you have already discarded")
    if "cards" not in action:
        raise IllegalAction(MISSING_FIELD, "'discard' needs 'cards'")
    cards = action["cards"]
    if not isinstance(cards, list) or len(cards) != 2 or not all(isinstance(c, str) for c in cards):
        raise IllegalAction(BAD_FIELD, "'cards' must be a list of exactly 2 card ids")
    if cards[0] == cards[1]:
        raise IllegalAction(BAD_FIELD, "discard two different cards")
    for card in cards:
        if card not in state.dealt[seat]:
            raise IllegalAction(errors.NOT_YOUR_CARD, f"{card!r} was not dealt to you")
    for card in cards:
        state.dealt[seat].remove(card)
    state.discards[seat] = list(cards)
    events: list[Event] = [{"type": "discarded", "seat": seat}]
    if len(state.discards) == state.players:
        state.gather()
        events.append({"type": "deck_ready", "cards": len(state.deck)})
    return events


def write(state: State, seat: int, action: Action) -> list[Event]:
    errors.expect_phase(state, WRITE)
    if state.dealt[seat]:
        raise IllegalAction(errors.ALREADY_DONE, "you have already written your names")
    if "names" not in action:
        raise IllegalAction(MISSING_FIELD, "'write' needs 'names'")
    names = action["names"]
    count = state.settings.names_per_player
    if not isinstance(names, list) or len(names) != count:
        raise IllegalAction(BAD_FIELD, f"'names' must be a list of {count} names")
    seen = taken(face.name for face in state.faces.values())
    tidy = []
    for name in names:
        kept, forms = check_name(name, seen)
        tidy.append(kept)
        seen |= forms
    ids = [written_id(state, seat, index) for index in range(1, count + 1)]
    state.faces = {**state.faces, **{i: Face(name, "") for i, name in zip(ids, tidy, strict=True)}}
    state.dealt[seat] = ids
    events: list[Event] = [{"type": "written", "seat": seat}]
    if all(state.dealt.values()):
        events += writing_over(state)
    return events


def written_id(state: State, seat: int, index: int) -> str:
    """The id of the `index`-th name `seat` wrote. Card ids reach every phone as the cards are
    played, so they must not tell who wrote each name: a digest of the seat and the game's
    secret random state, drawn from nothing (the same actions give the same ids again)."""
    digest = hashlib.blake2b(f"{state.rng.s}:{seat}:{index}".encode(), digest_size=6)
    return f"w-{digest.hexdigest()}"


def writing_over(state: State) -> list[Event]:
    """The written names are screened first (screening.py) if a seat screens them, else they
    are the deck."""
    written = [card for seat in range(state.players) for card in state.dealt[seat]]
    if screening.begin(state, written):
        return [{"type": "screening", "screener": state.settings.screener,
                 "names": len(written)}]
    state.gather()
    return [{"type": "deck_ready", "cards": len(state.deck)}]
