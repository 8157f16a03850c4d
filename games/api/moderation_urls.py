"""API routes for moderation (filled in by the moderation work)."""

urlpatterns: list = []
