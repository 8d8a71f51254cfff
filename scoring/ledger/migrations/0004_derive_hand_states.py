"""Hands stored before their running state was kept get it once, here, by playing their
match through its game; the ledger no longer repairs them as it reads."""

from django.db import migrations


def derive_states(apps, schema_editor):
    from referee.rulings import Breakdown
    from scoring.kit.match import MatchView, SideView
    from scoring.kit.registry import get_game

    Hand = apps.get_model("ledger", "Hand")
    Match = apps.get_model("ledger", "Match")
    missing = Hand.objects.filter(state__isnull=True, undone_at__isnull=True)
    for match in Match.objects.filter(pk__in=missing.values("match_id")):
        game = get_game(match.game)
        sides = list(match.sides.order_by("position").prefetch_related("seats__player"))
        totals = {side.pk: 0 for side in sides}
        state = {}
        hands = match.hands.filter(undone_at__isnull=True).order_by("number")
        for hand in hands.prefetch_related("scores"):
            view = MatchView(
                options=match.options,
                target=match.target,
                sides=tuple(
                    SideView(
                        side.position,
                        side.name,
                        tuple(seat.player.name for seat in side.seats.order_by("order")),
                        totals[side.pk],
                    )
                    for side in sides
                ),
                hands_played=hand.number - 1,
                state=state,
            )
            scores = sorted(
                hand.scores.all(), key=lambda s: [x.pk for x in sides].index(s.side_id)
            )
            if hand.state is None:
                breakdowns = [Breakdown.from_dict({"lines": score.lines}) for score in scores]
                hand.state = game.state_after(view, hand.entry, breakdowns)
                hand.save(update_fields=["state"])
            state = hand.state
            for score in scores:
                totals[score.side_id] += score.total


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_access")]

    operations = [migrations.RunPython(derive_states, migrations.RunPython.noop)]
