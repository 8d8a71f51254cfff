"""Club events: a night, a tournament or a league above the matches.

An event has entrants (pairs or teams for a game played by sides, individuals for
Pif-Paf and Pinkerton) and rounds; drawing a round seats the active entrants at tables,
and each table is one ordinary ledger match of the club, with the event's options, its
own scorer link and its own QR code. The formats, the victory-point scales and the
standing across tables are plain Python in ``referee.events``; here is only what is
kept: who entered, what was drawn, which match each table is.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from referee.rulings import RuleError
from scoring.clubs.models import Club, Role
from scoring.kit.registry import Game, game_choices, get_game
from scoring.kit.rulebook import describe
from scoring.ledger.models import Match, Player, Seat, Side, new_code
from scoring.ledger.validators import validate_name


class Kind(models.TextChoices):
    NIGHT = "night", _("Night: one sitting of several rounds")
    TOURNAMENT = "tournament", _("Tournament: several sittings")
    LEAGUE = "league", _("League: fixtures over weeks")


class Format(models.TextChoices):
    SWISS = "swiss", _("Swiss: by standing, no rematch")
    DANISH = "danish", _("Danish: by standing, 1 v 2, 3 v 4")
    ROUND_ROBIN = "round-robin", _("Round robin: everyone meets once")
    KNOCKOUT = "knockout", _("Knockout")
    GROUPS_KNOCKOUT = "groups-knockout", _("Groups, then a knockout")
    SEATED = "seated", _("Seated: tables by lot, then by standing")


class Scale(models.TextChoices):
    BURRACO_3 = "burraco-3", _("Victory points 20–0, rounds of 3 hands")
    BURRACO_4 = "burraco-4", _("Victory points 20–0, rounds of 4 hands")
    WIN_DRAW_LOSS = "win-draw-loss", _("Win, draw, loss")
    DIFFERENCE = "difference", _("Score difference")
    GAMES = "games", _("Games won")
    BANDS = "bands", _("The club's own victory-point bands")


class Event(models.Model):
    code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(_("name"), max_length=60, validators=[validate_name])
    game = models.CharField(_("game"), max_length=30, choices=game_choices)
    # The game's house rules and target, as a match of the game stores them: every
    # table's match gets these.
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    target = models.BigIntegerField(_("target"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind, default=Kind.NIGHT)
    format = models.CharField(_("format"), max_length=16, choices=Format, default=Format.SWISS)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=3, help_text=_("How many rounds the event plays.")
    )
    # A round's length: so many hands at each table, or (empty) each match to its target.
    hands = models.PositiveSmallIntegerField(
        _("hands per table"),
        null=True,
        blank=True,
        help_text=_("Empty: each table plays its match to the target."),
    )
    table_size = models.PositiveSmallIntegerField(
        _("players a table"),
        null=True,
        blank=True,
        help_text=_("For a game everyone plays alone; empty: the game's largest table."),
    )
    scale = models.CharField(
        _("points scale"), max_length=16, choices=Scale, default=Scale.BURRACO_3
    )
    # The club's own bands (scale "bands"): {"bands": [[difference, winner, loser], …],
    # "above": [winner, loser]}, as ``referee.events.read_scale`` reads them.
    bands = models.JSONField(_("bands"), null=True, blank=True)
    # What a bye scores, on the event's scale (12 of 20 VP; a win where points are
    # win/draw/loss).
    bye_points = models.SmallIntegerField(_("points for a bye"), default=12)
    win_points = models.SmallIntegerField(_("points for a win"), default=2)
    draw_points = models.SmallIntegerField(_("points for a draw"), default=1)
    loss_points = models.SmallIntegerField(_("points for a loss"), default=0)
    # A knockout (or the knockout after the groups): how many of each group go on, how
    # many of the best next-placed join them, and how many games a knockout tie is
    # played over (Truco duplas: best of three).
    advance = models.PositiveSmallIntegerField(
        _("going on from each group"), default=2, help_text=_("Groups, then a knockout.")
    )
    best_next = models.PositiveSmallIntegerField(
        _("best next-placed going on"), default=0, help_text=_("Groups, then a knockout.")
    )
    best_of = models.PositiveSmallIntegerField(
        _("games a knockout tie is played over"),
        choices=[(1, _("One game")), (3, _("Best of three"))],
        default=1,
    )
    # The house option of every table's match (``scoring.acceptance``): a hand counts once
    # a player of another side accepts it. On unless the event turns it off.
    acceptance = models.BooleanField(
        _("the other side accepts each hand"),
        default=True,
        help_text=_("A disputed hand goes to the event's directors."),
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="directed_events"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by every change the desk makes (a draw, an entrant, a closed table): with the
    # tables' match versions, what the event page's drawing is kept under.
    version = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:event", args=[self.code])

    def touch(self) -> None:
        Event.objects.filter(pk=self.pk).update(version=models.F("version") + 1)

    def drawing_key(self) -> str:
        """What the event page shows changes only with this (three small queries): the
        desk's changes and every table's match versions, a series' later games too
        (versions only ever grow)."""
        from django.db.models import Count, Sum

        tables = Table.objects.filter(round__event=self).aggregate(
            count=Count("pk"), played=Sum("match__version")
        )
        # A series' later games (best of three) play matches of their own.
        games = SeriesGame.objects.filter(table__round__event=self).aggregate(
            played=Sum("match__version")
        )
        version = Event.objects.filter(pk=self.pk).values_list("version", flat=True)
        return (
            f"{self.pk}.{version[0] if version else 0}.{tables['count']}.{tables['played']}"
            f".{games['played']}"
        )

    @property
    def rules(self) -> Game:
        return get_game(self.game)

    @property
    def individual(self) -> bool:
        return self.rules.individual

    def seats_a_table(self) -> int:
        """How many entrants sit at a table: two sides, or for a game everyone plays
        alone the event's table size within the game's limits."""
        game = self.rules
        if not game.individual:
            return 2
        size = self.table_size or game.max_sides
        return max(game.min_sides, min(size, game.max_sides))

    def may_direct(self, user: Any) -> bool:
        """The club's admins and the event's directors create, draw and adjust."""
        if not getattr(user, "is_authenticated", False):
            return False
        if user.is_superuser:
            return True
        if self.club.memberships.filter(user=user, role=Role.ADMIN).exists():
            return True
        return self.directors.filter(pk=user.pk).exists()

    def scale_setting(self) -> Any:
        """The scale as ``referee.events.victory_points`` takes it."""
        if self.scale == Scale.BANDS and self.bands:
            return self.bands
        if self.scale == Scale.WIN_DRAW_LOSS:
            return {"win": self.win_points, "draw": self.draw_points, "loss": self.loss_points}
        return str(self.scale)

    def next_number(self) -> int:
        return self.round_set.count() + 1

    # --- drawing a round --------------------------------------------------------------

    def draw_round(self, number: int, *, by: Any = None, seed: int | None = None) -> Round:
        """Draw round ``number``, the next one: seat the active entrants by the event's
        format and start one club match a table. Refused (ValidationError) when that
        round is already drawn (two directors at once make one round), when the event
        has played all its rounds, or while a table of the last round still plays."""
        from scoring.events.pairing import draw
        from scoring.events.standing import board_of, entrants_for_draw

        try:
            with transaction.atomic():
                event = Event.objects.select_for_update().get(pk=self.pk)
                drawn = event.round_set.count()
                if number != drawn + 1:
                    raise ValidationError(
                        _("Round %(n)s is already drawn.") % {"n": number}, code="drawn"
                    )
                board = board_of(event)
                if board.over():
                    raise ValidationError(board_over(board), code="over")
                playing = [t for t in board.current_tables() if not t.done]
                if playing:
                    raise ValidationError(
                        _(
                            "Table %(n)s is still playing: every table must finish, or be "
                            "closed by a director, before the next round."
                        )
                        % {"n": playing[0].number},
                        code="playing",
                    )
                seed = secrets.randbelow(10**6) if seed is None else seed
                active = entrants_for_draw(event, board, number)
                if len(active) < 2:
                    raise ValidationError(
                        _("A round needs at least two active entrants."), code="few"
                    )
                try:
                    drawing = draw(event, board, active, number, seed)
                except RuleError as error:
                    raise ValidationError([describe(v) for v in error.violations]) from error
                settle(board)
                for table in board.current_tables():
                    table.row.result_at_draw = table.scores
                    table.row.save(update_fields=["result_at_draw"])
                made = Round.objects.create(
                    event=event, number=number, seed=seed, drawn_by=by, bracket=drawing.bracket
                )
                event.touch()
                made.byes.set(drawing.byes)
                for position, seated in enumerate(drawing.tables, start=1):
                    made.seat_table(position, seated)
                return made
        except IntegrityError as error:
            # The unique round number, if another director's draw committed first.
            raise ValidationError(
                _("Round %(n)s is already drawn.") % {"n": number}, code="drawn"
            ) from error


def board_over(board: Any) -> str:
    """Why no round is drawn any more, in the reader's language."""
    champion = board.champion()
    if champion is not None:
        return _("The knockout has its winner: %(name)s.") % {"name": champion.name}
    return _("The event has played all its %(n)s rounds.") % {"n": board.event.rounds}


def held_open(board: Any) -> None:
    """Refuse (ValidationError naming the rule) while a table of the last round has a
    hand the other side has not accepted and no director has ruled: the round, and the
    night, close only on hands everyone at the table stands by."""
    for table in board.current_tables():
        held = table.match.holds_open()
        if held:
            raise ValidationError(
                _("Table %(n)s: %(rule)s") % {"n": table.number, "rule": describe(held[0])},
                code="held",
            )


def settle(board: Any) -> int:
    """End the match of every table of the last round that has played the event's hands
    (its match has no target to end it): what stands is its result, in the records too.
    Returns how many were ended. Refused while a hand waits for acceptance."""
    held_open(board)
    ended = 0
    for table in board.current_tables():
        if table.done and not (table.finished or table.closed):
            table.match.finish()
            table.finished = True
            ended += 1
    return ended


def directs_table(user: Any, match: Match) -> bool:
    """For ``scoring.acceptance.table.DIRECTORS``: the event's directors rule the
    disputes of its tables."""
    return Event.objects.filter(round__tables__match_id=match.pk, directors=user.pk).exists()


def open_disputes(event: Event) -> Any:
    """The event's disputes no director has ruled yet, with their table, for the desk."""
    from scoring.acceptance.models import Dispute

    return (
        Dispute.objects.filter(
            status=Dispute.Status.OPEN, hand__match__event_table__round__event=event
        )
        .select_related("hand__match__event_table__round", "side")
        .order_by("opened_at", "pk")
    )


class Entrant(models.Model):
    """A pair or a team (a game played by sides) or one player (a game everyone plays
    alone). ``players`` are the names that sit down for it in the next round: a
    substitute replaces a name there, and the matches already played keep theirs."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(_("name"), max_length=60, validators=[validate_name])
    players = models.JSONField(_("players"), default=list)
    # Seeding, for a knockout or groups; 0: unseeded.
    seed = models.PositiveSmallIntegerField(_("seed"), default=0)
    # A late arrival plays from this round on; a withdrawal plays no round from
    # ``withdrawn_from`` on, and keeps the results it had.
    joined_from = models.PositiveSmallIntegerField(default=1)
    withdrawn_from = models.PositiveSmallIntegerField(null=True, blank=True)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                "event", models.functions.Lower("name"), name="entrant_name_unique"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def plays_in(self, number: int) -> bool:
        return self.joined_from <= number and (
            self.withdrawn_from is None or number < self.withdrawn_from
        )

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_from is not None

    def substitute(self, replaced: str, substitute: str, from_round: int) -> Substitution:
        """``substitute`` sits down for the entrant instead of ``replaced`` from round
        ``from_round`` on; the tables already drawn keep who sat there."""
        with transaction.atomic():
            self.players = [substitute if name == replaced else name for name in self.players]
            self.save(update_fields=["players"])
            self.event.touch()
            return self.substitutions.create(
                replaced=replaced, substitute=substitute, from_round=from_round
            )


class Substitution(models.Model):
    """A substitute plays for an entrant from a round on, in place of one of its players."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="substitutions")
    replaced = models.CharField(_("plays instead of"), max_length=60)
    substitute = models.CharField(_("substitute"), max_length=60, validators=[validate_name])
    from_round = models.PositiveSmallIntegerField()
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.substitute} for {self.replaced} ({self.entrant})"


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    # The lot it was drawn by, kept so that the draw can be shown to be fair.
    seed = models.PositiveIntegerField()
    byes = models.ManyToManyField(Entrant, blank=True, related_name="byes")
    # A knockout's first round keeps its bracket: the entrants' pks by seed, 1 first.
    # The later rounds are drawn from it, so that the winners of the bracket's pairs
    # meet in its order whatever the standing says.
    bracket = models.JSONField(null=True, blank=True)
    drawn_at = models.DateTimeField(auto_now_add=True)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.event} · {self.number}"

    def seat_table(self, number: int, entrants: Sequence[Entrant]) -> Table:
        """Table ``number`` of this round: a new match of the club, each entrant a side."""
        match = start_match(self.event, entrants)
        table = Table.objects.create(round=self, number=number, match=match)
        TableSeat.objects.bulk_create(
            TableSeat(table=table, entrant=entrant, position=position)
            for position, entrant in enumerate(entrants)
        )
        return table


def start_match(event: Event, entrants: Sequence[Entrant]) -> Match:
    """A new match of the club with the event's options, each entrant a side."""
    match = Match.objects.create(
        game=event.game, options=event.options, target=event.target, club=event.club
    )
    for position, entrant in enumerate(entrants):
        side = Side.objects.create(match=match, position=position, name=entrant.name)
        Seat.objects.bulk_create(
            Seat(side=side, player=Player.named(name), order=order)
            for order, name in enumerate(entrant.players)
        )
    if event.acceptance:
        from scoring.acceptance.table import require_acceptance

        require_acceptance(match)
    return match


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    # The ledger match the table plays: its sides are the entrants, in seat order.
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="event_table")
    entrants = models.ManyToManyField(Entrant, through="TableSeat", related_name="tables")
    # A director closed the table: what stands is its result.
    closed = models.BooleanField(default=False)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The table's totals when the next round was drawn: a result corrected since then
    # counts in the standing, and the drawn round stays as it is, flagged.
    result_at_draw = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"

    def close(self, by: Any = None) -> None:
        """A director ends the table: its match ends as it stands (the side ahead wins).
        Refused (ValidationError naming the rule) while a hand waits for acceptance."""
        held = self.match.holds_open()
        if held:
            raise ValidationError(
                _("Table %(n)s: %(rule)s") % {"n": self.number, "rule": describe(held[0])},
                code="held",
            )
        with transaction.atomic():
            self.closed = True
            self.closed_by = by
            self.save(update_fields=["closed", "closed_by"])
            self.round.event.touch()
            # A series ends its game at the table now (its last), as it stands.
            last = self.series.select_related("match").last()
            match = last.match if last is not None else self.match
            if not match.is_finished:
                match.finish()

    def plays_a_series(self) -> bool:
        """A knockout tie played over more than one game (the event's ``best_of``)."""
        from scoring.events.knockout import KNOCKOUTS

        event = self.round.event
        if event.best_of < 2 or event.format not in KNOCKOUTS:
            return False
        first = event.round_set.filter(bracket__isnull=False).order_by("number").first()
        return first is not None and self.round.number >= first.number

    def next_game(self) -> SeriesGame:
        """The series' next game at the table, once its last game has finished and
        neither side has won the games it needs (two of three). Refused otherwise."""
        from scoring.events.standing import series_score

        with transaction.atomic():
            table = (
                Table.objects.select_for_update().select_related("round__event").get(pk=self.pk)
            )
            if not table.plays_a_series():
                raise ValidationError(_("This table plays a single game."), code="single")
            games = [table.match, *(game.match for game in table.series.all())]
            if not games[-1].is_finished:
                raise ValidationError(_("The table's game is still being played."), code="playing")
            event = table.round.event
            if max(series_score(games)) * 2 > event.best_of or len(games) >= event.best_of:
                raise ValidationError(_("The table's series is decided."), code="decided")
            entrants = [seat.entrant for seat in table.seats.select_related("entrant")]
            made = SeriesGame.objects.create(
                table=table, number=len(games) + 1, match=start_match(event, entrants)
            )
            event.touch()
            return made


class SeriesGame(models.Model):
    """A knockout tie played over several games (Truco duplas: best of three): each
    game after the table's first is a match of its own, with the same sides."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="series")
    # 2 for the second game: the first is the table's own match.
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, on_delete=models.PROTECT, related_name="series_game")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="series_game_unique")
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.number}"


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    # The entrant's side in the table's match.
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="table_seat_unique")
        ]

    def __str__(self) -> str:
        return f"{self.entrant} at {self.table}"
