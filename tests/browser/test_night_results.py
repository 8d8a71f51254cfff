"""An entrant's night on a phone at 360 px: their tables, hands and points, the whole
standing, and a share button that hands the phone's share sheet the night as text with
its link, next to the standing's picture."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoring.clubs.models import Club, Membership, Role
from scoring.events.models import Entrant
from scoring.nights.closing import close_night
from tests.browser.conftest import assert_fits_the_phone
from tests.browser.test_event_night import signed_in
from tests.scoring.events.conftest import make_event, person, play_round

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_entrants_night_at_360_px_with_its_share_button(phone, live_server):
    club = Club.objects.create(name="Quarta")
    Membership.objects.create(club=club, user=person("alice"), role=Role.ADMIN)
    pairs = ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo"]
    event = make_event(club, pairs, rounds=2, scale="win-draw-loss")
    for number in (1, 2):
        event.draw_round(number, seed=3)
        play_round(event)
    close_night(event)
    ana = Entrant.objects.get(event=event, name="Ana & Bia")

    page = signed_in(phone, live_server, person("alice"))
    page.add_init_script(
        "navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };"
    )
    page.goto(f"/events/{event.code}/results/{ana.pk}/")
    expect(page.locator("[data-place]").first).to_contain_text("Place 1 of 4")
    expect(page.locator("section.sitting")).to_have_count(2)
    expect(page.locator("#standing tbody tr")).to_have_count(4)
    share = page.get_by_role("button", name="Share…")
    expect(share).to_be_visible()
    assert share.bounding_box()["height"] >= 44
    share.click()
    shared = page.evaluate("window.sharedWith")
    assert shared["url"].endswith(f"/events/{event.code}/results/{ana.pk}/")
    assert "Ana & Bia" in shared["text"] and "1. Ana & Bia" in shared["text"]
    picture = page.locator("[data-standing-image]")
    expect(picture).to_be_visible()
    image = page.context.request.get(picture.get_attribute("href"))
    assert image.status == 200 and image.headers["content-type"].startswith("image/svg+xml")
    assert_fits_the_phone(page)
