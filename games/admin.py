"""Admin: games, seats, events, snapshots, users, reports, sanctions and the game chat.

Nothing here edits history. Games, seats, events and snapshots are read-only for everyone, superusers
included (a game row is a cache of its events); moderators change a game only through the moderation
form, whose acts are appended as events by ``games.moderation``. A running game's hidden parts are
withheld here as everywhere else, and no changelist filters, searches or sorts on a hidden field: the
admin site guards every admin registered on it (``games.adminguard``).
"""

import json

from django import forms
from django.apps import apps
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.contrib.auth.models import User
from django.shortcuts import get_object_or_404, redirect
from django.template import engines
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from engine import get_game
from engine.bots import LEVELS
from games import accounts, moderation, selectors
from games.errors import ServiceError
from games.inputs import query_number, whole_number
from games.models import (
    ChatMessage,
    ChatModeration,
    ChatMute,
    ChatReport,
    Event,
    Game,
    Outbox,
    Report,
    Sanction,
    Seat,
    Snapshot,
)

WITHHELD = selectors.WITHHELD

#: One small page for the admin's forms and the position viewer (no template files to keep in sync).
PAGE = engines["django"].from_string(
    """{% extends "admin/base_site.html" %}
{% block content %}<h1>{{ title }}</h1>{% if intro %}<p>{{ intro }}</p>{% endif %}
{% if form %}<form method="post">{% csrf_token %}{{ form.as_p }}
{% for name, value in hidden %}<input type="hidden" name="{{ name }}" value="{{ value }}">{% endfor %}
<input type="submit" value="{{ submit }}"></form>{% endif %}
{% if document %}<pre>{{ document }}</pre>{% endif %}{{ extra }}
{% endblock %}"""
)


def _page(model_admin, request, title, **context):
    context = {**model_admin.admin_site.each_context(request), "title": title, "submit": "Apply", **context}
    return TemplateResponse(request, PAGE, context)


class ReadOnly:
    """History is appended by the services, never written from a form (superusers included)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass


# --- games -----------------------------------------------------------------------------------------
class SeatInline(ReadOnly, admin.TabularInline):
    model = Seat
    extra = 0
    fields = readonly_fields = ("number", "user", "bot", "client_seed", "taken_at")


class ModerationForm(forms.Form):
    act = forms.ChoiceField(choices=[
        ("abort", "abort the game"), ("adjudicate", "adjudicate the result"), ("replace_with_bot", "replace a seat with a bot"),
        ("hand_seat", "hand a seat to another user"), ("extend_deadline", "extend the deadline"),
    ])
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=moderation.MAX_REASON)
    seat = forms.CharField(required=False, help_text="seat name or number (replace, hand)")
    level = forms.ChoiceField(required=False, choices=[(k, k) for k in LEVELS], help_text="bot level (replace)")
    username = forms.CharField(required=False, help_text="the new player (hand)")
    winners = forms.CharField(required=False, help_text="seat names, comma-separated; empty is a draw (adjudicate)")
    hours = forms.FloatField(required=False, min_value=0.01, help_text="hours to add (extend)")

    def arguments(self) -> dict:
        data, act = self.cleaned_data, self.cleaned_data["act"]
        number = whole_number(data["seat"])  # "²" is a digit to isdigit, not to int
        seat = data["seat"] if number is None else number
        return {
            "abort": {},
            "adjudicate": {"winners": [w.strip() for w in data["winners"].split(",") if w.strip()]},
            "replace_with_bot": {"seat": seat, "level": data["level"]},
            "hand_seat": {"seat": seat, "username": data["username"]},
            "extend_deadline": {"hours": data["hours"]},
        }[act]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("id", "name", "players", "status", "seq", "seated", "created_at", "updated_at")
    list_filter = ("name", "status", "created_at", "updated_at")
    search_fields = ("=id", "seats__user__username")
    date_hierarchy = "created_at"
    fields = ("name", "players", "options", "status", "seq", "to_act", "outcome", "deadline_at",
              "seed_hash", "revealed_seed", "head_hash", "created_by", "created_at", "tools")
    readonly_fields = fields
    inlines = [SeatInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description="players")
    def seated(self, game):
        return ", ".join(s.player_name or "(open)" for s in game.seats.all())

    @admin.display(description="seed")
    def revealed_seed(self, game):
        return game.seed if game.is_over else WITHHELD

    @admin.display(description="tools")
    def tools(self, game):
        links = [("position", reverse("admin:games_game_position", args=[game.pk]), "position at any event")]
        links.append(("events", f"{reverse('admin:games_event_changelist')}?game__id__exact={game.pk}", "events"))
        if not game.is_over:
            links.append(("moderate", reverse("admin:games_game_moderate", args=[game.pk]), "moderate"))
        return format_html_join(" · ", '<a class="{}" href="{}">{}</a>', links)

    def get_urls(self):
        own = [
            path("<id:game_id>/position/", self.admin_site.admin_view(self.position_view), name="games_game_position"),
            path("<id:game_id>/moderate/", self.admin_site.admin_view(self.moderate_view), name="games_game_moderate"),
        ]
        return own + super().get_urls()

    def position_view(self, request, game_id):
        """The position after any event, replayed (hidden parts withheld while the game runs)."""
        game = get_object_or_404(Game, pk=game_id)
        try:
            seq = query_number(request.GET, "seq", default=game.seq)
            position = selectors.position_at(game, seq)
        except ServiceError:
            messages.error(request, f"seq must be an integer from 0 to {game.seq}")
            return redirect(reverse("admin:games_game_position", args=[game.pk]))
        base = reverse("admin:games_game_position", args=[game.pk])
        steps = [(f"{base}?seq={n}", label) for n, label in ((0, "start"), (seq - 1, "previous"), (seq + 1, "next"), (game.seq, "last"))
                 if 0 <= n <= game.seq]
        extra = format_html(
            '<p>{}</p><form method="get">event <input name="seq" value="{}" size="5"> <input type="submit" value="show"></form>',
            format_html_join(" · ", '<a href="{}">{}</a>', steps), seq,
        )
        scope = "the whole position" if position["full"] else "what a spectator sees (the game is running)"
        return _page(self, request, f"{game}: position after event {seq}", intro=scope, extra=extra,
                     document=json.dumps(position["position"], indent=2, sort_keys=True))

    def moderate_view(self, request, game_id):
        game = get_object_or_404(Game, pk=game_id)
        if not moderation.is_moderator(request.user):
            messages.error(request, "only a moderator (an active staff account) may moderate")
            return redirect(reverse("admin:games_game_change", args=[game.pk]))
        form = ModerationForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            act = getattr(moderation, form.cleaned_data["act"])
            try:
                act(moderator=request.user, game_id=game.pk, reason=form.cleaned_data["reason"], **form.arguments())
            except ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, f"{form.cleaned_data['act'].replace('_', ' ')}: recorded in the game's history")
                return redirect(reverse("admin:games_game_change", args=[game.pk]))
        seats = ", ".join(get_game(game.name).seat_names(game.players))
        return _page(self, request, f"Moderate {game}", form=form, intro=f"Seats: {seats}. Every act is appended "
                     "to the game's history with your name and the reason.")


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "user", "bot", "taken_at")
    list_filter = ("game__name", "game__status", "bot", "taken_at")
    search_fields = ("user__username", "=game__id")
    list_select_related = ("game", "user")


# --- events and snapshots ------------------------------------------------------------------------
@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "kind", "actor", "shown_notation", "created_at")
    list_filter = ("kind", "game__name", "game__status", "created_at")
    # Not the notation: a search would tell whether a running game's hidden outcome matches.
    search_fields = ("=game__id", "actor", "game__seats__user__username")
    list_select_related = ("game",)
    date_hierarchy = "created_at"
    fields = ("game", "seq", "kind", "actor", "shown_notation", "shown_payload", "created_at", "prev_hash", "hash", "position")
    readonly_fields = fields

    def get_object(self, request, object_id, from_field=None):
        # Masked before the page sees it: its title and breadcrumbs print the event (notation included).
        event = super().get_object(request, object_id, from_field)
        if event is not None and event.secret and not event.game.is_over:
            event.notation, event.payload = WITHHELD, {}
        return event

    # Staff never see a running game's hidden outcome either (the seed commitment proves it fixed).
    @admin.display(description="action")
    def shown_notation(self, event):
        return WITHHELD if event.secret and not event.game.is_over else event.notation

    @admin.display(description="payload")
    def shown_payload(self, event):
        if event.secret and not event.game.is_over:
            return WITHHELD
        return format_html("<pre>{}</pre>", json.dumps(event.payload, indent=2, sort_keys=True))

    @admin.display(description="position after this event")
    def position(self, event):
        url = f"{reverse('admin:games_game_position', args=[event.game_id])}?seq={event.seq}"
        return format_html('<a href="{}">show</a>', url)

    def get_search_results(self, request, queryset, search_term):
        queryset, duplicates = super().get_search_results(request, queryset, search_term)
        return queryset.distinct(), False


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "created_at")
    list_filter = ("game__name",)
    search_fields = ("=game__id",)
    fields = ("game", "seq", "shown_document", "created_at")
    readonly_fields = fields

    @admin.display(description="document")
    def shown_document(self, snapshot):
        if not snapshot.game.is_over:
            return WITHHELD
        return format_html("<pre>{}</pre>", json.dumps(json.loads(snapshot.document), indent=2, sort_keys=True))


# --- reports and sanctions -----------------------------------------------------------------------
@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The moderators' queue: open reports first; a report is closed by writing its outcome."""

    list_display = ("id", "status", "reporter", "game", "reported_user", "short_reason", "created_at", "handled_by")
    list_filter = ("status", "created_at")
    search_fields = ("reporter__username", "reported_user__username", "=game__id", "reason")
    list_select_related = ("reporter", "reported_user", "game", "handled_by")
    fields = ("reporter", "game", "reported_user", "reason", "status", "outcome", "handled_by", "created_at", "closed_at")

    @admin.display(description="reason")
    def short_reason(self, report):
        return report.reason if len(report.reason) <= 60 else report.reason[:59] + "…"

    def get_readonly_fields(self, request, obj=None):
        closed = obj is not None and obj.status == Report.Status.CLOSED
        return self.fields if closed else tuple(f for f in self.fields if f != "outcome")

    def has_add_permission(self, request):
        return False  # players file reports; moderators work them

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        try:
            moderation.close_report(moderator=request.user, report_id=obj.pk, outcome=form.cleaned_data.get("outcome", ""))
        except ServiceError as exc:
            messages.error(request, exc.message)


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ("user", "act", "moderator", "reason", "created_at")
    list_filter = ("act", "created_at")
    search_fields = ("user__username", "moderator__username")


@admin.register(Outbox)
class OutboxAdmin(ReadOnlyAdmin):
    """Follow-up work not yet handed off (``games.relay``): a row here for long means a part is away."""

    list_display = ("id", "kind", "game", "seq", "created_at", "attempts", "due_at", "error")
    list_filter = ("kind",)
    fields = readonly_fields = list_display


# --- the game chat: read here, moderated through games.chat (the API) ------------------------------------
# A line names its game by id only: a chat line is no part of the game, and nothing of a game's
# position or seed is shown (or filterable) from here.
@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ("id", "game_id", "room", "author", "text", "created_at", "hidden", "hidden_by", "hidden_reason")
    list_filter = ("room", "hidden")
    search_fields = ("author__username", "text")
    fields = readonly_fields = ("game_id", "room", "author", "text", "created_at", "hidden", "hidden_by",
                                "hidden_reason", "hidden_at")


@admin.register(ChatReport)
class ChatReportAdmin(ReadOnlyAdmin):
    list_display = ("id", "message_id", "reporter", "reason", "created_at")
    search_fields = ("reporter__username",)
    fields = readonly_fields = ("message_id", "reporter", "reason", "created_at")


@admin.register(ChatMute)
class ChatMuteAdmin(ReadOnlyAdmin):
    list_display = ("user", "moderator", "reason", "until", "created_at")
    search_fields = ("user__username",)


@admin.register(ChatModeration)
class ChatModerationAdmin(ReadOnlyAdmin):
    """The audit log of chat moderation: who hid which line or muted whom, when and why."""

    list_display = ("created_at", "act", "moderator", "user", "message_id", "reason", "until")
    list_filter = ("act",)
    search_fields = ("user__username", "moderator__username")
    fields = readonly_fields = ("created_at", "act", "moderator", "user", "message_id", "reason", "until")


# --- users: suspend and reinstate with a reason -----------------------------------------------------
class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=moderation.MAX_REASON)


def _sanction_action(model_admin, request, queryset, act, verb: str):
    """An admin action with a second page asking for the reason."""
    form = ReasonForm(request.POST if "reason" in request.POST else None)
    if form.is_bound and form.is_valid():
        for user in queryset:
            try:
                act(moderator=request.user, username=user.username, reason=form.cleaned_data["reason"])
                messages.success(request, f"{user.username}: {verb}")
            except ServiceError as exc:
                messages.error(request, f"{user.username}: {exc.message}")
        return None
    hidden = [("action", request.POST["action"])] + [
        (helpers.ACTION_CHECKBOX_NAME, pk) for pk in request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)
    ]
    names = ", ".join(u.username for u in queryset)
    return _page(model_admin, request, f"{verb.capitalize()}: {names}", form=form, hidden=hidden, submit=verb,
                 intro="The reason is recorded with the sanction and in each of their unfinished games.")


class CanonicalNameCreationForm(AdminUserCreationForm):
    """The admin's new user passes the same name rules as a sign-up (``games.accounts``)."""

    def clean_username(self):
        return accounts.clean_new_name(self.cleaned_data["username"])


class CanonicalNameChangeForm(UserChangeForm):
    def clean_username(self):
        name = accounts.canonical(self.cleaned_data["username"])
        if name != self.instance.username:  # a rename passes the rules; an untouched name stays
            name = accounts.clean_new_name(name)
        return name


class ModeratedUserAdmin(UserAdmin):
    add_form = CanonicalNameCreationForm
    form = CanonicalNameChangeForm
    list_display = ("username", "email", "is_active", "is_staff", "date_joined", "last_login")
    list_filter = ("is_active", "is_staff", "groups", "date_joined", "last_login")
    actions = ["suspend", "reinstate"]
    # Activity changes only through a sanction (recorded, with a reason), never by ticking a box.
    readonly_fields = ("is_active", "last_login", "date_joined")

    @admin.action(description="Suspend the selected users (asks for a reason)")
    def suspend(self, request, queryset):
        return _sanction_action(self, request, queryset, moderation.suspend, "suspended")

    @admin.action(description="Reinstate the selected users (asks for a reason)")
    def reinstate(self, request, queryset):
        return _sanction_action(self, request, queryset, moderation.reinstate, "reinstated")


admin.site.unregister(User)
admin.site.register(User, ModeratedUserAdmin)

# An API token is its user: a staff user who could read one (or a piece of one) could play that seat
# and see its hand. Log-out and suspension revoke tokens; no admin lists them.
for label, model_name in (("authtoken", "TokenProxy"), ("knox", "AuthToken")):
    if apps.is_installed({"authtoken": "rest_framework.authtoken", "knox": "knox"}[label]):
        token_model = apps.get_model(label, model_name)
        if admin.site.is_registered(token_model):
            admin.site.unregister(token_model)
