"""Tento's own middleware: NUL bytes refused before a lookup, the Permissions-Policy."""

from __future__ import annotations

import pytest

from scoring.ledger.models import Match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url",
    [
        "/matches/%00abc/",
        "/matches/abc%00/live/",
        "/score/%00token/",
        "/watch/tok%00en/",
        "/clubs/%00/",
    ],
)
def test_it_refuses_a_nul_byte_in_the_address_as_404(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    "url",
    ["/records/?q=%00", "/records/?club=a%00b", "/samba/referee/?match=%00", "/?x%00=1"],
)
def test_it_refuses_a_nul_byte_in_the_query_as_400(client, url):
    assert client.get(url).status_code == 400


def test_it_refuses_a_nul_byte_in_a_cookie_as_400(client):
    client.cookies["sessionid"] = "abc\x00def"
    assert client.get("/").status_code == 400


def test_a_nul_byte_in_a_posted_match_code_is_404(client, free_match):
    assert client.post(f"/matches/{free_match.code}%00/hands/", {}).status_code == 404


def test_a_nul_byte_in_a_posted_club_code_is_no_club(client):
    from django.contrib.auth import get_user_model

    from tests.helpers import new_match_data

    client.force_login(get_user_model().objects.create_user("alice"))
    data = new_match_data(["Ana", "Bia"], {"club": "abc\x00"})
    assert client.post("/matches/new/free/", data).status_code == 302
    assert Match.objects.get().club is None
