"""Safe by default: the production settings pass Django's deployment checks, DEBUG is off
unless asked for, and every page carries a Content-Security-Policy with no inline script
or style allowed."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

ROOT = Path(__file__).resolve().parent.parent
# The deployment docs/deploy.md describes: behind one proxy, with the shared cache.
PRODUCTION = {
    "DEBUG": "",
    "SECRET_KEY": "a-long-production-secret-" + "x" * 40,
    "ALLOWED_HOSTS": "tento.example",
    "EMAIL_HOST": "smtp.tento.example",  # password resets need a real mailer
    "SECURE_PROXY_SSL_HEADER": "true",
    "TRUSTED_PROXY_COUNT": "1",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "DJANGO_SETTINGS_MODULE": "scoring.settings",
}


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # Nothing from the test run's own environment (the browser tests allow async-unsafe
    # ORM calls; a deployment never does).
    leave_out = {"DEBUG", "SECRET_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in leave_out}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_with_the_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_without_debug_asked_for_there_is_no_fallback_secret():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"} | {"SECRET_KEY": ""}
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_without_debug_and_without_a_mailer_the_app_refuses_to_start():
    # The console mailer would print password-reset links, live keys, into the log.
    env = {k: v for k, v in PRODUCTION.items() if k != "EMAIL_HOST"} | {"EMAIL_HOST": ""}
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "EMAIL_HOST must be set when DEBUG is off" in result.stderr


def test_without_the_shared_cache_check_deploy_says_rate_limits_count_apart():
    env = PRODUCTION | {"REDIS_URL": ""}
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "tento.W001" in result.stderr + result.stdout


def production_setting(expression: str, **env: str) -> str:
    code = f"from django.conf import settings; print({expression})"
    return manage("shell", "-v0", "-c", code, env=PRODUCTION | env).stdout.strip()


def test_hsts_preload_is_opted_into_never_on_by_default():
    assert production_setting("settings.SECURE_HSTS_PRELOAD") == "False"
    assert production_setting("settings.SECURE_HSTS_PRELOAD", SECURE_HSTS_PRELOAD="1") == "True"
    assert production_setting("settings.SECURE_HSTS_SECONDS") == str(60 * 60 * 24 * 365)


def test_login_limits_count_the_address_behind_the_documented_proxy():
    assert production_setting("settings.ALLAUTH_TRUSTED_PROXY_COUNT") == "1"
    limits = production_setting("settings.ACCOUNT_RATE_LIMITS")
    assert "login_failed" in limits and "create_match" in limits


POSTGRES = {"DATABASE_URL": "postgres://tento@db.example:5432/tento"}


def test_postgresql_connections_come_from_a_pool_with_no_persistent_connections():
    # Under ASGI each request runs in a thread of its own: kept connections pile up.
    assert production_setting("settings.DATABASES['default']['CONN_MAX_AGE']", **POSTGRES) == "0"
    pool = production_setting("settings.DATABASES['default']['OPTIONS']['pool']", **POSTGRES)
    assert pool == "{'min_size': 2, 'max_size': 10, 'timeout': 10}"


def test_the_pool_is_sized_from_the_environment():
    sized = POSTGRES | {"DB_POOL_MIN_SIZE": "1", "DB_POOL_MAX_SIZE": "20", "DB_POOL_TIMEOUT": "3"}
    pool = production_setting("settings.DATABASES['default']['OPTIONS']['pool']", **sized)
    assert pool == "{'min_size': 1, 'max_size': 20, 'timeout': 3}"


def test_without_the_pool_persistent_connections_may_be_asked_for():
    # Under a WSGI server (gunicorn's sync workers) a thread serves request after request.
    env = POSTGRES | {"DB_POOL": "false", "CONN_MAX_AGE": "60"}
    options = "settings.DATABASES['default']['OPTIONS']"
    assert production_setting(f"'pool' in {options}", **env) == "False"
    assert production_setting("settings.DATABASES['default']['CONN_MAX_AGE']", **env) == "60"


def test_the_pool_refuses_persistent_connections_by_name():
    result = manage("check", env=PRODUCTION | POSTGRES | {"CONN_MAX_AGE": "60"})
    assert result.returncode != 0
    assert "CONN_MAX_AGE must be 0 with the connection pool" in result.stderr


def test_sqlite_keeps_no_persistent_connections_under_asgi_but_the_room_does():
    sqlite = {"DATABASE_URL": f"sqlite:///{ROOT / 'db.sqlite3'}"}
    conn_max_age = "settings.DATABASES['default']['CONN_MAX_AGE']"
    assert production_setting(conn_max_age, **sqlite) == "0"
    assert (
        production_setting("'pool' in settings.DATABASES['default']['OPTIONS']", **sqlite)
        == "False"
    )
    # The room is served by gunicorn's sync workers (WSGI): one thread, many requests.
    room = production_setting("settings.DATABASES['default']['CONN_MAX_AGE']", TENTO_ROOM="1")
    assert room == "60"


def test_the_shared_cache_gives_up_on_a_frozen_redis_within_two_seconds():
    # A Redis that accepts connections and never answers (frozen, or SIGSTOPped).
    silent = socket.create_server(("127.0.0.1", 0))
    port = silent.getsockname()[1]
    code = (
        "import time; from django.core.cache import cache; t = time.monotonic()\n"
        "print(cache.get('x', 'missed'), cache.get('y', 'missed'))\n"
        "print(round(time.monotonic() - t, 1))"
    )
    env = PRODUCTION | {"REDIS_URL": f"redis://127.0.0.1:{port}/0"}
    try:
        out = manage("shell", "-v0", "-c", code, env=env).stdout.split()
    finally:
        silent.close()
    assert out[:2] == ["missed", "missed"], out  # a miss, not an error
    assert float(out[2]) <= 2.0  # one timeout: the second call does not wait


@pytest.mark.django_db
def test_failed_logins_behind_the_proxy_lock_out_one_phone_not_the_club(client, settings):
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    # An hour's window: a slow machine's ten tries must not outlast the minute.
    settings.ACCOUNT_RATE_LIMITS = settings.ACCOUNT_RATE_LIMITS | {"login_failed": "10/h/ip"}
    proxy = {"REMOTE_ADDR": "10.0.0.2"}  # every phone arrives from the proxy's address

    def locked_out(phone: str, n: int) -> bool:
        data = {"login": f"nobody{n}", "password": "wrong"}
        response = client.post("/accounts/login/", data, HTTP_X_FORWARDED_FOR=phone, **proxy)
        return "Too many failed login attempts" in response.content.decode()

    with translation.override("en"):
        client.cookies["django_language"] = "en"
        assert not any(locked_out("203.0.113.7", n) for n in range(10))
        assert locked_out("203.0.113.7", 10)
        assert not locked_out("198.51.100.3", 11)  # another phone at the table signs in


@pytest.mark.django_db
def test_every_response_carries_a_permissions_policy(client):
    policy = client.get("/")["Permissions-Policy"]
    assert "camera=()" in policy and "geolocation=()" in policy and "microphone=()" in policy
    assert "screen-wake-lock=(self)" in policy  # tento.js keeps the screen on during a match


def test_debug_is_off_unless_asked_for():
    code = "from django.conf import settings; print(settings.DEBUG)"
    env = {"SECRET_KEY": "k" * 50, "EMAIL_HOST": "smtp.tento.example"}
    assert manage("shell", "-v0", "-c", code, env=env).stdout.strip() == "False"
    assert manage("shell", "-v0", "-c", code, env={"DEBUG": "1"}).stdout.strip() == "True"


def test_make_run_asks_for_debug():
    run = re.search(r"^run:.*?(?=^\S)", (ROOT / "Makefile").read_text(), re.M | re.S)
    assert run is not None and "DEBUG=1" in run.group(0)


def test_request_errors_are_logged_to_stderr():
    handler = settings.LOGGING["loggers"]["django.request"]["handlers"][0]
    assert settings.LOGGING["handlers"][handler]["class"] == "logging.StreamHandler"
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


@pytest.mark.django_db
def test_every_page_carries_a_csp_without_inline_script_or_style(scorer, free_match):
    client = scorer(free_match)
    for url in ["/", f"/matches/{free_match.code}/", "/matches/new/free/", "/api/v1/docs"]:
        response = client.get(url)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy
        assert "unsafe-inline" not in policy
        html = response.content.decode()
        assert " style=" not in html, url
        # Only JSON data blocks may sit inline; they are never run.
        inline = re.findall(r"<script(?![^>]*\bsrc=)([^>]*)>", html)
        assert all('type="application/json"' in attrs for attrs in inline), (url, inline)


def test_templates_have_no_inline_script_style_or_event_handler():
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        assert not re.search(r"\sstyle=|<style|\shx-on|\son[a-z]+=", text), path
        assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)", text), path


@pytest.mark.django_db
def test_the_api_docs_come_from_the_apps_own_static_files(client):
    html = client.get("/api/v1/docs").content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/matches/new/", "/matches/new/free/", "/rules/free/"])
def test_html_pages_answer_head(client, url):
    response = client.head(url)
    assert response.status_code == 200
    assert response.content == b""


@pytest.mark.django_db
def test_the_match_page_answers_head(scorer, free_match):
    client = scorer(free_match)
    assert client.head(f"/matches/{free_match.code}/").status_code == 200


@pytest.mark.django_db
def test_every_page_a_phone_reads_answers_head(scorer, free_match):
    client = scorer(free_match)
    from tests.conftest import record

    record(free_match, {"points": [1, 2, 3]})
    player = free_match.sides.first().players.first()
    for url in (
        f"/matches/{free_match.code}/hand-form/",
        f"/matches/{free_match.code}/hands/1/edit/",
        "/records/",
        f"/records/players/{player.pk}/",
        "/records/head-to-head/",
        "/records/matches/",
        f"/records/matches/{free_match.code}/",
        "/paciencia/",
        "/paciencia/7/",
    ):
        response = client.head(url)
        assert (url, response.status_code) == (url, 200)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/v1/samba/hands/score", "/matches/new/free/"])
def test_a_body_over_the_limit_is_413_before_it_is_read(client, url):
    body = b'{"sides": [' + b"{}, " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 4) + b"{}]}"
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 413


@pytest.mark.django_db
def test_the_admin_cannot_change_or_delete_hands_or_totals(free_match):
    from django.contrib.admin.sites import site
    from django.contrib.auth import get_user_model
    from django.test import RequestFactory

    from scoring.ledger.models import Hand, HandScore, Side

    request = RequestFactory().get("/admin/")
    request.user = get_user_model()(is_active=True, is_staff=True, is_superuser=True)
    for model in (Hand, Side):
        admin = site._registry[model]
        assert not admin.has_change_permission(request)
        assert not admin.has_delete_permission(request)
        assert not admin.has_add_permission(request)
    match_admin = site._registry[type(free_match)]
    inlines = match_admin.get_inline_instances(request, free_match)
    assert all(not i.has_change_permission(request, free_match) for i in inlines)
    assert HandScore not in site._registry
