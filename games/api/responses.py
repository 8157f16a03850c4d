"""Response shapes: what the API answers, as the schema publishes it.

These serializers only describe; the views still answer with the dicts that ``games.selectors``,
``games.standings``, ``games.moderation`` and ``games.services`` build, so the two must agree
(``tests/security/test_schemathesis.py`` checks real answers against this schema). A position
document differs from game to game and from seat to seat: it stays a free-form object inside a
described envelope.
"""

from __future__ import annotations

from rest_framework import serializers

from games.models import Event, Game, Notification, Report, Sanction


# --- errors ------------------------------------------------------------------------------------------
class ErrorSerializer(serializers.Serializer):
    """Every 4xx: one sentence, and the field or rule at fault when there is one."""

    error = serializers.CharField(help_text="what was wrong, in a sentence")
    field = serializers.CharField(required=False, help_text="the request field at fault")
    rule = serializers.CharField(required=False, help_text="the game rule the action breaks")


# --- auth and catalog ----------------------------------------------------------------------------------
class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="send it as Authorization: Token <token>")
    expiry = serializers.DateTimeField(help_text="unused until then, it expires; each use moves this on")


class TicketSerializer(serializers.Serializer):
    ticket = serializers.CharField(help_text="connect with ws://.../ws/games/<id>/?ticket=<ticket>, once")
    expires_in = serializers.IntegerField(help_text="seconds")


class OptionSpecSerializer(serializers.Serializer):
    """One declared option (``engine.core.Option.describe``): a client builds its form from these."""

    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["bool", "int", "number", "choice"])
    default = serializers.JSONField()
    meaning = serializers.CharField()
    min = serializers.FloatField(required=False, help_text="int and number options: the least value")
    max = serializers.FloatField(required=False, help_text="int and number options: the greatest value")
    choices = serializers.ListField(child=serializers.JSONField(), required=False, help_text="choice options")


class CatalogGameSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="the game's key, used as `game` when creating one")
    player_counts = serializers.ListField(child=serializers.IntegerField())
    seat_names = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), help_text="per player count, the seats in order"
    )
    options = serializers.DictField(
        child=serializers.DictField(), help_text="per player count, the default options"
    )
    option_specs = serializers.DictField(
        child=OptionSpecSerializer(many=True), help_text="per player count, each option's type, range and meaning"
    )


class CatalogSerializer(serializers.Serializer):
    games = CatalogGameSerializer(many=True)
    time_control = OptionSpecSerializer(many=True, help_text="the time control's keys and their bounds")


# --- games -------------------------------------------------------------------------------------------
class SeatSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=0)
    name = serializers.CharField(help_text="the seat's name in the game, e.g. south")
    player = serializers.CharField(allow_null=True, help_text='a username, "bot:<level>", or null')
    open = serializers.BooleanField(help_text="anyone may join the seat")
    invited = serializers.BooleanField(help_text="offered to the user named in player, who has not accepted yet")


class OutcomeSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.CharField(), help_text="seat names; empty for a draw")
    reason = serializers.CharField()
    scores = serializers.JSONField(allow_null=True, help_text="per game: final scores, or null")


class GameSummarySerializer(serializers.Serializer):
    """A game as lists and pages show it: no hidden information (the seed only once it is over)."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.DictField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    seq = serializers.IntegerField(min_value=0, help_text="the number of the last event")
    seats = SeatSerializer(many=True)
    to_act = serializers.CharField(allow_null=True, help_text="the seat to act, while the game is active")
    outcome = OutcomeSerializer(allow_null=True)
    draw_offer = serializers.ListField(child=serializers.CharField(), help_text="seats offering a draw")
    time_control = serializers.DictField(help_text="empty when untimed")
    rated = serializers.BooleanField(help_text="the result counts for ratings")
    deadline_at = serializers.DateTimeField(allow_null=True)
    seed_hash = serializers.CharField(help_text="the SHA-256 commitment to the seed, published at creation")
    seed = serializers.CharField(allow_null=True, help_text="revealed once the game is over")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class ReceiptSerializer(serializers.Serializer):
    """The transparency log's signature over (origin, game, seq, hash, at, key id): the bytes signed
    are described in ``transparency/receipts.py``. Keep it: it proves the game stood here."""

    origin = serializers.CharField()
    game = serializers.IntegerField()
    seq = serializers.IntegerField(min_value=0)
    hash = serializers.CharField(help_text="the event's hash: never its content")
    at = serializers.CharField(help_text="the event's time, as in the export")
    key_id = serializers.CharField()
    signature = serializers.CharField(help_text="base64 Ed25519 signature")


class GameWriteSerializer(GameSummarySerializer):
    """A write's answer: the game as it now stands and the signed receipt of its new head."""

    receipt = ReceiptSerializer()


class InvitationSerializer(serializers.Serializer):
    """One invitation waiting on you (``GET /api/invitations``)."""

    game = serializers.IntegerField(help_text="the game's id")
    name = serializers.CharField(help_text="the game's key, e.g. paso")
    players = serializers.IntegerField()
    seat = serializers.IntegerField(min_value=0, help_text="the seat offered to you")
    seat_name = serializers.CharField()
    invited_by = serializers.CharField(allow_null=True, help_text="the game's creator")
    invited_until = serializers.DateTimeField(allow_null=True, help_text="then the game is cancelled")
    rated = serializers.BooleanField()
    time_control = serializers.DictField(help_text="empty when untimed")


class StateSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0)
    seat = serializers.CharField(allow_null=True, help_text="the seat whose eyes you look through; null for a spectator")
    view = serializers.DictField(help_text="the position as that seat may see it (the whole document once over)")


class LegalSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0)
    actions = serializers.ListField(child=serializers.CharField(), help_text="empty unless your seat is to act")


class MoveSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField(min_value=0)
    action = serializers.CharField(help_text="the action as stored, in the game's notation")
    to_act = serializers.CharField(allow_null=True, help_text="the seat to act after this move (null: the game is over)")
    receipt = ReceiptSerializer(help_text="the signed receipt of the game's new head")


class HistoryRowSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=1)
    kind = serializers.ChoiceField(choices=Event.Kind.choices)
    actor = serializers.CharField()
    action = serializers.CharField(allow_null=True, help_text="notation; withheld for a secret outcome while running")
    payload = serializers.DictField()
    at = serializers.DateTimeField()
    hash = serializers.CharField()


class EventRecordSerializer(serializers.Serializer):
    """One line of the verifiable export: the record its hash covers."""

    game = serializers.IntegerField()
    seq = serializers.IntegerField(min_value=1)
    kind = serializers.ChoiceField(choices=Event.Kind.choices)
    actor = serializers.CharField()
    notation = serializers.CharField(allow_blank=True)
    payload = serializers.DictField()
    secret = serializers.BooleanField()
    at = serializers.DateTimeField()
    prev_hash = serializers.CharField()
    hash = serializers.CharField()


# --- players -----------------------------------------------------------------------------------------
class RatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    player = serializers.CharField(help_text='a username or "bot:<level>"')
    rating = serializers.FloatField()
    deviation = serializers.FloatField()
    volatility = serializers.FloatField()
    games = serializers.IntegerField(min_value=0)


class LeaderboardRowSerializer(RatingSerializer):
    rank = serializers.IntegerField(min_value=1)


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    ratings = RatingSerializer(many=True)
    recent_games = GameSummarySerializer(many=True)


class WaitingGameSerializer(GameSummarySerializer):
    """A game waiting on the caller, with the caller's clock in it."""

    seconds_left = serializers.IntegerField(allow_null=True)
    vacation_left = serializers.IntegerField(allow_null=True, help_text="seconds of vacation the seat has left")
    time_control = serializers.DictField(allow_null=True, help_text="null when untimed")


# --- moderation, reports, audit ------------------------------------------------------------------------
class SanctionSerializer(serializers.Serializer):
    user = serializers.CharField()
    act = serializers.ChoiceField(choices=Sanction.Act.choices)
    active = serializers.BooleanField(help_text="whether the account may play now")


class ReportSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    reporter = serializers.CharField()
    game = serializers.IntegerField(allow_null=True)
    user = serializers.CharField(allow_null=True)
    reason = serializers.CharField()
    status = serializers.ChoiceField(choices=Report.Status.choices)
    outcome = serializers.CharField(allow_blank=True)
    handled_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)


class FullViewSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0)
    position = serializers.DictField(help_text="the whole document")


class PositionSerializer(serializers.Serializer):
    seq = serializers.IntegerField(min_value=0)
    full = serializers.BooleanField(help_text="true once the game is over: the whole document, else the spectator's view")
    rules_version = serializers.IntegerField(min_value=1, help_text="the engine's rules version that replayed it")
    position = serializers.DictField()


class VerifySerializer(serializers.Serializer):
    game = serializers.IntegerField()
    ok = serializers.BooleanField()
    problems = serializers.ListField(child=serializers.CharField())


class PingSerializer(serializers.Serializer):
    username = serializers.CharField()


# --- notifications -------------------------------------------------------------------------------------
class NotificationSerializer(serializers.Serializer):
    """Something you are told about a game of yours (``GET /api/notifications``)."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Notification.Kind.choices)
    game = serializers.IntegerField(help_text="the game's id")
    game_name = serializers.CharField(help_text="the game's key, e.g. paso")
    seq = serializers.IntegerField(help_text="the game's seq once the write that caused it was stored")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True, help_text="null: unread")


class NotificationPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    unread = serializers.IntegerField(help_text="your unread notifications, all pages")
    results = NotificationSerializer(many=True)


class MarkedSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="notifications this request marked read")
    unread = serializers.IntegerField(help_text="your unread notifications left")


# --- rematch and conditional moves -----------------------------------------------------------------------
class RematchStateSerializer(serializers.Serializer):
    offered = serializers.BooleanField(help_text="whether a rematch was offered")
    offered_by = serializers.CharField(allow_null=True, help_text="who offered it")
    accepted_by_you = serializers.BooleanField()
    answer = serializers.ChoiceField(choices=["accepted", "declined"], allow_null=True,
                                     help_text="null while the offer waits")
    new_game = serializers.IntegerField(allow_null=True, help_text="the rematch's game once accepted")
    can_offer = serializers.BooleanField()
    can_answer = serializers.BooleanField()


class ConditionalBranchSerializer(serializers.Serializer):
    if_ = serializers.ListField(child=serializers.CharField(), help_text="the opponent's whole turn")
    then = serializers.ListField(child=serializers.CharField(), help_text="your whole turn in answer")
    next = serializers.ListField(child=serializers.DictField(), help_text="the branches that wait after it")

    def get_fields(self):
        fields = super().get_fields()
        fields["if"] = fields.pop("if_")  # a Python keyword
        return fields


class ConditionalTreeSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField()
    tree = ConditionalBranchSerializer(many=True, help_text="your own tree, canonical notation")
    text = serializers.CharField(help_text="the tree in the text form, a line per line of play")
    partial = serializers.ListField(child=serializers.CharField(), help_text="the opponent's turn so far")
# --- chat ---------------------------------------------------------------------------------------------
class ChatLineSerializer(serializers.Serializer):
    """A line of a game's chat as you read it (``games.chat``)."""

    id = serializers.IntegerField()
    game = serializers.IntegerField()
    room = serializers.ChoiceField(choices=["players", "spectators"])
    author = serializers.CharField()
    text = serializers.CharField(help_text="plain text, never HTML; empty for a hidden line (moderators read it)")
    created_at = serializers.DateTimeField()
    links = serializers.BooleanField(help_text="whether its links may be clickable (an account old enough)")
    hidden = serializers.BooleanField(help_text="hidden by a moderator")
    hidden_by = serializers.CharField(required=False, allow_null=True, help_text="moderators only")
    hidden_reason = serializers.CharField(required=False, help_text="moderators only")


class ChatPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True, help_text="the page of older lines")
    previous = serializers.URLField(allow_null=True)
    results = ChatLineSerializer(many=True, help_text="oldest to newest within the page; page 1 is the newest")


class ChatReportMadeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    message = serializers.IntegerField()


class ChatMuteStateSerializer(serializers.Serializer):
    user = serializers.CharField()
    muted = serializers.BooleanField()
    until = serializers.DateTimeField(allow_null=True, help_text="null: until a moderator unmutes")
