"""Request shapes. They check types and presence only; the rules live in the services."""

from django.contrib.auth import password_validation
from django.contrib.auth.models import User
from rest_framework import serializers

from games.inputs import MAX_ACTION_TEXT


class RegisterSerializer(serializers.Serializer):
    username = serializers.RegexField(r"^[\w.@+-]{1,150}$", max_length=150)
    password = serializers.CharField(write_only=True)

    def validate_username(self, value):
        if User.objects.filter(username__iexact=value).exists():
            raise serializers.ValidationError("that username is taken")
        return value

    def validate_password(self, value):
        password_validation.validate_password(value)
        return value


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


class JoinSerializer(serializers.Serializer):
    seat = serializers.IntegerField(required=False, min_value=0)
    client_seed = serializers.CharField(required=False, max_length=128)


class ActionSerializer(serializers.Serializer):
    action = serializers.CharField(max_length=MAX_ACTION_TEXT, help_text="one action in the game's notation")
    expected_seq = serializers.IntegerField(help_text="the seq of the state you acted on")


class DrawSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["offer", "accept", "decline"])


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
