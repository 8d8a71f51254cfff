"""The director closes the night: the tables that played their hands end as they stand,
and every club member who asked for it gets their night by e-mail, once, however many
times close is tapped."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.events import models as events
from scoring.events.models import Entrant, Event
from scoring.events.standing import board_of
from scoring.nights.models import Closing
from scoring.nights.night import night_of, summary_text
from scoring.nights.ratings import rating_changes


def close_night(event: Event, *, by: Any = None, base_url: str = "") -> int:
    """Close the night and mail the results; returns how many mails went (none on a
    second close). ``base_url``: the site's address the mails link to. Refused
    (ValidationError) while a table of the last round still plays."""
    board = board_of(event)
    playing = [table for table in board.current_tables() if not table.done]
    if playing:
        raise ValidationError(
            _("Table %(n)s is still playing: it must finish, or be closed, before the night ends.")
            % {"n": playing[0].number},
            code="playing",
        )
    events.settle(board)
    try:
        with transaction.atomic():
            closing, _made = Closing.objects.get_or_create(event=event, defaults={"closed_by": by})
    except IntegrityError:  # another director's close committed first
        closing = Closing.objects.get(event=event)
    event.touch()  # the event page shows the results from now on
    if settings.ROOM and not settings.MAILERS_SEND:
        # A room with no internet: nothing can be sent, so nothing is claimed; closed
        # again on the hosted Tento after the import, the night is mailed from there.
        return 0
    # One update claims the mailing: whoever sets mailed_at sends, nobody else does.
    claimed = Closing.objects.filter(pk=closing.pk, mailed_at__isnull=True).update(
        mailed_at=timezone.now()
    )
    if not claimed:
        return 0
    return mail_results(event, base_url or settings.TENTO_BASE_URL)


def recipients(event: Event) -> dict[int, list[Any]]:
    """Each entrant's members who asked for the club's nights by mail and have an
    address: a member plays under their full name, or else their username."""
    User = get_user_model()
    asking = User.objects.filter(
        memberships__club=event.club, memberships__results_by_mail__isnull=False
    ).exclude(email="")
    by_name = {(user.get_full_name() or user.get_username()).lower(): user for user in asking}
    found: dict[int, list[Any]] = {}
    for entrant in event.entrants.all():
        users = [by_name[name.lower()] for name in entrant.players if name.lower() in by_name]
        if users:
            found[entrant.pk] = users
    return found


def mail_results(event: Event, base_url: str) -> int:
    board = board_of(event)
    by_pk: dict[int, Entrant] = {e.pk: e for e in board.entrants}
    changes = rating_changes(board)  # one query for every entrant's mail
    sent = 0
    # In the club's language (the site's): the members read it, not the director.
    with translation.override(settings.LANGUAGE_CODE):
        for entrant_pk, users in recipients(event).items():
            night = night_of(board, by_pk[entrant_pk])
            night.ratings = changes.get(entrant_pk, [])
            url = base_url + reverse("nights:night", args=[event.code, entrant_pk])
            subject = _("Your night at %(event)s") % {"event": event.name}
            body = summary_text(night, url)
            sent += send_mail(subject, body, None, [user.email for user in users])
    return sent
