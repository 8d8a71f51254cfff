from django.contrib import admin

from scoring.events.models import Entrant, Event, Round, Table


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "game", "kind", "format", "created_at"]
    list_filter = ["kind", "format", "game"]
    search_fields = ["name", "club__name"]
    raw_id_fields = ["club", "created_by"]
    filter_horizontal = ["directors"]
    inlines = [EntrantInline]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    raw_id_fields = ["match", "closed_by"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "seed", "drawn_at"]
    raw_id_fields = ["event", "drawn_by"]
    inlines = [TableInline]
