"""Canastra's pages: starting a match, a hand posted both ways, the live meld check, the
failed-opening button shared by every phone at the table, corrections, the rulebook."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from scoring.games.canastra.rules import RULES
from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals
from tests.helpers import EN, HTMX, form_state, new_match_data, page, post_hand
from tests.scoring.games.canastra.test_game import BIG, quick
from tests.scoring.games.canastra.test_hand_entry import PAGE_CARDS_POST, PAGE_QUICK_POST

pytestmark = pytest.mark.django_db

PAIRS = (("Ana", "Bia"), ("Caio", "Davi"))


@pytest.fixture
def match() -> Match:
    return make_match("canastra", PAIRS, target=3_000)


@pytest.fixture
def under_buraco(match) -> Match:
    """Ana & Bia have 1,500: the buraco rule holds them."""
    record(match, quick(BIG))
    return match


def requirement(html: str, position: int) -> int | None:
    found = re.search(
        rf'data-buraco-pair="{position}".*?data-requirement>(\d+)<', html, flags=re.DOTALL
    )
    return int(found.group(1)) if found else None


def test_starting_a_canastra_match_for_two_pairs_with_the_classic_count(client):
    response = client.post(
        "/matches/new/canastra/",
        new_match_data(
            ["Ana, Bia", "Caio, Davi"], {"target": 3000, "options-hand_to_opponents": "own"}
        ),
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.options == {"hand_to_opponents": False, "untaken_morto_penalty": False}
    assert match.target == 3_000


def test_a_pair_has_at_most_two_players(client):
    response = client.post(
        "/matches/new/canastra/",
        new_match_data(
            ["Ana, Bia, Eva", "Caio, Davi"],
            {"target": 3000, "options-hand_to_opponents": "opponents"},
        ),
        **EN,
    )
    assert "Each side has 1 to 2 players." in response.content.decode()
    assert not Match.objects.exists()


def test_the_match_page_offers_both_entry_modes_one_picker_per_pair(scorer, match):
    client = scorer(match)
    html = page(client, match.get_absolute_url())
    assert 'name="mode" value="quick"' in html and 'name="mode" value="cards"' in html
    assert 'name="s1-melds"' in html and 'name="s1-clean_canastras"' in html
    assert 'name="s0-took_morto"' in html and 'name="went_out"' in html
    assert "/static/canastra/canastra.css" in html
    assert html.count("data-picker") == 2
    assert "data-buraco" not in html  # nobody is at 1,500 yet


@pytest.mark.parametrize("post", [PAGE_CARDS_POST, PAGE_QUICK_POST])
def test_the_page_hand_is_recorded_both_ways_with_its_breakdown(scorer, match, post):
    client = scorer(match)
    response = post_hand(client, match, post, **HTMX)
    assert response.status_code == 200
    assert totals(match) == [525, 345]
    html = response.content.decode()
    assert 'href="/rules/canastra/#canastra.bonus.clean-canastra"' in html
    assert "Taking the morto" in html


def test_a_refused_hand_names_its_rule_and_keeps_what_was_typed(scorer, match):
    client = scorer(match)
    post = PAGE_CARDS_POST | {"s1-melds": "2D 3D 4D"}  # the morto taken with no canastra
    response = post_hand(client, match, post)
    assert response.status_code == 422
    html = response.content.decode()
    assert "Taking the morto needs 1 canastra, clean or dirty; the pair has 0." in html
    assert 'href="/rules/canastra/#canastra.morto.needs-canastra"' in html
    assert "2D 3D 4D</textarea>" in html
    assert totals(match) == [0, 0]


def test_counts_the_two_decks_cannot_hold_between_the_pairs_are_refused_on_the_page(scorer, match):
    client = scorer(match)
    six = {
        "clean_canastras": "6",
        "dirty_canastras": "0",
        "meld_points": "270",
        "hand_points": "0",
    }
    post = {"mode": "quick", "went_out": ""}
    post |= {f"s{side}-{name}": value for side in (0, 1) for name, value in six.items()}
    response = post_hand(client, match, post)
    assert response.status_code == 422
    html = response.content.decode()
    assert (
        "Between them the pairs have clean canastras (12) and dirty canastras (0), which hold "
        "at least 720 card points, but their melds were entered as 540 in all." in html
    )
    assert 'href="/rules/canastra/#canastra.hand.meld-points-too-low-together"' in html
    assert totals(match) == [0, 0]


def test_in_the_game_for_two_the_player_who_went_out_has_no_card_left(scorer):
    two = make_match("canastra", [("Ana",), ("Caio",)], target=3_000)
    client = scorer(two)
    post = {"mode": "quick", "went_out": "0", "s0-took_morto": "on"}
    post |= {
        "s0-clean_canastras": "1",
        "s0-dirty_canastras": "0",
        "s0-meld_points": "45",
        "s0-hand_points": "60",
    }
    post |= {f"s1-{name}": "0" for name in ("clean_canastras", "dirty_canastras", "meld_points")}
    post |= {"s1-hand_points": "30"}
    response = post_hand(client, two, post)
    assert response.status_code == 422
    assert (
        "A player alone who makes the final going out keeps no card, but cards worth 60 "
        "points were entered as left in hand." in response.content.decode()
    )
    assert totals(two) == [0, 0]
    assert post_hand(client, two, post | {"s0-hand_points": "0"}).status_code == 302
    assert totals(two) == [45 + 200 + 100 + 100 + 30, 0]


def test_the_live_check_draws_each_meld_with_its_kind(scorer, match):
    client = scorer(match)
    response = client.post(
        f"/matches/{match.code}/check/s0-melds/",
        {"mode": "cards", "s0-melds": "3H 4H 5H 6H 7H 8H 9H\n2S 2C 5H 6H"},
        **EN,
    )
    html = response.content.decode()
    assert "Clean canastra" in html
    assert 'href="/rules/canastra/#canastra.meld.two-wilds"' in html
    assert "45 card points on the table · clean canastras: 1 · dirty: 0" in html


# --------------------------------------------------------------------------- the buraco ladder


def test_the_scoreboard_and_the_form_show_the_buraco_requirement(scorer, under_buraco):
    client = scorer(under_buraco)
    html = page(client, under_buraco.get_absolute_url())
    assert "Buraco: opens with 75" in html
    assert requirement(html, 0) == 75
    assert requirement(html, 1) is None  # Caio & Davi are below 1,500
    assert 'name="step" value="fail:0"' in html
    assert 'value="unfail:0"' not in html
    assert (
        '<a class="rule-link" href="/rules/canastra/#canastra.opening.minimum" '
        'aria-label="The rule: Buraco: the opening minimum">§</a>'
    ) in html


def other_phone(client) -> Client:
    """Another phone at the table, allowed to score the match as this one is (the match's
    scorer link gives it the same standing)."""
    phone = Client()
    for name, cookie in client.cookies.items():
        phone.cookies[name] = cookie.value
    return phone


def test_a_failed_opening_is_shared_with_the_other_phones(scorer, under_buraco):
    match = under_buraco
    ana = scorer(match)
    caio = other_phone(ana)
    caio.get(match.get_absolute_url(), **EN)

    # Ana taps "failed opening": her form and scoreboard say 90 at once.
    response = post_hand(ana, match, {"mode": "quick", "step": "fail:0"}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert requirement(html, 0) == 90
    assert "Buraco: opens with 90 (1 failed opening)" in html
    assert "<s>75</s> → <b>90</b>" in html

    # Caio's poll sees the new requirement, and his form is drawn with the ladder.
    live = caio.get(f"/matches/{match.code}/live/", **EN).content.decode()
    assert "Buraco: opens with 90 (1 failed opening)" in live
    form = caio.get(f"/matches/{match.code}/hand-form/", **EN).content.decode()
    assert requirement(form, 0) == 90

    # Caio taps it again: 120 for everybody; Ana's next poll has it.
    post_hand(caio, match, {"mode": "quick", "step": "fail:0"}, **HTMX)
    live = ana.get(f"/matches/{match.code}/live/", **EN).content.decode()
    assert "Buraco: opens with 120 (2 failed openings)" in live

    # Recording the hand closes the draft: the ladder starts again at 75.
    response = post_hand(ana, match, PAGE_QUICK_POST, **HTMX)
    assert response.status_code == 200
    assert match.hands.get(number=2).entry["failed"] == [2, 0]
    live = caio.get(f"/matches/{match.code}/live/", **EN).content.decode()
    assert "Buraco: opens with 75" in live and "failed opening" not in live


def test_a_tap_on_a_ladder_another_phone_moved_is_refused_and_redrawn(scorer, under_buraco):
    match = under_buraco
    client = scorer(match)
    stale = form_state(match)
    post_hand(client, match, {"mode": "quick", "step": "fail:0"}, **HTMX)
    response = client.post(
        f"/matches/{match.code}/hands/", stale | {"mode": "quick", "step": "fail:0"}, **EN
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "Another phone at the table changed this hand a moment ago" in html
    assert requirement(html, 0) == 90  # the hand as it now stands, not 120
    match.refresh_from_db()
    assert match.draft == {"failed": [1, 0]}


def test_a_mistapped_failure_is_taken_back(scorer, under_buraco):
    match = under_buraco
    client = scorer(match)
    post_hand(client, match, {"mode": "quick", "step": "fail:0"}, **HTMX)
    html = page(client, match.get_absolute_url())
    assert 'name="step" value="unfail:0"' in html
    response = post_hand(client, match, {"mode": "quick", "step": "unfail:0"}, **HTMX)
    assert requirement(response.content.decode(), 0) == 75
    match.refresh_from_db()
    assert match.draft == {}


def test_a_failed_opening_works_without_javascript(scorer, under_buraco):
    client = scorer(under_buraco)
    response = post_hand(client, under_buraco, PAGE_CARDS_POST | {"step": "fail:0"})
    assert response.status_code == 200
    html = response.content.decode()
    assert requirement(html, 0) == 90
    assert "QS KS AS</textarea>" in html  # what was typed is kept
    assert under_buraco.hands.count() == 1


# --------------------------------------------------------------------------- corrections


def test_a_correction_refills_the_hand_and_rescores_it(scorer, match):
    client = scorer(match)
    post_hand(client, match, PAGE_CARDS_POST)
    edit = f"/matches/{match.code}/hands/1/edit/"
    html = page(client, edit)
    assert "Q♠ K♠ A♠</textarea>" in html  # the cards as the reader writes them
    player = match.sides.get(position=0).players.first()
    response = client.post(
        edit,
        PAGE_CARDS_POST | {"went_out": "", "changed_by": str(player.pk), "revision": "1"},
        **EN,
    )
    assert response.status_code == 302
    assert totals(match) == [425, 345]


def test_correcting_a_hand_shows_its_ladder_and_a_step_there_stays_on_that_phone(
    scorer, under_buraco
):
    match = under_buraco
    client = scorer(match)
    record(match, quick({"meld_points": 45}, failed=(2, 0)))
    edit = f"/matches/{match.code}/hands/2/edit/"
    html = page(client, edit)
    assert requirement(html, 0) == 120
    response = client.post(
        edit,
        {"mode": "quick", "draft_json": json.dumps({"failed": [2, 0]}), "step": "unfail:0"},
        **EN | HTMX,
    )
    assert requirement(response.content.decode(), 0) == 90
    match.refresh_from_db()
    assert match.draft == {}  # the hand being played now is not the one corrected


# --------------------------------------------------------------------------- the rulebook


@pytest.mark.parametrize(
    ("language", "lang"),
    [("en", 'lang="en"'), ("pt-br", 'lang="pt-br"')],
)
def test_the_rulebook_shows_every_rule_under_its_anchor(client, language, lang):
    response = client.get("/rules/canastra/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    assert lang in html
    for rule in RULES:
        assert f'id="{rule.id}"' in html
