"""A signed-in phone: the top bar's links (clubs, password, log out) and the language
switch fit 360 px in every language, each a full tap target."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from tests.browser.conftest import assert_fits_the_phone

pytestmark = pytest.mark.django_db(transaction=True)


# WCAG contrast of each top-bar link's text against the bar behind it.
CONTRASTS = """() => {
  const rgb = c => c.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const lum = c => rgb(c).map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const bar = getComputedStyle(document.querySelector('.topbar')).backgroundColor;
  return [...document.querySelectorAll('.topbar a')].map(a => {
    const [x, y] = [lum(getComputedStyle(a).color), lum(bar)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  });
}"""


@pytest.mark.parametrize("language", ["pt-BR", "en", "pl"])
def test_a_signed_in_top_bar_fits_the_phone(phone, live_server, language):
    account = get_user_model().objects.create_user("wladyslawa", password="x" * 12)
    signed_in = Client()
    signed_in.force_login(account)
    page = phone(language)
    session = signed_in.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    page.goto("/")
    # Clubs, password, API tokens, log out: four links, still one bar at 360 px.
    expect(page.locator(".account-links a")).to_have_count(4)
    assert_fits_the_phone(page)
    # Every link reads on the bar's green (they once took the links' green: invisible).
    for ratio in page.evaluate(CONTRASTS):
        assert ratio >= 4.5
    page.locator(".account-links a").nth(1).click()
    expect(page).to_have_url(f"{live_server.url}/accounts/password/change/")


@pytest.mark.parametrize("language", ["pt-BR", "pl"])
def test_log_in_and_sign_up_look_like_the_rest_and_speak_the_language(phone, language):
    page = phone(language)
    for url in ("/accounts/login/", "/accounts/signup/"):
        page.goto(url)
        form = page.locator("main form[method=post]")
        # a label over each field and the main button full width, as on every form here
        expect(form.locator(".field input[type=password]").first).to_be_visible()
        button = form.locator("button[type=submit]")
        expect(button).to_have_class(re.compile(r"\bprimary\b"))
        box, column = button.bounding_box(), form.bounding_box()
        assert box["width"] >= column["width"] - 2
        text = page.locator("main").inner_text()
        for english in ("sign in", "Sign In", "Sign Up", "Password", "Remember Me"):
            assert english not in text, (url, english)
        assert_fits_the_phone(page)
