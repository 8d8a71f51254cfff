"""Clubs: people who play together, their roles, their invitations and their guests.

A club's matches are seen by every member and changed by its scorers and admins
(``scoring.ledger.access`` decides; nothing here grants anything on its own).
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.ledger.validators import validate_name

# How long an invitation link works: long enough to reach everyone in a group chat,
# short enough that an old message is not a key to the club forever.
INVITATION_DAYS = 7


def new_club_code() -> str:
    """A club's address: unguessable, like a match's."""
    return secrets.token_urlsafe(9)


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


class Role(models.TextChoices):
    ADMIN = "admin", _("Admin")  # invites, sets roles, scores
    SCORER = "scorer", _("Scorer")  # starts and changes the club's matches
    MEMBER = "member", _("Member")  # follows the club's matches


# Roles that may change a club's matches.
SCORING_ROLES = frozenset({Role.ADMIN, Role.SCORER})


class Club(models.Model):
    code = models.CharField(max_length=16, unique=True, default=new_club_code, editable=False)
    name = models.CharField(_("name"), max_length=60, validators=[validate_name])
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club", args=[self.code])

    def role_of(self, user) -> str | None:
        if not getattr(user, "is_authenticated", False):
            return None
        return self.memberships.filter(user=user).values_list("role", flat=True).first()


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "user__username"]
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user} · {self.club} ({self.role})"


class InvitationQuerySet(models.QuerySet["Invitation"]):
    def usable(self) -> InvitationQuerySet:
        return self.filter(expires_at__gt=timezone.now(), revoked=False)


def default_expiry():
    return timezone.now() + timedelta(days=INVITATION_DAYS)


class Invitation(models.Model):
    """A link that makes whoever opens it (logged in) a member with ``role``, until it
    expires or an admin revokes it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(
        max_length=40, unique=True, default=new_invitation_token, editable=False
    )
    role = models.CharField(_("role"), max_length=10, choices=Role, default=Role.MEMBER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(default=default_expiry)
    revoked = models.BooleanField(default=False)

    objects = InvitationQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.club} · {self.role} until {self.expires_at:%Y-%m-%d}"

    def get_absolute_url(self) -> str:
        return reverse("clubs:join", args=[self.token])

    @property
    def is_usable(self) -> bool:
        return not self.revoked and self.expires_at > timezone.now()

    def accept(self, user) -> Membership:
        """Join the club; someone already in it keeps the higher of their two roles."""
        membership, created = Membership.objects.get_or_create(
            club=self.club, user=user, defaults={"role": self.role}
        )
        order = [Role.MEMBER, Role.SCORER, Role.ADMIN]
        if not created and order.index(Role(self.role)) > order.index(Role(membership.role)):
            membership.role = self.role
            membership.save(update_fields=["role"])
        return membership


class Guest(models.Model):
    """Someone who plays with the club without an account: a name the club keeps."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="guests")
    name = models.CharField(_("name"), max_length=60, validators=[validate_name])
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "club", models.functions.Lower("name"), name="guest_name_unique"
            )
        ]

    def __str__(self) -> str:
        return self.name


def roster_names(user: Any) -> list[str]:
    """The names the people of ``user``'s clubs play under, to offer as a match is set up:
    each club's guests, and its members by their account's name (their full name if
    they gave one). Nobody outside those clubs: an anonymous phone gets none."""
    if not getattr(user, "is_authenticated", False):
        return []
    clubs = Membership.objects.filter(user=user).values("club_id")
    guests = Guest.objects.filter(club__in=clubs).values_list("name", flat=True)
    members = get_user_model().objects.filter(memberships__club__in=clubs).distinct()
    names = {*guests, *(member.get_full_name() or member.get_username() for member in members)}
    return sorted(names, key=str.lower)
