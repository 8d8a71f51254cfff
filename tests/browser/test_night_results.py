"""An entrant's night on a phone at 360 px: their tables, hands and points, the whole
standing, and a share button that hands the phone's share sheet the night as text with
its link, next to the standing's picture."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoring.clubs.models import Club, Membership, Role
from scoring.events.models import Entrant
from scoring.nights.closing import close_night
from tests.browser.conftest import assert_fits_the_phone
from tests.browser.test_event_night import signed_in
from tests.scoring.events.conftest import make_event, person, play_round

pytestmark = pytest.mark.django_db(transaction=True)


def closed_night():
    """A night of two rounds for four pairs, closed; Ana & Bia win it."""
    club = Club.objects.create(name="Quarta")
    Membership.objects.create(club=club, user=person("alice"), role=Role.ADMIN)
    pairs = ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo"]
    event = make_event(club, pairs, rounds=2, scale="win-draw-loss")
    for number in (1, 2):
        event.draw_round(number, seed=3)
        play_round(event)
    close_night(event)
    return event, Entrant.objects.get(event=event, name="Ana & Bia")


def test_an_entrants_night_at_360_px_with_its_share_button(phone, live_server):
    event, ana = closed_night()

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


# A phone whose share sheet takes files: a stand-in records what it was handed, the
# files as their name, type and bytes (a JS array Python can read back).
SHARE_SHEET = """
navigator.canShare = (data) => %s;
navigator.share = async (data) => {
  const files = await Promise.all((data.files || []).map(async (file) => ({
    name: file.name, type: file.type,
    bytes: Array.from(new Uint8Array(await file.arrayBuffer())),
  })));
  window.sharedFiles = data.files || [];
  window.sharedWith = {text: data.text, url: data.url, files};
};
"""

# The shared picture drawn back into a canvas: how many pixels are near white (the
# picture's own ground) and how many near black (its text).
INKED = """async () => {
  const bitmap = await createImageBitmap(window.sharedFiles[0]);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width; canvas.height = bitmap.height;
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let white = 0, dark = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (r > 240 && g > 240 && b > 240) white++;
    else if (r < 80 && g < 80 && b < 80) dark++;
  }
  return {white, dark, pixels: data.length / 4};
}"""


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its signature and IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    assert data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def svg_size(page, url: str) -> tuple[int, int]:
    svg = page.context.request.get(url).text()
    width, height = re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg).groups()
    return int(width), int(height)


def test_the_share_button_hands_on_the_standing_as_a_png_with_the_text(phone, live_server):
    event, ana = closed_night()
    page = signed_in(phone, live_server, person("alice"))
    # The picture is the same in a phone set to dark: a shared image has no theme.
    page.emulate_media(color_scheme="dark")
    page.add_init_script(SHARE_SHEET % "Array.isArray(data.files)")
    page.goto(f"/events/{event.code}/results/{ana.pk}/")
    # The picture is drawn as the page opens; the PNG link shows when it is ready.
    expect(page.locator("[data-standing-png]")).to_be_visible()
    page.get_by_role("button", name="Share…").click()
    page.wait_for_function("window.sharedWith !== undefined")
    shared = page.evaluate("window.sharedWith")

    assert "1. Ana & Bia" in shared["text"]
    assert shared["url"].endswith(f"/events/{event.code}/results/{ana.pk}/")
    [picture] = shared["files"]
    assert picture["name"] == f"standing-{event.code}.png" and picture["type"] == "image/png"
    data = bytes(picture["bytes"])
    width, height = svg_size(page, f"/events/{event.code}/results/standing.svg")
    assert png_size(data) == (2 * width, 2 * height)
    assert len(data) > 10_000  # four lines of text at twice the size, not a blank page
    inked = page.evaluate(INKED)
    assert inked["white"] > inked["pixels"] / 2, inked  # a white ground, whatever the theme
    assert inked["dark"] > 2_000, inked  # and dark text on it
    assert_fits_the_phone(page)


def test_without_files_in_the_share_sheet_the_text_goes_and_the_png_downloads(phone, live_server):
    event, ana = closed_night()
    page = signed_in(phone, live_server, person("alice"))
    page.add_init_script(SHARE_SHEET % "!data.files")
    page.goto(f"/events/{event.code}/results/{ana.pk}/")
    download = page.get_by_role("link", name="Download the standing (PNG)")
    expect(download).to_be_visible()
    assert download.bounding_box()["height"] >= 44
    page.get_by_role("button", name="Share…").click()
    page.wait_for_function("window.sharedWith !== undefined")
    shared = page.evaluate("window.sharedWith")
    assert "1. Ana & Bia" in shared["text"] and shared["files"] == []

    with page.expect_download() as downloading:
        download.click()
    saved = downloading.value
    assert saved.suggested_filename == f"standing-{event.code}.png"
    data = Path(saved.path()).read_bytes()
    width, height = svg_size(page, f"/events/{event.code}/results/standing.svg")
    assert png_size(data) == (2 * width, 2 * height) and len(data) > 10_000
