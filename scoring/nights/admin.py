from django.contrib import admin

from scoring.nights.models import Closing, ResultsByMail


@admin.register(Closing)
class ClosingAdmin(admin.ModelAdmin):
    list_display = ["event", "closed_at", "mailed_at"]
    raw_id_fields = ["event", "closed_by"]


@admin.register(ResultsByMail)
class ResultsByMailAdmin(admin.ModelAdmin):
    list_display = ["membership", "asked_at"]
    raw_id_fields = ["membership"]
