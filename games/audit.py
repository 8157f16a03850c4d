"""Proving what happened: verify a history, export it, import it, replay it with today's engine.

A history is a list of event records (``store.record_of``): the same shape in the database, in an
export file and over the API. ``verify_records`` checks one history on its own (hash chain, replay,
outcome, the seed commitment and every CHANCE outcome), so an exported file is checked exactly like a
stored game. ``verify_game`` adds what only the server holds (snapshots, the game row, the seed of a
running game).

Import keeps a game's original id. The hash chain and every chance derivation cover that id, so a game
stored under another id would no longer verify; a file whose game id is already taken here by another
history is refused (import into a separate database to archive another server's games).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import replace
from datetime import datetime

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, transaction

from engine import CHANCE, FIRST_RULES_VERSION, EngineError, available, get_game
from engine.fair import commitment, derive_chance
from games import accounts, plan, services, store
from games.ledger import GENESIS, verify_chain
from games.models import Event, Game, Seat
from games.store import ENGINE_KINDS, engine_of, record_of

User = get_user_model()

#: Events after which the game ended by the rules (else by resignation, agreement, timeout, moderation).
PLAY_KINDS = {Event.Kind.MOVE, Event.Kind.CHANCE}


class ImportRefused(Exception):
    """An import file that does not verify, or that would overwrite a different history."""


# --- verifying one history -------------------------------------------------------------------------
def verify_records(records: list[dict], *, seed: bytes | None = None, snapshots=None, chain=True, fair=True):
    """Every problem found in a history, as sentences; ``[]`` means it verifies.

    ``seed``: the server's seed of a running game (else the one its end event reveals, if any).
    ``snapshots``: ``{seq: document}`` the replay must reproduce. ``chain``/``fair`` off: replay only.
    """
    if not records:
        return ["the history is empty"]
    problems = verify_chain(records) if chain else []
    create = records[0]
    if create["kind"] != Event.Kind.CREATE or "seed_hash" not in create["payload"]:
        return problems + ["event 1 is not the create event committing to the seed"]
    name = create["payload"].get("game")
    if name not in available():
        return problems + [f"unknown game {name!r}: this engine plays {', '.join(available())}"]
    end = _end_of(records, problems)
    seed = _seed_of(create, end, seed, problems) if fair else None
    try:
        engine = get_game(name, rules_version=rules_version_of(create))
    except EngineError as exc:
        return problems + [f"event 1: {exc}"]
    problems += _replay(engine, records, end, seed, snapshots or {})
    return problems


def rules_version_of(create: dict):
    """The rules version a history was created under: histories from before versions say none."""
    return create["payload"].get("rules_version", FIRST_RULES_VERSION)


def _end_of(records, problems) -> dict | None:
    ends = [r for r in records if r["kind"] == Event.Kind.END]
    if len(ends) > 1:
        problems.append(f"{len(ends)} end events: a game ends once")
    if ends and ends[0] is not records[-1]:
        problems.append(f"events follow the end event (seq {ends[0]['seq']})")
    return ends[0] if ends else None


def _seed_of(create, end, seed, problems) -> bytes | None:
    """The seed to check the chance outcomes against, once it matches the commitment."""
    revealed = end["payload"].get("seed") if end else None
    if revealed is not None:
        try:
            revealed_seed = bytes.fromhex(revealed)
        except (TypeError, ValueError):
            problems.append("the end event's seed is not hexadecimal")
            return None
        if seed is not None and seed != revealed_seed:
            problems.append("the end event reveals a seed other than the one the game was played with")
        seed = revealed_seed
    elif end is not None:
        problems.append("the end event does not reveal the seed")
    if seed is not None and commitment(seed) != create["payload"]["seed_hash"]:
        problems.append("the seed does not match the commitment (seed_hash) of event 1")
        return None
    return seed


def _replay(engine, records, end, seed, snapshots) -> list[str]:
    problems = []
    create = records[0]["payload"]
    try:
        state = engine.setup(create["players"], create.get("options") or {})
    except (EngineError, KeyError, TypeError) as exc:
        return [f"event 1: the engine refuses this game's setup: {exc}"]
    client_seeds: dict[int, str] = {}
    before_end = None
    for record in records:
        kind, seq = record["kind"], record["seq"]
        if kind == Event.Kind.JOIN:
            client_seeds[record["payload"].get("seat")] = record["payload"].get("client_seed", "")
        if kind == Event.Kind.CHANCE and seed is not None:
            problems += _check_chance(engine, state, record, seed, [client_seeds[n] for n in sorted(client_seeds)])
        if kind in ENGINE_KINDS:
            try:
                state = engine.play(state, record["notation"])
            except EngineError as exc:
                return problems + [f"event {seq}: the engine refuses {record['notation']!r}: {exc}"]
        if seq in snapshots and snapshots[seq] != engine.to_json(state):
            problems.append(f"event {seq}: the stored snapshot differs from the replayed position")
        if kind != Event.Kind.END:
            before_end = record
    return problems + _check_outcome(engine, state, end, before_end)


def _check_chance(engine, state, record, seed, client_seeds) -> list[str]:
    seq = record["seq"]
    if engine.actor(state) != CHANCE:
        return [f"event {seq}: a chance event where the engine expects a seat to act"]
    derived = derive_chance(engine, state, seed, record["game"], seq, client_seeds)
    if engine.format(derived) != record["notation"]:
        return [f"event {seq}: chance outcome {record['notation']!r} is not the one the seed gives"]
    problems = []
    if engine.is_secret(state, derived) != record["secret"]:
        problems.append(f"event {seq}: the secret flag is wrong for this chance outcome")
    salt = hmac.new(seed, f"salt:{seq}".encode(), hashlib.sha256).hexdigest()
    if record["secret"] and record["payload"].get("salt") != salt:
        problems.append(f"event {seq}: the secret outcome's salt is not the one the seed gives")
    return problems


def _check_outcome(engine, state, end, before_end) -> list[str]:
    replayed = engine.outcome(state)
    if end is None:
        return [] if replayed is None else ["the replay ends the game but the history has no end event"]
    if before_end is not None and before_end["kind"] in PLAY_KINDS:
        if replayed != end["payload"].get("outcome"):
            return [f"the replay ends {_said(replayed)} but the end event says {_said(end['payload'].get('outcome'))}"]
    elif replayed is not None:
        return ["the game was over by the rules before its recorded end (resignation, draw or moderation)"]
    return []


def _said(outcome) -> str:
    if not outcome:
        return "with no result"
    return f"{outcome.get('reason')} for {', '.join(outcome.get('winners') or []) or 'nobody'}"


# --- verifying a stored game ---------------------------------------------------------------------------
def game_records(game: Game) -> list[dict]:
    """The whole stored history, secrets included: for server-side checks, never for a player."""
    return [record_of(e) for e in game.events.order_by("seq")]


def verify_game(game: Game, *, chain=True, fair=True) -> list[str]:
    records = game_records(game)
    # A snapshot of another rules version is not this engine's position: replay ignores it (replay_all reports it).
    current = game.snapshots.filter(rules_version=engine_of(game).rules_version)
    snapshots = {seq: orjson.loads(doc) for seq, doc in current.values_list("seq", "document")}
    seed = bytes.fromhex(game.seed) if fair and game.seed else None
    problems = verify_records(records, seed=seed, snapshots=snapshots, chain=chain, fair=fair)
    return problems + _check_row(game, records)


def replay_game(game: Game) -> list[str]:
    """Only whether today's engine replays the game to the same positions and result."""
    return verify_game(game, chain=False, fair=False)


def _check_row(game: Game, records) -> list[str]:
    """The game row must agree with its history (it is a cache of it)."""
    problems = []
    last = records[-1] if records else None
    if game.seq != len(records) or game.head_hash != (last["hash"] if last else GENESIS):
        problems.append(f"the game row says seq {game.seq}, its history has {len(records)} events")
    if records and records[0]["payload"].get("seed_hash") != game.seed_hash:
        problems.append("the game row's seed_hash differs from the commitment in event 1")
    ended = last is not None and last["kind"] == Event.Kind.END
    if ended != game.is_over:
        problems.append(f"the game row says {game.status} but the history {'has' if ended else 'has no'} end event")
    elif ended and last["payload"].get("outcome") != game.outcome:
        problems.append("the game row's outcome differs from its end event")
    return problems


# --- exporting --------------------------------------------------------------------------------------
def jsonl(records: list[dict]) -> bytes:
    return b"".join(orjson.dumps(r, option=orjson.OPT_SORT_KEYS) + b"\n" for r in records)


def notation_text(records: list[dict]) -> str:
    """The plain text of a history: one line per event, moves in the game's notation."""
    create = records[0]["payload"]
    lines = [f"# {create.get('game')} game {records[0]['game']}: {create.get('players')} players, "
             f"options {orjson.dumps(create.get('options') or {}, option=orjson.OPT_SORT_KEYS).decode()}",
             f"# seed commitment {create.get('seed_hash')}"]
    for r in records[1:]:
        p = r["payload"]
        if r["kind"] in ENGINE_KINDS:
            text = r["notation"]
        elif r["kind"] == Event.Kind.JOIN:
            text = f"joins: {p.get('player')} (client seed {p.get('client_seed')})"
        elif r["kind"] == Event.Kind.MODERATION:
            text = f"moderation {p.get('act')} by {p.get('moderator')}: {p.get('reason')}"
        elif r["kind"] == Event.Kind.END:
            text = f"end: {_said(p.get('outcome'))}; seed {p.get('seed')}"
        else:
            text = r["kind"].replace("_", " ")
        lines.append(f"{r['seq']:>5} {r['actor']:<10} {text}")
    return "\n".join(lines) + "\n"


# --- importing --------------------------------------------------------------------------------------
def read_jsonl(data: bytes) -> dict[int, list[dict]]:
    """The histories in a file, by game id, in file order; a malformed line is refused by number."""
    games: dict[int, list[dict]] = {}
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
            games.setdefault(int(record["game"]), []).append(record)
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise ImportRefused(f"line {number} is not an event record: {exc}") from exc
    if not games:
        raise ImportRefused("the file holds no events")
    return games


def check_importable(game_id: int, records: list[dict]) -> list[str]:
    if records[-1]["kind"] != Event.Kind.END or "seed" not in records[-1].get("payload", {}):
        return ["it has not ended: a running game's seed is secret, so it could not go on here"]
    try:
        return verify_records(records)
    except (KeyError, TypeError, AttributeError) as exc:
        return [f"a record lacks a field: {exc}"]


@transaction.atomic
def import_histories(data: bytes) -> dict[int, str]:
    """Verify every history in the file, then store them all; ``{game id: "imported" | "already here"}``.

    Nothing is stored unless every history verifies.
    """
    histories = read_jsonl(data)
    failures = [f"game {gid}: {p}" for gid, records in histories.items() for p in check_importable(gid, records)]
    if failures:
        raise ImportRefused("the file does not verify, nothing was imported:\n  " + "\n  ".join(failures))
    done = {}
    for game_id, records in histories.items():
        existing = Game.objects.filter(pk=game_id).first()
        if existing is not None:
            if existing.head_hash != records[-1]["hash"] or existing.seq != len(records):
                raise ImportRefused(f"game {game_id} already exists here with a different history; nothing was imported")
            done[game_id] = "already here"
            continue
        _store(game_id, records)
        done[game_id] = "imported"
    _reset_game_ids()
    return done


def _store(game_id: int, records: list[dict]) -> None:
    """A verified history stored through the write pipeline: the game row and its empty seats, then
    the plan of the whole history (its own events, as the file has them) by ``services.execute``."""
    create = records[0]
    game = Game.objects.create(
        pk=game_id, name=create["payload"]["game"], players=create["payload"]["players"],
        rules_version=rules_version_of(create),
        options=create["payload"].get("options") or {}, time_control=create["payload"].get("time_control") or {},
        seed=records[-1]["payload"]["seed"], seed_hash=create["payload"]["seed_hash"],
        rated=False, scored=True,  # an imported result never moves this server's ratings
    )
    Seat.objects.bulk_create(Seat(game=game, number=n) for n in range(game.players))
    game = store.lock_game(game_id)
    services.execute(game, engine_of(game), plan_import(plan.head_of(game), records, _users_named(records)))
    Game.objects.filter(pk=game_id).update(created_at=_at(create), updated_at=_at(records[-1]))
    stored = game_records(game)
    if stored != records:  # e.g. a timestamp this database cannot hold exactly
        raise ImportRefused(f"game {game_id}: the stored history would differ from the file; nothing was imported")
    _store_snapshots(game)


def plan_import(head: plan.Head, records: list[dict], users: dict[str, int]) -> plan.Plan:
    """The plan of a whole verified history on a new game's head: its events as recorded, the end
    it reached, the seats as they ended (``users``: the ids of the players known here, by
    canonical name). Pure: the records are the whole request."""
    end = records[-1]
    aborted = any(r["kind"] == Event.Kind.MODERATION and r["payload"].get("act") == "abort" for r in records)
    aborted = aborted or any(r["kind"] in (Event.Kind.DECLINE, Event.Kind.EXPIRE) for r in records)  # cancelled
    draft = plan.Draft(head, _at(end))
    draft.events = [r | {"at": _at(r)} for r in records]
    draft.set(status=plan.ABORTED if aborted else plan.FINISHED, outcome=end["payload"]["outcome"], to_act=None,
              draw_offer=[], deadline_at=None)
    for number, fields in _seats_as_ended(head.players, records, users).items():
        draft.seat(number, **fields)
    # No ``before``: an imported history happened elsewhere, and tells nobody here anything.
    return replace(draft.plan(answer={"game": head.game_id, "seq": len(records)}), before=None)


def _at(record) -> datetime:
    return datetime.fromisoformat(record["at"])


def _occupants(records) -> tuple[dict, dict]:
    """Who held each seat at the end (a join, then any moderator's replacement) and when and with
    what client seed it was first taken."""
    occupants, taken = {}, {}
    for r in records:
        p = r["payload"]
        if r["kind"] == Event.Kind.JOIN or (r["kind"] == Event.Kind.MODERATION and "player" in p and "seat" in p):
            occupants[p["seat"]] = p.get("player")
            taken.setdefault(p["seat"], (_at(r), p.get("client_seed", "")))
    return occupants, taken


def _users_named(records) -> dict[str, int]:
    """The ids of the history's players known here, by canonical name (as every lookup:
    ``games.accounts``); unknown names stay in the history only."""
    names = {n for n in _occupants(records)[0].values() if n and not n.startswith("bot:")}
    return dict(User.objects.filter(username__in={accounts.canonical(n) for n in names}).values_list("username", "pk"))


def _seats_as_ended(players: int, records, users: dict[str, int]) -> dict[int, dict]:
    occupants, taken = _occupants(records)
    seats = {}
    for number in range(players):
        player = occupants.get(number) or ""
        at, client_seed = taken.get(number, (None, ""))
        seats[number] = {"user_id": users.get(accounts.canonical(player)),
                         "bot": player[4:] if player.startswith("bot:") else "", "client_seed": client_seed, "taken_at": at}
    return seats


def _store_snapshots(game: Game) -> None:
    """The snapshots the service would have written; each replay starts from the one before it."""
    every = settings.SNAPSHOT_EVERY
    for seq in range(every, game.seq + 1, every) if every else ():
        engine, state = store.replay(game, seq, use_cache=False)
        store.save_snapshot(game, engine, seq, state)


def _reset_game_ids() -> None:
    """Explicit ids leave PostgreSQL's id sequence behind: move it past them."""
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), [Game]):
            cursor.execute(sql)
