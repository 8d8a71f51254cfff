# Who may see and change a match: an owner, a club, a scorer token and a share token.
#
# Matches made before this migration have no owner and no club. They become public
# read-only: whoever already has a match's address can still follow it, but nobody can
# change it without its scorer link, which the site's staff find in the admin and hand
# to the table. New matches are private by default.

import scoring.ledger.models
from django.conf import settings
from django.db import migrations, models
import django.db.models.deletion


def give_tokens(apps, schema_editor):
    Match = apps.get_model("ledger", "Match")
    for match in Match.objects.all().only("pk"):
        match.edit_token = scoring.ledger.models.new_token()
        match.share_token = scoring.ledger.models.new_token()
        match.save(update_fields=["edit_token", "share_token"])


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0001_initial"),
        ("ledger", "0002_kit_state_drafts_codes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="owner",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="matches", to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name="match",
            name="club",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="matches", to="clubs.club"),
        ),
        # Existing matches stay readable by whoever has their address (private=False);
        # the default for every match made from now on is private.
        migrations.AddField(
            model_name="match",
            name="private",
            field=models.BooleanField(default=False, verbose_name="private"),
        ),
        migrations.AlterField(
            model_name="match",
            name="private",
            field=models.BooleanField(default=True, verbose_name="private"),
        ),
        migrations.AddField(
            model_name="match",
            name="edit_token",
            field=models.CharField(editable=False, max_length=40, null=True),
        ),
        migrations.AddField(
            model_name="match",
            name="share_token",
            field=models.CharField(editable=False, max_length=40, null=True),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="match",
            name="edit_token",
            field=models.CharField(default=scoring.ledger.models.new_token, editable=False, max_length=40, unique=True),
        ),
        migrations.AlterField(
            model_name="match",
            name="share_token",
            field=models.CharField(default=scoring.ledger.models.new_token, editable=False, max_length=40, unique=True),
        ),
    ]
