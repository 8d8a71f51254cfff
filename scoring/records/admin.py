from __future__ import annotations

from django.contrib import admin

from scoring.records.models import ApiToken


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Every account's API tokens: who, what for, when last used, until when. Staff
    revoke one by deleting it, or cut it short with an expiry; a token's text is shown
    only to whoever made it (the account page, ``manage.py api_token``), so none is made
    here."""

    list_display = ["name", "user", "created_at", "last_used_at", "expires_at"]
    list_filter = ["expires_at"]
    search_fields = ["name", "user__username"]
    fields = ["user", "name", "created_at", "last_used_at", "expires_at"]
    readonly_fields = ["user", "created_at", "last_used_at"]

    def has_add_permission(self, request) -> bool:
        return False
