from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from games.api import tokens, views

urlpatterns = [
    path("auth/register", views.Register.as_view(), name="register"),
    path("auth/token", views.ObtainToken.as_view(), name="token"),
    path("auth/logout", tokens.LogOut.as_view(), name="logout"),
    path("auth/logoutall", tokens.LogOutAll.as_view(), name="logout-all"),
    path("auth/ws-ticket", tokens.SocketTicket.as_view(), name="ws-ticket"),
    path("catalog", views.Catalog.as_view(), name="catalog"),
    path("games", views.GameList.as_view(), name="game-list"),
    path("games/<id:game_id>", views.GameDetail.as_view(), name="game-detail"),
    path("games/<id:game_id>/join", views.Join.as_view(), name="game-join"),
    path("games/<id:game_id>/state", views.State.as_view(), name="game-state"),
    path("games/<id:game_id>/legal", views.Legal.as_view(), name="game-legal"),
    path("games/<id:game_id>/actions", views.Actions.as_view(), name="game-actions"),
    path("games/<id:game_id>/history", views.History.as_view(), name="game-history"),
    path("games/<id:game_id>/export", views.Export.as_view(), name="game-export"),
    path("games/<id:game_id>/resign", views.Resign.as_view(), name="game-resign"),
    path("games/<id:game_id>/draw", views.Draw.as_view(), name="game-draw"),
    path("games/<id:game_id>/rematch", views.Rematch.as_view(), name="game-rematch"),
    path("games/<id:game_id>/conditional", views.Conditional.as_view(), name="game-conditional"),
    path("games/<id:game_id>/accept", views.Accept.as_view(), name="game-accept"),
    path("games/<id:game_id>/decline", views.Decline.as_view(), name="game-decline"),
    path("games/<id:game_id>/open-seat", views.OpenSeat.as_view(), name="game-open-seat"),
    path("invitations", views.Invitations.as_view(), name="invitations"),
    path("notifications", views.Notifications.as_view(), name="notifications"),
    path("notifications/read", views.MarkRead.as_view(), name="notifications-read"),
]
