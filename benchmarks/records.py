"""The records with years of history: 10,000 finished matches and 100,000 hands, and the
standings page priced against a bare view answered through the same middleware in the
same run (the machine is noisy; only the ratio means anything).

``python -m benchmarks.records`` runs it on a fresh SQLite file (``make bench`` runs it so,
in a process of its own): in-process through Django's test client for context, then
served by gunicorn beside the bare view of ``benchmarks/urls.py``, as every served figure
of ``make bench`` is; the served ratio is the one held to the budget.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MATCHES = 10_000
HANDS = 100_000
PLAYERS = 40
# How far within a bare view the standings page must answer.
BUDGET = 3.0
# The club member the standings are drawn for.
MEMBER = "bench-member"
URLS = {
    "standings, every season": "/records/",
    "standings, season 2025": "/records/?game=free&season=2025",
}


def bare(request):
    from django.http import HttpResponse

    return HttpResponse("ok", content_type="text/plain")


def bare_signed_in(request):
    """The bare view reading who is signed in: the session and user rows every page for
    a member pays before it draws anything (context for the figures, not the budget)."""
    from django.http import HttpResponse

    return HttpResponse(str(request.user.is_authenticated), content_type="text/plain")


def _urlpatterns():
    from django.urls import include, path

    return [
        path("bench/bare/", bare),
        path("bench/bare-signed-in/", bare_signed_in),
        path("", include("scoring.urls")),
    ]


def __getattr__(name: str):
    # This module is its own URLconf during the run: the app's URLs plus the bare view.
    if name == "urlpatterns":
        return _urlpatterns()
    raise AttributeError(name)


def seed(matches: int = MATCHES, hands: int = HANDS, players: int = PLAYERS) -> None:
    """Seed finished free-scoring matches (two sides, one or two players each) spread
    over three years, with ``hands`` hands between them, in bulk: the stored totals and
    winners agree with the hands, as the ledger would have left them."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from scoring.clubs.models import Club, Membership
    from scoring.ledger.models import Hand, HandScore, Match, Player, Seat, Side

    rng = random.Random(20261122)
    per_match = hands // matches
    start = timezone.make_aware(dt.datetime(2024, 1, 1, 20))
    with transaction.atomic():
        # Every match is the club's, and the bench looks as one of its members.
        club = Club.objects.create(name="Bench club")
        member = get_user_model().objects.create_user(MEMBER, password=None)
        Membership.objects.create(club=club, user=member)
        people = Player.objects.bulk_create(Player(name=f"Player {n:03}") for n in range(players))
        made = Match.objects.bulk_create(
            (
                Match(
                    game="free",
                    status=Match.Status.FINISHED,
                    club=club,
                    finished_at=start + dt.timedelta(minutes=157 * n),
                    version=per_match,
                )
                for n in range(matches)
            ),
            batch_size=2000,
        )
        points = [[[rng.randint(0, 60) for _ in range(2)] for _ in range(per_match)] for _ in made]
        sides = []
        for match, hand_points in zip(made, points, strict=True):
            totals = [sum(h[i] for h in hand_points) for i in range(2)]
            for position in range(2):
                sides.append(
                    Side(
                        match=match,
                        position=position,
                        name=f"Side {position + 1}",
                        total=totals[position],
                        won=totals[position] > totals[1 - position],
                    )
                )
        sides = Side.objects.bulk_create(sides, batch_size=5000)
        seats = []
        for n in range(0, len(sides), 2):
            pairs = rng.random() < 0.5
            chosen = rng.sample(people, 4 if pairs else 2)
            for i, side in enumerate(sides[n : n + 2]):
                group = chosen[2 * i : 2 * i + 2] if pairs else [chosen[i]]
                seats += [Seat(side=side, player=p, order=o) for o, p in enumerate(group)]
        Seat.objects.bulk_create(seats, batch_size=5000)
        made_hands = Hand.objects.bulk_create(
            (
                Hand(
                    match=match,
                    number=k + 1,
                    entry={"points": pts},
                    state={},
                    request_id=uuid.UUID(int=rng.getrandbits(128)),
                    version=k + 1,
                )
                for match, hand_points in zip(made, points, strict=True)
                for k, pts in enumerate(hand_points)
            ),
            batch_size=5000,
        )
        side_pairs = [sides[n : n + 2] for n in range(0, len(sides), 2)]
        flat_points = [pts for hand_points in points for pts in hand_points]
        owners = [
            pair for pair, hand_points in zip(side_pairs, points, strict=True) for _ in hand_points
        ]
        HandScore.objects.bulk_create(
            (
                HandScore(
                    hand=hand,
                    side=side,
                    total=value,
                    lines=[{"rule": "free.points", "count": 1, "points": value}],
                )
                for hand, pair, pts in zip(made_hands, owners, flat_points, strict=True)
                for side, value in zip(pair, pts, strict=True)
            ),
            batch_size=10_000,
        )


def _batch(client, url: str, repeat: int) -> float:
    started = time.perf_counter()
    for _ in range(repeat):
        client.get(url, secure=True)  # DEBUG off: plain http would be redirected
    return (time.perf_counter() - started) / repeat


def measure(repeat: int = 50, rounds: int = 9) -> dict[str, tuple[float, float]]:
    """Each standings page against the bare view: (median seconds per request, median
    ratio to the bare view), the two measured in alternating batches so that the
    machine's noise falls on both alike."""
    from django.test import Client
    from django.test.utils import override_settings

    urls = URLS
    figures: dict[str, tuple[float, float]] = {}
    with override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"]):
        from django.contrib.auth import get_user_model

        client = Client()
        client.force_login(get_user_model().objects.get(username=MEMBER))
        bare_times: list[float] = []
        for name, url in urls.items():
            started = time.perf_counter()
            if (
                client.get(url, secure=True).status_code != 200
            ):  # the first drawing: not cached yet
                raise RuntimeError(f"{url} did not answer 200")
            first = time.perf_counter() - started
            if 'data-player="Player 000"' not in client.get(url, secure=True).content.decode():
                raise RuntimeError(f"{url} shows none of the seeded players")
            print(f"  {name:<28} first drawing {first * 1e3:8.1f} ms")
            times, ratios = [], []
            for _ in range(rounds):
                bare_time = _batch(client, "/bench/bare/", repeat)
                page_time = _batch(client, url, repeat)
                bare_times.append(bare_time)
                times.append(page_time)
                ratios.append(page_time / bare_time)
            figures[name] = (statistics.median(times), statistics.median(ratios))
        figures["bare view"] = (statistics.median(bare_times), 1.0)
        signed_in = [
            _batch(client, "/bench/bare-signed-in/", repeat)
            / _batch(client, "/bench/bare/", repeat)
            for _ in range(rounds)
        ]
        figures["bare view, signed in"] = (
            statistics.median(bare_times) * statistics.median(signed_in),
            statistics.median(signed_in),
        )
    return figures


def served_figures(env: dict[str, str], repeat: int = 40) -> dict[str, tuple[float, float]]:
    """The same pages served by gunicorn (as every figure of issue 11 is): a member's
    session cookie, each standings page at C=1 in alternation with the bare view
    (``benchmarks/urls.py``, same middleware, same server), the median of each pair's
    ratio; and saturated, the bare view's throughput over the page's."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from benchmarks.served import at_c1, saturated, start_server

    client = Client()
    client.force_login(get_user_model().objects.get(username=MEMBER))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    process, server = start_server(env)
    server.cookies[settings.SESSION_COOKIE_NAME] = cookie
    figures: dict[str, tuple[float, float]] = {}
    try:
        bare = lambda: server.request("GET", "/bench/bare/")  # noqa: E731
        for name, url in URLS.items():
            page = lambda url=url: server.request("GET", url)  # noqa: E731
            if 'data-player="Player 000"' not in page().text():
                raise RuntimeError(f"{url} served no standings to the member")
            ratio, seconds = at_c1(bare, page, 200, n=repeat)
            figures[name] = (seconds, ratio, saturated(bare, 200) / saturated(page, 200))
    finally:
        process.terminate()
        process.wait(timeout=10)
    return figures


def run(env: dict[str, str]) -> bool:
    """Seed, measure in-process and served, print; True when the served standings page is
    within budget (the in-process figures are context: the test client has no server to
    pay for, so a bare view there costs a fraction of a real request)."""
    started = time.perf_counter()
    seed()
    seeded = time.perf_counter() - started
    print(f"records ({MATCHES:,} matches, {HANDS:,} hands, seeded in {seeded:.1f} s)")
    print("  in-process (Django's test client), for context:")
    figures = measure()
    for name, (seconds, ratio) in figures.items():
        line = f"    {name:<28} {seconds * 1e3:8.2f} ms"
        if name.startswith("standings"):
            line += f"  {ratio:6.2f} × bare"
            line += f", {ratio / figures['bare view, signed in'][1]:.2f} × bare signed in"
        elif name != "bare view":
            line += f"  {ratio:6.2f} × bare"
        print(line)
    print("  served (gunicorn, 2 sync workers, DEBUG off; C=1 median of pairs | saturated):")
    ok = True
    for name, (seconds, ratio, sat) in served_figures(env).items():
        within = ratio <= BUDGET
        ok = ok and within
        print(
            f"    {name:<28} {seconds * 1e3:8.2f} ms  {ratio:6.2f} × bare  {sat:5.2f} × saturated"
            f"  (budget {BUDGET:g} ×) {'PASS' if within else 'FAIL'}"
        )
    return ok


def main() -> None:
    from benchmarks.served import bench_env, manage

    with tempfile.TemporaryDirectory() as tmp:
        env = bench_env(tmp) | {"DATABASE_URL": f"sqlite:///{tmp}/records.sqlite3"}
        manage(env, "manage.py", "collectstatic", "--noinput", "-v0")
        manage(env, "manage.py", "migrate", "-v0")
        os.environ.update(env)  # this process seeds the server's database and measures too
        import django

        django.setup()
        verdict = "PASS" if run(env) else "FAIL"
        print(f"  standings (a member signed in) within {BUDGET:g} × bare  {verdict}")
        # `make bench` counts this line; the exit code says whether it passed.
        sys.exit(0 if verdict == "PASS" else 3)


if __name__ == "__main__":
    main()
