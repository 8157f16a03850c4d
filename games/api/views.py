"""Thin HTTP views: parse the request, call a service or selector, shape the answer."""

import orjson
from django.contrib.auth import authenticate
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from engine import available, get_game
from games import (
    accounts,
    clock,
    conditional,
    invitations,
    notifications,
    rematch,
    selectors,
    services,
    throttles,
)
from games.api import responses
from games.api.serializers import (
    AcceptSerializer,
    ActionSerializer,
    ConditionalSerializer,
    CreateGameSerializer,
    DrawSerializer,
    JoinSerializer,
    LogInSerializer,
    MarkReadSerializer,
    OpenSeatSerializer,
    RegisterSerializer,
    RematchSerializer,
)
from games.api.tokens import issue_token
from transparency.signing import head_receipt, receipt_for


def written(game) -> dict:
    """A write's answer: the game's summary and the signed receipt of its new head."""
    return {**selectors.game_summary(game), "receipt": head_receipt(game)}


def _flag(request, name: str) -> bool:
    return request.query_params.get(name, "").lower() in ("1", "true", "yes")


class Register(APIView):
    """A new account and its first token; accounts made per address are throttled."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=RegisterSerializer, responses={201: responses.TokenSerializer})
    def post(self, request):
        made = throttles.signup(request)
        throttles.check(made)
        data = RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = accounts.create_account(data.validated_data["username"], data.validated_data["password"])
        throttles.record(made)
        return Response(issue_token(request, user), status=status.HTTP_201_CREATED)


class ObtainToken(APIView):
    """Log in: a new token. Failures are counted per (name, address), per name and per address."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=LogInSerializer, responses={200: responses.TokenSerializer})
    def post(self, request):
        data = LogInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username, password = data.validated_data["username"], data.validated_data["password"]
        counters = throttles.login(request, username)
        throttles.check(*counters)
        user = authenticate(request, username=username, password=password)
        if user is None:
            throttles.record(*counters)
            return Response({"error": "username or password is wrong"}, status=status.HTTP_400_BAD_REQUEST)
        throttles.login_succeeded(counters)
        return Response(issue_token(request, user))


class Catalog(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: responses.CatalogSerializer})
    def get(self, request):
        games = []
        for name in available():
            engine = get_game(name)
            counts = engine.player_counts
            games.append(
                {
                    "game": name,
                    "player_counts": list(counts),
                    "seat_names": {n: engine.seat_names(n) for n in counts},
                    "options": {n: engine.default_options(n) for n in counts},
                    # the declaration itself (name, type, default, min/max or choices, meaning), so a
                    # client can build a form and know the range before the service refuses a value
                    "option_specs": {n: [o.describe() for o in engine.options_spec(n)] for n in counts},
                }
            )
        return Response({"games": games, "time_control": [o.describe() for o in clock.TIME_CONTROL]})


class GameList(APIView):
    pagination_class = PageNumberPagination

    @extend_schema(
        operation_id="games_list",  # not games_retrieve, which is one game's (check --deploy warns)
        parameters=[
            OpenApiParameter("mine", bool),
            OpenApiParameter("my_turn", bool),
            OpenApiParameter("open", bool),
            OpenApiParameter("status", str, enum=["open", "active", "finished", "aborted"]),
            OpenApiParameter("game", str),
        ],
        responses={200: responses.GameSummarySerializer(many=True)},
    )
    def get(self, request):
        games = selectors.list_games(
            request.user,
            mine=_flag(request, "mine"),
            my_turn=_flag(request, "my_turn"),
            open_=_flag(request, "open"),
            status=request.query_params.get("status"),
            name=request.query_params.get("game"),
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response([selectors.game_summary(g) for g in page])

    @extend_schema(request=CreateGameSerializer, responses={201: responses.GameWriteSerializer})
    def post(self, request):
        data = CreateGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.create_game(
            creator=request.user,
            name=data.validated_data["game"],
            players=data.validated_data.get("players"),
            options=data.validated_data.get("options"),
            seats=data.validated_data.get("seats"),
            time_control=data.validated_data.get("time_control"),
            rated=data.validated_data.get("rated"),
        )
        return Response(written(game), status=status.HTTP_201_CREATED)


class GameDetail(APIView):
    @extend_schema(responses={200: responses.GameSummarySerializer})
    def get(self, request, game_id):
        return Response(selectors.game_summary(selectors.get(game_id)))


class Join(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=JoinSerializer, responses={200: responses.GameWriteSerializer})
    def post(self, request, game_id):
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.join_game(user=request.user, game_id=game_id, **data.validated_data)
        return Response(written(game))


class State(APIView):
    @extend_schema(responses={200: responses.StateSerializer})
    def get(self, request, game_id):
        return Response(selectors.view_for(selectors.get(game_id), request.user))


class Legal(APIView):
    @extend_schema(responses={200: responses.LegalSerializer})
    def get(self, request, game_id):
        return Response(selectors.legal_for(selectors.get(game_id), request.user))


class Actions(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ActionSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
        responses={201: responses.MoveSerializer},
    )
    def post(self, request, game_id):
        data = ActionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.submit_action(
            user=request.user,
            game_id=game_id,
            text=data.validated_data["action"],
            expected_seq=data.validated_data["expected_seq"],
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        return Response({**result, "receipt": receipt_for(result["game"], result["seq"])}, status=status.HTTP_201_CREATED)


class History(APIView):
    @extend_schema(responses={200: responses.HistoryRowSerializer(many=True)})
    def get(self, request, game_id):
        return Response(selectors.history(selectors.get(game_id)))


class Export(APIView):
    @extend_schema(
        responses={
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR, description="one event record (the EventRecord shape) a line, in seq order"
            )
        }
    )
    def get(self, request, game_id):
        records = selectors.export_records(selectors.get(game_id))
        body = b"".join(orjson.dumps(r, option=orjson.OPT_SORT_KEYS) + b"\n" for r in records)
        response = HttpResponse(body, content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="game-{game_id}.jsonl"'
        return response


class Resign(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: responses.GameWriteSerializer})
    def post(self, request, game_id):
        return Response(written(services.resign(user=request.user, game_id=game_id)))


class Draw(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=DrawSerializer, responses={200: responses.GameWriteSerializer})
    def post(self, request, game_id):
        data = DrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.draw(user=request.user, game_id=game_id, choice=data.validated_data["action"])
        return Response(written(game))


class Rematch(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: responses.RematchStateSerializer})
    def get(self, request, game_id):
        return Response(rematch.state(rematch.get_game(game_id), request.user))

    @extend_schema(request=RematchSerializer, responses={200: responses.RematchStateSerializer})
    def post(self, request, game_id):
        data = RematchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(rematch.answer(user=request.user, game_id=game_id, choice=data.validated_data["choice"]))


class Conditional(APIView):
    """The caller's own conditional moves in a game: nobody else's are ever answered."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: responses.ConditionalTreeSerializer})
    def get(self, request, game_id):
        return Response(conditional.read(user=request.user, game_id=game_id))

    @extend_schema(request=ConditionalSerializer, responses={200: responses.ConditionalTreeSerializer})
    def put(self, request, game_id):
        data = ConditionalSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(conditional.store(user=request.user, game_id=game_id, tree=data.validated_data.get("tree"),
                                          text=data.validated_data.get("text")))

    @extend_schema(request=None, responses={200: responses.ConditionalTreeSerializer})
    def delete(self, request, game_id):
        return Response(conditional.clear(user=request.user, game_id=game_id))


# --- invitations -------------------------------------------------------------------------------------
class Invitations(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: responses.InvitationSerializer(many=True)})
    def get(self, request):
        return Response(responses.InvitationSerializer(selectors.invitations_for(request.user), many=True).data)


class Accept(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=AcceptSerializer, responses={200: responses.GameWriteSerializer})
    def post(self, request, game_id):
        data = AcceptSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = invitations.accept(user=request.user, game_id=game_id, **data.validated_data)
        return Response(written(game))


class Decline(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: responses.GameWriteSerializer})
    def post(self, request, game_id):
        return Response(written(invitations.decline(user=request.user, game_id=game_id)))


class OpenSeat(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=OpenSeatSerializer, responses={200: responses.GameWriteSerializer})
    def post(self, request, game_id):
        data = OpenSeatSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = invitations.open_seat(user=request.user, game_id=game_id, seat=data.validated_data["seat"])
        return Response(written(game))


# --- notifications -----------------------------------------------------------------------------------
class Notifications(APIView):
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = PageNumberPagination

    @extend_schema(operation_id="notifications_list", responses={200: responses.NotificationPageSerializer})
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(notifications.inbox(request.user), request, view=self)
        answer = paginator.get_paginated_response([notifications.summary(n) for n in page])
        answer.data["unread"] = notifications.unread_count(request.user)
        return answer


class MarkRead(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=MarkReadSerializer, responses={200: responses.MarkedSerializer})
    def post(self, request):
        data = MarkReadSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        marked = notifications.mark_read(request.user, ids=data.validated_data.get("ids"),
                                         everything=data.validated_data["all"])
        return Response({"marked": marked, "unread": notifications.unread_count(request.user)})
