"""Sockets of this process: a live update for them is handed over here, not through Redis.

A write's live update leaves from the writer's thread (``games.broadcast``). When a channel it is
for belongs to a socket served by this same process, sending it through Redis costs a script on
the way in and, in the socket's loop, channels-redis's blocking read, its decoding and its receive
lock on the way out: more than the rest of the delivery together. So each forwarding consumer
(``realtime.consumers.ForwardingConsumer``) names its channel here with its loop and a queue, and
the writer puts the message straight into that queue, through the loop's own thread-safe call.
Channels of other processes (the other daphne, a Celery worker's write) still go through Redis.

Which groups this process's channels are in is known here too (a consumer names each group it
joins or leaves, after Redis has it): the writer hands these sockets their messages before it asks
Redis who else listens, so a socket of the writer's own process waits for no round trip at all.
Redis stays the one place every process sees; a channel found both here and there is sent once,
from here. A message handed over here is one dict shared by every local channel of its group:
handlers read it, never change it.
"""

from __future__ import annotations

import asyncio
import threading

_here: dict[str, tuple[asyncio.AbstractEventLoop, asyncio.Queue]] = {}
_groups: dict[str, set[str]] = {}  # group -> this process's channels in it
_joined: dict[str, set[str]] = {}  # channel -> its groups (a closing socket leaves them all)
_lock = threading.Lock()


def listen(channel: str, capacity: int) -> asyncio.Queue:
    """Register ``channel`` as this process's, on the running loop: its messages arrive in the
    queue returned (at most ``capacity`` waiting, as channels-redis holds at most that many)."""
    queue: asyncio.Queue = asyncio.Queue(maxsize=capacity)
    with _lock:
        _here[channel] = (asyncio.get_running_loop(), queue)
    return queue


def leave(channel: str) -> None:
    """The channel's socket is gone: forget it and its groups."""
    with _lock:
        _here.pop(channel, None)
        for group in _joined.pop(channel, ()):
            _drop(group, channel)


def joined(channel: str, group: str) -> None:
    with _lock:
        if channel in _here:
            _groups.setdefault(group, set()).add(channel)
            _joined.setdefault(channel, set()).add(group)


def left(channel: str, group: str) -> None:
    with _lock:
        _drop(group, channel)
        _joined.get(channel, set()).discard(group)


def members(groups) -> dict[str, list[str]]:
    """This process's channels in each of ``groups`` (only groups one is in)."""
    with _lock:
        return {g: sorted(_groups[g]) for g in groups if _groups.get(g)}


def _drop(group: str, channel: str) -> None:
    channels = _groups.get(group)
    if channels is not None:
        channels.discard(channel)
        if not channels:
            del _groups[group]


def hand(channels: list[str], message: dict) -> list[str]:
    """Put ``message`` in the queue of each of ``channels`` that is this process's; returns the
    others, for Redis (a channel whose loop has closed counts among them)."""
    elsewhere, running = [], _running_loop()
    for channel in channels:
        with _lock:
            found = _here.get(channel)
        if found is None:
            elsewhere.append(channel)
            continue
        loop, queue = found
        if loop is running:  # the Redis reader of its own loop (``realtime.reader``)
            _put(queue, message)
            continue
        try:
            loop.call_soon_threadsafe(_put, queue, message)
        except RuntimeError:  # its loop has closed: the socket is gone
            elsewhere.append(channel)
    return elsewhere


def fail(loop: asyncio.AbstractEventLoop, failure) -> None:
    """Put ``failure`` in the queue of every channel of ``loop``, called on that loop: the channel
    layer failed under them (``realtime.reader``)."""
    with _lock:
        queues = [queue for on, queue in _here.values() if on is loop]
    for queue in queues:
        while queue.full():  # a socket that has fallen behind still learns of it
            queue.get_nowait()
        queue.put_nowait(failure)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # a writer's thread
        return None


def _put(queue: asyncio.Queue, message: dict) -> None:
    try:
        queue.put_nowait(message)
    except asyncio.QueueFull:  # as channels-redis drops a message to a channel at its capacity
        pass
