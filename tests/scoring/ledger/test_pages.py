"""The phone pages: start a match, add hands with and without HTMX, the live scoreboard."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.core.cache.utils import make_template_fragment_key
from django.urls import reverse

from scoring.ledger.models import Match
from tests.conftest import make_match, record, totals
from tests.helpers import HTMX, new_match_data

pytestmark = pytest.mark.django_db


def hand_post(match, points, **extra):
    data = {f"side_{i}": str(p) for i, p in enumerate(points)}
    data.setdefault("request_id", str(uuid.uuid4()))
    data.update({k: str(v) for k, v in extra.items()})
    return data


def test_starting_a_match_makes_its_sides_and_players(client):
    response = client.post(
        "/matches/new/free/",
        new_match_data(
            ["Alice", "Bob, Dave", "Carol"],
            {"sides-1-name": "Os Bs", "target": 500, "options-lowest_wins": ""},
        ),
    )
    match = Match.objects.get()
    assert response.status_code == 302
    assert response["Location"] == match.get_absolute_url()
    assert match.target == 500
    assert match.options == {"lowest_wins": False}
    assert [
        (s.name, [p.name for p in s.players.order_by("seats__order")]) for s in match.sides.all()
    ] == [
        ("Alice", ["Alice"]),
        ("Os Bs", ["Bob", "Dave"]),
        ("Carol", ["Carol"]),
    ]


def test_a_match_needs_enough_sides_and_no_player_twice(client):
    response = client.post("/matches/new/free/", new_match_data(["Alice", "alice"]))
    assert response.status_code == 200
    assert "alice is entered more than once" in response.content.decode().lower() or (
        "mais de uma vez" in response.content.decode()
    )
    assert not Match.objects.exists()


def test_adding_a_hand_with_htmx_answers_the_form_and_the_scoreboard(scorer, free_match):
    client = scorer(free_match)
    response = client.post(
        f"/matches/{free_match.code}/hands/",
        hand_post(free_match, [5, 10, 15], expected_number=1),
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="hand-form"' in html
    assert 'id="live"' in html and 'hx-swap-oob="true"' in html
    assert '<span class="total" data-total>15</span>' in html
    assert totals(free_match) == [5, 10, 15]


def test_adding_a_hand_without_javascript_redirects_back(scorer, free_match):
    client = scorer(free_match)
    response = client.post(f"/matches/{free_match.code}/hands/", hand_post(free_match, [1, 2, 3]))
    assert response.status_code == 302
    assert totals(free_match) == [1, 2, 3]


def test_invalid_input_gets_field_errors_and_saves_nothing(scorer, free_match):
    client = scorer(free_match)
    response = client.post(
        f"/matches/{free_match.code}/hands/",
        {"side_0": "abc", "side_1": "", "side_2": "3", "request_id": str(uuid.uuid4())},
        **HTMX,
    )
    assert response.status_code == 200  # the refusal is in the fragment, beside the button
    assert response.content.decode().count('class="errorlist"') == 1
    assert not free_match.hands.exists()


def test_a_form_sent_twice_records_one_hand(scorer, free_match):
    client = scorer(free_match)
    data = hand_post(free_match, [1, 2, 3], expected_number=1)
    client.post(f"/matches/{free_match.code}/hands/", data, **HTMX)
    client.post(f"/matches/{free_match.code}/hands/", data, **HTMX)
    assert free_match.hands.count() == 1
    assert totals(free_match) == [1, 2, 3]


def test_a_hand_another_phone_recorded_first_is_refused_with_a_clear_message(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [9, 9, 9]}, expected_number=1)
    response = client.post(
        f"/matches/{free_match.code}/hands/",
        hand_post(free_match, [1, 2, 3], expected_number=1),
        HTTP_ACCEPT_LANGUAGE="en",
        **HTMX,
    )
    html = response.content.decode()
    assert response.status_code == 200
    # said once, in the conflict's box with its buttons, not again by the record button
    assert html.count("Hand 1 was just recorded from another phone") == 1
    # What the other phone recorded is shown, and the entry is kept in the form, which
    # still says hand 1 and offers to record it as hand 2.
    assert 'data-conflict="1"' in html and 'data-hand="1"' in html
    assert 'name="expected_number" value="1"' in html
    assert 'name="renumber" value="2"' in html
    assert 'value="3"' in html
    assert totals(free_match) == [9, 9, 9]


def test_record_mine_as_the_next_hand_after_a_conflict(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [9, 9, 9]}, expected_number=1)
    data = hand_post(free_match, [1, 2, 3], expected_number=1, renumber=2)
    response = client.post(f"/matches/{free_match.code}/hands/", data, **HTMX)
    assert response.status_code == 200
    assert totals(free_match) == [10, 11, 12]
    client.post(f"/matches/{free_match.code}/hands/", data, **HTMX)  # sent twice
    assert free_match.hands.count() == 2


def test_the_live_scoreboard_answers_304_while_nothing_changed(scorer, free_match):
    client = scorer(free_match)
    first = client.get(f"/matches/{free_match.code}/live/")
    etag = first["ETag"]
    assert first.status_code == 200
    unchanged = client.get(f"/matches/{free_match.code}/live/", HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304
    record(free_match, {"points": [1, 2, 3]})
    changed = client.get(f"/matches/{free_match.code}/live/", HTTP_IF_NONE_MATCH=etag, **HTMX)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert 'data-hand="1"' in changed.content.decode()
    # Only what changed since the phone's version: the hand, not the whole history.
    record(free_match, {"points": [1, 1, 1]})
    etag = changed["ETag"]
    delta = client.get(f"/matches/{free_match.code}/live/", HTTP_IF_NONE_MATCH=etag, **HTMX)
    html = delta.content.decode()
    assert 'data-hand="2"' in html and 'data-hand="1"' not in html
    assert "data-history-delta" in html


def test_the_live_fragment_carries_the_etag_the_page_will_poll_with(scorer, free_match):
    client = scorer(free_match)
    response = client.get(f"/matches/{free_match.code}/live/")
    assert f'data-etag="{response["ETag"].strip(chr(34))}"' in response.content.decode()


def test_undo_and_redo_from_the_match_page(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 2, 3]})
    client.post(f"/matches/{free_match.code}/hands/1/undo/", **HTMX)
    assert totals(free_match) == [0, 0, 0]
    client.post(f"/matches/{free_match.code}/hands/1/redo/", **HTMX)
    assert totals(free_match) == [1, 2, 3]


def test_a_second_undo_tap_undoes_nothing_more(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 1, 1]})
    record(free_match, {"points": [2, 2, 2]})
    url = f"/matches/{free_match.code}/hands/2/undo/"
    client.post(url, **HTMX)
    response = client.post(url, HTTP_ACCEPT_LANGUAGE="en", **HTMX)
    assert response.status_code == 200
    assert "Hand 2 is no longer the last one" in response.content.decode()
    assert totals(free_match) == [1, 1, 1]


def test_redoing_a_hand_that_is_not_undone_is_a_message_not_an_error(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 1, 1]})
    response = client.post(
        f"/matches/{free_match.code}/hands/7/redo/", HTTP_ACCEPT_LANGUAGE="en", **HTMX
    )
    assert response.status_code == 200
    assert "Hand 7 is not waiting to be put back." in response.content.decode()


def test_correcting_a_hand_asks_who_is_correcting(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 2, 3]})
    url = f"/matches/{free_match.code}/hands/1/edit/"
    response = client.post(url, {"side_0": "4", "side_1": "5", "side_2": "6"})
    assert response.status_code == 422
    assert totals(free_match) == [1, 2, 3]
    carol = free_match.sides.get(position=2).players.get()
    response = client.post(
        url, {"side_0": "4", "side_1": "5", "side_2": "6", "changed_by": carol.pk}
    )
    assert response.status_code == 302
    assert totals(free_match) == [4, 5, 6]
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Version 1, replaced by carol" in page


def test_correcting_a_hand_undone_on_another_phone_says_so(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 2, 3]})
    record(free_match, {"points": [4, 5, 6]})
    free_match.undo_hand(2)  # on another phone, while this one was correcting hand 2
    carol = free_match.sides.get(position=2).players.get()
    data = {"side_0": "7", "side_1": "8", "side_2": "9", "changed_by": carol.pk}
    url = f"/matches/{free_match.code}/hands/2/edit/"
    response = client.post(url, data, **HTMX, HTTP_ACCEPT_LANGUAGE="en")
    # An HTMX error answer is drawn nowhere: the phone is taken to the match, told why.
    assert response.status_code == 200
    assert response["HX-Redirect"] == free_match.get_absolute_url()
    page = client.get(free_match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
    assert "Hand 2 was taken back on another phone: nothing was changed." in page.content.decode()
    assert totals(free_match) == [1, 2, 3]
    assert client.post(url, data).status_code == 404  # without HTMX: the page that says so


def test_state_never_changes_on_get(client, free_match):
    assert client.get(f"/matches/{free_match.code}/hands/1/undo/").status_code == 405
    assert client.get(f"/matches/{free_match.code}/hands/").status_code == 405


def test_portuguese_is_the_default_and_english_is_remembered(client, free_match):
    assert "Nova partida" in client.get("/").content.decode()
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert "New match" in client.get("/").content.decode()


def test_the_top_bar_drawn_once_per_process_still_follows_the_phone(client, django_user_model):
    """The top bar is kept per process (``CACHES["release"]``) by sign-in state and
    language: a phone signing in, changing language or signing out sees its own."""

    def top_bar() -> str:
        return client.get("/").content.decode().split("</header>")[0]

    assert "Entrar" in top_bar() and "Sair" not in top_bar()
    client.force_login(django_user_model.objects.create_user("ana", password="x" * 12))
    signed_in = top_bar()
    assert "Sair" in signed_in and "Clubes" in signed_in and "Entrar" not in signed_in
    assert f'href="{reverse("account_change_password")}"' in signed_in
    assert 'value="pt-br"\n                class="chip on"' in signed_in
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    english = top_bar()
    assert "Log out" in english and 'value="en"\n                class="chip on"' in english
    client.logout()
    signed_out = top_bar()
    assert reverse("account_login") in signed_out
    assert reverse("account_logout") not in signed_out and "Log out" not in signed_out


def test_an_edited_template_is_drawn_anew_by_the_development_server(client):
    from pathlib import Path

    from django.core.cache import caches
    from django.utils.autoreload import file_changed

    client.get("/")
    assert caches["release"].get(make_template_fragment_key("head")) is not None
    file_changed.send(sender=None, file_path=Path("templates/base.html"))
    assert caches["release"].get(make_template_fragment_key("head")) is None


def test_htmx_is_served_by_the_app_itself(client):
    html = client.get("/").content.decode()
    assert '<script src="/static/django-htmx/' in html or "/static/django_htmx/" in html
    # No script or stylesheet from elsewhere (a CDN): every src and href is the app's own.
    # (Not the page's text: a random code or token may well spell "cdn".)
    loaded = re.findall(r'<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"', html)
    assert loaded and [url for url in loaded if "://" in url or url.startswith("//")] == []


def test_a_corrected_hand_is_shown_anew_in_the_history(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [1, 2, 3]})
    before = client.get(f"/matches/{free_match.code}/live/", **HTMX).content.decode()
    assert "<small>carol</small> <b>3</b>" in before  # each total says whose it is
    free_match.correct_hand(1, {"points": [1, 2, 77]}, by=None)
    after = client.get(f"/matches/{free_match.code}/live/", **HTMX).content.decode()
    assert "<small>carol</small> <b>77</b>" in after
    assert "<small>carol</small> <b>3</b>" not in after


def test_a_draft_that_cannot_be_read_never_wipes_the_hand_in_progress(db):
    from scoring.kit.handforms import MAX_DRAFT_BYTES
    from scoring.kit.registry import get_game
    from tests.conftest import make_match

    match = make_match("truco", (("Ana",), ("Bia",)), target=12)
    match.save_draft({"events": [{"type": "raise", "team": "A"}]}, revision=0)
    truco = get_game("truco")
    for posted in ("x" * (MAX_DRAFT_BYTES + 1), "[1, 2]", "{not json"):
        form = truco.hand_form(match.view(), {"draft_json": posted, "step": "back"})
        assert form.draft == {"events": [{"type": "raise", "team": "A"}]}


def test_names_of_the_matches_this_phone_may_see_are_offered_at_set_up(client, scorer):
    from tests.conftest import make_match

    scorer(make_match("free", (("Zélia",), ("Otto",))))  # this phone scores it
    html = client.get("/matches/new/free/").content.decode()
    assert '<option value="Zélia"></option>' in html
    stranger = type(client)()
    assert "Zélia" not in stranger.get("/matches/new/free/").content.decode()


@pytest.mark.parametrize(
    ("game", "sides"),
    [
        ("free", (("ana",), ("bia",))),
        ("samba", (("ana", "bia"), ("caio", "duda"))),
        ("truco", (("ana",), ("bia",))),
        ("pifpaf", (("ana",), ("bia",), ("caio",))),
        ("pinkerton", (("ana",), ("bia",), ("caio",))),
    ],
)
def test_every_stylesheet_and_script_of_the_match_page_is_in_its_head(scorer, game, sides):
    match = make_match(game, sides)
    client = scorer(match)
    html = client.get(match.get_absolute_url()).content.decode()
    head, body = html.split("</head>", 1)
    assert 'rel="stylesheet"' in head and "records/records" in head
    assert 'rel="stylesheet"' not in body and "<script" not in body


def test_a_referee_page_brings_its_games_stylesheet_in_its_head(client):
    """The answers' look (Truco's plays, Pif-Paf's ✓ and ✗) is in the game's stylesheet."""
    from scoring.kit.registry import all_games

    styled = [game for game in all_games() if game.questions and game.stylesheet]
    assert {"truco", "pifpaf"} <= {game.slug for game in styled}
    for game in styled:
        html = client.get(f"/{game.slug}/referee/").content.decode()
        head = html.split("</head>", 1)[0]
        assert f"{game.slug}/{game.slug}" in head and 'rel="stylesheet"' in head, game.slug


def test_a_recorded_hand_tells_the_phone_which_number_it_became(scorer, free_match):
    """The offline queue learns where each kept hand went: a retry whose first answer was
    lost, sent again after another hand went in, is told the number it really has."""
    client = scorer(free_match)
    kept = hand_post(free_match, [1, 0, 0], expected_number=1)
    first = client.post(f"/matches/{free_match.code}/hands/", kept, **HTMX)
    assert json.loads(first["HX-Trigger"]) == {"handRecorded": {"number": 1}}
    record(free_match, {"points": [0, 2, 0]})
    again = client.post(f"/matches/{free_match.code}/hands/", kept, **HTMX)
    assert json.loads(again["HX-Trigger"]) == {"handRecorded": {"number": 1}}
    assert free_match.hands.count() == 2


def test_a_refused_hand_is_not_told_it_was_recorded(scorer, free_match):
    client = scorer(free_match)
    record(free_match, {"points": [0, 2, 0]})
    late = hand_post(free_match, [1, 0, 0], expected_number=1)
    response = client.post(f"/matches/{free_match.code}/hands/", late, **HTMX)
    assert "HX-Trigger" not in response
    assert 'name="renumber" value="2"' in response.content.decode()


def test_the_match_page_writes_the_sync_count_in_every_plural_of_its_language(scorer):
    match = make_match()
    client = scorer(match)
    response = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="pl")
    texts = json.loads(response.context["sent_texts"])
    assert texts["one"] == "Wysłano %(count)s rozdanie."
    assert texts["few"] == "Wysłano %(count)s rozdania."
    assert texts["many"] == "Wysłano %(count)s rozdań."


@pytest.mark.parametrize(
    ("game", "sides", "language", "title"),
    [
        ("paciencia", (("ana",),), "en", "Game %s"),
        ("pinkerton", (("ana",), ("bia",), ("caio",)), "en", "Round %s"),
        ("free", (("ana",), ("bia",)), "en", "Hand %s"),
        ("pinkerton", (("ana",), ("bia",), ("caio",)), "pt-br", "Rodada %s"),
    ],
)
def test_the_offline_panel_calls_a_kept_hand_what_the_game_calls_it(
    scorer, game, sides, language, title
):
    """A patience's kept hand is a game, Pinkerton's a round, in the pending panel too."""
    match = make_match(game, sides)
    client = scorer(match)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'data-hand-text="{title}"' in html


@pytest.mark.parametrize(
    ("game", "sides", "language", "heading", "empty"),
    [
        ("paciencia", (("ana",),), "pt-br", "<h2>Jogos</h2>", "Nenhum jogo ainda."),
        ("pinkerton", (("ana",), ("bia",), ("caio",)), "en", "<h2>Rounds</h2>", "No rounds yet."),
        ("free", (("ana",), ("bia",)), "en", "<h2>Hands</h2>", "No hands yet."),
    ],
)
def test_the_history_calls_its_entries_what_the_game_calls_them(
    scorer, game, sides, language, heading, empty
):
    """A patience's log lists games and Pinkerton's rounds, from the heading on."""
    match = make_match(game, sides)
    client = scorer(match)
    html = client.get(match.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert heading in html and f'<li class="empty">{empty}</li>' in html


def test_a_long_log_offers_earlier_games_and_its_chart_waits_for_games(scorer):
    """Past a page of history, the button names what the game counts; a log with none
    yet says so in its chart too."""
    log = make_match("paciencia", (("ana",),))
    client = scorer(log)
    chart = client.get(f"/records/matches/{log.code}/chart/", HTTP_ACCEPT_LANGUAGE="en")
    assert "No games yet." in chart.content.decode()
    for _ in range(13):
        record(log, {"won": False, "deal": 3, "cards_left": 23})
    html = client.get(log.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="pt-br").content.decode()
    assert "Jogos anteriores" in html and "Mãos anteriores" not in html


def test_a_304_carries_only_what_a_304_needs(scorer, free_match):
    """An unchanged poll is most of what a watching phone gets: no security headers, no
    language, no cookie, only ETag, Cache-Control and Vary (Date is the server's)."""
    url = f"/matches/{free_match.code}/live/"
    client = scorer(free_match)
    etag = client.get(url)["ETag"]
    client.cookies["csrftoken"] = "x" * 32  # a cookie the middleware could answer to
    unchanged = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_ENCODING="gzip")
    assert unchanged.status_code == 304
    assert {name.lower() for name in unchanged.headers} <= {"etag", "cache-control", "vary"}
    assert unchanged["ETag"] == etag
    assert unchanged["Cache-Control"] == "no-cache"
    assert not unchanged.cookies
    # The 200 keeps everything.
    whole = client.get(url)
    assert "Content-Security-Policy" in whole.headers
    assert "Permissions-Policy" in whole.headers
