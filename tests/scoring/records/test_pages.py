"""The records pages: right figures, and a fixed number of queries however long the
history (each page is loaded with a small history and again with a larger one)."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from scoring.ledger.models import Match, Player
from tests.conftest import holding
from tests.scoring.records.conftest import play


def more_history(n: int = 6) -> list[Match]:
    """Six more matches of alice & erin against bob & frank, a day apart."""
    return [
        play(
            (("alice", "erin"), ("bob", "frank")),
            [(i, 3), (5, i)],
            day=dt.date(2026, 4, 1 + i),
        )
        for i in range(n)
    ]


def same_queries(client, url: str, django_assert_num_queries) -> None:
    """The page answers with as many queries before and after more history is added."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as before:
        assert client.get(url).status_code == 200
    holding(client, more_history())  # played on this phone too
    with django_assert_num_queries(len(before)):
        assert client.get(url).status_code == 200


def rows(html: str, cls: str) -> list[dict[str, str]]:
    return [
        dict(re.findall(r'data-([a-z-]+)="([^"]*)"', row))
        for row in re.findall(rf"<tr ([^>]*data-{cls}[^>]*)>", html)
    ]


def test_the_standings_page_states_its_rules_and_ranks(scorer, club_night):
    client = scorer(*club_night)
    html = client.get("/records/").content.decode()
    assert "Ordenadas por vitórias, depois por saldo de pontos" in html
    assert [(r["player"], r["won"], r["difference"]) for r in rows(html, "player")] == [
        ("bob", "2", "5"),
        ("dave", "1", "5"),
        ("alice", "1", "-5"),
        ("carol", "0", "-5"),
    ]


def test_a_season_of_standings(scorer, club_night):
    client = scorer(*club_night)
    html = client.get("/records/?season=2027").content.decode()
    assert [r["player"] for r in rows(html, "player")] == ["bob", "dave", "alice", "carol"]
    html = client.get("/records/?start=2026-03-05&end=2026-03-31").content.decode()
    assert [(r["player"], r["played"]) for r in rows(html, "player")] == [
        ("bob", "1"),
        ("alice", "1"),
    ]


@pytest.mark.parametrize(
    "url",
    ["/records/", "/records/?game=free&season=2026", "/records/matches/?q=ali&page=1"],
)
def test_records_pages_cost_the_same_queries_with_more_history(
    scorer, club_night, url, django_assert_num_queries
):
    client = scorer(*club_night)
    same_queries(client, url, django_assert_num_queries)


def test_the_player_page_costs_the_same_queries_with_more_history(
    scorer, club_night, django_assert_num_queries
):
    client = scorer(*club_night)
    alice = Player.objects.get(name="alice")
    same_queries(client, f"/records/players/{alice.pk}/", django_assert_num_queries)


def test_head_to_head_costs_the_same_queries_with_more_history(
    scorer, club_night, django_assert_num_queries
):
    client = scorer(*club_night)
    url = "/records/head-to-head/?first=alice&second=bob"
    same_queries(client, url, django_assert_num_queries)


def test_the_match_chart_costs_the_same_queries_with_more_hands(
    scorer, club_night, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tests.conftest import make_match, record

    short = make_match("free", (("alice",), ("bob",)))
    record(short, {"points": [1, 2]})
    long = make_match("free", (("alice",), ("bob",)))
    for i in range(30):
        record(long, {"points": [i, 1]})
    client = scorer(short, long)
    with CaptureQueriesContext(connection) as before:
        client.get(f"/records/matches/{short.code}/chart/")
    with django_assert_num_queries(len(before)):
        html = client.get(f"/records/matches/{long.code}/chart/").content.decode()
    assert 'data-hands="30"' in html


def test_the_player_page_shows_the_record_and_form(scorer, club_night):
    client = scorer(*club_night)
    alice = Player.objects.get(name="alice")
    html = client.get(f"/records/players/{alice.pk}/").content.decode()
    [free] = rows(html, "game")
    assert (free["played"], free["won"]) == ("3", "1")
    assert "33%" in html  # win rate
    assert free["average"] == "11.7"  # 82 points over 7 hands
    assert html.count('class="bar won"') == 1 and html.count('class="bar lost"') == 2


def test_head_to_head_page(scorer, club_night):
    client = scorer(*club_night)
    html = client.get("/records/head-to-head/?first=alice&second=bob").content.decode()
    assert 'data-played="3" data-wins="1-2" data-points="75-80"' in html
    html = client.get("/records/head-to-head/?first=alice, carol&second=bob,dave").content
    assert b'data-played="1" data-wins="0-1" data-points="40-45"' in html
    html = client.get("/records/head-to-head/?first=nobody&second=bob").content
    assert b"Nenhum jogador com esse nome." in html


def test_the_history_is_searchable_and_paged(scorer, club_night):
    client = scorer(*club_night, *more_history(30))
    page = client.get("/records/matches/").content.decode()
    assert page.count('<li><a href="/matches/') == 25
    assert "Página 1 de 2" in page
    second = client.get("/records/matches/?page=2").content.decode()
    assert second.count('<li><a href="/matches/') == 34 - 25
    carol = client.get("/records/matches/?q=carol").content.decode()
    assert carol.count('<li><a href="/matches/') == 2  # the pair match and the one in play


def test_names_are_offered_as_they_are_typed(scorer, club_night):
    client = scorer(*club_night)
    from django.test import Client

    assert "carol" not in Client().get("/records/players/names/?q=ca").content.decode()
    html = client.get("/records/players/names/?q=ca").content.decode()
    assert '<option value="carol">' in html and "alice" not in html
    # in a list of names, the last one is being typed
    html = client.get("/records/players/names/?q=alice, d").content.decode()
    assert html.count("<option") == 1 and '<option value="alice, dave">' in html


def test_the_match_page_loads_the_chart_below_the_hands(scorer, club_night):
    client = scorer(*club_night)
    html = client.get(club_night[1].get_absolute_url()).content.decode()
    assert html.index('id="history"') < html.index(f"/records/matches/{club_night[1].code}/chart/")
    chart = client.get(f"/records/matches/{club_night[1].code}/chart/").content.decode()
    assert 'data-last="5"' in chart and 'data-last="25"' in chart


def test_the_match_record_has_a_summary_and_downloads(scorer, club_night):
    client = scorer(*club_night)
    code = club_night[0].code
    html = client.get(f"/records/matches/{code}/").content.decode()
    assert "🏆 alice: 30" in html
    text = client.get(f"/records/matches/{code}/summary.txt").content.decode()
    assert text.splitlines()[1:3] == ["🏆 alice: 30", "bob: 10"]
    assert "2 mãos, partida terminada" in text  # in the reader's language
    for language, said in (("en", "2 hands, finished"), ("pl", "2 rozdania, mecz zakończony")):
        summary = client.get(
            f"/records/matches/{code}/summary.txt", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        assert said in summary
    csv = client.get(f"/records/matches/{code}/hands.csv")
    assert csv["Content-Disposition"] == f'attachment; filename="tento-{code}.csv"'
    assert csv.content.decode().splitlines() == [
        "hand,alice hand,alice total,bob hand,bob total",
        "1,10,10,5,5",
        "2,20,30,5,10",
    ]


def test_an_unknown_match_is_404(client, db):
    assert client.get("/records/matches/nope/").status_code == 404


def test_a_stranger_counts_none_of_the_clubs_matches(club_night):
    from django.test import Client

    stranger = Client()  # another phone: no account, no match tokens
    html = stranger.get("/records/").content.decode()
    assert rows(html, "player") == []
    assert stranger.get(f"/records/matches/{club_night[0].code}/").status_code == 404
    export = stranger.get("/records/export.json")
    assert json.loads(b"".join(export.streaming_content))["matches"] == []


def test_a_club_member_sees_the_clubs_standings(member, club_night):
    from scoring.clubs.models import Club
    from scoring.ledger.models import Match

    club = Club.objects.create(name="Quinta")
    Match.objects.filter(pk__in=[m.pk for m in club_night[:2]]).update(club=club)
    html = member(club).get(f"/records/?club={club.code}").content.decode()
    assert [(r["player"], r["played"]) for r in rows(html, "player")] == [
        ("alice", "2"),
        ("bob", "2"),
    ]
    assert f'<option value="{club.code}" selected>Quinta</option>' in html


def test_a_cached_page_follows_the_next_hand_and_each_viewers_token(scorer, club_night):
    client = scorer(*club_night)
    from tests.conftest import record

    first = client.get("/records/?game=free").content.decode()
    open_match = club_night[3]
    record(open_match, {"points": [100, 0]})
    open_match.finish()
    after = client.get("/records/?game=free").content.decode()
    assert first != after
    assert ("alice", "4", "2") in [
        (r["player"], r["played"], r["won"]) for r in rows(after, "player")
    ]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', after)[1]
    assert "records-csrf-slot" not in after and len(token) == 64


def test_joining_or_leaving_a_club_changes_the_records_at_once(db, django_user_model):
    from django.test import Client

    from scoring.clubs.models import Club, Membership, Role
    from scoring.ledger.models import Match

    club = Club.objects.create(name="Quinta do Truco")
    erin = django_user_model.objects.create_user("erin", password="x" * 12)
    match = play((("zeca",), ("yara",)), [(10, 5)])
    Match.objects.filter(pk=match.pk).update(club=club)
    phone = Client()
    phone.force_login(erin)
    assert "zeca" not in phone.get("/records/").content.decode()  # drawn and kept
    membership = Membership.objects.create(club=club, user=erin, role=Role.MEMBER)
    assert "zeca" in phone.get("/records/").content.decode()
    membership.delete()
    assert "zeca" not in phone.get("/records/").content.decode()


def test_a_player_seen_in_no_match_of_this_phone_is_not_there(scorer, db):
    from django.test import Client

    from scoring.ledger.models import Match

    match = play((("zeca",), ("yara",)), [(10, 5)])
    client = scorer(match)
    zeca = Player.objects.get(name="zeca")
    assert client.get(f"/records/players/{zeca.pk}/").status_code == 200  # their phone
    stranger = Client()
    response = stranger.get(f"/records/players/{zeca.pk}/")
    assert response.status_code == 404 and "zeca" not in response.content.decode()
    assert Match.objects.filter(pk=match.pk).exists()


def test_the_match_summary_links_the_watch_link_not_the_private_address(scorer, club_night):
    client = scorer(*club_night)
    match = club_night[0]
    watch = f"http://testserver/watch/{match.share_token}/"
    text = client.get(f"/records/matches/{match.code}/summary.txt").content.decode()
    assert text.splitlines()[-1] == watch
    html = client.get(f"/records/matches/{match.code}/").content.decode()
    assert watch in html and f"http://testserver{match.get_absolute_url()}" not in html


def test_the_standings_are_kept_through_a_hand_of_a_match_going_on(client, club_night):
    """Only what may change a standing moves the standings' generation: a hand of a
    match still going on keeps the kept page (and the player's page, which counts that
    hand, is drawn again); finishing the match moves it."""
    from scoring.records import stats
    from tests.conftest import record

    open_match = club_night[3]
    kept = stats.standing_generation()
    every_change = stats.generation()
    record(open_match, {"points": [100, 0]})
    assert stats.standing_generation() == kept
    assert stats.generation() != every_change
    open_match.finish()
    assert stats.standing_generation() != kept
    moved = stats.standing_generation()
    open_match.undo_hand()  # a finished match reopened
    assert stats.standing_generation() != moved
