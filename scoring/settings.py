"""Tento's one settings module. Everything that differs between machines comes from the
environment through the small helpers below, which refuse values they cannot read."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def envint(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


DEBUG = envbool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "tento-development-only-key"  # only ever used with DEBUG on
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "scoring.ledger",
    "scoring.games.free",
    "scoring.games.pifpaf",
    "scoring.games.truco",
    "scoring.games.samba",
    "scoring.games.canastra",
    "scoring.games.pinkerton",
    "scoring.games.paciencia",
    "scoring.records",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below WhiteNoise, which serves static files already compressed; above everything
    # that writes a page. Django masks the CSRF token per response, which is what keeps
    # compressed pages from leaking it (BREACH).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "scoring.urls"
# Widgets and fields drawn from the project's templates (the card picker, the stepper).
FORM_RENDERER = "scoring.ledger.forms.TentoRenderer"
WSGI_APPLICATION = "scoring.wsgi.application"
ASGI_APPLICATION = "scoring.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections, checked before reuse: a poll answered from one query
        # must not pay for a new connection each time.
        conn_max_age=envint("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default must hold a table of phones saving at once: WAL lets readers
    # go on while one phone writes, IMMEDIATE takes the write lock when a change begins
    # (so a waiting phone queues instead of failing half way), and the busy timeout is
    # how long it queues before "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": envint("SQLITE_TIMEOUT", 20),
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
        ),
    }
    # Tests run on a real file too, so that two connections meet the same locks a table
    # of phones meets (an in-memory database shares one cache and locks differently).
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# pt-BR first: the people at the table speak Portuguese; English is one tap away.
LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", _("Portuguese")), ("en", _("English")), ("pl", _("Polish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Set STATIC_ROOT to collect static files for a deployment; without it WhiteNoise serves
# them straight from the apps and static/ (fine for one table's worth of phones).
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
WHITENOISE_USE_FINDERS = STATIC_ROOT is None
WHITENOISE_AUTOREFRESH = DEBUG
if STATIC_ROOT is not None:
    # A deployment (and the bench and load test) runs collectstatic into STATIC_ROOT:
    # every file gets a hashed name and a compressed copy, and WhiteNoise caches hashed
    # names for years. Without STATIC_ROOT (runserver, the tests) files are served from
    # the apps under their own names; nothing has to be collected first.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {
            "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage",
        },
    }

# The cache holds each hand's drawn fragment (keyed by its revision and language) and,
# when it is shared between processes, each match's version, which answers an unchanged
# poll without the database. REDIS_URL names a Redis that every app process shares (any
# number of gunicorn processes or hosts); without it each process keeps its own fragments
# in memory and the version is always read from the database.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
# Only a cache every process sees may answer for a match's version: with one cache per
# process, a hand recorded through another process would go unnoticed.
LEDGER_VERSION_CACHE = bool(REDIS_URL)

# How often a phone watching a match asks whether anything changed (milliseconds).
LIVE_POLL_MS = envint("LIVE_POLL_MS", 2000)
