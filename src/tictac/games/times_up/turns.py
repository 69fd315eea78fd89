"""Turns and rounds: the clock, the card in hand, found / pass / foul / wrong / typed guesses,
the end of a turn, the end of a round (both rule sets) and the read-back after round 1."""

from __future__ import annotations

from tictac.engine import Action, Event, IllegalAction
from tictac.engine.errors import BAD_FIELD, MISSING_FIELD, NOT_YOUR_TURN
from tictac.engine.fields import str_field
from tictac.games.times_up import errors, rules
from tictac.games.times_up.guess import matches, words
from tictac.games.times_up.phases import LAST_CARD, OVER, READBACK, ROUND_WON, RUNNING, WAITING
from tictac.games.times_up.state import Guess, State, Turn

MAX_GUESS = 100
# The deck out, how long the cluegiver has to overrule a typed verdict before they all stand.
CHECK_MS = 15_000
# A rule of the game (docs/rulings.md), so a replay refuses exactly what the table refused: a
# card takes at most this many typed guesses, a turn this many in all. More is no longer a
# table guessing but one phone flooding every view.
MAX_GUESSES_PER_CARD = 20
MAX_GUESSES_PER_TURN = 100


def _refuse_unless(allowed: bool, message: str, code: str = NOT_YOUR_TURN) -> None:
    if not allowed:
        raise IllegalAction(code, message)


def start(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    errors.expect_phase(state, WAITING)
    giver, keeper = state.cluegiver(), state.timekeeper()
    _refuse_unless(seat in (giver, keeper), "the cluegiver or the timekeeper starts the turn")
    length = (state.settings.turn_ms + team_extra_ms(state) if state.time_left is None
              else state.time_left)
    state.deadline = now_ms + length
    state.time_left = None
    state.in_hand = state.deck.pop()
    state.guesses = []
    state.phase = RUNNING
    state.turns.append(Turn(state.round, state.team, giver, len(state.found[-1][state.team])))
    return [{"type": "turn_started", "round": state.round, "team": state.team,
             "cluegiver": giver, "timekeeper": keeper, "deadline": state.deadline}]


def team_extra_ms(state: State) -> int:
    """The extra time of the team about to play (docs/rulings.md, "Extra time for a seat"):
    the most the host gave any of its members this round; a team's turn is one clock."""
    extra = state.settings.extra_ms
    return max((extra[seat] for seat in state.members(state.team) if seat < len(extra)),
               default=0)


def _expect_running(state: State, now_ms: int) -> None:
    """While the clock runs. At the deadline and after, time is up: nothing counts any more,
    not even a guess spoken half a second late."""
    errors.expect_phase(state, RUNNING)
    assert state.deadline is not None
    if now_ms >= state.deadline:
        raise IllegalAction(errors.TIME_IS_UP, "time is up: the turn is over")


def found(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    _expect_running(state, now_ms)
    _refuse_unless(seat == state.cluegiver(), "only the cluegiver marks a card found")
    return _win_card(state, now_ms)


def pass_card(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    _expect_running(state, now_ms)
    _refuse_unless(seat == state.cluegiver(), "only the cluegiver passes")
    _refuse_unless(rules.passing_allowed(state.round), "no passing in round 1",
                   errors.NOT_IN_THIS_ROUND)
    return _set_aside(state, "pass", now_ms)


def wrong(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    _expect_running(state, now_ms)
    _refuse_unless(seat == state.cluegiver(), "only the cluegiver marks a wrong guess")
    _refuse_unless(rules.one_guess_per_card(state.round),
                   "round 1 allows as many guesses as you like", errors.NOT_IN_THIS_ROUND)
    return _set_aside(state, "wrong", now_ms)


def foul(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    _expect_running(state, now_ms)
    _refuse_unless(seat in (state.cluegiver(), state.timekeeper()),
                   "the timekeeper or the cluegiver calls a foul")
    if not rules.foul_ends_turn(state.round):
        return _set_aside(state, "foul", now_ms)
    card = state.in_hand
    assert card is not None
    state.in_hand = None
    # Both rule sets shuffle it in: the next team has just heard clues about it.
    if state.settings.rules.fouled_card_never_on_top and state.deck:
        state.rng.shuffle(state.deck)
        # anywhere but on top (the end of the list), each of those places alike
        state.deck.insert(state.rng.below(len(state.deck)), card)
    else:
        state.deck.append(card)
        state.rng.shuffle(state.deck)
    return [{"type": "foul", "seat": seat}, *_end_turn(state, "foul")]


def guess(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    _expect_running(state, now_ms)
    text = str_field(action, "text", MAX_GUESS)
    _refuse_unless(seat in state.guessers(), "only the cluegiver's teammates guess")
    if not words(text):
        raise IllegalAction(BAD_FIELD, "a guess needs some letters or digits")
    card = state.in_hand
    assert card is not None
    full = past_the_cap(state)
    _refuse_unless(full is None, full or "", errors.TOO_MANY_GUESSES)
    right = matches(text, state.faces[card].name, state.settings.judge)
    state.guesses.append(Guess(seat, text, right, card))
    events: list[Event] = [{"type": "guess", "seat": seat, "text": text, "right": right}]
    if right:
        return events + _win_card(state, now_ms)
    if rules.one_guess_per_card(state.round):
        return events + _set_aside(state, "wrong", now_ms)
    return events


def past_the_cap(state: State) -> str | None:
    """Why the card in hand takes no more typed guesses (as a refusal's message), or None."""
    if len(state.guesses) >= MAX_GUESSES_PER_TURN:
        return f"a turn takes at most {MAX_GUESSES_PER_TURN} typed guesses"
    if sum(said.card == state.in_hand for said in state.guesses) >= MAX_GUESSES_PER_CARD:
        return f"a card takes at most {MAX_GUESSES_PER_CARD} typed guesses: wait for the next one"
    return None


def overrulable(state: State) -> list[int]:
    """The guesses of this turn whose verdict the cluegiver may still change, as a table
    would: a rejected guess whose card is still to be won (round 1: in hand; later rounds: set
    aside by that rejection), an accepted guess whose card is still won. Once each."""
    if state.phase not in (RUNNING, LAST_CARD):
        return []
    won = state.found[-1][state.team]
    waiting = [state.in_hand] if state.round == 1 else state.set_aside
    return [index for index, said in enumerate(state.guesses) if not said.overruled
            and (said.card in won if said.right else said.card in waiting)]


def overrule(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """The cluegiver overrules the game's verdict on a typed guess. Accepting a rejected one
    wins its card (round 1: the card in hand; later rounds: back from the set-aside cards).
    Taking back an accepted one un-wins its card: round 1, the cluegiver holds it again (the
    card drawn since goes back on top of the deck); later rounds, it was a wrong guess, so the
    card is set aside. On the last card (LAST_CARD) the clock goes on from where it stopped;
    with the deck still out, the turn or the round then ends."""
    if state.phase != LAST_CARD:
        _expect_running(state, now_ms)
    _refuse_unless(seat == state.cluegiver(), "only the cluegiver overrules a verdict")
    if "guess" not in action:
        raise IllegalAction(MISSING_FIELD, "'overrule' needs 'guess'")
    index = action["guess"]
    if isinstance(index, bool) or not isinstance(index, int) or \
            not 0 <= index < len(state.guesses):
        raise IllegalAction(BAD_FIELD, "'guess' is the number of one of this turn's guesses")
    _refuse_unless(index in overrulable(state), "that verdict can no longer be changed",
                   errors.CANNOT_OVERRULE)
    if state.phase == LAST_CARD:
        _resume(state, now_ms)
    said = state.guesses[index]
    state.guesses[index] = Guess(said.seat, said.text, not said.right, said.card, True)
    events: list[Event] = [{"type": "overruled", "seat": seat, "guess": index,
                            "right": not said.right}]
    if not said.right:
        if state.round == 1:
            return events + _win_card(state, now_ms)
        state.set_aside.remove(said.card)
        state.found[-1][state.team].append(said.card)
        events.append(_found_event(state, said.card))
    else:
        state.found[-1][state.team].remove(said.card)
        if state.round == 1:
            if state.in_hand is not None:
                state.deck.append(state.in_hand)
            state.in_hand = said.card
            return events
        state.set_aside.append(said.card)
        events.append({"type": "card_set_aside", "reason": "overruled"})
    # On the last card nothing is in hand: the deck is still out.
    return events if state.in_hand is not None else events + _next_card(state, now_ms)


def confirm(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """LAST_CARD: the cluegiver lets every verdict stand (or the room, once CHECK_MS is over);
    the turn or the round ends as the deck running out ends it."""
    errors.expect_phase(state, LAST_CARD)
    _refuse_unless(seat == state.cluegiver(), "only the cluegiver confirms the verdicts")
    _resume(state, now_ms)
    return [{"type": "confirmed", "seat": seat}, *_out_of_cards(state, now_ms)]


def _hold_last_card(state: State, now_ms: int) -> list[Event]:
    """The deck is out while a typed verdict of this turn may still be wrong: the clock stops
    and the cluegiver gets the same chance as on any card to overrule it (docs/rulings.md)."""
    assert state.deadline is not None
    state.time_left = state.deadline - now_ms
    state.deadline = now_ms + CHECK_MS
    state.phase = LAST_CARD
    return [{"type": "last_card", "deadline": state.deadline}]


def _resume(state: State, now_ms: int) -> None:
    """Out of LAST_CARD: the turn's clock goes on with the time it had left."""
    assert state.time_left is not None
    state.deadline, state.time_left = now_ms + state.time_left, None
    state.phase = RUNNING


def time_up(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    errors.expect_phase(state, RUNNING)
    assert state.deadline is not None and state.in_hand is not None
    if now_ms < state.deadline:
        raise IllegalAction(errors.TOO_EARLY, "the turn still has time")
    return cut_short(state, "time_up")


def cut_short(state: State, reason: str) -> list[Event]:
    """The turn ends with a card in hand (time is up, or its team is gone: absence.py): the card
    goes back as each rule book says it does at time-up."""
    card, state.in_hand = state.in_hand, None
    assert card is not None
    if state.settings.rules.hand_on_top_at_time_up:
        _return_set_aside(state)
        state.deck.append(card)
    else:
        state.deck.append(card)
        state.deck += state.set_aside
        state.set_aside.clear()
        state.rng.shuffle(state.deck)
    return _end_turn(state, reason)


def end_waiting_turn(state: State, reason: str) -> list[Event]:
    """A turn that ends before it starts (its team is gone: absence.py)."""
    return _end_turn(state, reason)


def _win_card(state: State, now_ms: int) -> list[Event]:
    card = state.in_hand
    assert card is not None
    state.in_hand = None
    state.found[-1][state.team].append(card)
    return [_found_event(state, card), *_next_card(state, now_ms)]


def _found_event(state: State, card: str) -> Event:
    return {"type": "card_found", "team": state.team, "card": card,
            "name": state.faces[card].name}


def _set_aside(state: State, reason: str, now_ms: int) -> list[Event]:
    """Rounds 2+: the card goes face down beside the deck until the end of the turn."""
    assert state.in_hand is not None
    state.set_aside.append(state.in_hand)
    state.in_hand = None
    return [{"type": "card_set_aside", "reason": reason}, *_next_card(state, now_ms)]


def _next_card(state: State, now_ms: int) -> list[Event]:
    """Draw the next card. An empty deck ends the turn (the set-aside cards cannot be
    revisited), or the round when every card has been won."""
    if state.deck:
        state.in_hand = state.deck.pop()
        return []
    if overrulable(state):
        return _hold_last_card(state, now_ms)
    return _out_of_cards(state, now_ms)


def _out_of_cards(state: State, now_ms: int) -> list[Event]:
    if state.set_aside:
        return _end_turn(state, "deck_empty")
    return _end_round(state, now_ms)


def _return_set_aside(state: State) -> None:
    if state.set_aside:
        state.deck += state.set_aside
        state.set_aside.clear()
        state.rng.shuffle(state.deck)


def _next_team(state: State) -> None:
    state.team = (state.team + 1) % len(state.teams)


def _end_turn(state: State, reason: str) -> list[Event]:
    _return_set_aside(state)
    event = {"type": "turn_ended", "team": state.team, "reason": reason}
    state.turns_ended += 1
    _next_team(state)
    state.deadline = None
    state.phase = WAITING
    return [event]


def _end_round(state: State, now_ms: int) -> list[Event]:
    assert state.deadline is not None
    won = [len(cards) for cards in state.found[-1]]
    events: list[Event] = [{"type": "round_ended", "round": state.round, "scores": won}]
    time_left, state.deadline = state.deadline - now_ms, None
    if state.round == state.settings.rounds:
        state.phase = OVER
        return [*events, {"type": "game_over", "scores": state.team_scores()}]
    # The same cards, all of them, shuffled for the next round.
    state.deck = [card for cards in state.found[-1] for card in cards]
    state.rng.shuffle(state.deck)
    state.found.append([[] for _ in state.teams])
    state.round += 1
    state.guesses = []
    if state.settings.rules.carry_time_into_next_round:
        state.time_left = time_left
        state.phase = ROUND_WON
        return events
    events.append({"type": "turn_ended", "team": state.team, "reason": "round_won"})
    _next_team(state)
    state.phase = _between_rounds(state)
    return events


def _between_rounds(state: State) -> str:
    """After round 1 the found names are read back before round 2 starts."""
    return READBACK if state.round == 2 else WAITING


def carry_on(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """en: the team that won the round keeps its turn and the time it had left."""
    errors.expect_phase(state, ROUND_WON)
    _refuse_unless(seat in state.deciders(), "the team that won the round decides")
    state.phase = _between_rounds(state)
    return [{"type": "continued", "team": state.team, "time_left": state.time_left}]


def hand_over(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    """en: the team gives up its remaining time; the next team starts with a full turn."""
    errors.expect_phase(state, ROUND_WON)
    _refuse_unless(seat in state.deciders(), "the team that won the round decides")
    event = {"type": "turn_ended", "team": state.team, "reason": "hand_over"}
    state.time_left = None
    _next_team(state)
    state.phase = _between_rounds(state)
    return [event]


def ready(state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
    errors.expect_phase(state, READBACK)
    if seat in state.ready:
        raise IllegalAction(errors.ALREADY_DONE, "you have already confirmed")
    state.ready.append(seat)
    events: list[Event] = [{"type": "ready", "seat": seat}]
    if len(state.ready) == state.players:
        state.ready = []
        state.phase = WAITING
        events.append({"type": "round_started", "round": state.round})
    return events
