"""The caller's play-site settings: ``GET`` and ``PUT /api/me/preferences`` (one row per user)."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Preferences


class PreferencesSerializer(serializers.Serializer):
    """Every setting; a PUT may name only those it changes (the others keep their values)."""

    confirm_moves = serializers.BooleanField(
        required=False, help_text="the game page previews every move with Confirm and Cancel before sending it")

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
        return Response(Preferences.of(request.user))

    @extend_schema(request=PreferencesSerializer, responses={200: PreferencesSerializer})
    def put(self, request):
        data = PreferencesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(Preferences.change(request.user, data.validated_data))
