"""Live updates: after a write, each seat's view is computed once and sent to that seat's group.

A game has one group per seat (``game-<id>.seat-<n>``) and one for everyone else
(``game-<id>.watch``). A consumer joins the groups of the seats its user holds, or the watchers'
group, so the message it receives already holds what its user may see: nothing hidden passes to a
group that may not see it, and no consumer reads the database for an ordinary move. Once the game
is over every group gets the whole document.

``send`` raises when the channel layer is away: the outbox (``games.relay``) keeps the update and
tries again on a fresh connection.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections import OrderedDict

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games import nearby, redis_layer, shown

#: Seconds a hand-off waits for the channel layer.
TIMEOUT = 5.0


def seat_group(game_id: int, seat: int) -> str:
    return f"game-{game_id}.seat-{seat}"


def watch_group(game_id: int) -> str:
    return f"game-{game_id}.watch"


def user_group(user_id: int) -> str:
    """A user's own group: every open page of theirs (``/ws/me/``) hears their inbox count there."""
    return f"user-{int(user_id)}"


def deliver(by_group: dict[str, dict]) -> None:
    """Send each group someone is in its ready-made message (a chat line, an inbox count); raises
    when the channel layer is away, for the outbox to try again."""
    layer = get_channel_layer()
    if layer is None or not by_group:
        return
    if isinstance(layer, InMemoryChannelLayer):
        _on_its_loop(layer, {g: m for g, m in by_group.items() if layer.groups.get(g)})
        return
    here = _hand_here(by_group)
    _send_elsewhere(layer, by_group, _elsewhere(redis_layer.members(layer, list(by_group)), here))


def listened(groups) -> set[str]:
    """Those of ``groups`` someone is in (nobody: no layer): one pipelined round trip per Redis host."""
    layer = get_channel_layer()
    if layer is None:
        return set()
    if isinstance(layer, InMemoryChannelLayer):
        return {g for g in groups if layer.groups.get(g)}
    return set(redis_layer.members(layer, list(groups)))


def messages(game, groups: set[str] | None = None) -> dict[str, dict]:
    """The message of each group of ``game`` (read with its seats), by group name; only of
    ``groups`` if given (each seat's view costs the engine a view and perhaps the legal list)."""
    from games import selectors

    wanted = [seat for seat in [*range(game.players), None]
              if groups is None or _group(game.pk, seat) in groups]
    if not wanted:
        return {}
    summary = selectors.game_summary(game)
    facts = {"type": "game.state", "seq": game.seq, "to_act": game.to_act,
             "users": [s.user_id if s.is_taken else None for s in game.seats.all()]}
    out = {}
    for seat in wanted:
        state = {"type": "state", "game": summary, **selectors.seat_view(game, seat),
                 "legal": selectors.seat_legal(game, seat)}
        out[_group(game.pk, seat)] = facts | {"for_seat": seat, "state": state}
    return out


def _group(game_id: int, seat: int | None) -> str:
    return watch_group(game_id) if seat is None else seat_group(game_id, seat)


def send(game_id: int, seq: int) -> None:
    """Send each listened group its message about ``game_id`` as it is now (``seq`` or later).

    This process's sockets are handed theirs first (``games.nearby``: no round trip); then the
    other processes' channels are sent theirs through Redis. Where this process sent the game's
    last update, the groups' members Redis gave then are sent to at once, by a script that stores
    the messages only if Redis still has exactly those members (one round trip); otherwise, or
    when they differ, the members are read and the messages sent (two). Groups nobody is in are
    neither computed nor sent: a move nobody watches costs one round trip to the layer, not a
    view per seat."""
    layer = get_channel_layer()
    if layer is None:
        return
    groups = _all_groups(game_id)
    if isinstance(layer, InMemoryChannelLayer):  # its groups are this process's
        _on_its_loop(layer, _messages_of(game_id, seq, {g for g in groups if layer.groups.get(g)}))
        return
    made = _messages_of(game_id, seq, set(nearby.members(groups)))
    here = _hand_here(made)
    members = _members_seen.get(game_id)
    if members is not None and redis_layer.one_host(layer):
        elsewhere = _elsewhere(members, here)
        made |= _messages_of(game_id, seq, set(elsewhere) - set(made))
        members = redis_layer.send_if_members(layer, groups, members, _for_channels(made, elsewhere))
        if members is None:
            return  # the members were those of the last update: sent in that one round trip
    else:
        members = redis_layer.members(layer, groups)
    _members_seen.put(game_id, members)
    elsewhere = _elsewhere(members, here)
    made |= _messages_of(game_id, seq, set(elsewhere) - set(made))
    _send_elsewhere(layer, made, elsewhere)


def _messages_of(game_id: int, seq: int, groups: set[str]) -> dict[str, dict]:
    """The messages of ``groups`` (none: nothing computed, nothing read)."""
    game = shown.game_at(game_id, seq) if groups else None
    return {} if game is None else messages(game, groups)


def _all_groups(game_id: int) -> list[str]:
    return [watch_group(game_id), *(seat_group(game_id, n) for n in range(_most_seats()))]


@functools.cache
def _most_seats() -> int:
    from engine import available, get_game

    return max(max(get_game(name).player_counts) for name in available())


def _hand_here(by_group: dict[str, dict]) -> dict[str, list[str]]:
    """Hand each group's message to this process's channels in it; returns them by group."""
    here = {}
    for group, channels in nearby.members(by_group).items():
        missed = nearby.hand(channels, by_group[group])  # a socket whose loop closed: Redis tries
        here[group] = [c for c in channels if c not in missed]
    return here


def _elsewhere(members: dict[str, list[str]], here: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each group's channels not already handed their message here (groups with none left out)."""
    out = {}
    for group, channels in members.items():
        rest = [c for c in channels if c not in here.get(group, ())]
        if rest:
            out[group] = rest
    return out


def _send_elsewhere(layer, by_group: dict[str, dict], elsewhere: dict[str, list[str]]) -> None:
    """Each group's message, through Redis, to its channels of other processes."""
    redis_layer.send(layer, _for_channels(by_group, elsewhere))


def _for_channels(by_group: dict[str, dict], elsewhere: dict[str, list[str]]) -> dict[str, tuple[list[str], dict]]:
    return {g: (channels, by_group[g]) for g, channels in elsewhere.items() if g in by_group}


class _SeenMembers:
    """Each game's groups' members as Redis gave them for its last update from this process, the
    most recent ``capacity`` games. Only a guess: the next update's script stores its messages only
    if Redis still has exactly these members, and otherwise hands back the members it found."""

    def __init__(self, capacity: int = 4096):
        self.capacity = capacity
        self._by_game: OrderedDict[int, dict[str, list[str]]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: int) -> dict[str, list[str]] | None:
        with self._lock:
            return self._by_game.get(game_id)

    def put(self, game_id: int, members: dict[str, list[str]]) -> None:
        with self._lock:
            self._by_game[game_id] = members
            self._by_game.move_to_end(game_id)
            while len(self._by_game) > self.capacity:
                self._by_game.popitem(last=False)


_members_seen = _SeenMembers()


def _on_its_loop(layer, by_group: dict[str, dict]) -> None:
    """The in-memory layer lives on its consumers' loop: it must be reached from there. A request's
    thread finds that loop itself; another thread (the background bot worker) is handed it by the
    ASGI entry (``serve_on``)."""
    if not by_group:
        return

    async def send_all():
        await asyncio.gather(*(layer.group_send(group, message) for group, message in by_group.items()))

    loop = _server["loop"]
    if loop is not None and loop.is_running() and not _on_a_loop():
        asyncio.run_coroutine_threadsafe(send_all(), loop).result(timeout=TIMEOUT)
    else:
        async_to_sync(send_all)()


#: The server's event loop, where the in-memory layer's consumers run (see ``serve_on``).
_server = {"loop": None}


def serve_on(loop: asyncio.AbstractEventLoop) -> None:
    """The ASGI entry names the loop it serves on, for sends from threads that are not its own."""
    _server["loop"] = loop


def _on_a_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
