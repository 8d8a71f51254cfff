"""Tento installs as an app and its pages work with no signal: the manifest, the service
worker served from the root, the page for a page never opened."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.django_db


def test_the_manifest_makes_an_installable_app(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_every_page_links_the_manifest_and_the_worker_script(client):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="theme-color"' in html
    assert "tento/offline.js" in html


def test_the_service_worker_is_served_from_the_root_and_keeps_the_assets(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    assert '"/offline/"' in script
    for asset in ("tento/tento.css", "tento/offline.js", "ledger/picker.js", "htmx"):
        assert asset in script
    # Every asset it keeps exists.
    start = script.index("const ASSETS = ") + len("const ASSETS = ")
    assets = json.loads(script[start : script.index(";", start)])
    for asset in assets:
        assert client.get(asset).status_code == 200, asset


def test_a_page_never_opened_says_so_without_the_network(client):
    html = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No connection" in html


def test_the_worker_keeps_every_stylesheet_a_match_page_links(client):
    """Each game's own stylesheet and the records one the match page links: a match of
    any game opened with no signal is drawn as it was."""
    from scoring.kit.registry import all_games

    script = client.get("/sw.js").content.decode()
    sheets = [game.stylesheet for game in all_games() if game.stylesheet]
    assert {"canastra/canastra.css", "pinkerton/pinkerton.css", "paciencia/paciencia.css"} <= set(
        sheets
    )
    for sheet in (*sheets, "records/records.css"):
        assert sheet.rsplit(".", 1)[0] in script, sheet
