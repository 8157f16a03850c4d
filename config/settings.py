"""Settings, all from the environment (twelve-factor), with an embedded default for a fresh machine.

Unset ``DATABASE_URL`` means a SQLite file in the project; unset ``REDIS_URL`` means Celery runs
tasks eagerly in-process and Channels uses the in-memory layer.
"""

from datetime import timedelta
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
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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

# --- Accounts: canonical names (games.accounts), every password validator ---------------------------
AUTHENTICATION_BACKENDS = ["games.accounts.CanonicalNameBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "games.accounts.MaximumLengthValidator", "OPTIONS": {"max_length": 128}},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
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
    # Every unsafe method, per user (games.throttles); sign-up, log-in and tokens add their own.
    "DEFAULT_THROTTLE_CLASSES": ["games.throttles.WriteThrottle"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 20,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Play-by-web board games API",
    "DESCRIPTION": "Tibetana, Nakatha, Mandara and Paso del Brahmán, every move an append-only event.",
    "VERSION": "1.0.0",
    # Served from our own static files: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Redis: Celery broker and Channels layer, or the embedded defaults ---------------------------
REDIS_URL = env("REDIS_URL", default="")

# The cache holds the throttles' counts: shared by every process through Redis, per process without.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}

# --- Tokens (django-rest-knox) and throttles ---------------------------------------------------------
#: A token lives this long after its last use (sliding), and never longer than TOKEN_MAX_DAYS in all.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env.float("TOKEN_TTL_DAYS", default=10)),
    "AUTO_REFRESH": True,
    "AUTO_REFRESH_MAX_TTL": timedelta(days=env.float("TOKEN_MAX_DAYS", default=90)),
    "AUTH_HEADER_PREFIX": "Token",
}
#: A WebSocket ticket (POST /api/auth/ws-ticket) is good for this many seconds, once.
WS_TICKET_SECONDS = env.int("WS_TICKET_SECONDS", default=60)
#: Requests per period ("N/s", "N/m", "N/h", "N/d", or "N/15m"); read at each request (games.throttles).
THROTTLE_RATES = {
    "signup": env("THROTTLE_SIGNUP", default="5/h"),  # new accounts per address
    "token": env("THROTTLE_TOKEN", default="30/h"),  # tokens and tickets made, per user or address
    "login_pair": env("THROTTLE_LOGIN_PAIR", default="5/15m"),  # failed log-ins per (name, address)
    "login_name": env("THROTTLE_LOGIN_NAME", default="20/5m"),  # failed log-ins per name, any address
    "login_address": env("THROTTLE_LOGIN_ADDRESS", default="50/h"),  # failed log-ins per address, any name
    "write": env("THROTTLE_WRITE", default="120/m"),  # unsafe API requests and socket moves, per user
}
#: How many proxies of ours stand in front of the app: 0 (the default) never reads X-Forwarded-For.
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", default=0)



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
