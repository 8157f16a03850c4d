"""ASGI entry point: HTTP through Django, WebSockets through Channels.

On the embedded default (``BOT_TURNS = "background"``) it also starts this process's bot worker
(``games.background``), which first picks up the bot turns a restart left unplayed. Management
commands never import this module, so ``migrate`` and the others start no thread.
"""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games import background, broadcast, relay  # noqa: E402
from games.realtime.auth import TicketAuthMiddlewareStack  # noqa: E402
from games.realtime.guard import RefuseBadBytes  # noqa: E402
from games.realtime.routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": RefuseBadBytes(
            AllowedHostsOriginValidator(TicketAuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
        ),
    }
)


async def application(scope, receive, send):
    # The in-memory channel layer's consumers live on this loop: the bot worker's thread sends there.
    broadcast.serve_on(asyncio.get_running_loop())
    return await router(scope, receive, send)


background.start_for_server()
relay.start_thread()  # hands off follow-up work left in the outbox, deletes what was handed off
