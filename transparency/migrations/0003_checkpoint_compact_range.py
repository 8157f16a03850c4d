"""Each checkpoint keeps its tree's compact range, so the next one appends without reading every leaf.

Nullable: adding it is then a plain ALTER TABLE on SQLite too (a NOT NULL column would make Django
copy the table, and the copy would lose 0002's append-only triggers).
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("transparency", "0002_append_only")]

    operations = [
        migrations.AddField(
            model_name="checkpoint",
            name="compact_range",
            field=models.TextField(
                blank=True,
                null=True,
                help_text="the tree's right edge (its perfect subtrees' roots, largest first, hex, "
                "space-separated): the next checkpoint appends to it instead of reading every leaf again; "
                "empty on older checkpoints",
            ),
        ),
    ]
