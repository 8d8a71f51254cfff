"""Starting matches and looking at them. No view here knows a game's rules: they hand
forms and entries to the match's game through the ledger."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from allauth.core import ratelimit
from django.contrib import messages
from django.db import connection, transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import (
    condition,
    require_http_methods,
    require_POST,
    require_safe,
)
from django_htmx.middleware import HtmxDetails

from referee.rulings import RuleError
from scoring.clubs.forms import posted_club, scoring_clubs
from scoring.clubs.models import roster_names
from scoring.kit.registry import GAMES, Game, all_games, get_game
from scoring.kit.rulebook import violation_dicts
from scoring.ledger import access
from scoring.ledger.forms import NewMatch
from scoring.ledger.models import LISTED, Match, Player
from scoring.ledger.pages import (
    MatchPage,
    etag_version,
    held_etags,
    history_context,
    listed_items,
    read_int,
    version_etag,
)
from scoring.ledger.qr import qr_svg
from scoring.ledger.standing import cached_version, remember_version


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it (``request.htmx``)."""

    htmx: HtmxDetails


def get_match(request: HttpRequest, code: str, *, change: bool = False) -> Match:
    """The match at this address if this phone may see it (and change it, with
    ``change``), or 404: a private match is not there for anyone else
    (``scoring.ledger.access``). ``match.can_change`` tells the templates."""
    return access.match_for(request, code, change=change)


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    # Only this phone's own matches (its account's, its kept links') and its clubs': the
    # 50 last played in progress and the 20 last finished, read as ``latest_lists`` says;
    # each match's item is drawn once a version (``listed_items``).
    visible = access.visible_matches(request, Match.objects.only(*LISTED))
    in_progress, finished = visible.latest_lists(50, 20)
    items = listed_items([*in_progress, *finished])
    context = {
        "in_progress": in_progress,
        "finished": finished,
        "in_progress_items": items[: len(in_progress)],
        "finished_items": items[len(in_progress) :],
        "games": all_games(),
    }
    return render(request, "ledger/home.html", context)


@require_safe
def pick_game(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "ledger/pick_game.html", {"games": all_games()})


def _game_or_404(slug: str) -> Game:
    if slug not in GAMES:
        raise Http404("no such game")
    return get_game(slug)


@require_http_methods(["GET", "HEAD", "POST"])
def new_match(request: HtmxHttpRequest, game: str) -> HttpResponse:
    rules = _game_or_404(game)
    if request.method == "POST":
        # "+ side" / "− side" post what was typed, to be drawn again with it kept.
        resize = read_int(request.POST.get("resize"))
        setup = NewMatch(rules, request.POST, sides=resize, resize=resize is not None)
        club = posted_club(request)
        if setup.is_valid():
            # A phone without an account starts MATCH_CREATION_LIMIT matches an address
            # (allauth's limits, counted in the shared cache); an account is not limited.
            anonymous = not request.user.is_authenticated
            if anonymous and not ratelimit.consume(request, action="create_match"):
                return ratelimit.respond_429(request)
            return redirect(_started(request, setup.save(), club))
    else:
        setup = NewMatch(rules, sides=read_int(request.GET.get("sides")))
    template = "ledger/new_match.html"
    if request.htmx and (request.method == "GET" or setup.resized):
        template += "#match-setup"
    context = {
        "game": rules,
        "setup": setup,
        "clubs": scoring_clubs(request.user),
        "known_names": known_names(request),
    }
    return render(request, template, context)


def known_names(request: HttpRequest, most: int = 200) -> list[str]:
    """Names to offer when a match is set up: the players of the matches this phone (its
    account, its clubs) may see, and its clubs' rosters (guests and members, who may not
    have played yet). The phone adds the names typed on it before."""
    visible = access.visible_matches(request, Match.objects.all()).values("pk")
    players = Player.objects.filter(seats__side__match__in=visible).distinct()
    seen = players.order_by("name").values_list("name", flat=True)[:most]
    names = {name.lower(): name for name in [*roster_names(request.user), *seen]}
    return sorted(names.values(), key=str.lower)[:most]


def _started(request: HttpRequest, match: Match, club: object | None) -> Match:
    """The phone that started a match may change it (its session keeps the edit token);
    so may its account, across phones, and the club it was started for."""
    user = request.user if request.user.is_authenticated else None
    if user is not None or club is not None:
        match.owner = user
        match.club = club
        match.save(update_fields=["owner", "club"])
    access.grant_starter(request, match)
    return match


def _open_link(request: HttpRequest, token: str, *, change: bool) -> HttpResponse:
    """A link from the share panel: this phone keeps its token and goes to its match, if
    the token still grants what the link promises (changing the match, or seeing it)."""
    field = "edit_token" if change else "share_token"
    match = Match.objects.filter(**{field: token}).first()
    held = access.NONE if match is None else access.remember(request, match, token)
    if not (held.change if change else held.view):
        raise Http404("no such match")
    return redirect(match)


@require_safe
def scorer_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The scorer link: this phone may change the match from now on."""
    return _open_link(request, token, change=True)


@require_safe
def share_link(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The read-only link: this phone may follow the match live."""
    return _open_link(request, token, change=False)


@require_safe
def match_detail(request: HtmxHttpRequest, code: str) -> HttpResponse:
    match = get_match(request, code)
    share = share_context(request, match)
    context = MatchPage(request, match).page(can_change=match.can_change, share=share)
    return render(request, "ledger/match.html", context)


def share_context(request: HttpRequest, match: Match) -> dict[str, str]:
    """The links (and their QR codes) this phone may hand on: the read-only link to
    anyone who may see the match, the scorer link only to those who may change it."""
    share_url = request.build_absolute_uri(match.get_watch_url())
    links = {"share_url": share_url}
    links["share_qr"] = qr_svg(links["share_url"])
    # A side's own link never hands on the table's scorer link (it would accept for all).
    if match.can_change and access.access_for(request, match).reason != "side-link":
        links["scorer_url"] = request.build_absolute_uri(
            reverse("ledger:score", args=[match.edit_token])
        )
        links["scorer_qr"] = qr_svg(links["scorer_url"])
    return links


@require_POST
def renew_link(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A new scorer link (``link=scorer``) or read-only link (``link=watch``), asked by
    someone who may change the match: the old one stops at once, on every phone."""
    match = get_match(request, code, change=True)
    kind = request.POST.get("link")
    if kind not in ("scorer", "watch"):
        return HttpResponseBadRequest()
    held = access.session_access(request.session, match)
    if held.reason == "side-link":  # a side's link never becomes the table's
        return HttpResponseBadRequest()
    by_link = held.change
    match.renew_links(scorer=kind == "scorer", watch=kind == "watch")
    if by_link:  # the phone that asked keeps scoring: it holds the new link instead
        access.grant_scorer(request, match)
    if kind == "scorer":
        messages.success(request, _("New scorer link: the old one no longer works."))
    else:
        messages.success(request, _("New read-only link: the old one no longer works."))
    return redirect(match.get_absolute_url() + "#share")


@require_safe
def history(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The hands before hand ``before``: the history's "earlier hands"."""
    match = get_match(request, code)
    context = {"history": history_context(match, before=read_int(request.GET.get("before")))}
    return render(request, "ledger/match.html#history-page", context | {"match": match})


def _match_etag(request: HttpRequest, code: str) -> str | None:
    """The ETag of a match's live fragment from its version alone: from the shared cache
    where it holds the version, else one small query (whose answer it then keeps).

    A phone that sends the current ETag is answered 304 without reading its session: the
    ETag is signed, so it holds it only because a view that checked its access handed it
    out, and a 304 tells it nothing it was not shown. Anyone else is checked first."""
    known = cached_version(code)
    if known is None:
        # The code is unique: no ordering to add (``first`` would), the row or nothing.
        row = Match.objects.filter(code=code).values_list("pk", "version")[:1]
        if not row:
            return None
        known = row[0]
        remember_version(code, *known)
    pk, version = known
    etag = version_etag(request, pk, version)
    if etag in held_etags(request.headers.get("If-None-Match")):
        return etag
    if not access.may_poll(request, code):
        return None  # the view answers 404, never 304, to a phone that may not see it
    return etag


@contextmanager
def snapshot() -> Iterator[None]:
    """A transaction that reads the whole fragment as of one moment, so that totals never
    disagree with the hands listed beside them (PostgreSQL's READ COMMITTED would let
    each query see a different moment; SQLite's transaction already is a snapshot).
    It only reads, and never holds up a phone recording a hand meanwhile."""
    outermost = not connection.in_atomic_block
    with _deferred_on_sqlite(outermost), transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


@contextmanager
def _deferred_on_sqlite(outermost: bool) -> Iterator[None]:
    """The transaction begun inside is DEFERRED on SQLite. The settings make every other
    one IMMEDIATE (a change takes the write lock as it begins, so a phone waiting for it
    queues instead of failing half way); a read taking it too would make the phone
    recording a hand wait for every poll. In WAL mode a deferred transaction's first read
    fixes its snapshot and takes no lock."""
    if not outermost or connection.vendor != "sqlite":
        yield
        return
    connection.ensure_connection()  # connecting sets the configured mode again
    configured = connection.transaction_mode
    connection.transaction_mode = "DEFERRED"
    try:
        yield
    finally:
        connection.transaction_mode = configured


@require_safe
@cache_control(no_cache=True)
@condition(etag_func=_match_etag)
def live(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The scoreboard, polled by every phone watching the match. Answers 304 while the
    match's version (and the viewer's language) is unchanged; otherwise the scoreboard
    and only the hands that changed since the version the phone holds."""
    with snapshot():
        match = get_match(request, code)
        since = etag_version(request.headers.get("If-None-Match"), match.pk)
        response = render(request, "ledger/match.html#live", MatchPage(request, match).poll(since))
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def finish_match(request: HtmxHttpRequest, code: str) -> HttpResponse:
    match = get_match(request, code, change=True)
    try:
        match.finish()
    except RuleError as error:  # held open (hands not yet accepted): said why
        for violation in violation_dicts(error.violations):
            messages.error(request, violation["message"])
    return redirect(match)
