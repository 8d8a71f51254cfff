"""A fresh hand form's fields are drawn once and shared (``pages.fields_key``): by every
phone, and by every version of the match for as long as what they show stays the same.
The fields must still follow what they show: the mode the last hand was entered in, a
pair's buraco ladder, a Truco hand's stake."""

from __future__ import annotations

import re

import pytest

from scoring.ledger.models import Match
from tests.conftest import make_match, record
from tests.scoring.games.canastra.test_game import BIG, quick
from tests.scoring.games.samba.test_game import PAGE_CARDS

pytestmark = pytest.mark.django_db


def drawn(client, match: Match) -> tuple[str, list[str]]:
    """The match page, and the templates drawn for it (not those read from the cache)."""
    response = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode(), [t.name for t in response.templates]


def test_free_scorings_fields_are_drawn_once_for_the_whole_match(scorer, free_match):
    client = scorer(free_match)
    _, templates = drawn(client, free_match)
    assert "free/hand.html" in templates
    record(free_match, {"points": [3, 2, 1]})
    record(free_match, {"points": [0, 5, 1]})
    html, templates = drawn(client, free_match)
    assert "free/hand.html" not in templates  # read from the cache the first page filled
    assert re.findall(r'name="(side_\d)"', html) == ["side_0", "side_1", "side_2"]
    assert "Hand 3" in html  # the hand's number is drawn around the cached fields


def test_a_new_samba_hand_starts_in_the_last_hands_mode(scorer):
    match = make_match("samba", (("Ana", "Bia"), ("Caio", "Davi")), target=10_000)
    client = scorer(match)
    html, _ = drawn(client, match)
    assert re.search(r'value="quick"[^>]*checked', html)
    record(match, {"mode": "quick", "sides": [{"clean_canastras": 1, "table_points": 35}, {}]})
    html, templates = drawn(client, match)
    assert "samba/hand.html" not in templates  # still quick: the same fields
    record(match, PAGE_CARDS)
    html, templates = drawn(client, match)
    assert "samba/hand.html" in templates
    assert re.search(r'value="cards"[^>]*checked', html)
    assert not re.search(r'value="quick"[^>]*checked', html)


def test_the_buraco_ladder_appears_in_the_fields_once_a_pair_reaches_1500(scorer):
    match = make_match("canastra", (("Ana", "Bia"), ("Caio", "Davi")), target=3_000)
    client = scorer(match)
    html, _ = drawn(client, match)
    assert "data-buraco" not in html
    record(match, quick(BIG))  # Ana & Bia: 1,500
    html, _ = drawn(client, match)
    assert 'data-buraco-pair="0"' in html and 'data-buraco-pair="1"' not in html


def test_a_game_whose_fields_show_the_running_state_draws_them_for_each_version(scorer):
    match = make_match("truco", (("Ana",), ("Bia",)))
    client = scorer(match)
    drawn(client, match)
    record(match, {"events": [{"type": "win", "team": "A"}]})
    _, templates = drawn(client, match)
    assert "truco/hand.html" in templates


def test_a_samba_hand_posted_makes_its_form_once_when_the_next_ones_fields_are_kept(
    scorer, monkeypatch
):
    """The add-hand POST makes the posted hand's form, and the next hand's only when the
    cache does not hold its fields (the match page filled it)."""
    import uuid

    from scoring.games.samba.forms import SambaHandForm

    match = make_match("samba", (("Ana", "Bia"), ("Caio", "Davi")), target=10_000)
    client = scorer(match)
    drawn(client, match)  # keeps the fresh form's fields
    made: list[bool] = []
    make = SambaHandForm.__init__

    def counted(self, *args, **kwargs):
        made.append(True)
        make(self, *args, **kwargs)

    monkeypatch.setattr(SambaHandForm, "__init__", counted)
    data = {
        "mode": "quick",
        "s0-clean_canastras": "1",
        "s0-table_points": "35",
        "request_id": str(uuid.uuid4()),
        "expected_number": "1",
        "known_version": str(match.version),
    }
    url = f"/matches/{match.code}/hands/"
    response = client.post(url, data, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and match.hands.count() == 1
    assert len(made) == 1  # the posted hand's; the next one's fields came from the cache
    assert 'name="mode"' in response.content.decode()
