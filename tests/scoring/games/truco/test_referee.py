"""The trick referee page: the cards of a trick or a hand in play order, and the verdict."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from referee.rulings import RuleError
from referee.truco import TrucoOptions, judge_hand
from scoring.games.truco.questions import TrickQuestion
from tests.conftest import make_match, record

pytestmark = pytest.mark.django_db


def cards(
    *tricks: str,
    mao: int = 0,
    variant: str = "seed",
    vira: str = "",
    down=(),
    players: int = 4,
    accepted: bool = False,
    accepted_in: int | None = None,
) -> dict:
    data = {
        "q": "tricks",
        "mao": str(mao),
        "variant": variant,
        "vira": vira,
        "players": str(players),
    }
    if accepted:  # the house rule ticked on the page
        data["accepted_truco_trick_decides"] = "on"
    if accepted_in is not None:
        data["truco_accepted_in"] = str(accepted_in)
    for number, trick in enumerate(tricks, start=1):
        for index, card in enumerate(trick.split()):
            data[f"t{number}c{index}"] = card
    for number, index in down:
        data[f"t{number}d{index}"] = "on"
    return data


class Verdict:
    """The answer as the page draws it: its tricks, and the hand's result."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.tricks = answer.extra["tricks"]
        self.hand = answer.extra["hand"].result
        self.rule = answer.rule


def verdict(*tricks: str, **kw):
    with translation.override("en"):
        form = TrickQuestion(cards(*tricks, **kw))
        assert form.is_valid(), form.errors
        return Verdict(form.verdict())


def summary(result) -> list[tuple]:
    return [
        (t.winner if t.played else "-", t.next_leader if t.played else "-", t.rule)
        for t in result.tricks
    ]


def test_page_a_manilha_takes_the_trick():
    # page: 3H, 7D, KS, 3S (A1, B1, A2, B2): B1 wins with the manilha 7♦
    result = verdict("3H 7D KS 3S")
    assert summary(result) == [("B", "B1", "truco.trick.highest")]
    assert [p.card.code for p in result.tricks[0].plays if p.wins] == ["7D"]
    assert not result.hand.decided


def test_page_threes_held_by_both_teams_tie_and_the_first_leads():
    assert summary(verdict("3H 3S 2C KD")) == [(None, "A1", "truco.trick.empate")]


def test_page_partners_tied_for_highest_take_the_trick():
    assert summary(verdict("2H KD 2S AC")) == [("A", "A1", "truco.trick.partners-tie")]


def test_a_whole_hand_follows_the_leader_from_trick_to_trick():
    # B1 takes the first trick and leads the second: B1, A2, B2, A1.
    result = verdict("3H 7D KS 3S", "4C 5H 6S 7S", "2H 2D")
    assert summary(result) == [
        ("B", "B1", "truco.trick.highest"),
        ("B", "B1", "truco.trick.highest"),
        ("-", "-", None),
    ]
    assert [p.seat for p in result.tricks[1].plays] == ["B1", "A2", "B2", "A1"]
    assert (result.hand.winner, result.hand.decided_after) == ("B", 2)
    assert result.rule == "truco.hand.two-tricks"


def test_a_covered_card_cannot_win_from_the_second_trick_on():
    # A1 leads the second trick after the empate; its 4♣ is covered.
    result = verdict("3H 3S 2C KD", "4C 5H 6S 7S", down=[(2, 0)])
    assert result.tricks[1].winner == "B"
    assert result.tricks[1].plays[0].face_down
    assert (result.hand.winner, result.hand.decided_after) == ("B", 2)


def test_three_tied_tricks_win_nothing():
    result = verdict("3H 3S 2C KD", "2H 2S KC KH", "AH AD QC QH")
    assert result.hand.decided and result.hand.winner is None
    assert result.rule == "truco.hand.no-winner"


def test_the_same_card_twice_in_a_hand_is_refused():
    with pytest.raises(RuleError) as error:
        verdict("3H 7D KS 3S", "3H 5H 6S 7S")
    assert error.value.rules == ["cards.deck.too-many"]


def test_a_trick_needs_its_four_cards():
    with pytest.raises(RuleError) as error:
        verdict("3H 7D KS")
    assert error.value.rules == ["truco.trick.player-count"]


def test_paulista_needs_the_vira_and_ranks_by_it():
    with pytest.raises(RuleError) as error:
        verdict("3H QD KS 3S", variant="paulista")
    assert error.value.rules == ["truco.paulista.vira-required"]
    # vira 7♠: the queens are the manilhas
    assert verdict("3H QD KS 3S", variant="paulista", vira="7S").tricks[0].winner == "B"


def test_the_page_judges_and_links_the_rule(client):
    # The page reads the reader's letters (7 de ouros, rei de espadas …) and the English
    # ones no Portuguese letter takes (3H: 3 de copas)
    html = client.get("/truco/referee/", cards("3H 7O RE 3E")).content.decode()
    assert "A dupla B leva a vaza." in html and "B1 sai na próxima." in html
    assert 'href="/rules/truco/#truco.trick.highest"' in html


def test_the_page_asks_about_a_c_rather_than_reading_a_manilha(client):
    # 7C is 7 de copas (a manilha) in Portuguese letters and 7 of clubs in English ones
    html = client.get("/truco/referee/", cards("7C 4O RE 3E")).content.decode()
    assert 'href="/rules/cards/#cards.ambiguous"' in html
    assert "7♥" in html and "7♣" in html
    assert "A dupla B leva a vaza." not in html


def test_the_page_shows_what_it_cannot_accept(client):
    html = client.get("/truco/referee/", cards("3H 8O RE 3E")).content.decode()
    assert 'href="/rules/cards/#cards.deck.not-in-deck"' in html


def test_htmx_gets_only_the_verdict(client):
    html = client.get("/truco/referee/", cards("3H 7O RE 3E"), HTTP_HX_REQUEST="true")
    assert b'id="q-tricks"' in html.content and b"<html" not in html.content


def test_one_against_one_and_three_against_three(client):
    two = verdict("3H 7D", players=2)
    assert summary(two) == [("B", "B1", "truco.trick.highest")]
    six = verdict("4C 5H 6S 7S QD JD", players=6)
    assert [p.seat for p in six.tricks[0].plays] == ["A1", "B1", "A2", "B2", "A3", "B3"]
    html = client.get("/truco/referee/", cards("3H 7O RE", players=2)).content.decode()
    assert "truco.trick" in html  # three cards for two players: refused by its rule


def test_a_matchs_referee_uses_its_variant_seats_and_mao(scorer):
    match = make_match(
        "truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12, options={"variant": "mineiro"}
    )
    client = scorer(match)
    record(match, {"events": [{"type": "win", "team": "A"}]})
    page = client.get(f"/truco/referee/?match={match.code}").content.decode()
    assert '<option value="1" selected>Bia (B1)</option>' in page
    assert '<option value="mineiro" selected>' in page
    # the variant cannot be switched for a match's trick
    data = cards("3H 7O RE 3E", mao=1, variant="paulista") | {"match": match.code}
    html = client.get("/truco/referee/", data).content.decode()
    assert "A dupla A leva a vaza." in html and "Caio sai na próxima." in html


def trick_section(html: str, number: int) -> str:
    start = html.index(f'<fieldset class="trick" data-trick="{number}">')
    return html[start : html.index("</fieldset>", start)]


def test_each_trick_has_one_picker_over_its_card_fields(client):
    html = client.get("/truco/referee/").content.decode()
    for number in (1, 2, 3):
        trick = trick_section(html, number)
        assert trick.count("data-picker ") == 1
        # Its targets are the trick's card fields, in play order, one card each.
        fields = re.findall(rf'name="t{number}c\d"[^>]* id="([^"]+)"', trick)
        assert fields == [f"tricks-t{number}c{i}" for i in range(6)]
        targets = re.findall(r'<button type="button" data-to="([^"]+)" data-one', trick)
        assert targets == fields
        assert re.findall(r'data-one aria-pressed="\w+">([^<]+)<', trick)[:2] == [
            "Carta 1",
            "Carta 2",
        ]
        # Truco's deck, in the reader's letters: no 8, 9 or 10, no joker.
        keys = re.findall(r'data-rank="([^"]+)"', trick)
        assert keys == ["A", "2", "3", "4", "5", "6", "7", "V", "D", "R"]
        assert 'data-card="JK"' not in trick


def test_a_matchs_tricks_have_a_card_field_for_each_of_its_seats(scorer):
    match = make_match("truco", (("Ana",), ("Bia",)), target=12)
    client = scorer(match)
    html = client.get(f"/truco/referee/?match={match.code}").content.decode()
    for number in (1, 2, 3):
        trick = trick_section(html, number)
        assert re.findall(rf'name="t{number}c(\d)"', trick) == ["0", "1"]
        assert len(re.findall(r'data-to="[^"]+" data-one', trick)) == 2
    assert re.findall(r'<option value="(\d)"[^>]*>(?:Ana|Bia) \(', html) == ["0", "1"]
    data = cards("3H 7O", "RE AE", mao=0, players=2) | {"match": match.code}
    answer = client.get("/truco/referee/", data).content.decode()
    assert "leva a vaza" in answer


# --- the house rule: the trick after an accepted truco decides ------------------------------

# A 3 takes the first trick for A (A1's 3♥); A1 leads the second and B1's 2♦ takes it.
A_THEN_B = ("3H KD 5S 4D", "5H 2D 6S 4S")
# The same, as a Brazilian page reads it: ouros, espadas, rei; copas as its symbol (C
# would be asked about: it is clubs in English letters).
A_THEN_B_PT = ("3♥ RO 5E 4O", "5♥ 2O 6E 4E")
RULE_LINK = 'href="/rules/truco/#truco.hand.accepted-trick-decides"'


def test_the_engine_gives_the_hand_to_the_trick_after_the_call():
    # What the page must say: the engine's own verdict on the brief's example.
    options = TrucoOptions(accepted_truco_trick_decides=True)
    tricks = [[(card, False) for card in trick.split()] for trick in A_THEN_B]
    judged = judge_hand(tricks, options=options, truco_accepted_in=2)
    assert (judged.winner, judged.rule) == ("B", "truco.hand.accepted-trick-decides")


def test_with_the_house_rule_the_trick_after_an_accepted_truco_decides():
    result = verdict(*A_THEN_B, accepted=True, accepted_in=2)
    assert [t.winner for t in result.tricks] == ["A", "B"]
    assert (result.hand.winner, result.hand.decided_after) == ("B", 2)
    assert result.rule == "truco.hand.accepted-trick-decides"
    assert result.answer.headline == "Team B wins the hand."


def test_without_the_house_rule_the_accepted_trick_changes_nothing():
    # A trick chosen, then the house rule unticked: two tricks of three, as always.
    result = verdict(*A_THEN_B, accepted=False, accepted_in=2)
    assert not result.hand.decided
    assert result.rule == "truco.hand.two-tricks"
    assert result.answer.headline == "The hand is not decided yet: enter the next trick."


def test_with_the_house_rule_but_no_truco_accepted_the_hand_goes_on():
    result = verdict(*A_THEN_B, accepted=True)
    assert not result.hand.decided
    assert result.rule == "truco.hand.two-tricks"


def test_a_tied_trick_after_the_call_leaves_the_hand_to_the_usual_rules():
    # Truco accepted in the first trick, which is tied: the second trick decides as usual.
    result = verdict("3H 3S 2C KD", "4C 5H 6S 7S", accepted=True, accepted_in=1)
    assert (result.hand.winner, result.rule) == ("A", "truco.hand.tied-first-trick")


def test_the_trick_the_truco_was_accepted_in_is_one_of_three():
    with translation.override("en"):
        form = TrickQuestion(cards(*A_THEN_B, accepted=True) | {"truco_accepted_in": "4"})
        assert not form.is_valid()
        assert "truco_accepted_in" in form.errors


def test_a_matchs_house_rule_decides_by_the_trick_after_the_call(scorer):
    match = make_match(
        "truco",
        (("Ana", "Caio"), ("Bia", "Duda")),
        target=12,
        options={"accepted_truco_trick_decides": True},
    )
    client = scorer(match)
    page = client.get(f"/truco/referee/?match={match.code}").content.decode()
    # The match's house rule, ticked and fixed; the trick of the call is asked.
    assert re.search(r'name="accepted_truco_trick_decides"[^>]*disabled', page)
    assert re.search(r'name="accepted_truco_trick_decides"[^>]*checked', page)
    asked = re.search(r'<select name="truco_accepted_in".*?</select>', page, re.S)
    assert asked and re.findall(r'value="(\d?)"', asked.group()) == ["", "1", "2", "3"]

    # Unticking a match's house rule in the query changes nothing: it is the match's.
    data = cards(*A_THEN_B_PT) | {"match": match.code, "truco_accepted_in": "2"}
    html = client.get("/truco/referee/", data).content.decode()
    assert "A dupla B ganha a mão." in html
    assert RULE_LINK in html

    data = cards(*A_THEN_B_PT) | {"match": match.code}
    html = client.get("/truco/referee/", data).content.decode()
    assert "A mão ainda não está decidida" in html and RULE_LINK not in html


def test_a_match_without_the_house_rule_does_not_ask_for_the_trick_of_the_call(scorer):
    match = make_match("truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12)
    client = scorer(match)
    page = client.get(f"/truco/referee/?match={match.code}").content.decode()
    assert 'name="truco_accepted_in"' not in page
    assert 'name="accepted_truco_trick_decides"' not in page
    # Asked anyway (a hand-made address): the hand is won by two tricks, as always.
    data = cards(*A_THEN_B_PT, accepted=True, accepted_in=2) | {"match": match.code}
    html = client.get("/truco/referee/", data).content.decode()
    assert "A mão ainda não está decidida" in html and RULE_LINK not in html


def test_without_a_match_the_house_rule_is_ticked_on_the_page(client):
    page = client.get("/truco/referee/").content.decode()
    rule = re.search(r'<input type="checkbox" name="accepted_truco_trick_decides"[^>]*>', page)
    assert rule and "checked" not in rule.group() and "disabled" not in rule.group()
    # The trick of the call sits in its own block, which the stylesheet hides while the
    # house rule is not ticked.
    assert re.search(r'<div class="accepted-in" data-accepted-in>\s*<div class="field', page)
    html = client.get("/truco/referee/", cards(*A_THEN_B_PT, accepted=True, accepted_in=2))
    assert "A dupla B ganha a mão." in html.content.decode()
    assert RULE_LINK in html.content.decode()
    html = client.get("/truco/referee/", cards(*A_THEN_B_PT, accepted_in=2)).content.decode()
    assert "A mão ainda não está decidida" in html and RULE_LINK not in html


def test_the_vira_is_asked_only_for_paulista(client, scorer):
    for variant, asked in (("mineiro", False), ("seed", False), ("paulista", True)):
        match = make_match("truco", (("Ana",), ("Bia",)), options={"variant": variant})
        scorer(match)
        page = client.get(f"/truco/referee/?match={match.code}").content.decode()
        assert ('name="vira"' in page) is asked, variant
    # without a match the field is there, shown by CSS only while Paulista is picked
    page = client.get("/truco/referee/").content.decode()
    assert re.search(r'<div class="vira" data-vira>.*?name="vira"', page, re.S)


def test_the_page_checks_a_hands_calls_and_names_the_rule(client):
    calls = {"q": "calls", "calls": "raise:A\naccept:B\nwin:A"}
    html = client.get("/truco/referee/", calls).content.decode()
    assert 'href="/rules/truco/#truco.hand.won"' in html
    # The same team raising twice in a row: refused, the rule named.
    html = client.get("/truco/referee/", {"q": "calls", "calls": "raise:A\nraise:A"})
    assert 'href="/rules/truco/#truco.hand.won"' not in html.content.decode()
    assert re.search(r'href="/rules/truco/#truco\.(raise|answer)\.', html.content.decode())
    html = client.get("/truco/referee/", {"q": "calls", "calls": "shout:A"}).content.decode()
    assert 'href="/rules/truco/#truco.event.unknown"' in html
    html = client.get("/truco/referee/", {"q": "calls", "calls": ":A"}).content.decode()
    assert "errorlist" in html and "/rules/truco/#truco." not in html
