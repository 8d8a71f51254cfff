"""What a phone costs the server: queries that do not grow with the hands played, and bytes
that stay small because history is never sent twice and everything is compressed."""

from __future__ import annotations

import gzip
import re

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.kit.match import MatchView
from scoring.ledger.models import Match
from scoring.ledger.standing import cached_version, remember_version
from scoring.staticfiles import minified
from tests.conftest import make_match, record, totals

HTMX = {"HTTP_HX_REQUEST": "true"}
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip"}


def played(hands: int):
    match = make_match()
    for i in range(hands):
        record(match, {"points": [i % 7, 2 * (i % 5), -(i % 3)]})
    return match


def etag_at(match, version: int) -> str:
    """An ETag of an earlier version, as a phone that saw it would send it (a changed poll
    reads only the version from it)."""
    return f'"m{match.pk}-v{version}-pt-br"'


def held_etag(client, match) -> str:
    """The ETag this phone is handed for the match as it stands (signed for its session)."""
    return client.get(f"/matches/{match.code}/live/")["ETag"]


def queries_of(call) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = call()
    assert response.status_code in (200, 304)
    return [q["sql"] for q in queries]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "request_of",
    [
        pytest.param(lambda client, m: client.get(f"/matches/{m.code}/"), id="match page"),
        pytest.param(
            lambda client, m: client.get(
                f"/matches/{m.code}/live/", HTTP_IF_NONE_MATCH=etag_at(m, m.version - 1), **HTMX
            ),
            id="changed poll",
        ),
        pytest.param(
            lambda client, m: client.get(
                f"/matches/{m.code}/live/", HTTP_IF_NONE_MATCH=held_etag(client, m)
            ),
            id="unchanged poll",
        ),
        pytest.param(
            lambda client, m: client.get(f"/matches/{m.code}/history/?before=8"),
            id="earlier hands",
        ),
    ],
)
def test_a_request_makes_as_many_queries_at_40_hands_as_at_3(
    scorer, django_assert_num_queries, request_of
):
    few, many = played(3), played(40)
    client = scorer(few, many)
    request_of(client, few)  # the hands' fragments are drawn once, then cached
    request_of(client, many)
    expected = len(queries_of(lambda: request_of(client, few)))
    with django_assert_num_queries(expected):
        request_of(client, many)


@pytest.mark.django_db
def test_adding_a_hand_makes_as_many_queries_at_40_hands_as_at_3(
    scorer, django_assert_num_queries
):
    few, many = played(3), played(40)
    client = scorer(few, many)

    def add(match):
        data = {"side_0": "1", "side_1": "2", "side_2": "3", "known_version": match.version}
        return client.post(f"/matches/{match.code}/hands/", data, **HTMX)

    for match in (few, many):
        client.get(f"/matches/{match.code}/")
    expected = len(queries_of(lambda: add(few)))
    with django_assert_num_queries(expected):
        assert add(many).status_code == 200
    # Issue 11's budget, the transaction's own statements included: the sides are read
    # once, with the match's view, and the hand's scores are stored against those rows.
    assert expected <= 15


@pytest.mark.django_db
def test_the_match_page_draws_hands_from_the_cache_without_loading_their_entries(scorer):
    match = played(40)
    client = scorer(match)
    client.get(f"/matches/{match.code}/")
    sql = queries_of(lambda: client.get(f"/matches/{match.code}/"))
    # Only the one hand that may be redone is loaded whole (LIMIT 1), never the live ones.
    loaded = [q for q in sql if '"entry"' in q and '"undone_at" IS NOT NULL' not in q]
    assert not loaded
    assert not [q for q in sql if "ledger_handscore" in q]


@pytest.mark.django_db
def test_a_changed_poll_sends_only_the_hand_that_changed_in_under_3_kb(scorer):
    match = played(40)
    client = scorer(match)
    response = client.get(
        f"/matches/{match.code}/live/",
        HTTP_IF_NONE_MATCH=etag_at(match, match.version - 1),
        **HTMX,
        **GZIP,
    )
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert len(re.findall(r'class="hand" id="hand-', html)) == 1
    assert len(response.content) < 3_000


@pytest.mark.django_db
def test_the_first_load_of_a_40_hand_match_is_under_40_kb_over_the_wire(scorer):
    match = played(40)
    client = scorer(match)
    response = client.get(f"/matches/{match.code}/", **GZIP)
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert html.count('class="hand" id="hand-') == 12  # the newest page, not all 40
    assets = dict.fromkeys(re.findall(r'(?:href|src)="/static/([^"]+\.(?:css|js))"', html))
    assert assets, "the page names its stylesheets and scripts"
    wire = len(response.content)
    for asset in assets:
        # as a deployment serves it: collected, minified (scoring.staticfiles), gzipped
        with open(finders.find(asset), encoding="utf-8") as file:
            wire += len(gzip.compress(minified(asset, file.read()).encode()))
    assert wire < 40_000


@pytest.mark.django_db
def test_without_a_shared_cache_an_unchanged_poll_reads_the_version_alone(scorer):
    """One one-row read, the match's version: a per-process cache may not answer for it
    (another worker may have changed it). The session is not read: the ETag the phone
    holds is signed for its session, which only a view that checked its access hands out."""
    match = played(3)
    client = scorer(match)
    url, etag = f"/matches/{match.code}/live/", held_etag(client, match)
    sql = queries_of(lambda: client.get(url, HTTP_IF_NONE_MATCH=etag))
    assert len(sql) == 1
    assert '"ledger_match"."version"' in sql[0]


@pytest.mark.django_db
def test_an_unchanged_poll_without_a_signed_etag_is_checked_first(scorer):
    """An ETag made up from the match's number and version is no pass: the session is
    read to see who is asking, and the answer is still 304 for a phone that may see it."""
    match = played(3)
    client = scorer(match)
    held_etag(client, match)  # the phone may see it (its scorer link, its session)
    sql = queries_of(
        lambda: client.get(
            f"/matches/{match.code}/live/", HTTP_IF_NONE_MATCH=etag_at(match, match.version)
        )
    )
    assert any("django_session" in q for q in sql)


@pytest.mark.django_db
def test_with_a_shared_cache_an_unchanged_poll_needs_no_query(
    scorer, settings, django_assert_num_queries, django_capture_on_commit_callbacks
):
    settings.LEDGER_VERSION_CACHE = True  # as with REDIS_URL set
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    match = played(0)
    client = scorer(match)
    with django_capture_on_commit_callbacks(execute=True):
        record(match, {"points": [1, 2, 3]})
    url = f"/matches/{match.code}/live/"
    etag = held_etag(client, match)
    with django_assert_num_queries(0):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # The next change publishes its version once it commits: the phone is told at once.
    with django_capture_on_commit_callbacks(execute=True):
        record(match, {"points": [4, 5, 6]})
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200
    assert "-v2-" in changed["ETag"]


@pytest.mark.django_db
def test_an_older_version_never_overwrites_a_newer_one_in_the_shared_cache(
    settings, django_capture_on_commit_callbacks
):
    settings.LEDGER_VERSION_CACHE = True
    match = played(0)
    remember_version(match.code, match.pk, match.version)  # a phone polled it
    with django_capture_on_commit_callbacks() as late:  # committed first, published last
        record(match, {"points": [1, 1, 1]})
    with django_capture_on_commit_callbacks(execute=True):
        record(match, {"points": [2, 2, 2]})
    for callback in late:
        callback()
    assert cached_version(match.code) == (match.pk, 2)


@pytest.mark.django_db
def test_without_a_shared_cache_the_version_comes_from_the_database(scorer):
    match = played(1)
    client = scorer(match)
    etag = held_etag(client, match)
    record(match, {"points": [1, 2, 3]})  # its commit publishes nothing (per-process cache)
    response = client.get(f"/matches/{match.code}/live/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200


def test_collected_static_files_get_hashed_names_and_are_cached_for_years(tmp_path, settings):
    """The deployment's setup (STATIC_ROOT set, see docs/deploy.md), on the project's own
    static files: collected under hashed names with a gzip copy, served immutable."""
    from django.core.management import call_command
    from django.http import HttpResponse
    from django.templatetags.static import static
    from django.test import RequestFactory
    from whitenoise.middleware import WhiteNoiseMiddleware

    settings.STATIC_ROOT = tmp_path
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "scoring.staticfiles.MinifiedStaticFilesStorage"}
    }
    settings.WHITENOISE_USE_FINDERS = False
    call_command("collectstatic", "--noinput", verbosity=0)
    url = static("tento/tento.css")
    assert re.fullmatch(r"/static/tento/tento\.[0-9a-f]{12}\.css", url)
    # The project's own script is served minified (its comments stay in the source).
    served = (tmp_path / static("tento/offline.js").removeprefix("/static/")).read_text()
    source = (settings.BASE_DIR / "static/tento/offline.js").read_text()
    assert "// No signal at the table" in source
    assert "// No signal at the table" not in served
    assert len(served) < 0.8 * len(source)
    assert "navigator.serviceWorker.register" in served
    serve = WhiteNoiseMiddleware(lambda request: HttpResponse(status=404))
    response = serve(RequestFactory().get(url, HTTP_ACCEPT_ENCODING="gzip"))
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    cache_control = response["Cache-Control"]
    assert "immutable" in cache_control
    assert int(re.search(r"max-age=(\d+)", cache_control).group(1)) >= 365 * 24 * 3600


def test_recording_a_hand_reuses_the_match_it_judged_and_sums_nothing(scorer, db):
    """The add-hand POST builds the match's view once: under the lock it reuses the view
    the form was judged against when nothing changed, the totals move by the hand's own
    scores, and the page drawn after it reads the view the change left."""
    import uuid

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.conftest import make_match, record

    match = make_match()
    client = scorer(match)
    for _ in range(5):
        record(match, {"points": [1, 2, 3]})
    match.refresh_from_db()
    data = {
        "side_0": "1",
        "side_1": "2",
        "side_2": "3",
        "request_id": str(uuid.uuid4()),
        "expected_number": "6",
        "known_version": str(match.version),
    }
    with CaptureQueriesContext(connection) as queries:
        client.post(f"/matches/{match.code}/hands/", data, HTTP_HX_REQUEST="true")
    sql = [query["sql"] for query in queries.captured_queries]
    # Transaction control is not work; the session row is read by every page.
    control = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")
    statements = [s for s in sql if not s.startswith(control) and "django_session" not in s]
    assert len(statements) <= 15, statements
    assert not [s for s in sql if 'SUM("ledger_handscore"."total")' in s]
    # The side rows are read once, with the view, and the hand is stored against them.
    assert len([s for s in sql if s.startswith('SELECT "ledger_side"')]) == 1, statements
    assert match.hands.count() == 6


@pytest.mark.django_db
def test_a_hand_just_recorded_is_drawn_from_its_stored_scores_as_from_the_database(scorer):
    """The answer to an added hand lists it without reading its scores back, and draws it
    exactly as a page reading them from the database does."""
    from django.core.cache import cache
    from django.utils import translation

    from scoring.ledger.pages import history_context

    match = played(3)
    client = scorer(match)
    client.get(f"/matches/{match.code}/")
    data = {"side_0": "7", "side_1": "-2", "side_2": "0", "known_version": match.version}
    sql = queries_of(lambda: client.post(f"/matches/{match.code}/hands/", data, **HTMX))
    assert not any('FROM "ledger_handscore"' in q for q in sql)
    with translation.override("pt-br"):
        with CaptureQueriesContext(connection) as reads:
            drawn = history_context(match)["hands_html"][0]
        assert not any('FROM "ledger_handscore"' in q["sql"] for q in reads)  # the cached one
        cache.clear()
        from_database = history_context(match)["hands_html"][0]
    assert 'data-hand-id="' in drawn and ">7<" in drawn.replace(" ", "")
    assert drawn == from_database


@pytest.mark.django_db
def test_the_home_page_reads_its_lists_in_one_query_and_draws_each_match_once_a_version(
    scorer, django_assert_num_queries
):
    """The phone's session, then both lists (the 50 last played in progress, the 20 last
    finished, most recent first) in one query however many matches there are of each
    (two on SQLite, which cannot limit the parts of a union); the sides are read, in one
    query, only for matches whose item is not drawn yet for their version and the
    reader's language."""
    import datetime as dt

    from django.db import connection
    from django.utils import timezone

    from scoring.ledger.models import Match

    lists = 1 if connection.features.supports_slicing_ordering_in_compound else 2
    playing = [played(1) for _ in range(3)]
    done = [played(1) for _ in range(4)]
    client = scorer(*playing, *done)
    start = timezone.now() - dt.timedelta(days=10)
    for n, match in enumerate(done):
        match.finish()
        Match.objects.filter(pk=match.pk).update(finished_at=start + dt.timedelta(days=n))
    with django_assert_num_queries(2 + lists):  # the session, the lists, every side
        client.get("/")
    with django_assert_num_queries(1 + lists):
        response = client.get("/")
    assert [m.pk for m in response.context["finished"]] == [m.pk for m in reversed(done)]
    assert [m.pk for m in response.context["in_progress"]] == [m.pk for m in reversed(playing)]
    page = response.content.decode()
    assert all(match.get_absolute_url() in page for match in playing + done)
    assert page.count("alice <b>0</b>") == 7
    # A hand moves the match up and changes its item: only its sides are read again.
    record(playing[0], {"points": [5, 2, 1]})
    with django_assert_num_queries(2 + lists):
        page = client.get("/").content.decode()
    assert "alice <b>5</b> · bob <b>2</b> · carol <b>1</b>" in page
    assert page.count("alice <b>0</b>") == 6
    # Another language draws its own items (the game's name, the date).
    assert "<strong>Placar livre</strong>" in page
    with django_assert_num_queries(2 + lists):
        page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<strong>Free scoring</strong>" in page and "Placar livre" not in page


@pytest.mark.django_db
def test_the_latest_lists_keep_their_own_limits_and_order(django_assert_max_num_queries):
    """However many matches of each kind, each list holds its own number, newest first
    (the last played in progress; the last finished, by when they finished)."""
    import datetime as dt

    from django.utils import timezone

    from scoring.ledger.models import Match

    playing = [played(1) for _ in range(4)]
    done = [played(1) for _ in range(5)]
    start = timezone.now() - dt.timedelta(days=10)
    for n, match in enumerate(done):
        match.finish()
        # finished in the reverse order of their last hands
        Match.objects.filter(pk=match.pk).update(finished_at=start - dt.timedelta(days=n))
    with django_assert_max_num_queries(2):
        in_progress, finished = Match.objects.all().latest_lists(3, 2)
    assert [m.pk for m in in_progress] == [m.pk for m in reversed(playing)][:3]
    assert [m.pk for m in finished] == [m.pk for m in done][:2]


@pytest.mark.django_db
@pytest.mark.parametrize("another_phone_first", [False, True])
def test_the_answer_to_an_added_hand_carries_every_hand_the_phone_has_not_seen(
    scorer, another_phone_first
):
    """A phone that held the version just before its hand gets that hand alone, without
    asking which hands changed; one that missed another phone's hand gets both."""
    match = played(2)
    client = scorer(match)
    held = match.version
    if another_phone_first:
        record(match, {"points": [5, 5, 5]})
    data = {"side_0": "7", "side_1": "0", "side_2": "1", "known_version": held}
    with CaptureQueriesContext(connection) as reads:
        response = client.post(f"/matches/{match.code}/hands/", data, **HTMX)
    asked = any('"ledger_hand"."version" >' in q["sql"] for q in reads)
    delta = re.search(
        r"<template data-history-delta>(.*?)</template>", response.content.decode(), re.S
    )
    numbers = sorted(int(n) for n in re.findall(r'data-hand="(\d+)"', delta.group(1)))
    assert numbers == ([3, 4] if another_phone_first else [3])
    assert asked is another_phone_first


@pytest.mark.django_db
def test_recording_a_hand_writes_only_the_sides_whose_total_moved(free_match):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        record(free_match, {"points": [5, 0, 0]})
    updates = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "ledger_side"')]
    assert len(updates) == 1
    assert list(free_match.sides.values_list("total", flat=True)) == [5, 0, 0]


@pytest.mark.django_db
def test_postgresql_plans_a_repeated_query_once(scorer, free_match):
    """On PostgreSQL the queries every request asks are bound on the server and prepared
    after a few runs, so that the server stops planning them again (settings:
    ``PG_PREPARED_STATEMENTS``)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    client = scorer(free_match)
    for _ in range(6):
        assert client.get(f"/matches/{free_match.code}/").status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any('FROM "ledger_match"' in statement for statement in prepared)


def view_reads(match, committed) -> tuple[MatchView, int]:
    """The match's view as a new request builds it (``committed``: its reading commits),
    and how many of its queries read the sides table."""
    fresh = Match.objects.get(pk=match.pk)
    with CaptureQueriesContext(connection) as reads, committed(execute=True):
        view = fresh.view()
    return view, sum('FROM "ledger_side"' in q["sql"] for q in reads)


@pytest.mark.django_db
def test_a_versions_sides_are_read_once_for_every_phone_and_kept_by_the_hand_that_made_it(
    django_capture_on_commit_callbacks,
):
    committed = django_capture_on_commit_callbacks
    match = played(3)
    first, reads = view_reads(match, committed)
    assert reads == 1
    again, reads = view_reads(match, committed)
    assert reads == 0 and again == first  # the same version: kept
    with committed(execute=True):
        record(match, {"points": [4, 5, 6]})
    view, reads = view_reads(match, committed)
    assert reads == 0  # the hand kept the rows of the version it made
    assert [side.total for side in view.sides] == totals(match)
    assert view.hands_played == 4 and view.sides[0].players == ("alice",)
    cache.clear()
    assert view_reads(match, committed) == (view, 1)  # the same view as the database gives
    # A change that reads the sides midway (an undo sums them again) keeps nothing: the
    # next view reads the version as committed, the winner's flag included.
    with committed(execute=True):
        match.undo_hand(by=None)
    view, reads = view_reads(match, committed)
    assert reads == 1
    assert [side.total for side in view.sides] == totals(match) and view.hands_played == 3


@pytest.mark.django_db
def test_a_view_read_in_a_change_that_is_rolled_back_is_not_kept(
    django_capture_on_commit_callbacks,
):
    from django.db import transaction

    match = played(2)
    with django_capture_on_commit_callbacks(execute=True):
        try:
            with transaction.atomic():
                Match.objects.get(pk=match.pk).view()
                raise RuntimeError("the change failed")
        except RuntimeError:
            pass
    assert view_reads(match, django_capture_on_commit_callbacks)[1] == 1
