"""The ledger's hidden fields: drawn by one include, read back by one form."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core.exceptions import BadRequest
from django.template.loader import render_to_string

from scoring.ledger.envelope import Envelope
from tests.conftest import make_match, record


def posted(html: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html))


def test_what_the_envelope_draws_it_reads_back():
    sent = uuid.uuid4()
    drawn = Envelope.drawn(request_id=sent, expected_number=7, draft_revision=2)
    html = render_to_string("ledger/_envelope.html", {"envelope": drawn})
    envelope = Envelope.read(posted(html))
    assert envelope.request() == sent
    assert (envelope.value("expected_number"), envelope.value("draft_revision")) == (7, 2)
    assert envelope.value("known_version") is None


def test_drawn_outside_its_form_it_names_the_form():
    drawn = Envelope.drawn(known_version=3, form="hand-form")
    html = render_to_string("ledger/_envelope.html", {"envelope": drawn})
    assert html.strip().endswith(
        '<input type="hidden" name="known_version" value="3" form="hand-form">'
    )


def test_it_draws_only_its_own_fields():
    with pytest.raises(TypeError, match="secret"):
        Envelope.drawn(secret=1)


@pytest.mark.parametrize("guard", ["expected_number", "draft_revision", "revision"])
@pytest.mark.parametrize("sent", ["x", "-1", "1.5", "1_000"])
def test_a_guard_that_is_no_whole_number_refuses_the_post(guard, sent):
    with pytest.raises(BadRequest, match=guard):
        Envelope.read({guard: sent})
    # A post that writes nothing reads it as no number.
    assert Envelope.read({guard: sent}, guarding=False).value(guard) is None


def test_what_is_not_a_guard_reads_as_absent_and_a_missing_request_id_is_made():
    envelope = Envelope.read({"known_version": "x", "renumber": "", "request_id": "nope"})
    assert envelope.value("known_version") is None and envelope.value("renumber") is None
    made = envelope.request()
    assert isinstance(made, uuid.UUID) and envelope.request() == made


@pytest.mark.django_db
def test_the_redo_button_is_read_with_the_match_and_costs_no_query_of_its_own(scorer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    match = make_match()
    record(match, {"points": [1, 2, 3]})
    record(match, {"points": [4, 5, 6]})
    match.undo_hand(2)
    client = scorer(match)
    with CaptureQueriesContext(connection) as queries:
        html = client.get(match.get_absolute_url()).content.decode()
    assert f"/matches/{match.code}/hands/2/redo/" in html
    undone = [q["sql"] for q in queries.captured_queries if '"undone_at" IS NOT NULL' in q["sql"]]
    assert len(undone) == 1 and '"ledger_side"' in undone[0]  # in the sides' own query
