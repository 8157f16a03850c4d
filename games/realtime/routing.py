from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from games.realtime.consumers import GameConsumer, MeConsumer

websocket_urlpatterns = [
    path("ws/games/<id:game_id>/", GameConsumer.as_asgi()),
    path("ws/me/", MeConsumer.as_asgi()),
]
