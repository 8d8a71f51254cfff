from django.apps import AppConfig

from scoring.events.rules import RULES
from scoring.kit.rulebook import register


class EventsConfig(AppConfig):
    name = "scoring.events"
    label = "events"

    def ready(self) -> None:
        # As a game's config does: the events' rule texts become known to the rulebook
        # (/rules/events/, the 422s of the events API) when Django starts.
        register(RULES)
        # The event's directors rule on its tables' disputes, as the club's admins do.
        from scoring.acceptance.table import DIRECTORS
        from scoring.events.models import directs_table

        if directs_table not in DIRECTORS:
            DIRECTORS.append(directs_table)
