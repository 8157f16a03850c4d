"""API routes for players (filled in by the players work)."""

urlpatterns: list = []
