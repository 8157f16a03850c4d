"""Settings, all from the environment (twelve-factor), with an embedded default for a fresh machine.

Unset ``DATABASE_URL`` means a SQLite file in the project; unset ``REDIS_URL`` means Celery runs
tasks eagerly in-process and Channels uses the in-memory layer.
"""

from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env") if (BASE_DIR / ".env").exists() else None

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = env("SECRET_KEY", default="dev-only-insecure-key-change-me-in-production")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # before sessions and auth: a NUL in a cookie or header must not reach a query
    "games.middleware.RefuseBadInput",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"].setdefault("TEST", {})
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers wait for the lock instead of failing at once ("database is locked").
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Request size caps: 413 above them (games.middleware, games.api.parsers) ------------------------
#: Any request body (forms, the admin); Django's own cap, checked early from Content-Length.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("MAX_BODY_BYTES", default=256 * 1024)
#: A JSON body of the API: the largest real one (a game with six seats and every option) is ~1 KB.
API_MAX_BODY_BYTES = env.int("API_MAX_BODY_BYTES", default=32 * 1024)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
LOGIN_URL = "/login/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.auth.SuspensionAwareTokenAuthentication",
        "games.api.auth.SuspensionAwareSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Play-by-web board games API",
    "DESCRIPTION": "Tibetana, Nakatha, Mandara and Paso del Brahmán, every move an append-only event.",
    "VERSION": "1.0.0",
    # Served from our own static files: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # games.converters' <id:...>: an integer id from 1 to 2^53 (beyond it, a 404)
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 1, "maximum": 2**53}},
}

# --- Redis: Celery broker and Channels layer, or the embedded defaults ---------------------------
REDIS_URL = env("REDIS_URL", default="")



def channel_layers_for(redis_url: str, prefix: str = "asgi") -> dict:
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # redis-py 8 defaults socket_timeout to 5 s, which kills idle consumers blocked in BZPOPMIN
    # (channels_redis issue 422): no read timeout on the layer's connections.
    host = {"address": redis_url, "socket_timeout": None}
    return {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [host], "prefix": prefix}}}


CHANNEL_LAYERS = channel_layers_for(REDIS_URL)

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", default="games")

# --- The event store -----------------------------------------------------------------------------
#: A snapshot of the position document is stored every this many events of a game.
SNAPSHOT_EVERY = env.int("SNAPSHOT_EVERY", default=50)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}
