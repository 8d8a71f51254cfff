from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoring.kit.rulebook import RuleText

RULES: tuple[RuleText, ...] = (
    RuleText(
        "free.points",
        _("Points"),
        text=_("Each hand, every side scores the number entered for it; it may be negative."),
        section=_("Hands"),
    ),
    RuleText(
        "free.end.target",
        _("Reaching the target"),
        text=_(
            "With a target, the match ends after the hand in which a side reaches it. If "
            "the highest total wins, the highest total among the sides that reached it "
            "wins; if the lowest wins, the lowest total of all sides wins. A tie for the "
            "win plays another hand."
        ),
        section=_("End of the match"),
    ),
    RuleText(
        "free.end.closing",
        _("Ending without a target"),
        text=_(
            "Without a target the players end the match when they like; the side with the "
            "best total wins, and sides that tie for it share the win."
        ),
        section=_("End of the match"),
    ),
)
