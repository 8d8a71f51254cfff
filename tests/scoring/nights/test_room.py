"""A room with no internet: the room's mode (TENTO_ROOM) listens on the laptop's local
address over plain HTTP with the embedded database, the links and QR codes carry that
address, and no page needs anything from another host."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, override_settings
from django.utils import timezone

from scoring.events.models import Entrant
from scoring.kit.registry import all_games
from scoring.leagues.league import make_fixtures
from scoring.room import lan_address
from tests.conftest import make_match, record
from tests.scoring.events.conftest import make_event, phone, play_round

ROOT = Path(__file__).resolve().parents[3]

ROOM_SETTINGS = (
    "import json; from django.conf import settings as s;"
    "print(json.dumps({'hosts': s.ALLOWED_HOSTS, 'csrf': s.CSRF_TRUSTED_ORIGINS,"
    "'base': s.TENTO_BASE_URL, 'engine': s.DATABASES['default']['ENGINE'],"
    "'secure': [s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
    " s.SECURE_HSTS_SECONDS], 'debug': s.DEBUG}))"
)


def settings_with(**env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    done = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {ROOM_SETTINGS}"],
        cwd=ROOT,
        env=clean | {"DJANGO_SETTINGS_MODULE": "scoring.settings", "EMAIL_HOST": ""} | env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_rooms_mode_serves_the_local_network_over_plain_http():
    room = settings_with(TENTO_ROOM="1", ROOM_PORT="8010", DATABASE_URL="postgres://x@db/x")
    address = lan_address()
    assert room["base"] == f"http://{address}:8010"
    assert address in room["hosts"] and room["csrf"] == [f"http://{address}:8010"]
    assert room["engine"] == "django.db.backends.sqlite3"  # the embedded database
    assert room["secure"] == [False, False, False, 0] and room["debug"] is False


def test_outside_the_room_the_secure_settings_stay_on():
    hosted = settings_with(SECRET_KEY="k" * 50, EMAIL_HOST="smtp.example.org")
    assert hosted["secure"][:3] == [True, True, True] and hosted["secure"][3] > 0
    assert hosted["base"] == "" and hosted["csrf"] == []


def test_the_lan_address_is_an_ipv4_address():
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", lan_address())


@pytest.mark.django_db
def test_the_laptops_own_browser_is_sent_to_the_rooms_address():
    with override_settings(TENTO_BASE_URL="http://192.168.0.7:8000", ALLOWED_HOSTS=["*"]):
        on_laptop = Client(HTTP_HOST="localhost:8000").get("/records/?x=1")
        assert on_laptop.status_code == 301
        assert on_laptop["Location"] == "http://192.168.0.7:8000/records/?x=1"
        on_phone = Client(HTTP_HOST="192.168.0.7:8000").get("/")
        assert on_phone.status_code == 200


@pytest.mark.django_db
def test_a_scorer_links_qr_carries_the_address_the_phone_used():
    match = make_match()
    with override_settings(TENTO_BASE_URL="http://192.168.0.7:8000", ALLOWED_HOSTS=["*"]):
        page = Client(HTTP_HOST="192.168.0.7:8000").get(f"/score/{match.edit_token}/", follow=True)
    assert "http://192.168.0.7:8000/" in page.content.decode()


# --- nothing from outside -----------------------------------------------------------

OUTSIDE = re.compile(r"""(?:src|href|action|poster)\s*=\s*["']\s*((?:https?:)?//[^"'\s]+)""", re.I)
CSS_OUTSIDE = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])((?:https?:)?//[^"')\s]+)""", re.I)


def outside_links(html: str) -> list[str]:
    return [
        url for url in OUTSIDE.findall(html) if not re.match(r"(https?:)?//testserver[/:]", url)
    ]


def test_the_check_finds_a_cdn_link():
    """The check itself can fail: a page with a CDN script, a web font and an image from
    elsewhere is caught; the page's own absolute links are not."""
    page = (
        '<script src="https://cdn.example.com/x.js"></script>'
        "<link href='//fonts.googleapis.com/css?family=X' rel=stylesheet>"
        '<img src="http://img.example.org/a.png"><a href="http://testserver/x">'
    )
    assert len(outside_links(page)) == 3


@pytest.mark.django_db
def test_no_main_page_needs_anything_from_another_host(club):
    event = make_event(club, ["Ana & Bia", "Caio & Davi", "Edu & Fabi", "Gil & Hugo"], rounds=2)
    event.draw_round(1, seed=1)
    play_round(event)
    match = make_match()
    record(match, {"points": [10, 20, 30]})
    ana = Entrant.objects.get(event=event, name="Ana & Bia")
    league = make_event(club, ["Ana & Bia", "Caio & Davi"], name="Liga", kind="league")
    make_fixtures(league, timezone.now(), days=7)
    pages = [
        "/",
        "/matches/new/",
        *[f"/matches/new/{game.slug}/" for game in all_games()],
        *[f"/rules/{game.slug}/" for game in all_games()],
        f"/score/{match.edit_token}/",
        f"/watch/{match.share_token}/",
        f"/matches/{match.code}/history/",
        "/records/",
        "/records/matches/",
        "/records/head-to-head/",
        "/clubs/",
        club.get_absolute_url(),
        f"/events/{event.code}/",
        f"/events/{event.code}/desk/",
        f"/events/{event.code}/entrants/{ana.pk}/",
        f"/events/{event.code}/results/{ana.pk}/",
        f"/events/{event.code}/results/standing.svg",
        f"/events/{league.code}/fixtures/",
        "/accounts/login/",
        "/accounts/signup/",
        "/offline/",
    ]
    alice = phone("alice")
    seen = 0
    for path in pages:
        response = alice.get(path, follow=True)
        assert response.status_code == 200, path
        html = response.content.decode()
        assert outside_links(html) == [], path
        seen += 1
    assert seen == len(pages)


def test_no_stylesheet_or_script_reaches_another_host():
    found = []
    for path in (
        finders.find("tento/tento.css"),
        *[p for app in ("events", "nights", "records", "ledger") for p in _static_files(app)],
    ):
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        found += CSS_OUTSIDE.findall(text)
        if path.endswith(".js"):
            found += re.findall(r"""(?:fetch|import)\(\s*["']https?://[^"']+""", text)
    assert found == []


def _static_files(app: str) -> list[str]:
    folder = ROOT / "static" / app
    return [str(p) for p in folder.rglob("*") if p.suffix in {".css", ".js"}]


def test_the_room_command_serves_every_interface_with_gunicorn(settings, monkeypatch):
    from io import StringIO

    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError):
        call_command("room")  # outside the room's mode
    settings.ROOM, settings.ROOM_PORT = True, 8042
    settings.TENTO_BASE_URL = "http://192.168.0.7:8042"
    started = []
    monkeypatch.setattr(os, "execv", lambda path, argv: started.append(argv))
    out = StringIO()
    call_command("room", stdout=out)
    assert "http://192.168.0.7:8042" in out.getvalue()
    [argv] = started
    assert argv[1:] == ["scoring.wsgi", "-b", "0.0.0.0:8042", "-w", "3"]
