from django.contrib import admin

from scoring.ledger.models import Hand, HandRevision, HandScore, Match, Player, Seat, Side


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


class SideInline(admin.TabularInline):
    model = Side
    extra = 0
    readonly_fields = ["total", "won"]


class HandScoreInline(admin.TabularInline):
    model = HandScore
    extra = 0
    readonly_fields = ["side", "total", "lines"]


class HandRevisionInline(admin.TabularInline):
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
    readonly_fields = ["version", "finished_at"]


@admin.register(Side)
class SideAdmin(admin.ModelAdmin):
    list_display = ["name", "match", "position", "total", "won"]
    inlines = [SeatInline]


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Read-only: hands change through the match page so totals and revisions stay right."""

    list_display = ["match", "number", "revision", "created_at", "undone_at"]
    list_filter = ["match__game"]
    inlines = [HandScoreInline, HandRevisionInline]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_add_permission(self, request) -> bool:
        return False
