"""The records app keeps no match data of its own (the ledger's Side.total, Side.won and
HandScore are the records); it only holds the API's tokens."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def token_digest(token: str) -> str:
    """Tokens are stored hashed: a leaked database does not leak working tokens."""
    return hashlib.sha256(token.encode()).hexdigest()


class ApiToken(models.Model):
    """A bearer token for /api/v1/records/: whoever holds it acts as ``user``."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=60, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} {self.name or self.pk}"

    @classmethod
    def issue(cls, user, name: str = "") -> tuple[ApiToken, str]:
        """A new token for ``user``; the clear text is returned once and never stored."""
        clear = "tento_" + secrets.token_urlsafe(32)
        return cls.objects.create(user=user, name=name, digest=token_digest(clear)), clear

    @classmethod
    def user_for(cls, clear: str):
        token = cls.objects.select_related("user").filter(digest=token_digest(clear)).first()
        if token is None or not token.user.is_active:
            return None
        cls.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        return token.user
