from django.contrib.auth import views as auth_views
from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from games.site import inbox, player_views, pushworker, unsubscribe, views

urlpatterns = [
    path("", views.home, name="home"),
    path("signup/", views.signup, name="site-signup"),
    path("login/", views.LogIn.as_view(), name="site-login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="home"), name="site-logout"),
    path("games/new/", views.create, name="create"),
    path("games/<id:game_id>/", views.game_page, name="game"),
    path("games/<id:game_id>/join/", views.join, name="join"),
    path("games/<id:game_id>/accept/", views.answer_invitation, {"answer": "accept"}, name="accept"),
    path("games/<id:game_id>/decline/", views.answer_invitation, {"answer": "decline"}, name="decline"),
    path("games/<id:game_id>/open-seat/", views.open_seat, name="open-seat"),
    path("games/<id:game_id>/position", views.position, name="position"),
    path("games/<id:game_id>/history", views.history, name="site-history"),
    path("rules/", views.rules_index, name="rules-index"),
    path("about/", views.about, name="about"),
    path("rules/<str:game>/", views.rules, name="rules"),
    path("players/<str:username>/", player_views.profile, name="profile"),
    path("me/", player_views.my_profile, name="my-profile"),
    path("leaderboard/", player_views.leaderboard_index, name="leaderboard-index"),
    path("leaderboard/<str:game>/", player_views.leaderboard, name="leaderboard"),
    path("report/", player_views.report, name="report"),
    path("inbox/", inbox.inbox, name="inbox"),
    path("inbox/read/", inbox.read, name="inbox-read"),
    path("inbox/unread", inbox.unread_count, name="inbox-unread"),
    path("unsubscribe/<str:token>/", unsubscribe.unsubscribe, name="unsubscribe"),
    path("push-sw.js", pushworker.service_worker, name="push-worker"),
]
