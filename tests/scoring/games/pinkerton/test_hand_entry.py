"""Playing a round on the phone: each move a step the engine judges, shared through the
hand's draft by every phone at the table; refusals, undo, the value only on request, and
the round recorded once one player is left."""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import replace
from html import unescape
from typing import Any

import pytest
from django.test import Client

from scoring.games.pinkerton.forms import PinkertonHandForm
from scoring.kit.match import MatchView, SideView
from scoring.kit.rulebook import violation_dicts
from scoring.ledger.models import Match
from tests.conftest import make_match, totals
from tests.scoring.games.pinkerton.conftest import (
    HTMX,
    PLAYERS,
    ROUND,
    ROUND_EVENTS,
    may_score,
    post,
)


def view(events: list[dict[str, Any]] = (), options: dict[str, Any] | None = None, **draft):
    return MatchView(
        options=options or {},
        target=100,
        sides=tuple(SideView(i, name, (name,), 0) for i, (name,) in enumerate(PLAYERS)),
        hands_played=0,
        draft={"events": list(events), **draft},
    )


def form(events=(), options=None, data: dict[str, Any] | None = None, **draft):
    match = view(events, options, **draft)
    if data is not None:
        data = {"draft_json": json.dumps(dict(match.draft)), **data}
    return PinkertonHandForm(match, data)


def board(events=(), options=None, **draft):
    return form(events, options, **draft).board


def seats(b) -> dict[str, Any]:
    return {seat.name: seat for seat in b.seats}


def refused(html: str, rule: str) -> bool:
    return f'href="/rules/pinkerton/#{rule}"' in html


def seat_html(html: str, name: str) -> str:
    """The table's seat of player ``name``, as drawn."""
    found = re.search(rf'<li [^>]*data-player="{name}".*?</li>', html, re.DOTALL)
    return found.group(0) if found else ""


def data_attr(html: str, name: str) -> str | None:
    found = re.search(rf'{name}="([^"]*)"', html)
    return found.group(1) if found else None


# --- the board ------------------------------------------------------------------------------


def test_a_new_round_waits_for_the_dealer_to_turn_the_centre_card():
    b = board()
    assert (b.phase, b.step, b.dealer, b.to_play) == (1, "turn", "Ana", None)
    assert b.moves == {
        "turn": True,
        "throw": False,
        "add": False,
        "pass": False,
        "free_pass": False,
        "skip": False,
    }
    assert b.choose_dealer and b.stack_count == 0 and b.deal == 5
    assert [s.name for s in b.seats] == ["Ana", "Bea", "Cid"]


def test_phase_one_starts_at_the_dealers_left_with_a_throw_or_a_pass():
    b = board(ROUND_EVENTS[:1])
    assert (b.step, b.to_play, b.required) == ("throw", "Bea", 2)
    assert b.moves["throw"] and b.moves["pass"] and not b.moves["add"]
    assert not b.moves["free_pass"]  # nothing is added before phase III
    assert seats(b)["Bea"].to_play and not b.choose_dealer
    assert b.top.code == "3H" and b.stack_count == 1


def test_passes_are_marks_face_down_and_an_exact_throw_takes_one_back():
    b = board(ROUND_EVENTS[:2])
    assert seats(b)["Bea"].passes == 1 and seats(b)["Bea"].marks == (True, False)
    assert b.log[-1] == "Bea passed (1 of 2)."
    b = board(ROUND_EVENTS[:6])
    assert seats(b)["Bea"].passes == 0
    assert b.log[-1] == "Bea threw 3♠ A♥. Exact: a pass taken back."


def test_a_second_pass_puts_the_player_out_and_greys_them():
    b = board(ROUND_EVENTS[:12])
    cid = seats(b)["Cid"]
    assert cid.out and cid.passes == 2 and cid.marks == (True, True)
    assert "Cid is out of the round." in b.log
    assert b.to_play == "Ana"


def test_the_licytacja_is_opened_by_the_dealer_in_the_first_round():
    b = board(ROUND_EVENTS[:8])
    assert (b.phase, b.step, b.to_play, b.deal) == (3, "open", "Ana", 3)
    assert b.moves["add"] and b.moves["free_pass"] and not b.moves["throw"]
    assert not b.moves["pass"]
    assert "The dealer deals 3 cards each." in b.log


def test_the_value_is_not_on_the_board_until_someone_asks():
    b = board(ROUND_EVENTS[:9])
    assert b.shown_value is None and b.asked_by is None
    # Bea and Cid may ask; Ana deals and may not (rule 4).
    assert [s.name for s in b.asking] == ["Bea", "Cid"]
    asked = board([*ROUND_EVENTS[:9], "2 ask"])
    assert (asked.shown_value, asked.asked_by, asked.asking) == (2, "Cid", ())
    # The stack changes: the count is stale and hidden again.
    added = board([*ROUND_EVENTS[:9], "2 ask", *ROUND_EVENTS[9:11]])
    assert added.shown_value is None


def test_with_the_house_rule_the_value_is_always_shown():
    b = board(ROUND_EVENTS[:9], {"show_value": "always"})
    assert (b.shown_value, b.always_shown, b.asking) == (2, True, ())


def test_the_moves_offered_do_not_give_a_hidden_value_away():
    # Bea's turn in phase III at 2: with the value hidden, adding at once and skipping the
    # throw (only at 0) are offered, to be refused if tapped.
    hidden = board(ROUND_EVENTS[:9])
    assert hidden.step == "throw" and all(
        hidden.moves[m] for m in ("throw", "pass", "add", "skip")
    )
    shown = board([*ROUND_EVENTS[:9], "1 ask"])
    # At 2 shown: throw or pass, never add at once nor skip the throw.
    assert [m for m, on in shown.moves.items() if on] == ["throw", "pass"]


def test_the_free_pass_is_offered_only_in_place_of_the_add():
    """Rule 1's ruling: the pass without consequence replaces the add, after a throw; a
    player who cannot meet the stack passes, and the pass counts."""
    before_the_throw = board(ROUND_EVENTS[:9])
    assert not before_the_throw.moves["free_pass"]
    after_the_throw = board(ROUND_EVENTS[:10])  # Bea threw: now a card, or no card at 2
    assert after_the_throw.adding and after_the_throw.moves["free_pass"]
    assert not after_the_throw.moves["skip"]
    opening = board(ROUND_EVENTS[:8])  # Ana opens at −2: a card, or none that may go
    assert opening.opening and opening.moves["free_pass"]


# Phase I as in ROUND, then phase II on 3♥ 3♠: a stack of 0.
AT_ZERO_IN_PHASE_II = [*ROUND_EVENTS[:4], "turn 3S"]


def test_at_zero_in_phase_two_the_throw_may_be_skipped():
    b = board(AT_ZERO_IN_PHASE_II, {"show_value": "always"})
    assert (b.phase, b.shown_value, b.to_play) == (2, 0, "Bea")
    assert [m for m, on in b.moves.items() if on] == ["throw", "skip"]
    skipped = board([*AT_ZERO_IN_PHASE_II, "1 skip"], {"show_value": "always"})
    assert skipped.to_play == "Cid" and seats(skipped)["Bea"].passes == 1  # phase I's pass
    assert skipped.log[-1] == "Bea skipped the throw (rule 2)."
    # Phase I's centre card is never 0: no skip offered, even with the value hidden.
    assert not board(ROUND_EVENTS[:1]).moves["skip"]


def test_a_dealer_who_does_not_play_has_no_turn_and_the_left_opens(client, db):
    match = make_match("pinkerton", PLAYERS, target=100, options={"dealer_plays": False})
    may_score(client, match)
    for step, cards in (("turn", "3H"), ("throw", "10D JD"), ("throw", "AD 2H")):
        post(client, match, step, cards=cards)
    html = unescape(post(client, match, "turn", cards="5S").content.decode())
    assert "deals, does not play" in seat_html(html, "Ana")
    match.refresh_from_db()
    b = PinkertonHandForm(match.view()).board
    assert (b.phase, b.to_play) == (2, "Bea") and not seats(b)["Ana"].plays
    post(client, match, "throw", cards="3S AH")
    post(client, match, "throw", cards="KS 2H")
    match.refresh_from_db()
    b = PinkertonHandForm(match.view()).board
    assert (b.phase, b.step, b.to_play) == (3, "open", "Bea")  # the dealer's left opens


def test_a_finished_round_shows_the_winner_its_points_and_the_match_totals():
    b = board(ROUND_EVENTS)
    assert b.over and (b.winner, b.points) == ("Bea", 4)
    assert [line["rule"] for line in b.lines] == ["pinkerton.points.cards"]
    assert b.totals == (("Ana", 0), ("Bea", 4), ("Cid", 0))
    assert b.shown_value == 10  # the round is over: the stack is counted for all
    assert not any(b.moves.values())


def test_events_that_no_longer_fit_are_left_out_and_said():
    stale = [*ROUND_EVENTS[:2], "1 pass"]
    b = board(stale)
    assert b.events == 2
    assert b.dropped[0]["rule"] == "pinkerton.turn.out-of-turn"


# --- steps --------------------------------------------------------------------------------


def step(events, pressed: str, cards: str = "", **draft) -> dict[str, Any]:
    return form(events, data={"step": pressed, "cards": cards}, **draft).step()


def test_a_step_adds_the_move_to_the_draft_with_the_player_whose_turn_it_is():
    assert step([], "turn", "3H") == {"events": [ROUND_EVENTS[0]], "dealer": 0}
    assert step(ROUND_EVENTS[:1], "pass")["events"][-1] == "1 pass"
    assert step(ROUND_EVENTS[:2], "throw", "10♦ J♦")["events"][-1] == ROUND_EVENTS[2]


def test_the_table_chooses_the_first_rounds_dealer_before_the_centre_card():
    assert step([], "dealer:2") == {"events": [], "dealer": 2}
    assert board(dealer=2).dealer == "Cid"
    assert step(ROUND_EVENTS[:1], "dealer:2")["dealer"] == 0  # too late: a card is turned


def test_a_refused_step_names_its_rule():
    from referee.rulings import RuleError

    cases = [
        (ROUND_EVENTS[:1], "throw", "2H AC", "pinkerton.meet.not-met"),
        (ROUND_EVENTS[:1], "throw", "2H", "pinkerton.meet.card-count"),
        (ROUND_EVENTS[:1], "add", "2H", "pinkerton.add.not-in-phase"),
        (ROUND_EVENTS[:9], "add", "2H", "pinkerton.add.throw-first"),
        (ROUND_EVENTS[:10], "add", "KH", "pinkerton.rule1.face-card"),
        (ROUND_EVENTS[:1], "free-pass", "", "pinkerton.rule1.free-pass-phase"),
        (ROUND_EVENTS[:1], "ask:0", "", "pinkerton.rule4.dealer-asks"),
        (ROUND_EVENTS, "pass", "", "pinkerton.round.over"),
        (ROUND_EVENTS[:1], "dance", "", "pinkerton.event.unknown"),
        ([], "turn", "JK", "cards.deck.not-in-deck"),
        ([], "turn", "ZZ", "cards.unreadable"),
    ]
    for events, pressed, cards, rule in cases:
        with pytest.raises(RuleError) as error:
            step(events, pressed, cards)
        assert error.value.rules[0] == rule, (pressed, cards)


def test_back_takes_the_last_action_back():
    assert step(ROUND_EVENTS[:3], "back")["events"] == ROUND_EVENTS[:2]
    assert step([], "back")["events"] == []


def test_a_refused_card_is_named_in_the_readers_letters():
    from referee.rulings import RuleError

    with pytest.raises(RuleError) as error:
        step(ROUND_EVENTS[:10], "add", "KH")
    (problem,) = violation_dicts(error.value.violations)
    assert "K♥" in problem["message"] and "KH" not in problem["message"]


def test_the_entry_is_the_rounds_events_and_the_first_rounds_dealer():
    f = form(ROUND_EVENTS, data={"record": "round"})
    assert f.is_valid(), f.errors
    assert f.entry() == {"events": ROUND_EVENTS, "dealer": 0}
    unfinished = form(ROUND_EVENTS[:5], data={"record": "round"})
    assert not unfinished.is_valid()
    assert "it is scored once one player is left" in str(unfinished.non_field_errors())


def test_with_a_time_limit_the_entry_says_whether_the_time_is_up():
    f = form(ROUND_EVENTS, {"time_limit": 30}, data={"record": "round", "time_up": "on"})
    assert f.is_valid(), f.errors
    assert f.entry()["time_up"] is True


def test_the_tapped_cards_are_read_and_added_up():
    tapped = form(ROUND_EVENTS[:1], data={"cards": "10♠ A♥"}).tapped()
    assert (tapped["count"], tapped["sum"], tapped["required"]) == (2, -9, 2)
    assert [card.text for card in tapped["cards"]] == ["10♠", "A♥"]
    joker = form(ROUND_EVENTS[:1], data={"cards": "JK 2H"}).tapped()
    assert joker["sum"] == 2 and joker["violations"][0]["rule"] == "cards.deck.not-in-deck"
    assert form(data={"cards": "ZZ"}).tapped()["violations"][0]["rule"] == "cards.unreadable"


# --- on the match page ------------------------------------------------------------------


def test_the_page_shows_the_round_and_uses_the_games_css(scorer, match):
    client = scorer(match)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="pinkerton-round"' in html and "pinkerton/pinkerton.css" in html
    assert 'id="pk-turn"' in html and 'id="pk-dealer-2"' in html
    assert 'id="pk-record"' not in html  # the round is recorded once it is over


def test_every_move_is_shared_through_the_draft_and_stores_no_hand(scorer, match):
    client = scorer(match)
    response = post(client, match, "turn", cards="3H", **HTMX)
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.draft == {"events": [ROUND_EVENTS[0]], "dealer": 0}
    assert not match.hands.exists()
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert data_attr(html, "data-to-play") == "Bea"  # a reload sees the same turn


def test_two_phones_see_the_same_turn_and_a_stale_phone_is_refused(scorer, match):
    client = scorer(match)
    other = Client()
    may_score(other, match)
    post(client, match, "turn", cards="3H", **HTMX)
    html = other.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert data_attr(html, "data-to-play") == "Bea"
    stale = {
        "draft_json": "{}",
        "draft_revision": "0",
        "step": "turn",
        "cards": "9S",
        "request_id": str(uuid.uuid4()),
        "expected_number": "1",
    }
    url = f"/matches/{match.code}/hands/"
    html = other.post(url, stale, HTTP_ACCEPT_LANGUAGE="en", **HTMX).content.decode()
    assert "ledger.draft.changed" in html
    assert data_attr(html, "data-to-play") == "Bea"  # the round as it now stands
    match.refresh_from_db()
    assert match.draft["events"] == [ROUND_EVENTS[0]]
    post(other, match, "pass", **HTMX)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert data_attr(html, "data-to-play") == "Cid"


def test_a_refused_throw_keeps_the_cards_and_does_not_give_the_value_away(scorer, match):
    client = scorer(match)
    post(client, match, "turn", cards="3H", **HTMX)
    html = post(client, match, "throw", cards="2H AC", **HTMX).content.decode()
    assert refused(html, "pinkerton.meet.not-met")
    assert "These cards add up to 1 and do not meet" in html
    assert "data-value=" not in html and "data-value-hidden" in html
    assert 'value="2H AC"' in html  # the tapped cards stay, to be fixed
    assert data_attr(html, "data-sum") == "1"
    match.refresh_from_db()
    assert match.draft["events"] == [ROUND_EVENTS[0]]


def test_the_cards_field_empties_once_the_cards_are_on_the_table(client, match):
    html = post(client, match, "turn", cards="3H", **HTMX).content.decode()
    assert 'name="cards" value=' not in html


def test_asking_shows_the_value_with_who_asked_and_keeps_the_tapped_cards(scorer, match):
    client = scorer(match)
    post(client, match, "turn", cards="3H", **HTMX)
    html = post(client, match, "ask:2", cards="10D", **HTMX).content.decode()
    assert data_attr(html, "data-value") == "3"
    assert data_attr(html, "data-asked-by") == "Cid"
    assert 'value="10D"' in html
    match.refresh_from_db()
    assert match.draft["events"][-1] == "2 ask"


def test_undo_takes_back_the_last_action_for_every_phone(scorer, match):
    client = scorer(match)
    post(client, match, "turn", cards="3H", **HTMX)
    post(client, match, "pass", **HTMX)
    html = post(client, match, "back", **HTMX).content.decode()
    assert data_attr(html, "data-to-play") == "Bea"
    match.refresh_from_db()
    assert match.draft["events"] == [ROUND_EVENTS[0]]


def test_a_whole_round_then_record_it(scorer, match):
    client = scorer(match)
    for pressed, cards in ROUND:
        response = post(client, match, pressed, cards=cards, **HTMX)
        assert "violations" not in response.content.decode(), (pressed, cards)
    html = response.content.decode()
    assert data_attr(html, "data-winner") == "Bea" and data_attr(html, "data-points") == "4"
    assert 'id="pk-record"' in html and 'data-total-of="Bea"><span>Bea</span> <b>4</b>' in html
    post(client, match, record="round", **HTMX)
    assert totals(match) == [0, 4, 0]
    match.refresh_from_db()
    assert match.draft == {}
    assert match.hands.get().entry == {"events": ROUND_EVENTS, "dealer": 0}
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert data_attr(html, "data-step") == "turn"
    assert "data-dealer" in seat_html(html, "Bea")  # the deal went to the left


def test_an_unfinished_round_is_not_recorded(scorer, match):
    client = scorer(match)
    post(client, match, "turn", cards="3H", **HTMX)
    html = post(client, match, record="round", **HTMX).content.decode()
    assert "This round is not over" in html
    assert not match.hands.exists()


def test_a_move_works_without_javascript(scorer, match):
    client = scorer(match)
    response = post(client, match, "turn", cards="3H")
    assert response.status_code == 200 and "<html" in response.content.decode()
    match.refresh_from_db()
    assert match.draft["events"] == [ROUND_EVENTS[0]]


def test_polish_letters_are_read_on_a_polish_page(scorer, match):
    # "DH" is the dama of hearts in Polish letters (Q♥); in English it is not a card.
    client = scorer(match)
    html = post(client, match, "turn", cards="DH", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert '<html lang="pl">' in html
    match.refresh_from_db()
    assert match.draft["events"] == ["turn QH"]
    html = post(client, match, "throw", cards="W♦ K♥", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    match.refresh_from_db()
    assert match.draft["events"][-1] == "1 throw JD KH"
    assert "W♦" in html  # the log writes the cards as a Pole reads them


def test_the_live_check_adds_up_the_tapped_cards(scorer, match):
    client = scorer(match)
    post(client, match, "turn", cards="3H", **HTMX)
    match.refresh_from_db()
    data = {
        "draft_json": json.dumps(match.draft),
        "cards": "10♠ A♥",
        "expected_number": "1",
    }
    html = client.post(
        f"/matches/{match.code}/check/cards/", data, HTTP_ACCEPT_LANGUAGE="en", **HTMX
    ).content.decode()
    assert 'id="pk-tapped"' in html and data_attr(html, "data-sum") == "-9"
    assert "2 of 2 cards" in html


def test_a_recorded_round_is_corrected_by_its_moves(scorer, match: Match):
    client = scorer(match)
    post_round(client, match)
    url = f"/matches/{match.code}/hands/1/edit/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert data_attr(page, "data-winner") == "Bea" and 'id="pk-back"' in page
    who = re.search(r'name="changed_by"[^>]*>\s*<option value="(\d+)"', page)
    base = {"changed_by": who.group(1)} if who else {}

    def send(pressed: str = "", cards: str = "", **extra: str) -> str:
        nonlocal page
        data = base | {"draft_json": draft_of(page), "cards": cards, **extra}
        if pressed:
            data["step"] = pressed
        response = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en", **HTMX)
        page = response.content.decode()
        return page

    # Ana did not pass a second time: she threw and added; then Bea passed, and Ana.
    send("back")
    assert data_attr(page, "data-to-play") == "Ana"
    send("throw", "10D 9D")
    assert data_attr(page, "data-step") == "add"
    send("add", "2C")
    send("pass")
    send("pass")
    assert data_attr(page, "data-winner") == "Bea" and data_attr(page, "data-points") == "5"
    assert match.hands.get().entry["events"] == ROUND_EVENTS  # nothing stored yet
    send(record="round")
    assert totals(match) == [0, 5, 0]
    assert match.hands.get().revision == 2


def draft_of(html: str) -> str:
    found = re.search(r'name="draft_json" value="([^"]*)"', html)
    return unescape(found.group(1)) if found else "{}"


def post_round(client, match) -> None:
    for pressed, cards in ROUND:
        post(client, match, pressed, cards=cards, **HTMX)
    post(client, match, record="round", **HTMX)
    assert totals(match) == [0, 4, 0]


def test_a_finished_match_offers_no_moves(scorer, db):
    from tests.conftest import make_match

    match = make_match("pinkerton", PLAYERS, target=4)
    client = scorer(match)
    post_round(client, match)
    match.refresh_from_db()
    assert match.is_finished
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="pinkerton-round"' not in html


def test_a_view_after_the_match_is_won_has_no_board():
    won = replace(view(), state={"scores": [0, 100, 0], "dealer": 1, "rounds": 9, "winner": 1})
    assert PinkertonHandForm(won).board is None


def test_the_page_greys_a_player_out_and_lays_their_passes_face_down(scorer, match):
    client = scorer(match)
    for pressed, cards in ROUND[:12]:
        response = post(client, match, pressed, cards=cards, **HTMX)
    cid = seat_html(response.content.decode(), "Cid")
    assert "data-out" in cid and 'data-passes="2"' in cid
    assert cid.count('class="mark on"') == 2
    bea = seat_html(response.content.decode(), "Bea")
    assert "data-out" not in bea and 'class="mark on"' not in bea


def test_the_match_page_calls_a_round_a_round(scorer, match):
    client = scorer(match)
    page = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert re.search(r"<h2 data-hand-label[^>]*>Round 1</h2>", page)
    assert 'data-template="Round %s"' in page
