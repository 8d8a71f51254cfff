"""Tento's one settings module. Everything that differs between machines comes from the
environment through the small helpers below, which refuse values they cannot read."""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from scoring.release import code_release

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


# Off unless asked for (`make run` asks): a server started bare shows no tracebacks.
DEBUG = envbool("DEBUG", False)
# A room with no internet (`make room`, docs/deploy.md): one laptop serving the phones of
# the room over its local network, plain HTTP, the embedded database.
ROOM = envbool("TENTO_ROOM", False)
ROOM_PORT = envint("ROOM_PORT", 8000)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if ROOM and not SECRET_KEY:
    # The room's laptop keeps its own key, made on the first night and kept beside it.
    _room_key = BASE_DIR / ".room-secret-key"
    if not _room_key.exists():
        import secrets

        _room_key.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        _room_key.chmod(0o600)
    SECRET_KEY = _room_key.read_text(encoding="utf-8").strip()
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "tento-development-only-key"  # only ever used with DEBUG on
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if h]

# Behind HTTPS in production: every switch defaults to on without DEBUG and can be turned
# off from the environment (a test server on plain HTTP, a proxy that already redirects).
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = envbool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = envbool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0 if DEBUG else 60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
# Preloading is a promise to browsers' built-in lists that is slow to take back (every
# subdomain, HTTPS only, for months): a site opts into it, it is never on by default.
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", False)
if not SECURE_HSTS_PRELOAD:
    # Django's deployment check warns whenever preload is off (security.W021).
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
if envbool("SECURE_PROXY_SSL_HEADER", False):  # behind a proxy that sets X-Forwarded-Proto
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]
# The address links and QR codes carry. Pages build them from the request, so this is
# only set in the room, where a browser on the laptop itself is sent to it.
TENTO_BASE_URL = os.environ.get("TENTO_BASE_URL", "").rstrip("/")
if ROOM:
    from scoring.room import lan_address

    TENTO_BASE_URL = TENTO_BASE_URL or f"http://{lan_address()}:{ROOM_PORT}"
    _room_host = TENTO_BASE_URL.split("://", 1)[1].split("/", 1)[0].rsplit(":", 1)[0]
    ALLOWED_HOSTS = [*ALLOWED_HOSTS, _room_host]
    CSRF_TRUSTED_ORIGINS = [*CSRF_TRUSTED_ORIGINS, TENTO_BASE_URL]
    # Plain HTTP on the room's network: no redirect to HTTPS, no cookie that needs it,
    # no HSTS promise for an address that is someone's laptop tonight.
    SECURE_SSL_REDIRECT = SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
    SECURE_HSTS_SECONDS = 0
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Sent on every response by scoring.middleware.PermissionsPolicyMiddleware: the page may
# keep the screen on while a match is played (tento.js); nothing else is asked for.
PERMISSIONS_POLICY = {
    "accelerometer": [],
    "camera": [],
    "display-capture": [],
    "geolocation": [],
    "gyroscope": [],
    "magnetometer": [],
    "microphone": [],
    "payment": [],
    "publickey-credentials-get": [],
    "screen-wake-lock": ["self"],
    "usb": [],
}

# Django's own Content-Security-Policy: scripts, styles and images from this site only; no
# inline script or style anywhere (behaviour lives in static/tento/tento.js, looks in
# the CSS files). QR codes are inline SVG, which is markup, not style.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# The largest body a page or the API takes. A hand with every card listed is a few KB;
# anything larger is refused with 413 before it is read (scoring.middleware).
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", 64 * 1024)
DATA_UPLOAD_MAX_NUMBER_FIELDS = envint("DATA_UPLOAD_MAX_NUMBER_FIELDS", 1000)

# Errors reach stderr (and so the service's log) with or without DEBUG.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{levelname} {asctime} {name} {message}", "style": "{"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "ERROR", "propagate": False},
        "django.security": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_htmx",
    "ninja",  # the API docs from ninja's own static files, not a CDN
    "allauth",
    "allauth.account",
    "scoring.ledger",
    "scoring.clubs",
    "scoring.games.free",
    "scoring.games.pifpaf",
    "scoring.games.truco",
    "scoring.games.samba",
    "scoring.games.canastra",
    "scoring.games.pinkerton",
    "scoring.games.paciencia",
    "scoring.records",
    "scoring.events",
    "scoring.ratings",
    "scoring.acceptance",
    "scoring.nights",
    "scoring.leagues",
    "scoring.board",
]

MIDDLEWARE = [
    # Outermost: a 304 leaves with ETag, Cache-Control, Vary and Date only.
    "scoring.middleware.not_modified_middleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # A body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused with 413 before anything reads it.
    "scoring.middleware.BodyLimitMiddleware",
    "scoring.middleware.PermissionsPolicyMiddleware",
    # A NUL byte in the address or the query is refused before a view looks it up
    # (PostgreSQL cannot take one in a string, and would answer 500).
    "scoring.middleware.NulByteMiddleware",
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
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Who is behind a change, for the acceptance app's trail of each hand.
    "scoring.acceptance.middleware.ActingMiddleware",
    # Only with TENTO_BASE_URL (the room): a laptop's own browser goes to its LAN address.
    "scoring.room.RoomAddressMiddleware",
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
    "default": dj_database_url.parse(f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60)
    if ROOM  # the room runs on the embedded database, whatever else the laptop has set
    else dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # No persistent connections by default: the app is served by an ASGI server
        # (uvicorn), where Django runs each request's sync code in a thread of its own,
        # so a kept connection is never reused, only left open by a finished thread
        # until it is collected ("When using ASGI, persistent connections should be
        # disabled", Django's databases reference). PostgreSQL reuses connections
        # through its pool below instead; CONN_MAX_AGE=60 suits a WSGI server.
        conn_max_age=envint("CONN_MAX_AGE", 0),
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
    # One file per test run, so that runs side by side never share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and envbool(
    "PG_PREPARED_STATEMENTS", True
):
    # Every request asks the same few queries: bound on the server and, after a query's
    # fifth run on a connection, prepared, PostgreSQL stops planning them again (the
    # planning cost as much as the running). Django leaves this off for the sake of
    # PgBouncer in transaction mode before 1.21: set PG_PREPARED_STATEMENTS=false there.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 5}
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and envbool("DB_POOL", True):
    # Connections reused through psycopg's pool (Django's "pool" option): a request
    # borrows one for as long as it runs and gives it back, whichever thread the ASGI
    # server ran it in. Each process holds at most DB_POOL_MAX_SIZE connections, so
    # processes × DB_POOL_MAX_SIZE must stay under PostgreSQL's max_connections (100 by
    # default) with room for migrations and psql; a request that finds every connection
    # busy waits DB_POOL_TIMEOUT seconds for one, then fails (docs/deploy.md).
    if envint("CONN_MAX_AGE", 0):
        raise ImproperlyConfigured(
            "CONN_MAX_AGE must be 0 with the connection pool (set DB_POOL=false to keep "
            "persistent connections instead, under a WSGI server)"
        )
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": envint("DB_POOL_MIN_SIZE", 2),
        "max_size": envint("DB_POOL_MAX_SIZE", 10),
        "timeout": envint("DB_POOL_TIMEOUT", 10),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Accounts through django-allauth: sign up, log in and out, password change and reset by
# email. Failed logins are rate limited by allauth (per IP and per account, through the
# cache). Nobody needs an account to score a match; an account keeps matches across phones.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
# Failed logins: 10 a minute from one address, 5 in 5 minutes for one account. Matches
# started without an account: MATCH_CREATION_LIMIT a phone's address (signed-in players
# are not limited). Every limit is counted in the default cache, so it holds across
# processes only with the shared cache (REDIS_URL; `check --deploy` warns without it).
ACCOUNT_RATE_LIMITS = {
    "login_failed": os.environ.get("LOGIN_FAILED_LIMIT", "10/m/ip,5/300s/key"),
    "create_match": os.environ.get("MATCH_CREATION_LIMIT", "30/h/ip"),
}
# The address a limit counts is the phone's, not the proxy's: the last
# TRUSTED_PROXY_COUNT hops of X-Forwarded-For are the deployment's own proxies (1 for
# the documented one). 0 reads the connection's address (no proxy in front).
ALLAUTH_TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", 0)
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
# Mail through Django's mailers: SMTP when EMAIL_HOST is set, the console in development.
# Without DEBUG there is no console fallback: it would print password-reset links, live
# keys to an account, into the server's log.
_email_host = os.environ.get("EMAIL_HOST", "")
if not _email_host and not DEBUG and not ROOM:
    raise ImproperlyConfigured(
        "EMAIL_HOST must be set when DEBUG is off (password resets are sent by mail)"
    )
if _email_host:
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _email_host,
                "port": envint("EMAIL_PORT", 587),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": envbool("EMAIL_USE_TLS", True),
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tento@localhost")
# Whether mail leaves this machine: the room's mode holds the nights' results back
# without it (scoring/nights/closing.py).
MAILERS_SEND = bool(_email_host)
# A phone keeps its scorer capabilities in its session: long enough for a season.
SESSION_COOKIE_AGE = envint("SESSION_COOKIE_AGE", 60 * 60 * 24 * 120)
# Read from the cache first: a poll answered 304 should not have to read the session row.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

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
    # every file gets a hashed name and a compressed copy (the project's scripts and
    # stylesheets minified first), and WhiteNoise caches hashed names for years. Without
    # STATIC_ROOT (runserver, the tests) files are served from the apps under their own
    # names; nothing has to be collected first.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {
            "BACKEND": "scoring.staticfiles.MinifiedStaticFilesStorage",
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
            # Django's Redis backend, keeping one client per pool (scoring/cache.py).
            "BACKEND": "scoring.cache.SharedRedisCache",
            "LOCATION": REDIS_URL,
            # A Redis that hangs must not hang every request with it: a call waits at
            # most REDIS_TIMEOUT seconds, then the cache holds nothing for a while
            # (scoring/cache.py; tests/test_deploy.py times it).
            "OPTIONS": {
                "socket_timeout": envint("REDIS_TIMEOUT", 1),
                "socket_connect_timeout": envint("REDIS_TIMEOUT", 1),
            },
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }
# What depends only on the release and the language (the links to the static files, the
# rulebooks' addresses): drawn once per process, with no round trip to a shared cache.
CACHES["release"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "release",
    "OPTIONS": {"MAX_ENTRIES": 200},
}
# Only a cache every process sees may answer for a match's version: with one cache per
# process, a hand recorded through another process would go unnoticed.
LEDGER_VERSION_CACHE = bool(REDIS_URL)
# Every key the ledger keeps in the cache carries the release (scoring/release.py): a
# deploy reads and writes keys of its own, so nothing drawn by the old templates is
# served and the cache is never emptied by hand. TENTO_RELEASE names it (a commit, an
# image tag); unset, it is a digest of the templates, static files, translations and code.
RELEASE = os.environ.get("TENTO_RELEASE", "") or code_release(BASE_DIR)
if not REDIS_URL and SESSION_ENGINE == "django.contrib.sessions.backends.cached_db":
    # The same holds for sessions: each gunicorn worker would keep its own stale copy of a
    # phone's session, and a scorer link opened through one worker would be unknown to
    # the others (the phone gets 404 at random). Sessions are read from the database.
    SESSION_ENGINE = "django.contrib.sessions.backends.db"

# How often a phone watching a match asks whether anything changed (milliseconds).
LIVE_POLL_MS = envint("LIVE_POLL_MS", 2000)
