"""A club's ratings on a phone: the list, then a player's page with the rating drawn
over time at 360 px, in the light and the dark scheme."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from scoring.clubs.models import Club, Membership, Role
from scoring.ratings.models import ClubRatings
from scoring.ratings.recompute import rebuild
from tests.browser.conftest import assert_fits_the_phone
from tests.scoring.ratings.conftest import at, finished

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("language", ["pt-BR", "pl"])
def test_a_players_rating_chart_on_a_phone(phone, live_server, language):
    club = Club.objects.create(name="Clube do Truco")
    ClubRatings.objects.create(club=club, minimum_matches=3)
    for day, totals in enumerate([[100, 60], [40, 90], [120, 30], [80, 70]], start=1):
        finished(club, [["Ana", "Bia"], ["Caio", "Duda"]], totals, when=at(day))
    finished(club, [["Ana"], ["Eva"], ["Caio"]], [30, 10, 20], when=at(6))
    rebuild()
    account = get_user_model().objects.create_user("socia", password="x" * 12)
    Membership.objects.create(club=club, user=account, role=Role.MEMBER)
    signed_in = Client()
    signed_in.force_login(account)
    page = phone(language)
    session = signed_in.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )

    page.goto(club.get_absolute_url())
    page.click("[data-club-ratings]")
    page.wait_for_load_state("load")  # measured with its stylesheets, not before them
    listed = page.locator("table.ratings tbody tr[data-player]")
    expect(listed).to_have_count(4)  # Eva played once: not listed yet
    expect(page.locator("#waiting [data-player=Eva]")).to_have_count(1)
    assert_fits_the_phone(page)

    page.click("table.ratings >> text=Ana")
    page.wait_for_load_state("load")
    expect(page.locator("h1")).to_have_text("Ana")
    chart = page.locator("#rating-chart")
    expect(chart).to_have_attribute("data-points", "6")  # the start and five matches
    line = chart.locator("polyline.series")
    expect(line).to_have_count(1)
    assert len(line.get_attribute("points").split()) == 6
    # Numbers in the drawing keep their dot whatever the language.
    assert "," not in line.get_attribute("points").replace(",", "", 6)
    width = chart.locator("svg").evaluate("el => el.getBoundingClientRect().width")
    assert 300 <= width <= 360
    expect(page.locator("li.rating-change")).to_have_count(5)
    newest = page.locator("li.rating-change").first
    assert newest.get_attribute("data-after") == line.get_attribute("data-last")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        colour = line.evaluate("el => getComputedStyle(el).stroke")
        assert colour not in ("none", "rgb(0, 0, 0)"), scheme
    page.emulate_media(color_scheme="light")
    assert_fits_the_phone(page)


def test_an_admin_names_a_season_on_a_phone(phone, live_server):
    club = Club.objects.create(name="Clube do Truco")
    finished(club, [["Ana"], ["Bia"]], [10, 5], when=at(2))
    rebuild()
    account = get_user_model().objects.create_user("admin", password="x" * 12)
    Membership.objects.create(club=club, user=account, role=Role.ADMIN)
    signed_in = Client()
    signed_in.force_login(account)
    page = phone("pt-BR")
    session = signed_in.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    page.goto(f"/records/ratings/{club.code}/rules/")
    assert_fits_the_phone(page)
    page.fill("[name=name]", "Março")
    page.fill("[name=start]", "2026-03-01")
    page.fill("[name=end]", "2026-03-31")
    page.locator("button[type=submit]").last.click()
    expect(page.locator("#seasons [data-season='Março']")).to_have_count(1)
    page.goto(f"/records/ratings/{club.code}/")
    expect(page.locator("#rating-season")).to_have_value(str(club.seasons.get().pk))
    expect(page.locator("#waiting [data-player=Ana]")).to_have_count(1)
    assert_fits_the_phone(page)
