"""Admin: games, seats and snapshots browsable; events strictly read-only, for superusers too."""

import json

from django.contrib import admin

from games.models import Event, Game, Seat, Snapshot


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    readonly_fields = ("number", "user", "bot", "client_seed", "taken_at")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "players", "status", "seq", "created_at", "updated_at")
    list_filter = ("name", "status", "created_at")
    search_fields = ("id", "seats__user__username")
    readonly_fields = ("seq", "to_act", "outcome", "seed_hash", "head_hash", "created_by")
    exclude = ("seed",)
    inlines = [SeatInline]


WITHHELD = "(hidden until the game ends)"


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "kind", "actor", "shown_notation", "created_at")
    list_filter = ("kind", "game__name")
    search_fields = ("game__id", "actor")
    fields = ("game", "seq", "kind", "actor", "shown_notation", "shown_payload", "created_at", "prev_hash", "hash")
    readonly_fields = fields

    # Staff never see a running game's hidden outcome either (the seed commitment proves it fixed).
    @admin.display(description="action")
    def shown_notation(self, event):
        return WITHHELD if event.secret and not event.game.is_over else event.notation

    @admin.display(description="payload")
    def shown_payload(self, event):
        if event.secret and not event.game.is_over:
            return WITHHELD
        return json.dumps(event.payload, indent=2, sort_keys=True)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Snapshot)
class SnapshotAdmin(admin.ModelAdmin):
    list_display = ("game", "seq", "created_at")
    fields = ("game", "seq", "shown_document", "created_at")
    readonly_fields = fields

    @admin.display(description="document")
    def shown_document(self, snapshot):
        return snapshot.document if snapshot.game.is_over else WITHHELD

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
