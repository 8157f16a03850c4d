from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games and their event store"

    def ready(self):
        from games import accounts  # noqa: F401 (connects the canonical-name signal)
