"""The read model's caches: every key carries the release (and what is drawn, the
language), so a deploy serves nothing the release before drew."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoring.ledger import standing
from scoring.ledger.models import Match
from tests.conftest import make_match, record


@pytest.fixture
def match(db) -> Match:
    match = make_match()
    record(match, {"points": [1, 2, 3]})
    match.refresh_from_db()
    return match


def every_key(match: Match) -> dict[str, tuple[str, bool]]:
    """Each kind of key the ledger keeps, and whether what it keeps is drawn."""
    row = standing.row_of(match.hands.values(*standing.ROW_FIELDS).get())
    return {
        "version": (standing.version_key(match.code), False),
        "pk": (standing.pk_key(match.code), False),
        "access": (standing.access_key(match.code), False),
        "sides": (standing.standing_key(match), False),
        "hand": (standing.hand_key(row), True),
        "fields": (standing.fields_key(match, None, []), True),
        "shown fields": (standing.fields_key(match, {"mode": "quick"}, []), True),
        "page": (standing.page_key("records-standings", "1.2", "0:ab", "/records/"), True),
    }


def test_every_key_carries_the_release_and_every_drawn_one_the_language(match, settings):
    settings.RELEASE = "rel-7f3a"
    with translation.override("pl"):
        for name, (key, drawn) in every_key(match).items():
            assert ":rel-7f3a:" in f"{key}:", name
            assert key.endswith(":pl") == drawn, name


def test_a_new_release_or_language_makes_new_keys(match, settings):
    settings.RELEASE = "one"
    with translation.override("pt-br"):
        before = every_key(match)
        with translation.override("en"):
            english = every_key(match)
        settings.RELEASE = "two"
        after = every_key(match)
    for name, (key, drawn) in before.items():
        assert after[name][0] != key, name
        assert (english[name][0] != key) == drawn, name


def test_a_new_release_draws_the_match_page_afresh(scorer, match, settings, monkeypatch):
    client = scorer(match)
    from scoring.ledger import pages

    drawn: list[int] = []
    draw = pages.draw_hand

    def counted(match):
        inner = draw(match)
        return lambda row, scores: drawn.append(row["number"]) or inner(row, scores)

    monkeypatch.setattr(pages, "draw_hand", counted)
    settings.RELEASE = "old"
    client.get(f"/matches/{match.code}/")
    client.get(f"/matches/{match.code}/")
    assert drawn == [1]  # kept for the release
    settings.RELEASE = "new"
    client.get(f"/matches/{match.code}/")
    assert drawn == [1, 1]  # the new release draws its own
