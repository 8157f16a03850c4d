"""Settings, all from the environment (twelve-factor), with an embedded default for a fresh machine.

Unset ``DATABASE_URL`` means a SQLite file in the project; unset ``REDIS_URL`` means Celery runs
tasks eagerly in-process and Channels uses the in-memory layer.

``DEBUG`` is off unless ``DEBUG=true`` is set. ``DEBUG=false`` set explicitly declares the production
shape: then ``SECRET_KEY`` must be set (startup refuses otherwise) and HTTPS is required (HSTS, SSL
redirect, secure cookies), each overridable by its own variable. Without that declaration (the
embedded default, the test suite, a developer's machine) an unset ``SECRET_KEY`` is a random key
generated once into ``SECRET_KEY_FILE`` (``var/secret_key``, mode 0600, not in git) and reused.
"""

import os
from datetime import timedelta
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

from config import secretkey

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env") if (BASE_DIR / ".env").exists() else None

DEBUG = env.bool("DEBUG", default=False)
#: ``DEBUG=false`` said out loud: the production shape (README), which must be configured safely.
DEPLOYED = "DEBUG" in os.environ and not DEBUG

#: Keys that were once built in or shipped as examples: never a production key.
KNOWN_KEYS = {"dev-only-insecure-key-change-me-in-production", "..."}
SECRET_KEY = env("SECRET_KEY", default="")
if DEPLOYED and (not SECRET_KEY or SECRET_KEY in KNOWN_KEYS or SECRET_KEY.startswith("django-insecure")):
    raise ImproperlyConfigured(
        "DEBUG=false needs SECRET_KEY: set it to a long random value (e.g. the output of "
        "`python -c 'import secrets; print(secrets.token_urlsafe(64))'`); it is never built in"
    )
if not SECRET_KEY:
    try:
        key_file = Path(env("SECRET_KEY_FILE", default=str(BASE_DIR / "var" / "secret_key")))
        SECRET_KEY = secretkey.load_or_create(key_file)
    except (OSError, ValueError) as exc:
        raise ImproperlyConfigured(f"no SECRET_KEY, and none kept in SECRET_KEY_FILE: {exc}") from exc

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# --- HTTPS: on by default in the production shape, off for the embedded plain-HTTP server --------
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=DEPLOYED)
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=DEPLOYED)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=DEPLOYED)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if DEPLOYED else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=DEPLOYED)
# Preloading is a promise about every subdomain, for months: only when asked.
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
#: Behind a TLS-terminating proxy: the header it sets (e.g. ``X-Forwarded-Proto``), which it must also
#: strip from clients. Unset: requests are taken as they arrive.
_proxy_header = env("SECURE_PROXY_SSL_HEADER", default="")
_proxy_meta = "HTTP_" + _proxy_header.upper().replace("-", "_")
SECURE_PROXY_SSL_HEADER = (_proxy_meta, "https") if _proxy_header else None

INSTALLED_APPS = [
    "daphne",
    "games.apps.GuardedAdminConfig",  # django.contrib.admin, every admin guarded (games.adminguard)
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
    "transparency",
    "workers",  # Celery tasks (they fill games.notify's task port) and the simulate command
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
                "games.site.inbox.unread",
            ],
        },
    },
]
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"].setdefault("TEST", {})
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Concurrent writers queue instead of failing with "database is locked": every transaction takes
    # the write lock when it begins (a deferred one that upgrades later fails without waiting), a
    # writer waits up to 20 s for it (``timeout`` is SQLite's busy timeout), and WAL lets readers go
    # on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL"}
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _options = DATABASES["default"].setdefault("OPTIONS", {})
    # Each process names itself to PostgreSQL (pg_stat_activity.application_name): an operator, or a
    # fault test, can tell the web processes' sessions from the workers'.
    _options.setdefault("application_name", env("DATABASE_APPLICATION_NAME", default="boardgames"))
    # A connection is checked before each use: one whose backend was terminated (a failover,
    # pg_terminate_backend) is replaced instead of failing the request.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Server-side prepared statements for the few statements that ask for them (``prepare=True``:
    # the optimistic move, games/optimistic.py). Django turns them off (prepare_threshold None), and
    # then psycopg ignores ``prepare=True`` too, so the move's statement was parsed and planned on
    # every call: a third of its server time. Django's own cursors bind on the client and never
    # prepare, so nothing else changes. Behind a pooler that cannot keep prepared statements
    # (PgBouncer in transaction mode before 1.21), set DATABASE_PREPARE=false.
    if env.bool("DATABASE_PREPARE", default=True):
        _options.setdefault("prepare_threshold", 5)  # psycopg's own default
    if env.bool("DATABASE_POOL", default=True):
        # psycopg's pool (Django 5.1+): connections kept open between requests, each checked when
        # taken (CONN_HEALTH_CHECKS) and replaced when dead. Persistent connections do not mix with it.
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        _options["pool"] = {
            "min_size": env.int("DATABASE_POOL_MIN", default=1),
            "max_size": env.int("DATABASE_POOL_MAX", default=10),
            # a request waits this long for a connection, then answers 503 (games.api.errors)
            "timeout": env.float("DATABASE_POOL_TIMEOUT", default=5.0),
            "max_idle": 300,
        }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Request size caps: 413 above them (games.middleware, games.api.parsers) ------------------------
#: Any request body (forms, the admin); Django's own cap, checked early from Content-Length.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("MAX_BODY_BYTES", default=256 * 1024)
#: A JSON body of the API: the largest real one (a game with six seats and every option) is ~1 KB.
API_MAX_BODY_BYTES = env.int("API_MAX_BODY_BYTES", default=32 * 1024)

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
# WhiteNoise serves the apps' static files straight from their folders too, so `make run` (DEBUG off,
# nothing collected) serves them; after `collectstatic`, STATIC_ROOT's copies serve as well.
WHITENOISE_USE_FINDERS = True
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
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.AutoSchema",
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
    # The schema describes the API, not the endpoint that serves it.
    "SERVE_INCLUDE_SCHEMA": False,
    # Two models have a status: name each choice set after its model.
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": "games.models.Game.Status",
        "ReportStatusEnum": "games.models.Report.Status",
        "EventKindEnum": "games.models.Event.Kind",
        "NotificationKindEnum": "games.models.Notification.Kind",
        "OfferAnswerEnum": "games.api.serializers.OFFER_CHOICES",
    },
}

# --- Redis: Celery broker and Channels layer, or the embedded defaults ---------------------------
REDIS_URL = env("REDIS_URL", default="")

# The cache holds the throttles' counts: shared by every process through Redis, per process without.
CACHES = {
    # Redis while it answers, this process's memory while it is away (config/cache.py): never a 500.
    "default": {"BACKEND": "config.cache.FallbackRedisCache", "LOCATION": REDIS_URL}
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
    "chat": env("THROTTLE_CHAT", default="10/m"),  # chat lines per user, HTTP and socket alike
}
#: Links in chat lines are clickable only for accounts at least this many days old (spam).
CHAT_LINK_DAYS = env.int("CHAT_LINK_DAYS", default=7)
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
# With late acks and a prefetch of one a worker holds only the messages it runs, and keeps their leases
# while it lives: a worker killed whole gives them back within seconds (workers.healing), never one
# it is still running (so ``worker_disable_prefetch`` adds nothing here).
#: A held message goes back to its queue this many seconds after its worker last renewed its lease.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("BROKER_VISIBILITY_TIMEOUT", default=10), "unacked_restore_interval": 1, "unacked_restore_throttle": 1,
    "socket_timeout": 10, "socket_connect_timeout": 5, "socket_keepalive": True, "retry_on_timeout": True,
    "health_check_interval": 10,
}
# Redis going away under a worker: it keeps trying to reconnect, for ever, and keeps running its tasks.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# ... and tries again every two seconds at most, not kombu's 30 (workers.healing.Consumer)
CELERY_WORKER_CONSUMER = "workers.healing:Consumer"
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", default="games")

# --- Bot turns ----------------------------------------------------------------------------------
#: Where bots' turns run: "celery" (a task per turn: workers on Redis, or inline when eager) or
#: "background" (a worker thread of the server process, after the response: games/background.py).
#: Without REDIS_URL, "background", so that no web request waits for a bot.
BOT_TURNS = env("BOT_TURNS", default="celery" if REDIS_URL else "background")
if BOT_TURNS not in ("celery", "background"):
    raise ImproperlyConfigured(f"BOT_TURNS must be 'celery' or 'background', not {BOT_TURNS!r}")
#: The background worker sweeps deadlines (and bot turns lost on the way) every this many seconds.
BOT_SWEEP_SECONDS = env.float("BOT_SWEEP_SECONDS", default=60.0)

# --- the transparency log (transparency/, README "For auditors") --------------------------------------
#: The log's Ed25519 private key (PEM, or base64 of the 32 raw bytes); set it in production. Unset: a key
#: generated once into TRANSPARENCY_KEY_FILE (mode 0600, not in git). A new key is logged at the next
#: checkpoint (key rotation is an entry in the log); keep the old public keys published.
TRANSPARENCY_SIGNING_KEY = env("TRANSPARENCY_SIGNING_KEY", default="")
TRANSPARENCY_KEY_FILE = env("TRANSPARENCY_KEY_FILE", default=str(BASE_DIR / "var" / "transparency_key.pem"))
#: The log's name: the first line of every checkpoint, and the name its signatures are made under.
TRANSPARENCY_ORIGIN = env("TRANSPARENCY_ORIGIN", default=f"{ALLOWED_HOSTS[0]}/boardgames-log")

# --- The event store -----------------------------------------------------------------------------
#: A snapshot of the position document is stored every this many events of a game.
SNAPSHOT_EVERY = env.int("SNAPSHOT_EVERY", default=50)
#: Hours an Idempotency-Key's answer is kept; a retry with the key within them gets it again.
IDEMPOTENCY_KEY_HOURS = env.float("IDEMPOTENCY_KEY_HOURS", default=24.0)
#: The outbox relay (``games.relay``): every this many seconds a thread in each server process
#: hands off follow-up work whose first attempt failed and deletes what was handed off
#: (0: no thread; celery beat's ``relay_outbox`` does the first part, every RELAY_BEAT_SECONDS: config/celery.py).
RELAY_SECONDS = env.float("RELAY_SECONDS", default=1.0)
#: Days an invited user has to accept a seat before the game is cancelled (``games.invitations``).
INVITATION_DAYS = env.float("INVITATION_DAYS", default=7.0)

# --- E-mail and Web Push (games.mail, games.digest, games.push) ---------------------------------------
#: EMAIL_URL (django-environ: smtp://user:pass@host:587, smtp+tls://..., smtp+ssl://..., consolemail://)
#: wins; else EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS) sends by
#: SMTP; else e-mails are printed to the console (the embedded default).
if env("EMAIL_URL", default=""):
    vars().update(env.email_url("EMAIL_URL"))
elif env("EMAIL_HOST", default=""):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = env("EMAIL_HOST")
    EMAIL_PORT = env.int("EMAIL_PORT", default=25)
    EMAIL_HOST_USER = env("EMAIL_HOST_USER", default=env("EMAIL_USER", default=""))
    EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default=env("EMAIL_PASSWORD", default=""))
    EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=False)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_TIMEOUT = env.float("EMAIL_TIMEOUT", default=10.0)
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Board games <noreply@localhost>")
#: The site's address as e-mails and pushes link to it (game pages, unsubscribe links).
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
#: The UTC hour of the daily digest: it carries what was not yet mailed and created before that hour.
DIGEST_HOUR = env.int("DIGEST_HOUR", default=7)
if not 0 <= DIGEST_HOUR <= 23:
    raise ImproperlyConfigured("DIGEST_HOUR must be an hour, 0 to 23")
#: Web Push's VAPID key pair (``manage.py generate_vapid_keys``): the public key, base64url of the
#: uncompressed P-256 point; the private key, base64url of its 32 bytes. Unset: no Web Push.
VAPID_PUBLIC_KEY = env("VAPID_PUBLIC_KEY", default="")
VAPID_PRIVATE_KEY = env("VAPID_PRIVATE_KEY", default="")
#: Who runs this push sender, as push services want to know: a mailto: or https: URL.
VAPID_SUBJECT = env("VAPID_SUBJECT", default="mailto:admin@localhost")
#: Seconds a push service has to answer one push.
WEBPUSH_TIMEOUT = env.float("WEBPUSH_TIMEOUT", default=10.0)

# No log line carries a position, a seed or a hidden outcome (config.logsafe): every record is rewritten
# when it is made, and every handler filters. Django's own handlers (its DEBUG-only console, the e-mail
# report that lists a traceback's locals) are replaced by the one console.
LOGGING_CONFIG = "config.logsafe.configure"
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"withhold_secrets": {"()": "config.logsafe.WithholdSecrets"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["withhold_secrets"]}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
    "loggers": {
        "django": {"handlers": [], "level": env("LOG_LEVEL", default="WARNING"), "propagate": True},
        # runserver's request lines, through the root's console
        "django.server": {"handlers": [], "level": "INFO", "propagate": True},
    },
}
