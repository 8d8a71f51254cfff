from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("records", "0001_initial")]

    operations = [
        # The records' cache key reads the ledger's latest change (Max(updated_at)): an
        # index makes that one step instead of a scan of every match.
        migrations.RunSQL(
            "CREATE INDEX IF NOT EXISTS records_match_updated ON ledger_match (updated_at)",
            "DROP INDEX IF EXISTS records_match_updated",
        ),
    ]
