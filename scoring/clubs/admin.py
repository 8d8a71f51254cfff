from django.contrib import admin

from scoring.clubs.models import Club, Guest, Invitation, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


class GuestInline(admin.TabularInline):
    model = Guest
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline, GuestInline]


@admin.register(Invitation)
class InvitationAdmin(admin.ModelAdmin):
    list_display = ["club", "role", "expires_at", "revoked"]
    list_filter = ["revoked"]
