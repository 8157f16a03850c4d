"""The ``auditors`` group: read-only access to every game's full history once it has ended."""

from django.db import migrations

AUDITORS = "auditors"


def create(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=AUDITORS)


def remove(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=AUDITORS).delete()


class Migration(migrations.Migration):
    dependencies = [("games", "0003_service_clock_ratings_moderation"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(create, remove)]
