"""Moderation, reports and audit over HTTP: thin views over ``games.moderation`` and ``games.audit``.

Moderators are active staff; auditors are the ``auditors`` group (read-only). A player may file a
report. Suspended accounts are refused by ``games.api.auth``.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games import audit, moderation, selectors
from games.api import responses
from games.api.views import written
from games.errors import Conflict
from games.inputs import query_number, whole_number


class BaseView(APIView):
    # The moderation views' base (authentication comes from settings: games.api.auth). A comment,
    # not a docstring: drf-spectacular would publish it as every operation's description.
    pass


# --- roles -----------------------------------------------------------------------------------------
class IsModerator(permissions.BasePermission):
    message = "only a moderator (an active staff account) may do this"

    def has_permission(self, request, view):
        return moderation.is_moderator(request.user)


class IsAuditor(permissions.BasePermission):
    message = "only an auditor may read this, and nobody may write here"

    def has_permission(self, request, view):
        return request.method in permissions.SAFE_METHODS and moderation.is_auditor(request.user)


# --- request shapes --------------------------------------------------------------------------------
class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=moderation.MAX_REASON)


class AdjudicateSerializer(ReasonSerializer):
    winners = serializers.ListField(child=serializers.CharField(), allow_empty=True, help_text="seat names; [] is a draw")


class ReplaceSeatSerializer(ReasonSerializer):
    seat = serializers.CharField(help_text="seat name or number")
    bot = serializers.CharField(help_text="bot level")


class HandSeatSerializer(ReasonSerializer):
    seat = serializers.CharField(help_text="seat name or number")
    user = serializers.CharField(help_text="username of the new player")


class ExtendSerializer(ReasonSerializer):
    hours = serializers.FloatField()


class ReportSerializer(serializers.Serializer):
    game = serializers.IntegerField(required=False)
    user = serializers.CharField(required=False)
    reason = serializers.CharField(max_length=moderation.MAX_REASON)


class CloseReportSerializer(serializers.Serializer):
    outcome = serializers.CharField(max_length=moderation.MAX_REASON)


def _valid(serializer_class, request) -> dict:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


def _seat(text: str):
    """A seat number (ASCII digits, bounded) or a seat name: ``"²"`` is a name, and no seat."""
    number = whole_number(text)
    return text if number is None else number


# --- moderating games and users ---------------------------------------------------------------------
class ModeratorView(BaseView):
    permission_classes = [IsModerator]


def _game_act(act, serializer_class, arguments):
    """A view for one moderation act on a game: validate, call the service, answer with the game."""

    class View(ModeratorView):
        @extend_schema(request=serializer_class, responses={200: responses.GameWriteSerializer})
        def post(self, request, game_id):
            data = _valid(serializer_class, request)
            game = act(moderator=request.user, game_id=game_id, reason=data["reason"], **arguments(data))
            return Response(written(game))

    View.__name__ = View.__qualname__ = "".join(part.title() for part in act.__name__.split("_"))
    return View


Abort = _game_act(moderation.abort, ReasonSerializer, lambda d: {})
Adjudicate = _game_act(moderation.adjudicate, AdjudicateSerializer, lambda d: {"winners": d["winners"]})
ReplaceSeat = _game_act(
    moderation.replace_with_bot, ReplaceSeatSerializer, lambda d: {"seat": _seat(d["seat"]), "level": d["bot"]}
)
HandSeat = _game_act(moderation.hand_seat, HandSeatSerializer, lambda d: {"seat": _seat(d["seat"]), "username": d["user"]})
ExtendDeadline = _game_act(moderation.extend_deadline, ExtendSerializer, lambda d: {"hours": d["hours"]})


class Suspend(ModeratorView):
    @extend_schema(request=ReasonSerializer, responses={200: responses.SanctionSerializer})
    def post(self, request, username):
        reason = _valid(ReasonSerializer, request)["reason"]
        sanction = moderation.suspend(moderator=request.user, username=username, reason=reason)
        return Response({"user": username, "act": sanction.act, "active": False})


class Reinstate(ModeratorView):
    @extend_schema(request=ReasonSerializer, responses={200: responses.SanctionSerializer})
    def post(self, request, username):
        reason = _valid(ReasonSerializer, request)["reason"]
        sanction = moderation.reinstate(moderator=request.user, username=username, reason=reason)
        return Response({"user": username, "act": sanction.act, "active": True})


# --- reports ---------------------------------------------------------------------------------------
class FileReport(BaseView):
    """Any signed-in player reports a game, an opponent, or both."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ReportSerializer, responses={201: responses.ReportSummarySerializer})
    def post(self, request):
        data = _valid(ReportSerializer, request)
        report = moderation.file_report(
            reporter=request.user, reason=data["reason"], game_id=data.get("game"), username=data.get("user")
        )
        return Response(moderation.report_summary(report), status=status.HTTP_201_CREATED)


class ReportQueue(ModeratorView):
    """The moderators' queue: open reports oldest first (``?status=closed`` for the closed ones)."""

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=["open", "closed"])],
        responses={200: responses.ReportSummarySerializer(many=True)},
    )
    def get(self, request):
        reports = moderation.report_queue(request.user, status=request.query_params.get("status", "open"))
        return Response([moderation.report_summary(r) for r in reports])


class CloseReport(ModeratorView):
    @extend_schema(request=CloseReportSerializer, responses={200: responses.ReportSummarySerializer})
    def post(self, request, report_id):
        outcome = _valid(CloseReportSerializer, request)["outcome"]
        report = moderation.close_report(moderator=request.user, report_id=report_id, outcome=outcome)
        return Response(moderation.report_summary(report))


# --- audit (read-only) -------------------------------------------------------------------------------
class AuditorView(BaseView):
    permission_classes = [IsAuditor]


def _over(game_id):
    game = selectors.get(game_id)
    if not game.is_over:
        raise Conflict("the game is still running: its hidden parts stay hidden until it ends")
    return game


class AuditHistory(AuditorView):
    """Every record with its hash-chain fields (secret outcomes withheld while the game runs)."""

    @extend_schema(responses={200: responses.EventRecordSerializer(many=True)})
    def get(self, request, game_id):
        return Response(selectors.export_records(selectors.get(game_id)))


class AuditFullView(AuditorView):
    @extend_schema(responses={200: responses.FullViewSerializer})
    def get(self, request, game_id):
        game = _over(game_id)
        return Response({"seq": game.seq, "position": selectors.full_view(game)})


class AuditPosition(AuditorView):
    @extend_schema(parameters=[OpenApiParameter("seq", int)], responses={200: responses.PositionSerializer})
    def get(self, request, game_id):
        game = selectors.get(game_id)
        seq = query_number(request.query_params, "seq", default=game.seq)
        return Response(selectors.position_at(game, seq))


class AuditVerify(AuditorView):
    @extend_schema(responses={200: responses.VerifySerializer})
    def get(self, request, game_id):
        game = _over(game_id)  # a running game is checked by manage.py verify_history, never over HTTP
        problems = audit.verify_game(game)
        return Response({"game": game.pk, "ok": not problems, "problems": problems})
