"""A bounded load generator for the production shape (issue 16, item 7).

It starts a Redis of its own and ``--servers`` daphne processes on ``DATABASE_URL`` (PostgreSQL),
prepares ``--games`` two-player paso games, and then, in one run, measures side by side:

1. the channel layer's own broadcast round trip at one client (group_send -> receive, this process);
2. moves (each a GET of the legal list and a POST of one of them, under an Idempotency-Key) for
   ``--seconds``, without WebSockets, then with one WebSocket per game; then, with the sockets, at
   one client for a third of that (the delivery path without a queue in front of it);
3. in turn with the moves (``--rounds`` bursts of each), a trivial authenticated DRF endpoint
   (``GET /api/me/ping``) under as many client threads, on the same servers (sockets open or not).

Before anything is timed, every game makes one untimed move (``warm_up``): each server has then
served requests and written its games once, as a server that has run a while has. It prints
moves/s, POST and GET p50/p95/p99, append -> socket p50/p95/p99 (the event's own time, from its
receipt, to the arrival of the socket message carrying its seq) and, where PostgreSQL keeps commit
timestamps (``track_commit_timestamp = on``), commit -> socket (the transaction's commit time, by
the server's clock, this machine's), each also split by where the socket was at one client (every
other game's socket on another server than its moves), errors by status, CPU seconds per move and
per ping of the server processes (/proc), and the goals as ratios: a move's CPU at most 3x a
ping's; commit -> socket p50 (append -> socket without commit times) at most 2x the layer's round
trip. ``--json FILE`` writes the same
figures as JSON. Compare ratios, not absolute figures, between machines (../shared/NOTES.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench .venv/bin/python bench/load.py \\
        --servers 2 --games 200 --clients 12 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import database  # noqa: E402
from bench.httpclient import Client  # noqa: E402
from bench.stack import Redis, Stack, cpu_seconds  # noqa: E402
from engine import get_game  # noqa: E402

GOALS = {"move_cpu_over_ping_cpu": 3.0, "socket_p50_over_layer_rtt_p50": 2.0}


def percentiles(values: list[float]) -> dict:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)

    return {"n": len(ordered), "p50": at(0.50), "p95": at(0.95), "p99": at(0.99)}  # milliseconds


# --- set-up (Django, in this process) ----------------------------------------------------------------
def prepare(games: int, run: str) -> list[dict]:
    """``games`` active paso games between fresh pairs of users, with a token per seat."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth.models import User
    from knox.models import get_token_model

    from games import invitations, services

    made = []
    for i in range(games):
        south = User.objects.create_user(f"b{run}s{i}", password="bench-pass-1!")
        north = User.objects.create_user(f"b{run}n{i}", password="bench-pass-1!")
        game = services.create_game(creator=south, name="paso", seats=[{"user": south.username}, {"user": north.username}])
        invitations.accept(user=north, game_id=game.pk)
        tokens = [get_token_model().objects.create(user=u)[1] for u in (south, north)]
        made.append({"id": game.pk, "index": i, "tokens": tokens, "users": [south.username, north.username]})
    ping_user = User.objects.create_user(f"b{run}ping", password="bench-pass-1!")
    made[0]["ping_token"] = get_token_model().objects.create(user=ping_user)[1]
    from django.db import connections

    connections.close_all()
    return made


# --- the channel layer's own round trip ----------------------------------------------------------------
def layer_round_trip(redis_url: str, count: int = 200) -> list[float]:
    from config.settings import channel_layers_for

    config = channel_layers_for(redis_url, prefix=f"bench-{uuid.uuid4().hex[:6]}")["default"]

    async def measure():
        from channels_redis.core import RedisChannelLayer

        layer = RedisChannelLayer(**config["CONFIG"])
        channel = await layer.new_channel()
        await layer.group_add("bench-rtt", channel)
        times = []
        for _ in range(count):
            start = time.perf_counter()
            await layer.group_send("bench-rtt", {"type": "game.event", "seq": 0})
            await layer.receive(channel)
            times.append(time.perf_counter() - start)
        await layer.group_discard("bench-rtt", channel)
        await layer.flush()
        return times

    return asyncio.run(measure())


# --- the loads ---------------------------------------------------------------------------------------------
class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.get: list[float] = []
        self.post: list[float] = []
        self.ping: list[float] = []
        self.errors: Counter = Counter()
        self.moves = 0
        self.pings = 0
        self.appended: dict[tuple[int, int], float] = {}  # (game, seq) -> the event's own time
        self.ran_out = 0

    def error(self, status: int) -> None:
        with self.lock:
            self.errors[status] += 1

    def by_status(self) -> dict[str, int]:
        """The errors counted, by HTTP status (as JSON keys)."""
        return {str(k): v for k, v in sorted(self.errors.items())}


def server_of(bases: list[str], game: dict) -> str:
    """The server a game's players (and its watcher) talk to, the same in every phase: a server
    remembers the heads of the games it wrote (``games.optimistic``), as sticky sessions would."""
    return bases[game["index"] % len(bases)]


def ping_load(bases: list[str], token: str, clients: int, seconds: float, tally: Tally) -> None:
    until = time.monotonic() + seconds

    def run(n: int):
        client = Client(bases[n % len(bases)], token)
        while time.monotonic() < until:
            answer = client.get("/api/me/ping")
            if answer.status != 200:
                tally.error(answer.status)
                continue
            with tally.lock:
                tally.ping.append(answer.seconds)
                tally.pings += 1
        client.close()

    _threads(run, clients)


def move_load(bases: list[str], games: list[dict], clients: int, seconds: float, tally: Tally, seed: int) -> None:
    until = time.monotonic() + seconds

    def run(n: int):
        rng = random.Random(seed + n)
        mine = [g for i, g in enumerate(games) if i % clients == n]
        http = {(g["id"], s): Client(server_of(bases, g), t) for g in mine for s, t in enumerate(g["tokens"])}
        to_act = {g["id"]: g.get("to_act", 0) for g in mine}
        live = [g["id"] for g in mine]
        while time.monotonic() < until and live:
            for game_id in list(live):
                if time.monotonic() >= until:
                    break
                if not _one_move(game_id, http, to_act, rng, tally):
                    live.remove(game_id)
        if not live:
            with tally.lock:
                tally.ran_out += 1
        for g in mine:  # the next phase starts from the seat each game has to act
            g["to_act"] = to_act[g["id"]]
        for client in http.values():
            client.close()

    _threads(run, clients)


#: The seats of a two-player paso game, as the move answer names the seat to act next.
SEATS = tuple(get_game("paso").seat_names(2))


def _one_move(game_id: int, http: dict, to_act: dict, rng, tally: Tally) -> bool:
    """One move of ``game_id`` (a GET of the legal list, then a POST); False once the game is over.

    The seat to act is the one the last answer named, so a move is one GET and one POST; the other
    seat is asked only when that list is empty (the game's first move here, or it ended)."""
    seat = to_act[game_id]
    if seat is None:
        return False
    for attempt in (seat, 1 - seat):
        legal = http[(game_id, attempt)].get(f"/api/games/{game_id}/legal")
        if legal.status != 200:
            tally.error(legal.status)
            return True
        with tally.lock:
            tally.get.append(legal.seconds)
        if legal.body["actions"]:
            seat = attempt
            break
    else:
        return False  # nobody to act: the game is over
    body = {"action": rng.choice(legal.body["actions"]), "expected_seq": legal.body["seq"]}
    moved = http[(game_id, seat)].post(f"/api/games/{game_id}/actions", body,
                                      headers={"Idempotency-Key": uuid.uuid4().hex})
    if moved.status != 201:
        tally.error(moved.status)
        return True
    named = moved.body.get("to_act")
    to_act[game_id] = SEATS.index(named) if named in SEATS else None
    at = (moved.body.get("receipt") or {}).get("at")
    with tally.lock:
        tally.post.append(moved.seconds)
        tally.moves += 1
        if at:
            tally.appended[(game_id, moved.body["seq"])] = datetime.fromisoformat(at).timestamp()
    return True


def warm_up(bases: list[str], games: list[dict], clients: int, seed: int) -> dict:
    """One move of every game, untimed: a server's first write of a game takes the locked path and
    replays its history (it has not seen the game yet); a server that has run a while has done that
    for its games, so the timed phases measure moves on servers past it. Its CPU is reported too."""
    tally, start = Tally(), time.perf_counter()

    def run(n: int):
        rng = random.Random(seed + n)
        for i, game in enumerate(games):
            if i % clients == n:
                http = {(game["id"], s): Client(server_of(bases, game), t) for s, t in enumerate(game["tokens"])}
                to_act = {game["id"]: 0}
                _one_move(game["id"], http, to_act, rng, tally)
                game["to_act"] = to_act[game["id"]]
                for client in http.values():
                    client.close()

    _threads(run, clients)
    return {"moves": tally.moves, "seconds": round(time.perf_counter() - start, 2),
            "errors_by_status": tally.by_status()}


def _threads(target, count: int) -> None:
    threads = [threading.Thread(target=target, args=(n,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


class Sockets:
    """One WebSocket per game (as its first seat), on one asyncio loop in a thread of its own; the
    arrival time of the first message carrying each (game, seq)."""

    def __init__(self, bases: list[str], games: list[dict], across: bool = False):
        self.bases, self.games = bases, games
        # ``across``: every other game's socket on another server than its players' moves, so the
        # delivery to another process (through Redis) is measured beside the writer's own.
        self.other_server = {g["id"] for g in games if across and len(bases) > 1 and g["index"] % 2}
        self.arrived: dict[tuple[int, int], float] = {}
        self.connected = 0
        self.failed = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop = None
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self, timeout: float = 120.0) -> Sockets:
        self._thread.start()
        self._ready.wait(timeout)
        return self

    def stop(self) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())

    async def _main(self) -> None:
        from websockets.asyncio.client import connect

        self._stop = asyncio.Event()
        opened = []
        for game in self.games:
            base = server_of(self.bases, game)
            if game["id"] in self.other_server:
                base = self.bases[(self.bases.index(base) + 1) % len(self.bases)]
            ticket = Client(base, game["tokens"][0]).post("/api/auth/ws-ticket")
            if ticket.status != 200 and ticket.status != 201:
                self.failed += 1
                continue
            url = base.replace("http://", "ws://") + f"/ws/games/{game['id']}/?ticket={ticket.body['ticket']}"
            try:
                socket = await connect(url, origin=base, open_timeout=20, max_size=2**22)
            except Exception:  # noqa: BLE001 (counted)
                self.failed += 1
                continue
            self.connected += 1
            opened.append(asyncio.ensure_future(self._read(game["id"], socket)))
        self._ready.set()
        await self._stop.wait()
        for task in opened:
            task.cancel()
        await asyncio.gather(*opened, return_exceptions=True)

    async def _read(self, game_id: int, socket) -> None:
        try:
            async for raw in socket:
                now = time.time()
                try:
                    seq = json.loads(raw).get("seq")
                except (ValueError, AttributeError):
                    continue
                if isinstance(seq, int):
                    self.arrived.setdefault((game_id, seq), now)
        finally:
            await socket.close()


def _delivery_delays(since: dict, arrived: dict) -> dict[tuple[int, int], float]:
    """For each stored move, the seconds from its time in ``since`` (its event's own, or its commit's)
    to the first socket message that told its game's watcher of it (a message carrying its seq or a
    later one: a view sent after two quick moves carries both)."""
    by_game: dict[int, list[tuple[int, float]]] = {}
    for (game_id, seq), when in arrived.items():
        by_game.setdefault(game_id, []).append((seq, when))
    delays = {}
    for (game_id, seq), at in since.items():
        told = [when for later, when in by_game.get(game_id, ()) if later >= seq and when >= at - 1.0]
        if told:
            delays[(game_id, seq)] = max(0.0, min(told) - at)
    return delays


def commit_times(database_url: str, moves) -> dict[tuple[int, int], float]:
    """When each move's transaction committed, by PostgreSQL's own clock (this machine's): empty
    unless the server keeps commit timestamps (``track_commit_timestamp = on``)."""
    import psycopg

    keys = list(moves)
    with psycopg.connect(database_url, autocommit=True) as conn:
        if conn.execute("SHOW track_commit_timestamp").fetchone()[0] != "on" or not keys:
            return {}
        rows = conn.execute(
            "SELECT e.game_id, e.seq, extract(epoch FROM pg_xact_commit_timestamp(e.xmin))::float8"
            " FROM games_event e JOIN unnest(%s::bigint[], %s::int[]) AS k(g, s) ON e.game_id = k.g AND e.seq = k.s",
            ([g for g, _ in keys], [q for _, q in keys])).fetchall()
    return {(g, q): at for g, q, at in rows if at is not None}


def _socket_figures(tally: Tally, watcher: Sockets, database_url: str) -> dict:
    """Append -> socket for every move; commit -> socket where PostgreSQL keeps commit times; each
    also by where the socket was (the writer's server, another)."""
    figures = {}
    for name, since in (("append", tally.appended), ("commit", commit_times(database_url, tally.appended))):
        if not since:
            continue
        delays = _delivery_delays(since, watcher.arrived)
        figures[f"{name}_to_socket_ms"] = percentiles(list(delays.values()))
        if watcher.other_server:
            for where, chosen in (("same_server", False), ("other_server", True)):
                figures[f"{name}_to_socket_ms_{where}"] = percentiles(
                    [d for (game_id, _), d in delays.items() if (game_id in watcher.other_server) == chosen])
        if name == "append":
            figures["moves_delivered"] = len(delays)
            figures["moves_not_delivered"] = len(since) - len(delays)
    return figures


# --- one run ---------------------------------------------------------------------------------------------
def server_cpu(stack: Stack) -> float:
    return sum(cpu_seconds(process.pid) for process, _ in stack.servers)


def moves_phase(stack: Stack, games: list[dict], args, *, sockets: bool, seed: int, clients: int | None = None,
                seconds: float | None = None, pings: bool = True, across: bool = False) -> dict:
    """Moves for ``seconds`` (``--seconds``) in ``--rounds`` bursts, each after a burst of pings on
    the same servers (and sockets, if open), so a disturbance of the shared machine hits both alike:
    the CPU ratio is the median of the rounds' ratios."""
    bases = [base for _, base in stack.servers]
    watcher = Sockets(bases, games, across=across).start() if sockets else None
    tally, pinged = Tally(), Tally()
    clients = clients or args.clients
    rounds = args.rounds if pings else 1
    cpu = elapsed = ping_cpu = ping_elapsed = 0.0
    ratios = []
    for number in range(rounds):
        if pings:
            before, c0, t0 = pinged.pings, server_cpu(stack), time.perf_counter()
            ping_load(bases, games[0]["ping_token"], clients, args.ping_seconds / rounds, pinged)
            round_ping_cpu, count = server_cpu(stack) - c0, pinged.pings - before
            ping_cpu, ping_elapsed = ping_cpu + round_ping_cpu, ping_elapsed + time.perf_counter() - t0
        before, c0, t0 = tally.moves, server_cpu(stack), time.perf_counter()
        move_load(bases, games, clients, (seconds or args.seconds) / rounds, tally, seed + 1000 * number)
        round_cpu, moved = server_cpu(stack) - c0, tally.moves - before
        cpu, elapsed = cpu + round_cpu, elapsed + time.perf_counter() - t0
        if pings and count and moved and round_ping_cpu:
            ratios.append((round_cpu / moved) / (round_ping_cpu / count))
    result = {
        "websockets": sockets,
        "clients": clients,
        "rounds": rounds,
        "seconds": round(elapsed, 2),
        "moves": tally.moves,
        "moves_per_second": round(tally.moves / elapsed, 2) if elapsed else 0.0,
        "post_ms": percentiles(tally.post),
        "get_ms": percentiles(tally.get),
        "errors_by_status": tally.by_status(),
        "server_cpu_seconds": round(cpu, 3),
        "cpu_seconds_per_move": round(cpu / tally.moves, 6) if tally.moves else None,
        "clients_out_of_games": tally.ran_out,
    }
    if pings:
        result["ping"] = {
            "seconds": round(ping_elapsed, 2),
            "requests": pinged.pings,
            "requests_per_second": round(pinged.pings / ping_elapsed, 2) if ping_elapsed else 0.0,
            "ms": percentiles(pinged.ping),
            "errors_by_status": pinged.by_status(),
            "cpu_seconds_per_request": round(ping_cpu / pinged.pings, 6) if pinged.pings else None,
        }
        result["move_cpu_over_ping_cpu_by_round"] = [round(r, 2) for r in ratios]
        result["move_cpu_over_ping_cpu"] = round(statistics.median(ratios), 2) if ratios else None
    if watcher is not None:
        time.sleep(1.5)  # the last moves' messages are on their way
        watcher.stop()
        result.update({"sockets_connected": watcher.connected, "sockets_failed": watcher.failed,
                       **_socket_figures(tally, watcher, stack.database_url)})
    return result


def run(args) -> dict:
    database_url = os.environ.get("DATABASE_URL", "")
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench/load.py needs DATABASE_URL=postgres://... (the production shape)")
    workdir = Path(tempfile.mkdtemp(prefix="bench-load-"))
    redis = Redis(workdir / "redis").start()
    os.environ["REDIS_URL"] = redis.url()  # this process's own broadcasts (set-up) go there too
    stack = Stack(database_url, redis, workdir / "logs", name="bench")
    try:
        if not args.no_migrate:
            database.ensure_named_database(database_url)  # a new machine has no ``bench`` database yet
            subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], cwd=ROOT, check=True,
                           env=stack.env("migrate"), stdout=subprocess.DEVNULL)
        run_id = uuid.uuid4().hex[:6]
        games = prepare(args.games, run_id)
        for _ in range(args.servers):
            stack.server(wait=False, access_log=False)
        for process, base in stack.servers:
            stack.wait_serving(process, base)
        bases = [base for _, base in stack.servers]
        # Before anything is timed, ping or move: every server past its first requests and writes.
        cpu_before = server_cpu(stack)
        warmed = warm_up(bases, games, args.clients, seed=0)
        warmed["cpu_seconds_per_move"] = (round((server_cpu(stack) - cpu_before) / warmed["moves"], 6)
                                          if warmed["moves"] else None)
        rtt = layer_round_trip(redis.url())
        phases = []
        if args.websockets in ("off", "both"):
            phases.append(moves_phase(stack, games, args, sockets=False, seed=1))
        if args.websockets in ("on", "both"):
            phases.append(moves_phase(stack, games, args, sockets=True, seed=2))
            # The delivery path itself, not the queue in front of a saturated machine: one client,
            # as the layer's own round trip is measured; every other game's socket on another
            # server, so the delivery to another process is measured beside the writer's own.
            phases.append(moves_phase(stack, games, args, sockets=True, seed=3, clients=1,
                                      seconds=max(1.0, args.seconds / 3), pings=False, across=True))
        result = {
            "servers": args.servers, "games": args.games, "clients": args.clients,
            "layer_rtt_ms": percentiles(rtt), "warm_up": warmed, "moves": phases, "ratios": {},
            "goals": GOALS,
        }
        rtt_p50 = result["layer_rtt_ms"]["p50"]
        for phase in phases:
            label = "with_sockets" if phase["websockets"] else "without_sockets"
            measure = "commit" if "commit_to_socket_ms" in phase else "append"
            if phase["clients"] == 1 and args.clients != 1:
                for where in ("", "_same_server", "_other_server"):
                    socket_p50 = phase.get(f"{measure}_to_socket_ms{where}", {}).get("p50")
                    if socket_p50 is not None and rtt_p50:
                        result["ratios"][f"socket_p50_over_layer_rtt_p50_one_client_{measure}{where}"] = round(
                            socket_p50 / rtt_p50, 2)
                continue
            if phase.get("move_cpu_over_ping_cpu") is not None:
                result["ratios"][f"move_cpu_over_ping_cpu_{label}"] = phase["move_cpu_over_ping_cpu"]
            socket_p50 = phase.get(f"{measure}_to_socket_ms", {}).get("p50")
            if socket_p50 is not None and rtt_p50:
                result["ratios"][f"socket_p50_over_layer_rtt_p50_{measure}"] = round(socket_p50 / rtt_p50, 2)
        return result
    finally:
        stack.stop()
        redis.stop()


def report(result: dict) -> str:
    lines = [f"bench/load.py: {result['servers']} daphne, {result['games']} games, {result['clients']} client threads"]
    rtt = result["layer_rtt_ms"]
    lines.append(f"  channel layer broadcast round trip (1 client): p50/p95/p99 = {rtt['p50']}/{rtt['p95']}/{rtt['p99']} ms")
    warmed = result["warm_up"]
    lines.append(f"  warm-up (untimed): each game's first move on its server, {warmed['moves']} in {warmed['seconds']} s, "
                 f"server CPU {warmed['cpu_seconds_per_move']} s/move (the locked path and a replay), "
                 f"errors {warmed['errors_by_status'] or 'none'}")
    for phase in result["moves"]:
        label = "with a WebSocket per game" if phase["websockets"] else "without WebSockets"
        post, get = phase["post_ms"], phase["get_ms"]
        lines.append(f"  moves {label}, {phase['clients']} client(s): {phase['moves_per_second']} moves/s "
                     f"({phase['moves']} in {phase['seconds']} s)")
        gets = f"{get['n'] / phase['moves']:.2f}" if phase["moves"] else "-"
        lines.append(f"    POST p50/p95/p99 = {post['p50']}/{post['p95']}/{post['p99']} ms; "
                     f"GET legal p50/p95/p99 = {get['p50']}/{get['p95']}/{get['p99']} ms ({gets} GETs a move)")
        lines.append(f"    server CPU {phase['cpu_seconds_per_move']} s/move; errors {phase['errors_by_status'] or 'none'}")
        if "ping" in phase:
            ping = phase["ping"]
            lines.append(f"    GET /api/me/ping, in {phase['rounds']} bursts between the moves': {ping['requests_per_second']}/s, "
                         f"p50/p95/p99 = {ping['ms']['p50']}/{ping['ms']['p95']}/{ping['ms']['p99']} ms, server CPU "
                         f"{ping['cpu_seconds_per_request']} s/request, errors {ping['errors_by_status'] or 'none'}; "
                         f"move/ping CPU by round {phase['move_cpu_over_ping_cpu_by_round']}")
        for measure in ("append", "commit"):
            if f"{measure}_to_socket_ms" not in phase:
                continue
            parts = [f"{measure} -> socket p50/p95/p99 = {_p(phase[f'{measure}_to_socket_ms'])} ms"]
            for where in ("same_server", "other_server"):
                if f"{measure}_to_socket_ms_{where}" in phase:
                    parts.append(f"socket on the {where.replace('_', ' ')}: {_p(phase[f'{measure}_to_socket_ms_{where}'])}")
            lines.append("    " + "; ".join(parts))
        if "moves_delivered" in phase:
            lines.append(f"    {phase['moves_delivered']} delivered, {phase['moves_not_delivered']} not; "
                         f"{phase['sockets_connected']} sockets ({phase['sockets_failed']} failed)"
                         + ("" if "commit_to_socket_ms" in phase else
                            "; no commit times (PostgreSQL's track_commit_timestamp is off)"))
        if phase["clients_out_of_games"]:
            lines.append(f"    ({phase['clients_out_of_games']} clients ran out of games before the end)")
    for name, value in result["ratios"].items():
        goal = next(v for k, v in GOALS.items() if name.startswith(k))
        lines.append(f"  ratio {name} = {value} (goal <= {goal}: {'met' if value <= goal else 'NOT met'})")
    return "\n".join(lines)


def _p(figures: dict) -> str:
    return f"{figures['p50']}/{figures['p95']}/{figures['p99']}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each moves phase")
    parser.add_argument("--ping-seconds", type=float, default=None,
                        help="pings per moves phase, in all its rounds (default: --seconds / 2)")
    parser.add_argument("--rounds", type=int, default=5, help="bursts of pings and moves, in turn, per moves phase")
    parser.add_argument("--websockets", choices=("both", "on", "off"), default="both")
    parser.add_argument("--no-migrate", action="store_true", help="the database is migrated already")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.ping_seconds is None:
        args.ping_seconds = max(1.0, args.seconds / 2)
    result = run(args)
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
