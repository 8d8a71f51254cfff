"""Calling a hand on the phone: the buttons the engine allows, the steps of a raised hand,
recording it through the ledger, and the page around it."""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import replace

import pytest
from django.utils import translation

from referee.rulings import RuleError
from referee.truco import Event
from scoring.games.truco.board import act_of, event_of
from scoring.games.truco.forms import TrucoHandForm
from scoring.kit.match import MatchView, SideView
from scoring.kit.registry import get_game
from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals

HTMX = {"HTTP_HX_REQUEST": "true"}
truco = get_game("truco")


def view(*entries: dict, variant: str = "seed", target: int = 12) -> MatchView:
    """The match after ``entries``, its running state kept as the ledger keeps it."""
    played = MatchView(
        options={"variant": variant, "best_of": 1},
        target=target,
        sides=(SideView(0, "Nós", ("Ana", "Caio"), 0), SideView(1, "Eles", ("Bia", "Duda"), 0)),
        hands_played=0,
    )
    for entry in entries:
        state = truco.state_after(played, entry, [])
        played = replace(played, hands_played=played.hands_played + 1, state=state)
    return played


def wins(team: str, count: int) -> list[dict]:
    return [{"events": [{"type": "win", "team": team}]}] * count


def events(text: str) -> list[dict]:
    """``"raise:A accept:B win:"`` as stored events."""
    return [event_of(act).as_dict() for act in text.split()]


def board(calls: str = "", match: MatchView | None = None):
    """The buttons for a hand whose calls so far (the shared draft) are ``calls``."""
    match = replace(match or view(), draft={"events": events(calls)})
    return TrucoHandForm(match).board


def team(b, letter: str):
    return next(t for t in b.teams if t.team == letter)


# --- the buttons' values ---------------------------------------------------------------------


def test_a_buttons_value_reads_back_as_its_call():
    for event in (
        Event("raise", "A"),
        Event("accept", "B"),
        Event("penalty", "B", "truco.penalty.disclosed-cards"),
        Event("win", None),
    ):
        assert event_of(act_of(event)) == event
    assert act_of(Event("penalty", "B", "truco.penalty.disclosed-cards")) == (
        "penalty:B:disclosed-cards"
    )


# --- the buttons ----------------------------------------------------------------------------


def test_a_fresh_hand_offers_the_win_and_the_truco_to_both_teams():
    b = board()
    for letter in "AB":
        t = team(b, letter)
        assert t.win.allowed and t.win.label == "Ganhou a mão · +1"
        assert t.call.allowed and t.call.label == "Truco!"
        assert not t.accept.allowed
        assert t.accept.why["rule"] == "truco.answer.nothing-to-answer"
        assert t.accept.why["url"] == "/rules/truco/#truco.answer.nothing-to-answer"
        assert t.accept.why["message"] == "Não há pedido a responder."


def test_after_a_truco_the_other_team_answers_or_raises_to_six():
    b = board("raise:A")
    a, other = team(b, "A"), team(b, "B")
    assert not a.win.allowed and a.win.why["rule"] == "truco.answer.pending"
    assert not a.call.allowed and a.call.why["rule"] == "truco.raise.alternate"
    assert other.accept.allowed and other.accept.prompt
    assert other.run.allowed and other.call.allowed and other.call.label == "Seis!"
    assert b.offer_shout == "Truco!" and b.caller_name == "Nós"


def call_labels(match: MatchView | None = None) -> list[str]:
    """The raise button of the team whose turn it is to raise, after 0 to 3 raises."""
    labels = []
    for n in range(4):
        raised = " ".join(f"raise:{t}" for t in "ABAB"[:n])
        labels.append(team(board(raised, match), "AB"[n % 2]).call.label)
    return labels


def test_the_raises_are_named_as_shouted():
    assert call_labels() == ["Truco!", "Seis!", "Nove!", "Doze!"]


def test_mineiro_raises_are_named_after_its_ladder():
    assert call_labels(view(variant="mineiro")) == ["Truco!", "Seis!", "Dez!", "Doze!"]


def test_at_six_facing_a_six_nine_is_disabled_and_says_why():
    b = board("raise:B raise:A", view(*wins("B", 6)))
    call = team(b, "B").call
    assert not call.allowed and call.label == "Nove!"
    assert call.why["rule"] == "truco.raise.beyond-win"
    assert "já chegam a 12" in call.why["message"]


def test_the_mao_de_onze_offers_only_the_team_at_eleven_its_choice():
    b = board(match=view(*wins("A", 11)))
    assert b.at_eleven and b.state.stake == 3 and b.leader_name == "Nós"
    assert team(b, "A").accept.allowed and team(b, "A").run.allowed
    assert team(b, "B").run.why["rule"] == "truco.mao-de-onze.leader-decides"
    assert team(b, "B").call.why["rule"] == "truco.mao-de-onze.no-truco"
    # Played for 3, but at 11 the game ends at 12: the button says it scores 1, and why.
    assert team(b, "A").win.label.startswith("Ganhou a mão · +1 (")
    assert "12" in team(b, "A").win.label


def test_the_mao_de_ferro_has_no_calls_and_is_played_for_the_game():
    match = view(
        *wins("A", 10), *wins("B", 10), *wins("A", 1), {"events": [{"type": "run", "team": "A"}]}
    )
    b = board(match=match)
    assert b.iron
    assert team(b, "A").win.label == "Ganhou o jogo"
    assert team(b, "B").call.why["rule"] == "truco.mao-de-ferro.no-truco"
    assert b.nobody.allowed and b.nobody.label == "Ninguém ganhou: dar de novo"


def test_a_penalty_can_be_given_even_while_a_call_waits():
    b = board("raise:A")
    assert all(action.allowed for action in team(b, "B").penalties)
    assert team(b, "B").penalties[0].act == "penalty:B:deal-procedure"


def test_events_that_no_longer_fit_the_score_are_left_out_and_said():
    # a truco called against 9–0, but another phone just took A to 11: mão de onze
    b = board("raise:B accept:A", view(*wins("A", 11)))
    assert b.events == ()
    assert [d["rule"] for d in b.dropped] == ["truco.mao-de-onze.no-truco"]


# --- the steps of a hand --------------------------------------------------------------------


def step(calls: str, pressed: str, match: MatchView | None = None) -> TrucoHandForm:
    """The form after the step button ``pressed``, with the draft it leaves."""
    match = replace(match or view(), draft={"events": events(calls)})
    form = TrucoHandForm(
        match, {"draft_json": json.dumps({"events": events(calls)}), "step": pressed}
    )
    return form.redrawn(form.step())


def calls_of(form: TrucoHandForm) -> str:
    return " ".join(act_of(event) for event in form.board.events)


def test_a_step_adds_the_call_to_the_hand():
    assert calls_of(step("", "raise:A")) == "raise:A"
    assert calls_of(step("raise:A", "raise:B")) == "raise:A raise:B"


def test_a_step_the_rules_refuse_is_a_violation():
    with pytest.raises(RuleError) as error:
        step("raise:A", "raise:A")
    assert error.value.rules == ["truco.raise.alternate"]


def test_back_takes_the_last_call_back_and_clear_starts_over():
    assert calls_of(step("raise:A raise:B", "back")) == "raise:A"
    assert calls_of(step("raise:A raise:B", "clear")) == ""


def test_the_entry_is_the_calls_and_the_button_that_ended_the_hand():
    draft = json.dumps({"events": events("raise:A")})
    form = TrucoHandForm(view(), {"draft_json": draft, "act": "run:B"})
    assert form.is_valid()
    assert form.entry() == {
        "events": [{"type": "raise", "team": "A"}, {"type": "run", "team": "B"}]
    }


def test_a_hand_is_recorded_only_by_a_button_that_ends_it():
    form = TrucoHandForm(view(), {"draft_json": "{}", "act": "raise:A"})
    assert not form.is_valid() and "act" in form.errors


# --- the pages --------------------------------------------------------------------------------


@pytest.fixture
def match(db) -> Match:
    return make_match(
        "truco", (("Ana", "Caio"), ("Bia", "Duda")), target=12, names=["Nós", "Eles"]
    )


def post(client, match, *, act: str = "", step: str = "", **headers):
    """What a phone sends from the hand form it was shown."""
    match.refresh_from_db()
    data = {
        "draft_json": json.dumps(match.draft),
        "draft_revision": str(match.draft_revision),
        "request_id": str(uuid.uuid4()),
        "expected_number": str(match.view().number),
    }
    if act:
        data["act"] = act
    if step:
        data["step"] = step
    return client.post(f"/matches/{match.code}/hands/", data, **headers)


def test_the_match_page_keeps_the_screen_awake_and_says_who_deals(scorer, match):
    client = scorer(match)
    page = client.get(match.get_absolute_url()).content.decode()
    assert "data-keep-awake" in page
    assert re.search(r"data-dealer>Duda<", page) and re.search(r"data-mao>Ana<", page)
    assert 'id="act-win-A"' in page and "truco/truco.css" in page
    assert f'href="/truco/referee/?match={match.code}"' in page


def test_one_tap_records_a_plain_hand(scorer, match):
    client = scorer(match)
    response = post(client, match, act="win:B", **HTMX)
    assert response.status_code == 200
    assert totals(match) == [0, 1]
    html = response.content.decode()
    assert 'id="live"' in html and 'hx-swap-oob="true"' in html
    assert html.count('id="hand-form"') == 1  # the recording phone gets one fresh form


def test_a_call_is_shared_with_every_phone_and_stores_no_hand(scorer, match):
    client = scorer(match)
    response = post(client, match, step="raise:A", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nós pediu Truco! — Eles responde." in html
    assert 'id="act-accept-B"' in html and not match.hands.exists()
    match.refresh_from_db()
    assert match.draft == {"events": [{"type": "raise", "team": "A"}]}
    # Another phone, or a reload, sees the call.
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Nós pediu Truco! — Eles responde." in page


def test_a_refused_step_shows_the_rule_and_keeps_the_hand(scorer, match):
    client = scorer(match)
    post(client, match, step="raise:A", **HTMX)
    response = post(client, match, step="raise:A", **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'href="/rules/truco/#truco.raise.alternate"' in html
    match.refresh_from_db()
    assert match.draft == {"events": [{"type": "raise", "team": "A"}]}


def test_a_step_from_a_phone_that_missed_another_phones_call_is_refused(scorer, match):
    client = scorer(match)
    post(client, match, step="raise:A", **HTMX)
    match.refresh_from_db()
    stale = {
        "draft_json": "{}",
        "draft_revision": "0",
        "step": "raise:B",
        "request_id": str(uuid.uuid4()),
        "expected_number": "1",
    }
    html = client.post(f"/matches/{match.code}/hands/", stale, **HTMX).content.decode()
    assert "ledger.draft.changed" in html
    match.refresh_from_db()
    assert match.draft == {"events": [{"type": "raise", "team": "A"}]}
    assert "Nós pediu Truco!" in html  # the hand as it now stands


def test_steps_work_without_javascript(scorer, match):
    client = scorer(match)
    response = post(client, match, step="raise:B")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert "Eles pediu Truco!" in html
    post(client, match, step="accept:A")
    response = post(client, match, act="win:B")
    assert response.status_code == 302
    assert totals(match) == [0, 3]
    match.refresh_from_db()
    assert match.draft == {}  # recording the hand closed its draft


def test_the_page_prompts_the_mao_de_onze(scorer, match):
    client = scorer(match)
    for _ in range(11):
        record(match, {"events": [{"type": "win", "team": "A"}]})
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'data-kind="mao-de-onze"' in html
    assert "Nós tem 11" in html and "Eles marca 1" in html


def test_a_finished_match_offers_no_buttons(scorer, match):
    client = scorer(match)
    for _ in range(11):
        record(match, {"events": [{"type": "win", "team": "B"}]})
    record(match, {"events": [{"type": "win", "team": "B"}]})
    html = client.get(match.get_absolute_url()).content.decode()
    assert "act-win-A" not in html and "data-keep-awake" not in html
    assert "Partida encerrada." in html


def test_a_hand_is_corrected_by_its_calls(scorer, match):
    client = scorer(match)
    record(match, {"events": [{"type": "win", "team": "A"}]})
    url = f"/matches/{match.code}/hands/1/edit/"
    page = client.get(url).content.decode()
    assert 'value="win:A"' in page  # the table taps again how the hand ended
    ana = match.sides.get(position=0).players.get(name="Ana")
    base = {"changed_by": ana.pk, "revision": "1", "expected_number": "1"}
    page = client.post(url, base | {"draft_json": "{}", "step": "raise:B"}).content.decode()
    assert "Eles pediu Truco!" in page
    draft = json.dumps({"events": events("raise:B accept:A")})
    response = client.post(url, base | {"draft_json": draft, "act": "win:B"})
    assert response.status_code == 302
    assert totals(match) == [0, 3]
    match.refresh_from_db()
    assert match.draft == {}  # a correction never touches the hand being played


# --- the review's points ---------------------------------------------------------------------


def test_the_call_log_says_every_call_in_words():
    b = board("raise:A accept:B penalty:B:disclosed-cards win:A")
    assert b.log == (
        "Nós: Truco!",
        "Eles: Aceito",
        "Penalidade contra Eles: Mostrou as cartas",
        "Nós ganhou a mão",
    )
    assert board("win:").log == ("Ninguém ganhou (três vazas empatadas)",)


def test_the_call_log_says_the_mao_de_ferro_in_words():
    match = view(
        *wins("A", 10), *wins("B", 10), *wins("A", 1), {"events": [{"type": "run", "team": "A"}]}
    )
    assert board("win:B", match).log == ("Eles ganhou o jogo",)
    assert board("win:", match).log == ("Ninguém ganhou: dar de novo",)


def test_the_mao_de_dez_prompt_says_what_running_gives():
    b = board(match=view(*wins("A", 5), variant="mineiro"))
    assert b.kind == "mao-de-dez" and b.run_stake == 2 == b.state.run_stake


def test_a_stored_option_the_engine_does_not_know_is_ignored():
    match = replace(
        view(), options={"variant": "mineiro", "best_of": 1, "flor": True}, target=None
    )
    board_ = board(match=match)
    assert board_.state.options.variant == "mineiro" and board_.state.options.target == 12


def test_an_old_stored_option_does_not_break_the_match_pages(scorer, db):
    match = make_match(
        "truco",
        (("Ana", "Caio"), ("Bia", "Duda")),
        target=15,
        options={"variant": "seed", "best_of": 1, "mao_de_ferro": "old"},
    )
    client = scorer(match)
    assert client.get(match.get_absolute_url()).status_code == 200
    assert client.get(f"/matches/{match.code}/live/", **HTMX).status_code == 200
    response = post(client, match, act="win:A", **HTMX)
    assert response.status_code == 200 and totals(match) == [1, 0]


def test_the_target_comes_from_the_engine():
    from referee.truco import TrucoOptions
    from scoring.games.truco.forms import TARGET_CHOICES
    from scoring.kit.registry import get_game

    assert get_game("truco").default_target == TrucoOptions().target
    assert [value for value, _label in TARGET_CHOICES] == [12, 15, 24]


def test_the_title_shows_the_games_target(scorer, db):
    match = make_match("truco", (("Ana",), ("Bia",)), target=15)
    client = scorer(match)
    assert "até 15" in client.get(match.get_absolute_url()).content.decode()
    match = make_match("truco", (("Ana",), ("Bia",)))  # no target stored: the engine's
    scorer(match)
    assert "até 12" in client.get(match.get_absolute_url()).content.decode()


def test_each_hand_of_the_history_is_drawn_once_then_cached(
    scorer, match, django_assert_num_queries
):
    client = scorer(match)
    for team in "AB":
        record(match, {"events": [{"type": "win", "team": team}]})
    page = client.get(match.get_absolute_url()).content.decode()
    assert page.count('class="hand" id="hand-') == 2
    record(match, {"events": [{"type": "win", "team": "A"}]})
    etag = f'"m{match.pk}-v{match.version - 1}-pt-br"'
    # The poll sends only the new hand, drawn from one query for its scores; the two
    # hands before it are neither loaded nor drawn again.
    html = client.get(f"/matches/{match.code}/live/", HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert html.content.decode().count('class="hand" id="hand-') == 1


def test_the_penalty_note_says_what_a_penalty_does_at_this_score(scorer, match):
    client = scorer(match)
    html = client.get(match.get_absolute_url()).content.decode()
    # under Nós's heading, the note names only the team that scores
    assert "Falta aqui: Eles marca 1." in html and "Nós cometeu" not in html
    assert "nunca o da vitória" not in html
    for _ in range(11):
        record(match, {"events": [{"type": "win", "team": "A"}]})
    b = TrucoHandForm(match.view()).board
    assert team(b, "A").penalty.points == 1 and team(b, "A").penalty.name == "Eles"
    effect = team(b, "B").penalty
    assert effect.no_winning_tento and effect.name == "Eles" and effect.points == 0
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'data-penalty-rule="truco.penalty.no-winning-tento"' in html
    assert "Penalidade com onze:" in html
    assert 'href="/rules/truco/#truco.penalty.no-winning-tento"' in html
    assert "Falta aqui: Nós marca 1." not in html


def test_the_hand_form_keeps_the_ledgers_request_plumbing(scorer, match):
    client = scorer(match)
    page = client.get(match.get_absolute_url()).content.decode()
    form = re.search(r'<form id="hand-form".*?</form>', page, re.S).group(0)
    assert re.search(r'<input type="hidden" name="request_id" value="[0-9a-f-]{36}">', form)
    # The form belongs to the hand it was opened for: its number is inside it.
    assert '<input type="hidden" name="expected_number" value="1">' in form
    assert 'name="draft_revision" value="0"' in form


def test_a_win_that_the_target_caps_says_so():
    # At 10–0 a truco accepted is worth 3, but the game ends at 12: winning scores 2.
    with translation.override("en"):
        capped = team(board("raise:A accept:B", view(*wins("A", 10))), "A").win.label
        plain = team(board("raise:A accept:B"), "A").win.label
    assert capped == "Won the hand · +2 (the game ends at 12)"
    assert plain == "Won the hand · +3"
