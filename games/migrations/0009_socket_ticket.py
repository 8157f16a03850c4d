"""WebSocket tickets; existing user names moved to their canonical form (games.accounts)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def canonical_names(apps, schema_editor):
    """Store each name as games.accounts.canonical does; a name whose canonical form is already
    taken keeps its spelling (a moderator renames it): a migration must not merge two accounts."""
    import unicodedata

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    taken = set(User.objects.values_list("username", flat=True))
    for user in User.objects.only("pk", "username"):
        name = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", user.username).casefold()).strip()
        if name != user.username and name not in taken:
            taken.add(name)
            User.objects.filter(pk=user.pk).update(username=name)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_sqlite_events_append_only'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='SocketTicket',
            fields=[
                ('digest', models.CharField(max_length=64, primary_key=True, serialize=False)),
                ('token_digest', models.CharField(blank=True, default='', max_length=128)),
                ('session_key', models.CharField(blank=True, default='', max_length=40)),
                ('expires_at', models.DateTimeField(db_index=True)),
                ('used_at', models.DateTimeField(blank=True, null=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
        ),
        migrations.RunPython(canonical_names, migrations.RunPython.noop),
    ]
