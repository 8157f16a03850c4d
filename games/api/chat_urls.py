"""API routes of the game chat (``games.api.chat``)."""

from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from games.api import chat as views

urlpatterns = [
    path("games/<id:game_id>/chat", views.Lines.as_view(), name="chat"),
    path("chat/<id:message_id>/report", views.Report.as_view(), name="chat-report"),
    path("moderation/chat/<id:message_id>/hide", views.Hide.as_view(), name="chat-hide"),
    path("moderation/users/<str:username>/mute", views.Mute.as_view(), name="chat-mute"),
    path("moderation/users/<str:username>/unmute", views.Unmute.as_view(), name="chat-unmute"),
]
