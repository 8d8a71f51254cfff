"""/api/v1/paciencia/play: the contract (path and names) and its refusals."""

from __future__ import annotations

import pytest

from referee.cards import format_card
from referee.paciencia import SHUFFLE_MAX, play, play_shuffle, shuffle
from scoring.games.paciencia.replay import deck_code

pytestmark = pytest.mark.django_db

URL = "/api/v1/paciencia/play"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def post(client, body, query=""):
    return client.post(URL + query, body, content_type="application/json", **EN)


def rules(response) -> list[str]:
    return [v["rule"] for v in response.json()["violations"]]


def test_a_shuffle_played_out_is_won_deal_cards_left_and_a_count_of_moves(client):
    response = post(client, {"shuffle": 177})
    assert response.status_code == 200
    data = response.json()
    game = play_shuffle(177)
    assert {k: data[k] for k in ("won", "deal", "cards_left", "moves")} == {
        "won": True,
        "deal": 2,
        "cards_left": 0,
        "moves": len(game.moves),
    }
    assert data["outcome"]["rule"] == "paciencia.outcome.won"
    assert data["outcome"]["message"] == "The patience came out in deal 2."
    assert data["outcome"]["url"] == "/rules/paciencia/#paciencia.outcome.won"
    assert data["replay_url"] == "http://testserver/paciencia/177/"
    assert data.get("replay") is None  # the moves only when asked


def test_a_lost_shuffle_says_how_many_cards_were_left(client):
    game = play_shuffle(7)
    data = post(client, {"shuffle": 7}).json()
    assert (data["won"], data["deal"], data["cards_left"]) == (False, 3, game.cards_left)
    assert data["outcome"]["params"] == {"deal": 3, "cards_left": game.cards_left}


def test_with_moves_every_move_comes_with_its_places_rule_and_sentence(client):
    data = post(client, {"shuffle": 177}, "?moves=1").json()
    game = play_shuffle(177)
    assert data["moves"] == len(game.moves)  # still a count
    replay = data["replay"]
    assert replay["deck"] == [str(card) for card in game.deck]
    assert len(replay["moves"]) == len(game.moves)
    first = replay["moves"][0]
    assert first["from"] == {"kind": "stock", "index": game.moves[0].source.n}
    assert first["to"]["kind"] == "pile"
    assert first["rule"] == "paciencia.layout.king"
    assert first["text"] == f"{format_card(game.moves[0].card)} starts pile {first['to']['n']}."
    assert {m["rule"] for m in replay["moves"]} == {m.rule for m in game.moves}
    assert post(client, {"shuffle": 177}, "?moves=0").json().get("replay") is None


def test_a_deck_from_the_table_is_played_as_dealt(client):
    deck = shuffle(12)
    data = post(client, {"deck": [str(card) for card in deck]}).json()
    game = play(deck)
    outcome = (data["won"], data["deal"], data["cards_left"])
    assert outcome == (game.won, game.deal, game.cards_left)
    assert data["replay_url"] == f"http://testserver/paciencia/deck/{deck_code(deck)}/"


def test_a_deck_in_portuguese_letters_is_read_with_the_notation(client):
    deck = shuffle(12)
    tokens = [format_card(card, "pt", symbols=False) for card in deck]
    pt = post(client, {"deck": tokens, "notation": "pt"})
    assert pt.status_code == 200
    assert pt.json()["moves"] == len(play(deck).moves)
    replay = post(client, {"deck": tokens, "notation": "pt"}, "?moves=1").json()["replay"]
    assert replay["deck_shown"] == [format_card(card, "pt") for card in deck]
    assert replay["deck_shown"].count("V♥") == 2  # both valetes de copas


@pytest.mark.parametrize(
    ("shuffle_number", "status"),
    [(-1, 422), (SHUFFLE_MAX + 1, 422), (SHUFFLE_MAX, 200), (0, 200)],
)
def test_a_shuffle_number_out_of_range_is_a_422_naming_the_rule(client, shuffle_number, status):
    response = post(client, {"shuffle": shuffle_number})
    assert response.status_code == status
    if status == 422:
        assert rules(response) == ["paciencia.shuffle.number"]
        violation = response.json()["violations"][0]
        assert violation["url"] == "/rules/paciencia/#paciencia.shuffle.number"


def test_a_deck_that_is_not_the_two_decks_is_a_422_naming_each_rule(client):
    deck = [str(card) for card in shuffle(3)]
    short = post(client, {"deck": deck[:-1]})
    assert short.status_code == 422
    assert rules(short) == ["paciencia.deck.size", "paciencia.deck.missing"]
    tripled = post(client, {"deck": [*deck[:-1], deck[0]]})
    assert set(rules(tripled)) == {"cards.deck.too-many", "paciencia.deck.missing"}
    joker = post(client, {"deck": [*deck[:-1], "JK"]})
    assert "cards.deck.not-in-deck" in rules(joker)
    unreadable = post(client, {"deck": [*deck[:-1], "ZZ"]})
    assert rules(unreadable) == ["cards.unreadable"]


def test_the_body_is_bounded_and_asks_for_one_of_shuffle_or_deck(client):
    assert rules(post(client, {})) == ["api.body.invalid"]
    assert rules(post(client, {"shuffle": 1, "deck": ["AS"]})) == ["api.body.invalid"]
    assert rules(post(client, {"deck": ["AS"] * 500})) == ["api.body.invalid"]
    assert rules(post(client, {"deck": ["A" * 50]})) == ["api.body.invalid"]
    assert rules(post(client, {"shuffle": "many"})) == ["api.body.invalid"]
    assert rules(post(client, {"shuffle": True})) == ["api.body.invalid"]
    assert rules(post(client, {"shuffle": 1.5})) == ["api.body.invalid"]


def test_the_contract_is_in_the_openapi_schema(client):
    schema = client.get("/api/v1/openapi.json").json()
    operation = schema["paths"][URL]["post"]
    assert {p["name"] for p in operation["parameters"]} == {"moves"}
    assert set(operation["responses"]) == {"200", "422"}
    out = schema["components"]["schemas"]["PlayOut"]["properties"]
    assert {"won", "deal", "cards_left", "moves", "replay"} <= set(out)
    assert out["moves"]["type"] == "integer"
