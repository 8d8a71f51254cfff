from __future__ import annotations

import pytest

from tests.conftest import record


@pytest.mark.django_db
def test_every_page_of_a_match_renders(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [10, 20, 30]})
    for url in [
        "/",
        "/matches/new/",
        "/matches/new/free/",
        free_match.get_absolute_url(),
        f"/matches/{free_match.code}/live/",
        f"/matches/{free_match.code}/hands/1/edit/",
        "/rules/free/",
        "/rules/cards/",
    ]:
        response = client.get(url)
        assert response.status_code == 200, url
