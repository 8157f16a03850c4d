"""One reader per event loop for this process's channels in Redis, in place of channels-redis's.

channels-redis keeps every channel of a process in one sorted set (``specific.<prefix>!``). Each
socket's ``receive`` takes turns at a lock to pop from it: a blocking pop, a copy of the message
into a backup set and a clean-up script around each (three round trips where one is needed), then
hands what it popped to the socket it is for through per-channel buffers and a fresh pair of tasks
per wait. That is the cost of a live update that comes from another process: the one path where
our delivery stayed above twice the layer's own round trip (``bench/load.py``).

Here one task per loop pops the process's messages and puts each straight into its socket's queue,
the queue this process's writers already hand their updates to (``games.nearby``). The backup set
is dropped: it guards a message against a ``receive`` cancelled between the pop and the buffer,
and this reader is cancelled only when no socket of its loop is left to read for. When Redis fails
under the reader, every socket of its loop is told (``LayerAway``) and closes as it did when its
own ``receive`` failed; the reader tries again after a pause, for the sockets that come next.
"""

from __future__ import annotations

import asyncio
import logging

from games import nearby

log = logging.getLogger(__name__)

#: Seconds between attempts to read while Redis is away.
RETRY_AFTER = 0.5


class LayerAway:
    """Put in a socket's queue when the reader lost Redis: the consumer raises ``error``."""

    def __init__(self, error: BaseException):
        self.error = error


def reads_for(layer) -> bool:
    """Whether this module reads ``layer``'s messages (channels-redis's own core layer)."""
    try:
        from channels_redis.core import RedisChannelLayer
    except ImportError:  # pragma: no cover (the embedded default has no Redis)
        return False
    return type(layer) is RedisChannelLayer


class _Reader:
    def __init__(self, layer, real_channel: str):
        self.layer = layer
        self.key = layer.prefix + real_channel
        self.index = layer.consistent_hash(real_channel)
        self.loop = asyncio.get_running_loop()
        self.sockets = 0
        self.task = self.loop.create_task(self._run(), name=f"redis reader {real_channel}")

    async def _run(self) -> None:
        while True:
            try:
                popped = await self.layer.connection(self.index).bzpopmin(self.key, timeout=self.layer.brpop_timeout)
            except Exception as exc:  # Redis away or a connection torn: every socket of this loop is told
                log.warning("channel layer read failed (%s): this loop's sockets close", exc)
                nearby.fail(self.loop, LayerAway(exc))
                await asyncio.sleep(RETRY_AFTER)
                continue
            if popped is not None:
                try:
                    self._route(popped[1])
                except Exception:  # a message no socket could read: dropped, the reader goes on
                    log.exception("channel layer message dropped: it could not be read")

    def _route(self, member: bytes) -> None:
        message = self.layer.deserialize(member)
        channels = message.pop("__asgi_channel__", [])
        # A channel already gone is dropped, as its buffer in channels-redis would be.
        nearby.hand(channels if isinstance(channels, list) else [channels], message)


_readers: dict[tuple[int, asyncio.AbstractEventLoop], _Reader] = {}


def attach(layer, channel: str) -> None:
    """``channel``'s socket reads through this loop's reader of ``layer`` (started if need be)."""
    key = (id(layer), asyncio.get_running_loop())
    reader = _readers.get(key)
    if reader is None or reader.task.done():
        reader = _readers[key] = _Reader(layer, layer.non_local_name(channel))
    reader.sockets += 1


def detach(layer) -> None:
    """A socket of this loop is gone: the last one stops the reader."""
    key = (id(layer), asyncio.get_running_loop())
    reader = _readers.get(key)
    if reader is None:
        return
    reader.sockets -= 1
    if reader.sockets <= 0:
        reader.task.cancel()
        del _readers[key]
