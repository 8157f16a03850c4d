"""Game chat over HTTP: thin views over ``games.chat`` (the WebSocket's ``chat`` frame calls the same)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from games import chat
from games.api import responses
from games.api.moderation import IsModerator

ROOM = OpenApiParameter("room", str, enum=list(chat.ROOMS), description="players or spectators")


class ChatLineInputSerializer(serializers.Serializer):
    room = serializers.CharField(max_length=20)
    text = serializers.CharField(max_length=chat.MAX_TEXT * 2, trim_whitespace=False, allow_blank=True)


class ChatReportSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=chat.MAX_REASON, required=False, allow_blank=True, default="")


class ChatReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=chat.MAX_REASON * 2, allow_blank=True)


class ChatMuteSerializer(ChatReasonSerializer):
    hours = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1, max_value=24 * 365)


class Page(PageNumberPagination):
    page_size = 50


class Lines(APIView):
    """GET: a room's lines, newest page first (each page oldest to newest); POST: write a line."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="chat_list", parameters=[ROOM], responses={200: responses.ChatPageSerializer})
    def get(self, request, game_id):
        lines = chat.lines(user=request.user, game_id=game_id, room=request.query_params.get("room"))
        paginator = Page()
        page = paginator.paginate_queryset(lines.order_by("-id"), request, view=self)
        return paginator.get_paginated_response([chat.summary(line, request.user) for line in reversed(page)])

    @extend_schema(operation_id="chat_post", request=ChatLineInputSerializer, responses={201: responses.ChatLineSerializer})
    def post(self, request, game_id):
        data = ChatLineInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        line = chat.post(user=request.user, game_id=game_id, **data.validated_data)
        return Response(line, status=status.HTTP_201_CREATED)


class Report(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(operation_id="chat_report", request=ChatReportSerializer, responses={201: responses.ChatReportMadeSerializer})
    def post(self, request, message_id):
        data = ChatReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = chat.report(user=request.user, message_id=message_id, reason=data.validated_data["reason"])
        return Response(made, status=status.HTTP_201_CREATED)


class Hide(APIView):
    permission_classes = [IsModerator]

    @extend_schema(operation_id="chat_hide", request=ChatReasonSerializer, responses={200: responses.ChatLineSerializer})
    def post(self, request, message_id):
        data = ChatReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(chat.hide(moderator=request.user, message_id=message_id, reason=data.validated_data["reason"]))


class Mute(APIView):
    permission_classes = [IsModerator]

    @extend_schema(operation_id="chat_mute", request=ChatMuteSerializer, responses={200: responses.ChatMuteStateSerializer})
    def post(self, request, username):
        data = ChatMuteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(chat.mute(moderator=request.user, username=username, **data.validated_data))


class Unmute(APIView):
    permission_classes = [IsModerator]

    @extend_schema(operation_id="chat_unmute", request=ChatReasonSerializer, responses={200: responses.ChatMuteStateSerializer})
    def post(self, request, username):
        data = ChatReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(chat.unmute(moderator=request.user, username=username, reason=data.validated_data["reason"]))
