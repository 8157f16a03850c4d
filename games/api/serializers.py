"""Request shapes. They check types and presence only; the rules live in the services."""

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from games import accounts
from games.inputs import MAX_ACTION_TEXT


class RegisterSerializer(serializers.Serializer):
    username = serializers.CharField(
        max_length=accounts.MAX_NAME * 4, trim_whitespace=False,
        help_text=f"letters of one script, digits and . _ -, at most {accounts.MAX_NAME}; compared case-folded",
    )
    # The length cap refuses a huge password before any validator or hasher sees it.
    password = serializers.CharField(write_only=True, max_length=accounts.MAX_PASSWORD, trim_whitespace=False)

    def validate_username(self, value):
        try:
            return accounts.clean_new_name(value)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.messages) from exc

    def validate(self, data):
        try:
            accounts.validate_new_password(data["password"], data["username"])
        except DjangoValidationError as exc:
            raise serializers.ValidationError({"password": exc.messages}) from exc
        return data


class LogInSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=accounts.MAX_NAME * 4, trim_whitespace=False)
    password = serializers.CharField(write_only=True, max_length=accounts.MAX_PASSWORD, trim_whitespace=False)


class SeatSpec(serializers.DictField):
    child = serializers.CharField()


class CreateGameSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="paso, tibetana, nakatha or mandara")
    players = serializers.IntegerField(required=False, min_value=1, max_value=8)
    options = serializers.DictField(
        required=False, default=dict,
        help_text="rule options by name; GET /api/catalog lists each game's options with type, default and range",
    )
    seats = serializers.ListField(
        child=SeatSpec(allow_empty=True),
        required=False,
        help_text='one per seat: {"user": name}, {"bot": level} or {} for an open seat',
    )
    time_control = serializers.DictField(
        required=False,
        help_text='correspondence time: {"days_per_move": 3, "vacation_days": 14, "policy": "forfeit" or "bot"}',
    )
    rated = serializers.BooleanField(
        required=False,
        help_text="whether the result counts for ratings; by default whenever it can (not with no human seat, "
        "nor hot seat)",
    )


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False, min_value=0)
    client_seed = serializers.CharField(required=False, max_length=128)


class ActionSerializer(serializers.Serializer):
    action = serializers.CharField(max_length=MAX_ACTION_TEXT, help_text="one action in the game's notation")
    expected_seq = serializers.IntegerField(help_text="the seq of the state you acted on")


#: Offer, accept or decline: a draw's and a rematch's answers (one enum in the schema).
OFFER_CHOICES = ["offer", "accept", "decline"]


class DrawSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=OFFER_CHOICES)


class RematchSerializer(serializers.Serializer):
    choice = serializers.ChoiceField(choices=OFFER_CHOICES)


class ConditionalSerializer(serializers.Serializer):
    tree = serializers.JSONField(required=False, help_text='[{"if": [action, ...], "then": [action, ...], "next": [...]}]')
    text = serializers.CharField(required=False, allow_blank=True, max_length=20000, trim_whitespace=False,
                                 help_text="the text form: one line of play a line, 'X -> Y; Z -> W'")


# --- invitations -------------------------------------------------------------------------------------
class AcceptSerializer(serializers.Serializer):
    client_seed = serializers.CharField(required=False, max_length=128, help_text="your public client seed")


class OpenSeatSerializer(serializers.Serializer):
    seat = serializers.RegexField(
        r"^(?:[0-9]{1,3}|[A-Za-z][A-Za-z0-9_-]{0,39})$", help_text="the invited seat: its number or name"
    )

    def validate_seat(self, value):
        return int(value) if value.isdigit() else value


class MarkReadSerializer(serializers.Serializer):
    ids = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=2**63 - 1), required=False,
                                allow_empty=False, max_length=200, help_text="the notifications to mark read")
    all = serializers.BooleanField(required=False, default=False, help_text="mark every notification read")
