"""Who sees what: the card in hand only by the cluegiver, dealt cards only by their owner; time,
round, constraint, deck, scores and turn by everyone."""

from __future__ import annotations

import json

from tictac.games import times_up as game

from .support import act, new_game, play_to_round, start


def seen(state: game.State, seat: int | None) -> str:
    return json.dumps(game.view(state, seat))


def test_only_the_cluegiver_sees_the_card_in_hand_with_its_note() -> None:
    state = game.setup(4, {"pack": "en-personalities", "teams": [[0, 1], [2, 3]]}, 3)
    for seat in range(4):
        game.apply(state, seat, game.legal_actions(state, seat)[0], 0)
    start(state)
    card = state.in_hand
    assert card is not None
    face = state.faces[card]
    assert game.view(state, state.cluegiver())["card"] == {
        "id": card, "name": face.name, "about": face.about}
    for seat in [*range(4), None]:
        if seat != state.cluegiver():
            assert game.view(state, seat)["card"] is None
            assert card not in seen(state, seat) and face.name not in seen(state, seat)


def test_everyone_sees_time_round_constraint_deck_scores_and_turn() -> None:
    state = new_game(rules="en")
    start(state, 1000)
    act(state, "found", 1500)
    for seat in [*range(4), None]:
        view = game.view(state, seat)
        assert view["clock"] == {"turn_ms": 30_000, "deadline_ms": 31_000,
                                 "time_left_ms": None, "now_ms": 1500}
        assert view["round"] == 1 and view["rounds"] == 3
        assert view["constraint"]["key"] == "en.talk"
        assert view["deck_count"] == 10 and view["card_in_play"] is True
        assert [team["score"] for team in view["teams"]] == [1, 0]
        assert view["turn"] == {"team": 0, "cluegiver": 0, "timekeeper": 3, "guessers": [1]}
        assert view["rules"] == "en" and view["pack"]["id"] == "players"


def test_found_cards_are_shown_face_up_to_everyone() -> None:
    state = new_game()
    start(state)
    card = state.in_hand
    assert card is not None
    act(state, "found", 10)
    for seat in [2, None]:
        view = game.view(state, seat)
        assert view["teams"][0]["found"] == [card]
        assert view["known"][card]["name"] == state.faces[card].name


def test_in_the_deal_each_player_sees_only_their_own_cards() -> None:
    state = game.setup(4, {"pack": "fr-personalities"}, 5)
    game.apply(state, 0, game.legal_actions(state, 0)[0], 0)
    for seat in range(4):
        view = game.view(state, seat)
        assert [c["id"] for c in view["own"]["cards"]] == state.dealt[seat]
        text = seen(state, seat)
        for other in range(4):
            if other != seat:
                assert not any(card in text for card in state.dealt[other])
                assert not any(card in text for card in state.discards.get(other, []))
    assert [c["id"] for c in game.view(state, 0)["own"]["discarded"]] == state.discards[0]
    assert game.view(state, None)["own"] is None
    assert game.view(state, None)["done"] == [0]


def test_in_the_writing_phase_each_player_sees_only_their_own_names() -> None:
    state = game.setup(4, {"pack": "players", "names_per_player": 2}, 5)
    game.apply(state, 1, {"type": "write", "names": ["Ada Lovelace", "Alan Turing"]}, 0)
    assert [c["name"] for c in game.view(state, 1)["own"]["cards"]] == [
        "Ada Lovelace", "Alan Turing"]
    for seat in (0, 2, None):
        assert "Lovelace" not in seen(state, seat)
    assert game.view(state, 0)["names_per_player"] == 2 and game.view(state, 0)["done"] == [1]


def test_the_deck_and_set_aside_cards_show_only_as_counts() -> None:
    state = new_game()
    play_to_round(state, 2)
    start(state)
    act(state, "pass", 5)
    aside = state.set_aside[0]
    view = game.view(state, state.cluegiver())
    assert view["set_aside_count"] == 1 and view["deck_count"] == len(state.deck)
    assert aside not in json.dumps([view["card"], view["teams"], view["guesses"]])


def test_typed_guesses_are_heard_by_everyone() -> None:
    state = new_game()
    start(state)
    act(state, "guess", 5, seat=state.guessers()[0], text="Someone")
    assert game.view(state, None)["guesses"] == [
        {"index": 0, "seat": 1, "text": "Someone", "right": False, "overruled": False}]


def test_the_floating_player_and_their_team_of_the_round() -> None:
    state = new_game(5, teams=[[0, 1], [2, 3]], odd_players="float")
    view = game.view(state, 4)
    assert view["floater"] == {"seat": 4, "team": 0, "score": 0}
    assert view["your_team"] == 0 and view["teams"][0]["members"] == [0, 1, 4]
