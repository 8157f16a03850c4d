"""A player's settings for the play site, one row per user (the confirm-moves preference)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_outbox"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Preferences",
            fields=[
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name="preferences", serialize=False,
                                              to=settings.AUTH_USER_MODEL)),
                ("confirm_moves", models.BooleanField(default=False, help_text="preview every move with Confirm and Cancel")),
                ("updated_at", models.DateTimeField(auto_now=True)),
            ],
        ),
    ]
