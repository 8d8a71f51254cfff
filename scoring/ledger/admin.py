from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring.ledger.models import (
    Hand,
    HandRevision,
    HandScore,
    Match,
    Player,
    Seat,
    Side,
)
from scoring.ledger.standing import forget_access


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


class LedgerOnly:
    """Hands, scores and totals change only through the ledger (Match.record_hand and
    friends), which keeps totals, revisions and the live version right: the admin may
    look, never add, change or delete them behind its back."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class SideInline(LedgerOnly, admin.TabularInline):
    model = Side
    extra = 0
    readonly_fields = ["total", "won"]


class HandScoreInline(LedgerOnly, admin.TabularInline):
    model = HandScore
    extra = 0
    readonly_fields = ["side", "total", "lines"]


class HandRevisionInline(LedgerOnly, admin.TabularInline):
    model = HandRevision
    extra = 0
    readonly_fields = ["revision", "entry", "scores", "recorded_by", "replaced_by", "replaced_at"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["name"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["pk", "game", "status", "target", "updated_at"]
    list_filter = ["game", "status"]
    inlines = [SideInline]
    # Who may see and change it can be set here; the score cannot. The tokens are shown
    # so staff can hand a table the scorer link of a match made before accounts.
    readonly_fields = [
        "game",
        "edit_token",
        "share_token",
        "status",
        "target",
        "options",
        "version",
        "finished_at",
    ]
    # The game, who may see and change the match, then all the ledger alone writes.
    fields = ["game", "owner", "club", "private", *readonly_fields[1:]]
    raw_id_fields = ["owner"]
    actions = ["renew_links"]

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        forget_access([obj.code])  # the live poll reads who may see it afresh

    @admin.action(description=_("Replace the scorer and read-only links"))
    def renew_links(self, request, queryset) -> None:
        """The old links of the chosen matches stop at once, on every phone."""
        matches = list(queryset)
        for match in matches:
            match.renew_links(scorer=True, watch=True)
        count = len(matches)
        text = ngettext(
            "New links for %(count)d match.", "New links for %(count)d matches.", count
        )
        self.message_user(request, text % {"count": count}, messages.SUCCESS)


@admin.register(Side)
class SideAdmin(LedgerOnly, admin.ModelAdmin):
    list_display = ["name", "match", "position", "total", "won"]
    inlines = [SeatInline]


@admin.register(Hand)
class HandAdmin(LedgerOnly, admin.ModelAdmin):
    """Read-only: hands change through the match page so totals and revisions stay right."""

    list_display = ["match", "number", "revision", "created_at", "undone_at"]
    list_filter = ["match__game"]
    inlines = [HandScoreInline, HandRevisionInline]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
