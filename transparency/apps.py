from django.apps import AppConfig


class TransparencyConfig(AppConfig):
    name = "transparency"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Transparency log"

    def ready(self):
        from transparency import signing  # noqa: F401  (clears the cached key when settings change)
