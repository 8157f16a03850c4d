import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True
    dependencies = [("games", "0010_game_rules_version")]

    operations = [
        migrations.CreateModel(
            name="Checkpoint",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("size", models.PositiveBigIntegerField(unique=True)),
                ("root", models.CharField(help_text="the tree's root hash, hex", max_length=64)),
                ("origin", models.CharField(max_length=200)),
                ("key_id", models.CharField(max_length=16)),
                ("at", models.DateTimeField()),
                ("note", models.TextField(help_text="the checkpoint as a signed note (C2SP tlog-checkpoint)")),
            ],
            options={"ordering": ["size"]},
        ),
        migrations.CreateModel(
            name="LogEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("index", models.PositiveBigIntegerField(help_text="the leaf's position in the tree, from 0", unique=True)),
                ("kind", models.CharField(choices=[("head", "Head"), ("key", "Key")], max_length=8)),
                ("seq", models.PositiveIntegerField(blank=True, null=True)),
                ("hash", models.CharField(help_text="the head's event hash, or the key's fingerprint", max_length=64)),
                ("public_key", models.CharField(blank=True, help_text="a key entry: base64 of the raw key", max_length=64)),
                ("leaf_hash", models.CharField(help_text="SHA-256(0x00 || leaf), hex", max_length=64)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "game",
                    models.ForeignKey(
                        blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                        related_name="+", to="games.game",
                    ),
                ),
            ],
            options={
                "ordering": ["index"],
                "indexes": [models.Index(fields=["game", "seq"], name="transparency_entry_game_seq")],
            },
        ),
    ]
