from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_delete


def standing_changed(sender: Any, **kwargs: Any) -> None:
    from scoring.records.models import StandingGeneration

    StandingGeneration.move()


def match_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    if instance.is_finished:
        standing_changed(sender)


class RecordsConfig(AppConfig):
    name = "scoring.records"
    label = "records"
    verbose_name = "Records"

    def ready(self) -> None:
        from scoring.ledger.models import Match
        from scoring.ledger.standing import standing_changed as changed

        changed.connect(standing_changed, dispatch_uid="records-standing-changed")
        post_delete.connect(match_deleted, sender=Match, dispatch_uid="records-match-deleted")
