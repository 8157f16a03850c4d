from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games and their event store"

    def ready(self):
        # accounts connects the canonical-name signal; converters registers the <id:...> path converter.
        from games import accounts, background, converters, notify  # noqa: F401

        notify.provide(background_bot_turn=background.submit)


class GuardedAdminConfig(admin_apps.AdminConfig):
    """Django's admin, whose default site guards every admin against lookups on hidden fields."""

    default = False  # "games" in INSTALLED_APPS means GamesConfig
    default_site = "games.adminguard.GuardedAdminSite"
