"""Writes: every change to a game goes through here, as a write plan stored in one transaction.

Each public function locks the game row (``select_for_update``), checks the caller's right and the
expected sequence number, drafts its plan (``games.plan``: events, row and seat changes, follow-up
work) and stores it with ``execute``, the locked executor. A plain move may instead be stored by
``optimistic``'s one statement, built from the same plan. Follow-up work (live updates, bot turns,
scoring) is written to the outbox in the same transaction and leaves after the commit
(``games.relay``). Nothing is written unless everything succeeds.
"""

from __future__ import annotations

import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone

from engine import EngineError, IllegalAction, NotationError, available, get_game
from engine.bots import LEVELS, get_bot
from engine.fair import commitment
from games import (
    accounts,
    clock,
    conditional_store,
    idempotency,
    inputs,
    notifications,
    optimistic,
    plan,
    relay,
    store,
)
from games.errors import BUSY, Conflict, Forbidden, InvalidRequest, NotFound, database_busy
from games.models import Event, Game, Notification, Seat, Snapshot
from games.store import engine_of, load_state, lock_game, remember

User = get_user_model()


# --- creating and joining -------------------------------------------------------------------------
@transaction.atomic
def create_game(
    *, creator, name: str, players: int | None = None, options=None, seats=None, time_control=None, rated=None
) -> Game:
    """A new game. A seat naming another user is an invitation (``games.invitations``): the game
    starts once every invited user has accepted. ``creator`` None is the service itself (tools,
    tests), which seats users directly; such a game is never rated."""
    check_writable(creator)
    engine = _engine_named(name)
    time_control = clock.check_time_control(time_control)
    players = players or engine.player_counts[0]
    try:
        options = engine.check_options(players, options or {})
        engine.setup(players, options)  # refuses option values the game cannot take
    except EngineError as exc:
        raise InvalidRequest(str(exc), field="options" if "option" in str(exc) else "players") from exc
    seat_specs = _seat_specs(creator, players, seats)
    rated = _rated(creator, seat_specs, rated)
    seed = secrets.token_bytes(32)
    game = Game.objects.create(
        name=name, players=players, options=options, time_control=time_control, rated=rated,
        rules_version=engine.rules_version,
        seed=seed.hex(), seed_hash=commitment(seed), created_by=creator,
    )
    vacation = clock.vacation_seconds(time_control)
    Seat.objects.bulk_create(Seat(game=game, number=n, vacation_left=vacation) for n in range(players))
    game = lock_game(game.pk)
    invited_until = clock.now() + timedelta(days=settings.INVITATION_DAYS)
    draft = plan.Draft(plan.head_of(game), timezone.now())
    draft.add(
        Event.Kind.CREATE,
        "service",
        payload={"game": name, "players": players, "options": options, "seed_hash": game.seed_hash, "rated": rated,
                 "rules_version": engine.rules_version}
        | ({"time_control": time_control} if time_control else {})
        | _invitations_payload(engine, players, seat_specs, invited_until),
    )
    for number, spec in enumerate(seat_specs):
        if "user" in spec:
            take_seat(draft, engine, number, user=spec["user"])
        elif "bot" in spec:
            take_seat(draft, engine, number, bot=spec["bot"])
        elif "invite" in spec:
            draft.seat(number, invited_id=spec["invite"].pk, invited_until=invited_until)
    execute(game, engine, start_if_full(draft, engine), by=creator)
    return game


def _engine_named(name: str):
    if name not in available():
        raise InvalidRequest(f"unknown game {name!r}; games: {', '.join(available())}", field="game")
    return get_game(name)


def _seat_specs(creator, players: int, seats) -> list[dict]:
    """Validate ``seats``: ``{"user": the creator}`` is taken now, another user is ``{"invite": user}``.

    Without ``seats`` the creator takes seat 0 and the others stay open.
    """
    if not seats:
        return [{"user": creator} if creator else {}] + [{}] * (players - 1)
    if len(seats) != players:
        raise InvalidRequest(f"seats must list {players} seats, one per player", field="seats")
    specs = []
    for spec in seats:
        if not isinstance(spec, dict) or len(spec) > 1 or (spec and next(iter(spec)) not in ("user", "bot")):
            raise InvalidRequest('each seat is {"user": name}, {"bot": level} or {} (open)', field="seats")
        if "user" in spec:
            specs.append(_user_seat(creator, spec["user"]))
        elif "bot" in spec:
            if spec["bot"] not in LEVELS:
                raise InvalidRequest(f"unknown bot level {spec['bot']!r}; levels: {', '.join(LEVELS)}", field="seats")
            specs.append({"bot": spec["bot"]})
        else:
            specs.append({})
    _check_consent(creator, specs)
    return specs


def _user_seat(creator, username) -> dict:
    user = accounts.find_user(username) if isinstance(username, str) else None
    if user is None:
        raise InvalidRequest(f"no user named {username!r}", field="seats")
    if creator is None or user.pk == creator.pk:
        return {"user": user}
    if not user.is_active:
        raise InvalidRequest(f"{user.username} is suspended and cannot be invited", field="seats")
    return {"invite": user}


def _check_consent(creator, specs: list[dict]) -> None:
    """Nobody is seated without their own act: the creator sits (staff need not), others are invited."""
    invited = [spec["invite"].pk for spec in specs if "invite" in spec]
    if len(invited) != len(set(invited)):
        raise InvalidRequest("a user can be invited to one seat of a game only", field="seats")
    if creator is None or creator.is_staff:
        return
    if all("bot" in spec for spec in specs):
        raise Forbidden("only staff create a game with no human seat", field="seats")
    if not any(spec.get("user") == creator for spec in specs):
        raise InvalidRequest("name yourself in seats: you hold a seat in every game you create", field="seats")


def _rated(creator, specs: list[dict], rated) -> bool:
    """Whether the game counts for ratings: ``rated`` if it can hold, by default whenever it can."""
    if rated is not None and not isinstance(rated, bool):
        raise InvalidRequest("rated must be true or false", field="rated")
    why_not = _why_unrated(creator, specs)
    if rated and why_not:
        raise InvalidRequest(f"this game cannot be rated: {why_not}", field="rated")
    return why_not is None if rated is None else rated


def _why_unrated(creator, specs: list[dict]) -> str | None:
    """Why a result could not mean anything for ratings, or None (every human seat is its player's act)."""
    if all("bot" in spec for spec in specs):
        return "it has no human seat"
    seated = [spec["user"].pk for spec in specs if "user" in spec]
    if creator is None and seated:
        return "the service seated its players"
    if len(seated) != len(set(seated)):
        return "one user holds several seats (hot seat)"
    return None


def _invitations_payload(engine, players: int, specs: list[dict], until) -> dict:
    """What the create event records of the invitations (none: nothing)."""
    names = engine.seat_names(players)
    invited = [{"seat": n, "seat_name": names[n], "user": s["invite"].username} for n, s in enumerate(specs) if "invite" in s]
    return {"invitations": invited, "invited_until": until.isoformat()} if invited else {}


@transaction.atomic
def join_game(*, user, game_id: int, seat: int | None = None, client_seed: str | None = None) -> Game:
    check_writable(user)
    game = locked(game_id)
    if game.status != Game.Status.OPEN:
        raise Conflict("this game is not waiting for players")
    engine = engine_of(game)
    if any(s.user_id == user.pk for s in game.seats.all()):
        raise Conflict("you already have a seat in this game")
    if any(s.invited_id == user.pk and s.is_invitation for s in game.seats.all()):
        raise Conflict("you are invited to a seat of this game: accept the invitation instead")
    open_seats = [s for s in game.seats.all() if s.is_open]
    if seat is not None:
        open_seats = [s for s in open_seats if s.number == seat]
        if not open_seats:
            raise Conflict(f"seat {seat} is not open", field="seat")
    if not open_seats:
        raise Conflict("no seat of this game is open: the others are offered to invited users")
    client_seed = check_client_seed(client_seed)
    draft = plan.Draft(plan.head_of(game), timezone.now())
    take_seat(draft, engine, open_seats[0].number, user=user, client_seed=client_seed)
    execute(game, engine, start_if_full(draft, engine), by=user)
    return game


def check_client_seed(client_seed):
    if client_seed is not None and (not isinstance(client_seed, str) or not 0 < len(client_seed) <= 128
                                    or inputs.unstorable(client_seed)):
        raise InvalidRequest("client_seed must be a string of 1 to 128 characters", field="client_seed")
    return client_seed


def take_seat(draft: plan.Draft, engine, number: int, *, user=None, bot="", client_seed=None, accepted=False) -> None:
    """Draft ``user`` (or a bot of level ``bot``) taking seat ``number``: the join event."""
    client_seed = client_seed or secrets.token_hex(16)
    draft.seat(number, user_id=user.pk if user else None, bot=bot, client_seed=client_seed, taken_at=draft.at,
               invited_until=None)
    draft.add(
        Event.Kind.JOIN,
        engine.seat_name(draft.head.players, number),
        payload={"seat": number, "player": f"bot:{bot}" if bot else user.username, "client_seed": client_seed}
        | ({"invitation": "accepted"} if accepted else {}),
    )


def start_if_full(draft: plan.Draft, engine) -> plan.Plan:
    """The plan so far, with the start of the game (and its first CHANCE outcomes) once every seat is taken."""
    if not all(draft.facts().taken):
        return draft.plan()
    draft.add(Event.Kind.START, "service")
    draft.set(status=plan.ACTIVE)
    draft.state = engine.setup(draft.head.players, draft.head.options)
    plan.settle(draft, engine, now=clock.now())
    return plan.close(draft, engine, snapshot_every=settings.SNAPSHOT_EVERY, since_seq=0)


# --- playing --------------------------------------------------------------------------------------
def submit_action(*, user, game_id: int, text: str, expected_seq, idempotency_key: str | None = None) -> dict:
    """Apply one action of the caller's seat. Returns ``{"game", "seq", "action"}``.

    A plain move against the head this process last wrote is stored by one statement
    (``optimistic``); everything else, errors included, takes the locked path below.
    """
    text, idempotency_key = inputs.action_text(text), inputs.idempotency_key(idempotency_key)
    print_ = idempotency.move_print(game_id, text, expected_seq)
    if (stored := optimistic.submit(user, game_id, text, expected_seq, idempotency_key)) is not None:
        return stored
    try:
        return _submit_action(user, game_id, text, expected_seq, idempotency_key, print_)
    except IntegrityError as exc:
        # Where the database has no row locks (SQLite), a concurrent writer that took the same
        # sequence number is stopped by the unique (game, seq) constraint instead.
        raise Conflict(f"stale expected_seq {expected_seq}: another move was stored first; reload and retry") from exc
    except OperationalError as exc:
        if not database_busy(exc):
            raise
        raise Conflict(BUSY) from exc


@transaction.atomic
def _submit_action(user, game_id, text, expected_seq, key, print_) -> dict:
    game = locked(game_id)
    if (kept := idempotency.answered(user, key, print_)) is not None:
        return kept  # the same request again (the fingerprint names the game): its first answer
    check_writable(user)
    engine, state = _playable(game, expected_seq)
    seat = plan.acting_seat(engine, plan.head_of(game, state), user.pk)
    planned = play(game, engine, state, seat, text, by=user)
    idempotency.keep(user, key, print_, game.pk, planned.answer)
    return planned.answer


def play_bot_turn(game_id: int, expected_seq: int) -> bool:
    """Play one move for the bot seat to act, if the game is still at ``expected_seq``.

    Idempotent: a second delivery finds the sequence number moved on and does nothing.
    """
    with transaction.atomic():
        game = lock_game(game_id)
        if game is None or game.status != Game.Status.ACTIVE or game.seq != expected_seq:
            return False
        engine, state = load_state(game)
        seat = next((s for s in game.seats.all() if s.number == engine.actor(state)), None)
        if seat is None or not seat.bot:
            return False
        planned = plan_bot_turn(plan.head_of(game, state), engine, seat.number, seat.bot, at=timezone.now(),
                                now=clock.now())
        execute(game, engine, planned)
        return True


#: The most actions one bot turn drafts (a guard: no game's turn comes near it).
MOST_TURN_ACTIONS = 64


def plan_bot_turn(head: plan.Head, engine, seat: int, level: str, *, at, now) -> plan.Plan:
    """A bot seat's whole turn as one plan: one bot plays every action until another seat (or
    CHANCE) is to act or the game ends, so a turn of several actions (Tibetana) shares the bot's
    thinking budget per turn and its search tree, and is stored as one write (issue 20, item 5)."""
    bot, draft, played = get_bot(level), plan.Draft(head, at), []
    while True:
        played.append(plan.play(draft, engine, seat, _choice(bot, engine, draft.state, seat, head, draft.seq)))
        if (engine.outcome(draft.state) is not None or engine.actor(draft.state) != seat
                or len(played) >= MOST_TURN_ACTIONS):
            break
    plan.settle(draft, engine, now=now)
    return plan.close(draft, engine, snapshot_every=settings.SNAPSHOT_EVERY,
                      answer={"game": head.game_id, "action": played[-1]})


def bot_choice(head: plan.Head, engine, seat: int, level: str) -> str:
    """The bot's action in notation on ``head`` (its state may be a draft's, ahead of the row)."""
    return _choice(get_bot(level), engine, head.state, seat, head, head.seq)


def _choice(bot, engine, state, seat: int, head: plan.Head, seq: int) -> str:
    """Seeded by the game and seq, so a replayed turn chooses alike."""
    rng = random.Random(f"{head.game_id}:{seq}:{head.seed}")
    return engine.format(bot.choose(engine, engine.view(state, seat), engine.legal_actions(state), rng))


def play(game: Game, engine, state, seat: int, text: str, by=None) -> plan.Plan:
    """Plan ``seat`` playing ``text`` on the locked game and store the plan (the locked executor);
    ``by`` is the user who played (None: a bot)."""
    try:
        planned = plan.plan_action(engine, plan.head_of(game, state), seat, text, at=timezone.now(), now=clock.now(),
                                   snapshot_every=settings.SNAPSHOT_EVERY)
    except (IllegalAction, NotationError) as exc:
        raise InvalidRequest(str(exc), field="action", rule=exc.rule) from exc
    except EngineError as exc:
        raise InvalidRequest(str(exc), field="action") from exc
    execute(game, engine, planned, by=by)
    return planned


def execute(game: Game, engine, planned: plan.Plan, by=None) -> None:
    """Store a plan as it is, under the row lock this transaction holds: its events, the game row's
    and seats' changes, its snapshot, its notifications (``by`` wrote it: they are told nothing)
    and its follow-up work (the outbox); then remember the head."""
    Event.objects.bulk_create(
        Event(game=game, seq=r["seq"], kind=r["kind"], actor=r["actor"], notation=r["notation"], payload=r["payload"],
              secret=r["secret"], created_at=r["at"], prev_hash=r["prev_hash"], hash=r["hash"])
        for r in planned.events
    )
    game.seq, game.head_hash = planned.seq, planned.head_hash
    for field, value in planned.row.items():
        setattr(game, field, value)
    game.conditionals = planned.after.conditionals
    save(game)
    seats = {s.number: s for s in game.seats.all()}
    for number, fields in planned.seats.items():
        for field, value in fields.items():
            setattr(seats[number], field, value)
        seats[number].save(update_fields=[f.removesuffix("_id") for f in fields])
    if planned.trees:
        conditional_store.apply(game, planned)
    if planned.snapshot is not None:
        Snapshot.objects.create(game=game, seq=planned.seq, document=planned.snapshot, rules_version=engine.rules_version)
    if told := notifications.rows_for(engine, planned, by):
        Notification.objects.bulk_create(told)
    outbox = relay.rows_for(game.pk, planned, told=bool(told))
    relay.store(outbox)
    relay.after_commit(outbox, told=[n.user_id for n in told])
    if planned.state is not None:
        remember(game, planned.state)
    if planned.events:  # once durable: a rolled-back head must never be signed
        head = (game.pk, planned.seq, planned.head_hash, planned.events[-1]["at"])
        transaction.on_commit(lambda: store.remember_written(*head))
    optimistic.remember_head(planned.after)


# --- resigning and draws ---------------------------------------------------------------------------
@transaction.atomic
def resign(*, user, game_id: int) -> Game:
    game = locked(game_id)
    check_writable(user)
    engine, seat = _active_seat_of(game, user)
    names = engine.seat_names(game.players)
    draft = plan.Draft(plan.head_of(game), timezone.now())
    draft.add(Event.Kind.RESIGN, names[seat])
    draft.end({"winners": [name for n, name in enumerate(names) if n != seat], "reason": "resignation", "scores": None})
    execute(game, engine, draft.plan(), by=user)
    return game


@transaction.atomic
def draw(*, user, game_id: int, choice: str) -> Game:
    """``offer`` or ``accept`` (agree to a draw), or ``decline`` a standing offer."""
    if choice not in ("offer", "accept", "decline"):
        raise InvalidRequest("action must be offer, accept or decline", field="action")
    game = locked(game_id)
    check_writable(user)
    engine, seat = _active_seat_of(game, user)
    _, state = load_state(game)  # a draw offer leaves the board as it is
    name = engine.seat_name(game.players, seat)
    if choice in ("accept", "decline") and not game.draw_offer:
        raise Conflict("there is no draw offer to answer")
    if choice != "decline" and seat in game.draw_offer:
        raise Conflict("you already agree to a draw; waiting for the others")
    execute(game, engine, plan_draw(plan.head_of(game, state), name, seat, choice, at=timezone.now()), by=user)
    return game


def plan_draw(head: plan.Head, name: str, seat: int, choice: str, *, at) -> plan.Plan:
    """A draw offered, agreed (all seats agreeing: the game ends drawn) or declined."""
    draft = plan.Draft(head, at)
    if choice == "decline":
        draft.add(Event.Kind.DRAW_DECLINE, name)
        draft.set(draw_offer=[])
        return draft.plan()
    draft.add(Event.Kind.DRAW_OFFER, name)
    agreeing = sorted({*head.draw_offer, seat})
    draft.set(draw_offer=agreeing)
    if len(agreeing) == head.players:
        draft.end({"winners": [], "reason": "agreement", "scores": None})
    return draft.plan()


def save(game: Game) -> None:
    game.save(
        update_fields=[
            "seq", "head_hash", "status", "to_act", "outcome", "draw_offer", "deadline_at", "rated", "updated_at",
            "conditionals",
        ]
    )


# --- shared checks ----------------------------------------------------------------------------------
def locked(game_id) -> Game:
    game = lock_game(game_id)
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def check_writable(user) -> None:
    """The writer as the database has it now, not as the caller loaded it (a socket's user was
    loaded at connect time): a suspension committed since then refuses this write."""
    if user is None:  # the service itself (imports, tools)
        return
    if not getattr(user, "is_authenticated", False):
        raise Forbidden("log in to play")
    if not User.objects.filter(pk=user.pk, is_active=True).exists():
        raise Forbidden("your account is suspended")


def _playable(game: Game, expected_seq):
    if game.status != Game.Status.ACTIVE:
        raise Conflict(f"the game is {game.get_status_display()}: no move can be made")
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int):
        raise InvalidRequest("expected_seq must be the integer seq you last saw", field="expected_seq")
    if expected_seq != game.seq:
        raise Conflict(f"stale expected_seq {expected_seq}: the game is at seq {game.seq}; reload and retry")
    return load_state(game)


def _seats_of(game: Game, user) -> list[int]:
    return [s.number for s in game.seats.all() if s.user_id == user.pk and s.is_taken]


def _active_seat_of(game: Game, user):
    if game.status != Game.Status.ACTIVE:
        raise Conflict(f"the game is {game.get_status_display()}")
    mine = _seats_of(game, user)
    if not mine:
        raise Forbidden("you have no seat in this game")
    return get_game(game.name), mine[0]

