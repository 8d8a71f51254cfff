"""Ratings: derived data, worked out from a club's finished matches (``replay``) and kept
in tables so that a page reads them in a query. ``ClubRatings`` and ``Season`` are what a
club decides; ``Rating`` and ``RatingChange`` are rebuilt from the records at will
(``manage.py rebuild_ratings``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.kit.registry import game_choices
from scoring.ratings import model


class ClubRatings(models.Model):
    """A club's rules for its ratings (every club without a row has the defaults)."""

    club = models.OneToOneField("clubs.Club", on_delete=models.CASCADE, related_name="ratings")
    minimum_matches = models.PositiveSmallIntegerField(
        _("matches before a player is listed"), default=5
    )
    fresh_seasons = models.BooleanField(
        _("every season starts fresh"),
        default=False,
        help_text=_("Otherwise a season starts from the rating the last one left."),
    )

    def __str__(self) -> str:
        return f"{self.club} ratings"


class Season(models.Model):
    """A stretch of the club's calendar, both days included; a match belongs to the
    season its finishing day falls in (or to none)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=60)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))

    class Meta:
        ordering = ["start"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(start__lte=models.F("end")), name="season_dates"
            )
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.start and self.end and self.start > self.end:
            raise ValidationError(_("A season ends on or after the day it starts."))
        if self.start and self.end and self.club_id:
            overlapping = Season.objects.filter(
                club_id=self.club_id, start__lte=self.end, end__gte=self.start
            ).exclude(pk=self.pk)
            if overlapping.exists():
                raise ValidationError(
                    _("The dates overlap the season “%(name)s”.")
                    % {"name": overlapping.first().name}
                )


class Rated(models.Model):
    """A rating as the model keeps it (``mu``, ``sigma``), shown on the friendly scale."""

    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        abstract = True

    @property
    def figure(self) -> int:
        return model.figure(self.mu, self.sigma)


class Rating(Rated):
    """A player's rating in one game at one club, as their last match of ``season`` left
    it (no season: the matches outside every season the club named), and how many matches
    of that season it counts."""

    player = models.ForeignKey("ledger.Player", on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    game = models.CharField(_("game"), max_length=30, choices=game_choices)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE)
    played = models.PositiveIntegerField()
    last_played_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["club", "game", "season"], name="rating_list")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.game} {self.figure}"


class RatingChange(models.Model):
    """What one finished match did to one player's rating: before and after, the
    partners and opponents (names, as at the rebuild), and what the model expected."""

    match = models.ForeignKey("ledger.Match", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("ledger.Player", on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=30, choices=game_choices)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE)
    finished_at = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    # The player's matches in the season, this one included.
    played = models.PositiveIntegerField()
    # 1 for the winners; sides level share a place.
    place = models.PositiveSmallIntegerField()
    sides = models.PositiveSmallIntegerField()
    expected_win = models.FloatField()
    expected_place = models.PositiveSmallIntegerField()
    partners = models.JSONField(default=list)
    opponents = models.JSONField(default=list)  # one list of names per opposing side

    class Meta:
        ordering = ["finished_at", "match_id", "player_id"]
        indexes = [
            models.Index(fields=["club", "game", "finished_at", "match"], name="change_stream"),
            models.Index(fields=["player", "club", "game", "finished_at"], name="change_player"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} {self.player_id}"

    @property
    def figure_before(self) -> int:
        return model.figure(self.mu_before, self.sigma_before)

    @property
    def figure(self) -> int:
        return model.figure(self.mu, self.sigma)

    @property
    def moved(self) -> int:
        return self.figure - self.figure_before
