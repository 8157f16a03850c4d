"""The caller's play-site settings: ``GET`` and ``PUT /api/me/preferences`` (one row per user)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games import mailprefs
from games.errors import InvalidRequest
from games.models import Preferences


class PreferencesSerializer(serializers.Serializer):
    """Every setting; a PUT may name only those it changes (the others keep their values)."""

    confirm_moves = serializers.BooleanField(
        required=False, help_text="the game page previews every move with Confirm and Cancel before sending it")
    email_enabled = serializers.BooleanField(required=False, help_text="false: no e-mail at all")
    email = serializers.DictField(
        child=serializers.ChoiceField(choices=mailprefs.MODES), required=False,
        help_text="how each notification kind is e-mailed: immediately, in the daily digest, or never "
                  "(a PUT names only the kinds it changes)")

    def validate_email(self, value):
        try:
            return mailprefs.check_modes(value)
        except InvalidRequest as exc:
            raise serializers.ValidationError(exc.message) from exc

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({unknown[0]: "no such preference"})
        return super().to_internal_value(data)


class MyPreferences(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: PreferencesSerializer})
    def get(self, request):
        return Response(_shown(Preferences.of(request.user)))

    @extend_schema(request=PreferencesSerializer, responses={200: PreferencesSerializer})
    def put(self, request):
        data = PreferencesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(_shown(Preferences.change(request.user, data.validated_data)))


def _shown(stored: dict) -> dict:
    """The settings with every notification kind's e-mail mode (the defaults filled in)."""
    return stored | {"email": mailprefs.modes(stored.get("email"))}
