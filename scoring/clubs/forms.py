from __future__ import annotations

from django import forms
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from scoring.clubs.models import SCORING_ROLES, Club, Guest, Invitation, Membership, Role


def scoring_clubs(user) -> QuerySet[Club]:
    """The clubs whose matches this user may start and change."""
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(
        memberships__user=user, memberships__role__in=list(SCORING_ROLES)
    ).distinct()


def posted_club(request: HttpRequest) -> Club | None:
    """The club a new match is started for (its code posted as ``club``), if the user
    may score for it; otherwise the match is the user's (or the phone's) own."""
    code = request.POST.get("club", "")
    if not code or "\x00" in code:  # PostgreSQL cannot look up a string with a NUL
        return None
    return scoring_clubs(request.user).filter(code=code).first()


# The forms with nothing of their own beyond the model field they set.
ClubForm = forms.modelform_factory(Club, fields=["name"])
InvitationForm = forms.modelform_factory(Invitation, fields=["role"])


class GuestForm(forms.ModelForm):
    class Meta:
        model = Guest
        fields = ["name"]

    def __init__(self, club: Club, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.instance.club = club

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if Guest.objects.filter(club=self.instance.club, name__iexact=name).exists():
            raise forms.ValidationError(_("The club already has a guest with that name."))
        return name


class RoleForm(forms.ModelForm):
    class Meta:
        model = Membership
        fields = ["role"]
        widgets = {"role": forms.Select(choices=Role.choices)}
