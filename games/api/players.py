"""Thin views about players: the leaderboard, a player's page, the games waiting on me, a ping."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, standings
from games.api import responses


class Leaderboard(APIView):
    permission_classes = [permissions.AllowAny]
    pagination_class = PageNumberPagination

    @extend_schema(
        parameters=[OpenApiParameter("game", str, required=True)],
        responses={200: responses.LeaderboardRowSerializer(many=True)},
    )
    def get(self, request):
        ratings = standings.leaderboard(request.query_params.get("game"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(ratings, request, view=self)
        first = (paginator.page.number - 1) * paginator.page.paginator.per_page + 1
        rows = [{"rank": first + i, **standings.rating_summary(r)} for i, r in enumerate(page)]
        return paginator.get_paginated_response(rows)


class PlayerDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: responses.PlayerSerializer})
    def get(self, request, username):
        user = standings.player(username)
        return Response(
            {
                "username": user.username,
                "ratings": standings.ratings_of(user),
                "recent_games": [selectors.game_summary(g) for g in standings.recent_games(user)],
            }
        )


class Waiting(APIView):
    permission_classes = [permissions.IsAuthenticated]
    pagination_class = PageNumberPagination

    @extend_schema(responses={200: responses.WaitingGameSerializer(many=True)})
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(standings.waiting_on(request.user), request, view=self)
        rows = [{**selectors.game_summary(g), **standings.clock_of(g, request.user)} for g in page]
        return paginator.get_paginated_response(rows)


class Ping(APIView):
    """The least an authenticated request can do (the token looked up, no game read): the peer
    that ``bench/load.py`` measures a move's server cost against, and a check that a token works."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: responses.PingSerializer})
    def get(self, request):
        return Response({"username": request.user.username})
