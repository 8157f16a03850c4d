"""channels-redis's layer, written from a synchronous thread: a live update in two round trips.

A write's live update leaves from the writer's own (synchronous) thread. channels-redis offers
only ``async`` sends: reaching them means a hop to an event loop and back, and its ``group_send``
costs four round trips per group (expired members, members, expired messages, the send). Here the
same Redis keys are written the same way, synchronously: one pipelined round trip per host reads
the members of every group at once (``members``), one script per host stores every message
(``send``). Where the members are known from the game's last update (a single Redis host), one
script checks them and stores the messages in the same round trip (``send_if_members``). Everything about the format (keys, hashing to hosts, the message's serialization with
its ``__asgi_channel__``, capacity, expiry) is read from the layer itself, so a consumer receiving
through channels-redis cannot tell the difference (``tests/games/test_redis_layer.py``).

This leans on channels-redis's key layout, not only its public API: ``requirements.txt`` pins it.
"""

from __future__ import annotations

import functools
import os
import threading
import time

import redis

#: Seconds a send waits for Redis.
TIMEOUT = 5.0

# channels-redis's own group-send script, with its per-channel clean-up of expired messages
# (``group_send`` does that in a round trip of its own) folded in.
_STORE = """
local now = tonumber(ARGV[#ARGV - 1])
local expiry = tonumber(ARGV[#ARGV])
local over_capacity = 0
for i = 1, #KEYS do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, math.floor(now) - expiry)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


def members(layer, groups: list[str]) -> dict[str, list[str]]:
    """The channels in each of ``groups`` (only groups someone is in), expired members dropped
    as ``group_send`` drops them: one pipelined round trip per Redis host."""
    alive_since = int(time.time()) - layer.group_expiry
    by_host: dict[int, list[str]] = {}
    for group in groups:
        by_host.setdefault(layer.consistent_hash(group), []).append(group)
    found = {}
    for index, named in by_host.items():
        read = functools.partial(_members_on, layer, index, named, alive_since)
        for group, channels in zip(named, _retried(read), strict=True):
            if channels:
                found[group] = [c.decode() for c in channels]
    return found


def _members_on(layer, index: int, groups: list[str], alive_since: int) -> list[list[bytes]]:
    pipe = client(layer, index).pipeline(transaction=False)
    for group in groups:
        key = layer._group_key(group)
        pipe.zremrangebyscore(key, 0, alive_since - 1)
        pipe.zrange(key, 0, -1)
    return pipe.execute()[1::2]


def send(layer, to_groups: dict[str, tuple[list[str], dict]]) -> None:
    """Store each group's message for each of its channels (``group -> (channels, message)``), as
    ``group_send`` would: one script per Redis host for all of them."""
    by_host: dict[int, tuple[list, list, list]] = {}
    for channels, message in to_groups.values():
        by_connection, messages, capacities = layer._map_channel_keys_to_connection(channels, message)
        for index, keys in by_connection.items():
            stored_keys, stored, limits = by_host.setdefault(index, ([], [], []))
            stored_keys.extend(keys)
            stored.extend(messages[k] for k in keys)
            limits.extend(capacities[k] for k in keys)
    for index, (keys, stored, limits) in by_host.items():
        _retried(functools.partial(_store, layer, index, keys, [*stored, *limits]))


# The members of every group checked against those the messages were made for, and the messages
# stored only if they all agree: one round trip where the members are known from the last update.
# KEYS: the group keys, then the channel keys; ARGV: the group count, each group's member count and
# members, the messages, their capacities, now, the message expiry, the oldest living membership.
_STORE_IF_MEMBERS = """
local groups = tonumber(ARGV[1])
local alive_since = tonumber(ARGV[#ARGV])
local at = 2
local same = true
local found = {}
for i = 1, groups do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, alive_since - 1)
    local members = redis.call('ZRANGE', KEYS[i], 0, -1)
    local count = tonumber(ARGV[at])
    local expected = {}
    for j = 1, count do expected[ARGV[at + j]] = true end
    at = at + count + 1
    if #members ~= count then same = false end
    for _, member in ipairs(members) do
        if not expected[member] then same = false end
    end
    found[i + 1] = members
end
if not same then
    found[1] = 0
    return found
end
local now = tonumber(ARGV[#ARGV - 2])
local expiry = tonumber(ARGV[#ARGV - 1])
local stored = #KEYS - groups
for j = 1, stored do
    local key = KEYS[groups + j]
    redis.call('ZREMRANGEBYSCORE', key, 0, math.floor(now) - expiry)
    if redis.call('ZCOUNT', key, '-inf', '+inf') < tonumber(ARGV[at + stored + j - 1]) then
        redis.call('ZADD', key, now, ARGV[at + j - 1])
        redis.call('EXPIRE', key, expiry)
    end
end
return {1}
"""


def one_host(layer) -> bool:
    """Whether every group and channel of ``layer`` lives on one Redis host (``send_if_members``)."""
    return len(layer.hosts) == 1


def send_if_members(layer, groups: list[str], members_known: dict[str, list[str]],
                    to_groups: dict[str, tuple[list[str], dict]]) -> dict[str, list[str]] | None:
    """Store ``to_groups`` (as ``send``) if each of ``groups`` has exactly the members
    ``members_known`` names (a group it leaves out: none), in one round trip; returns ``None``
    then. Otherwise nothing is stored and the members found are returned (as ``members``), for the
    caller to make and send the messages they need. Only for a layer on ``one_host``."""
    keys, args = [layer._group_key(g) for g in groups], [len(groups)]
    for group in groups:
        named = members_known.get(group, [])
        args += [len(named), *named]
    stored_keys, stored, limits = [], [], []
    for channels, message in to_groups.values():
        by_connection, messages, capacities = layer._map_channel_keys_to_connection(channels, message)
        for channel_keys in by_connection.values():
            stored_keys.extend(channel_keys)
            stored.extend(messages[k] for k in channel_keys)
            limits.extend(capacities[k] for k in channel_keys)
    alive_since = int(time.time()) - layer.group_expiry
    script = _script(layer, 0, _STORE_IF_MEMBERS)
    reply = _retried(lambda: script(keys=[*keys, *stored_keys],
                                    args=[*args, *stored, *limits, time.time(), int(layer.expiry), alive_since]))
    if reply[0] == 1:
        return None
    return {g: [c.decode() for c in channels] for g, channels in zip(groups, reply[1:], strict=True) if channels}


def _store(layer, index: int, keys: list, args: list) -> int:
    """The store script on one host; how many channels were at their capacity."""
    return _script(layer, index)(keys=keys, args=[*args, time.time(), int(layer.expiry)])


def _retried(call):
    try:
        return call()
    except redis.RedisError:  # after Redis restarts a pooled connection fails once: a fresh one
        return call()


_clients: dict[tuple[int, int, int], redis.Redis] = {}
_scripts: dict[tuple[int, int, int, str], object] = {}
_lock = threading.Lock()


def client(layer, index: int) -> redis.Redis:
    """A synchronous client of the layer's ``index``-th host, kept per process and layer."""
    key = (os.getpid(), id(layer), index)
    with _lock:
        if key not in _clients:
            host = dict(layer.hosts[index])
            address = host.pop("address")
            _clients[key] = redis.Redis.from_url(address, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT)
        return _clients[key]


def _script(layer, index: int, source: str = _STORE):
    """A script on that host's client: sent by its SHA, loaded again if Redis forgot it."""
    key = (os.getpid(), id(layer), index, source)
    if key not in _scripts:
        _scripts[key] = client(layer, index).register_script(source)
    return _scripts[key]
