"""Each snapshot names the rules version that wrote it (1: every snapshot made before versions)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0010_game_rules_version")]

    operations = [
        migrations.AddField(
            model_name="snapshot",
            name="rules_version",
            field=models.PositiveSmallIntegerField(default=1),
        ),
    ]
