"""Clubs: start one, invite people by a link that expires, give roles, keep guests.

Anyone not in a club is told it does not exist (404), as for a private match."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring.clubs.forms import ClubForm, GuestForm, InvitationForm, RoleForm
from scoring.clubs.models import SCORING_ROLES, Club, Invitation, Membership, Role
from scoring.ledger.models import Match
from scoring.ledger.pages import listed_items


def _club_of(request: HttpRequest, code: str, *roles: str) -> tuple[Club, str]:
    """The club and the user's role in it; 404 for anyone outside it (or without one of
    ``roles``, when given)."""
    club = Club.objects.filter(code=code).first()
    role = club.role_of(request.user) if club is not None else None
    if role is None or (roles and role not in roles):
        raise Http404("no such club")
    return club, role


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def clubs(request: HttpRequest) -> HttpResponse:
    """This user's clubs, and a club started from here (its starter is its admin)."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            club = form.save(commit=False)
            club.created_by = request.user
            club.save()
            Membership.objects.create(club=club, user=request.user, role=Role.ADMIN)
        return redirect(club)
    memberships = Membership.objects.filter(user=request.user).select_related("club")
    return render(request, "clubs/clubs.html", {"memberships": memberships, "form": form})


@require_safe
@login_required
def club(request: HttpRequest, code: str) -> HttpResponse:
    club, role = _club_of(request, code)
    matches = Match.objects.filter(club=club)
    context = {
        "club": club,
        "role": Role(role).label,
        "is_admin": role == Role.ADMIN,
        "can_score": role in SCORING_ROLES,
        "memberships": club.memberships.select_related("user"),
        "guests": club.guests.all(),
        "events": club.events.all()[:20],
        "invitations": club.invitations.usable() if role == Role.ADMIN else [],
        "in_progress": listed_items(list(matches.in_progress()[:50])),
        "finished": listed_items(list(matches.finished().order_by("-finished_at")[:20])),
        "guest_form": GuestForm(club),
        "invitation_form": InvitationForm(),
        "roles": Role.choices,
    }
    return render(request, "clubs/club.html", context)


@require_POST
@login_required
def invite(request: HttpRequest, code: str) -> HttpResponse:
    """A new invitation link (admins only); it works for INVITATION_DAYS days."""
    club, _role = _club_of(request, code, Role.ADMIN)
    form = InvitationForm(request.POST)
    if form.is_valid():
        invitation = form.save(commit=False)
        invitation.club = club
        invitation.created_by = request.user
        invitation.save()
        messages.success(request, _("Invitation link made. Send it to whoever you invite."))
    return redirect(club)


@require_POST
@login_required
def revoke(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    club, _role = _club_of(request, code, Role.ADMIN)
    club.invitations.filter(pk=pk).update(revoked=True)
    return redirect(club)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation link: asks before joining (a link preview must not join anyone)."""
    invitation = get_object_or_404(Invitation.objects.usable().select_related("club"), token=token)
    if request.method == "POST":
        invitation.accept(request.user)
        messages.success(request, _("You joined %(club)s.") % {"club": invitation.club.name})
        return redirect(invitation.club)
    return render(request, "clubs/join.html", {"invitation": invitation})


@require_POST
@login_required
def set_role(request: HttpRequest, code: str, pk: int) -> HttpResponse:
    """An admin gives a member another role, or removes them (role "remove"). The last
    admin cannot leave the club without an admin."""
    club, _role = _club_of(request, code, Role.ADMIN)
    membership = get_object_or_404(Membership, club=club, pk=pk)
    admins = club.memberships.filter(role=Role.ADMIN)
    last_admin = membership.role == Role.ADMIN and admins.count() == 1
    if request.POST.get("role") == "remove":
        if last_admin:
            messages.error(request, _("A club needs an admin."))
        else:
            membership.delete()
        return redirect(club)
    form = RoleForm(request.POST, instance=membership)
    if form.is_valid():
        if last_admin and form.cleaned_data["role"] != Role.ADMIN:
            messages.error(request, _("A club needs an admin."))
        else:
            form.save()
    return redirect(club)


@require_POST
@login_required
def add_guest(request: HttpRequest, code: str) -> HttpResponse:
    """A named guest: someone who plays with the club without an account."""
    club, _role = _club_of(request, code, *SCORING_ROLES)
    form = GuestForm(club, request.POST)
    if form.is_valid():
        form.save()
    else:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
    return redirect(club)
