from django.urls import path

import games.converters  # noqa: F401 (registers <id:...>)
from transparency import api

urlpatterns = [
    path("transparency/key", api.PublicKey.as_view(), name="transparency-key"),
    path("transparency/checkpoints", api.Checkpoints.as_view(), name="transparency-checkpoints"),
    path("transparency/inclusion", api.Inclusion.as_view(), name="transparency-inclusion"),
    path("transparency/consistency", api.Consistency.as_view(), name="transparency-consistency"),
    path("games/<id:game_id>/receipts", api.GameReceipts.as_view(), name="game-receipts"),
]
