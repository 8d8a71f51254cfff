"""The records app keeps no match data of its own (the ledger's Side.total, Side.won and
HandScore are the records); it only holds the API's tokens: named, listed on the account's
page and in the admin, revoked by deleting them, and ending at ``expires_at`` if set."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def token_digest(token: str) -> str:
    """Tokens are stored hashed: a leaked database does not leak working tokens."""
    return hashlib.sha256(token.encode()).hexdigest()


class ApiTokenQuerySet(models.QuerySet["ApiToken"]):
    def usable(self) -> ApiTokenQuerySet:
        """Tokens that still work: not expired, of an active account."""
        unexpired = models.Q(expires_at=None) | models.Q(expires_at__gt=timezone.now())
        return self.filter(unexpired, user__is_active=True)


class ApiToken(models.Model):
    """A bearer token for /api/v1/records/: whoever holds it acts as ``user``, until it
    expires or is revoked (deleted)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(
        _("expires"), null=True, blank=True, help_text=_("Empty: until it is revoked.")
    )

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} {self.name or self.pk}"

    @property
    def is_expired(self) -> bool:
        return self.expires_at is not None and self.expires_at <= timezone.now()

    @classmethod
    def issue(cls, user, name: str = "", *, days: int | None = None) -> tuple[ApiToken, str]:
        """A new token for ``user``, working for ``days`` (None: until revoked); the
        clear text is returned once and never stored."""
        clear = "tento_" + secrets.token_urlsafe(32)
        expires = timezone.now() + timedelta(days=days) if days else None
        token = cls.objects.create(
            user=user, name=name, digest=token_digest(clear), expires_at=expires
        )
        return token, clear

    @classmethod
    def user_for(cls, clear: str):
        """The account a usable token acts as (noting when it was used), or None."""
        found = cls.objects.usable().select_related("user")
        token = found.filter(digest=token_digest(clear)).first()
        if token is None:
            return None
        cls.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        return token.user


class StandingGeneration(models.Model):
    """One row: a number moved by everything that may change a standing — a match
    finishing, a correction, undo or redo in a finished match, a finished match deleted
    (``standing.standing_changed``, ``post_delete``). The standings pages and the records
    API are kept under it, so a hand of a match still going on keeps them."""

    value = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"standing generation {self.value}"

    @classmethod
    def move(cls) -> None:
        """One more, in the change's own transaction: the standings it makes and the
        generation they are kept under commit together."""
        if not cls.objects.filter(pk=1).update(value=models.F("value") + 1):
            cls.objects.get_or_create(pk=1)
            cls.objects.filter(pk=1).update(value=models.F("value") + 1)
