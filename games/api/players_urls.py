"""API routes for players: ratings, the leaderboard, the games waiting on the caller, their
preferences, their Web Push subscriptions, a ping."""

from django.urls import path

from games.api import players, preferences, push

urlpatterns = [
    path("leaderboard", players.Leaderboard.as_view(), name="leaderboard"),
    path("players/<str:username>", players.PlayerDetail.as_view(), name="player-detail"),
    path("me/waiting", players.Waiting.as_view(), name="me-waiting"),
    path("me/ping", players.Ping.as_view(), name="me-ping"),
    path("me/preferences", preferences.MyPreferences.as_view(), name="me-preferences"),
    path("me/push-subscriptions", push.MyPushSubscriptions.as_view(), name="me-push-subscriptions"),
]
