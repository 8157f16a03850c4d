"""Each game remembers the rules version it was created under (1: every game made before versions)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0009_socket_ticket")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rules_version",
            field=models.PositiveSmallIntegerField(default=1),
        ),
    ]
