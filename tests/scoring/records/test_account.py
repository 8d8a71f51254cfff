"""The account's API tokens: listed, named, made (shown once), revoked, expiring; and the
same in the admin."""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from scoring.records.models import ApiToken

STANDINGS = "/api/v1/records/standings"


def works(token: str) -> bool:
    return Client().get(STANDINGS, HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 200


@pytest.fixture
def alice(db):
    return get_user_model().objects.create(username="alice")


@pytest.fixture
def alices_phone(alice) -> Client:
    phone = Client()
    phone.force_login(alice)
    return phone


def test_the_account_page_lists_the_accounts_tokens_and_nobody_elses(alice, alices_phone):
    ApiToken.issue(alice, "league sheet")
    bob = get_user_model().objects.create(username="bob")
    ApiToken.issue(bob, "bob's laptop")
    html = alices_phone.get("/records/api-tokens/", HTTP_ACCEPT_LANGUAGE="en").text
    assert "league sheet" in html and "never used" in html
    assert "bob&#x27;s laptop" not in html and "bob's laptop" not in html


def test_the_account_page_needs_an_account(db):
    response = Client().get("/records/api-tokens/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_token_made_on_the_account_page_is_shown_once_and_works(alice, alices_phone):
    made = alices_phone.post("/records/api-tokens/", {"name": "league sheet", "lasts": "30"})
    clear = re.search(r'value="(tento_[^"]+)"', made.text).group(1)
    assert works(clear)
    token = alice.api_tokens.get()
    assert token.name == "league sheet"
    assert timedelta(days=29) < token.expires_at - timezone.now() <= timedelta(days=30)
    assert clear not in alices_phone.get("/records/api-tokens/").text


def test_a_token_made_until_revoked_has_no_expiry(alice, alices_phone):
    alices_phone.post("/records/api-tokens/", {"name": "forever", "lasts": ""})
    assert alice.api_tokens.get().expires_at is None


def test_a_revoked_token_stops_at_once(alice, alices_phone):
    token, clear = ApiToken.issue(alice, "phone")
    assert works(clear)
    assert alices_phone.post(f"/records/api-tokens/{token.pk}/revoke/").status_code == 302
    assert not works(clear)
    assert not ApiToken.objects.exists()


def test_nobody_revokes_someone_elses_token(alice):
    token, clear = ApiToken.issue(alice, "phone")
    bob = Client()
    bob.force_login(get_user_model().objects.create(username="bob"))
    assert bob.post(f"/records/api-tokens/{token.pk}/revoke/").status_code == 404
    assert works(clear)


def test_an_expired_token_is_refused(alice):
    _token, clear = ApiToken.issue(alice, "phone", days=30)
    assert works(clear)
    ApiToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert not works(clear)


def test_the_command_issues_a_token_that_expires(alice):
    out = StringIO()
    call_command("api_token", "alice", "--name", "cron", "--days", "7", stdout=out)
    assert works(out.getvalue().strip())
    assert alice.api_tokens.get().expires_at < timezone.now() + timedelta(days=8)


def test_the_admin_lists_every_accounts_tokens_and_revokes_one(alice, admin_client):
    token, clear = ApiToken.issue(alice, "league sheet")
    listed = admin_client.get("/admin/records/apitoken/")
    assert listed.status_code == 200 and "league sheet" in listed.text
    revoked = admin_client.post(f"/admin/records/apitoken/{token.pk}/delete/", {"post": "yes"})
    assert revoked.status_code == 302
    assert not works(clear)


def test_the_admin_cuts_a_token_short(alice, admin_client):
    token, clear = ApiToken.issue(alice, "league sheet")
    past = timezone.localtime() - timedelta(days=1)
    response = admin_client.post(
        f"/admin/records/apitoken/{token.pk}/change/",
        {
            "name": "league sheet",
            "expires_at_0": past.strftime("%Y-%m-%d"),
            "expires_at_1": past.strftime("%H:%M:%S"),
        },
    )
    assert response.status_code == 302
    assert not works(clear)
