from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games and their event store"

    def ready(self):
        from games import converters  # noqa: F401 (registers the <id:...> path converter)
