from __future__ import annotations

from typing import Any

from django import template

from scoring.nights.models import Closing, ResultsByMail

register = template.Library()


@register.inclusion_tag("nights/_mail_choice.html", takes_context=True)
def results_mail_choice(context: dict[str, Any], club: Any) -> dict[str, Any]:
    """The member's opt-in to the club's nights by e-mail, on the club's page."""
    user = context["request"].user
    member = getattr(user, "is_authenticated", False) and club.memberships.filter(user=user)
    return {
        "club": club,
        "member": bool(member and member.exists()),
        "asked": bool(member and ResultsByMail.objects.filter(membership__in=member).exists()),
        "has_email": bool(getattr(user, "email", "")),
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def night_closing(event: Any) -> Closing | None:
    return Closing.objects.filter(event=event).first()
