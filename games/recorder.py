"""Recording the corpus: games created, played and ended through the public services, then exported.

Each ``Script`` says what one corpus game shows: its game, player count, options, time control, the
bots that choose its moves, the acts on the way (a declined draw, a vacation, a bot playing out a
timed-out turn, a seat replaced by a bot or handed to another user) and how it ends (``route``: a
reason the engine reports, or resignation, agreement, timeout, abort, adjudication). Moves are
chosen by seeded ``random``/``greedy`` bots, seat by seat, exactly as the balance simulator's
``play_job`` chooses them; so for a game without chance the simulator can search seeds for a rare
ending first (``search``), and the services then play that same game. Games with chance retry
through the services instead (``attempts``).

Everything runs in one transaction that is rolled back: the database is left as it was.
"""

from __future__ import annotations

import gzip
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson
from django.contrib.auth import get_user_model
from django.db import transaction

from engine import get_game
from engine.bots import get_bot
from engine.sim.play import play_job
from games import audit, clock, corpus, moderation, recorder_lean, selectors, services, timeouts
from games.models import Game
from games.store import load_state

User = get_user_model()

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)  # the moment every timed game starts, by the clock
STEP = timedelta(hours=1)  # each move an hour after the last
SERVICE_ROUTES = ("resignation", "agreement", "timeout", "aborted", "adjudication")
TIMED = {"days_per_move": 2}
MAX_ACTIONS = 6000  # a game that has not ended by then is resigned (none has come near)


@dataclass(frozen=True)
class Script:
    game: str
    players: int
    route: str  # the ending wanted: an engine reason, "rules" (any of them) or one of SERVICE_ROUTES
    bots: tuple[str, ...] = ()  # by seat; random for any not named
    options: dict = field(default_factory=dict)
    time_control: dict = field(default_factory=dict)
    moves: int = 0  # player moves before a service ending (or before ``steer``)
    steer: tuple[str, ...] = ()  # after ``moves``: these notations are chosen whenever legal
    lean: tuple[str, ...] = ()  # by seat: a leaning (games.recorder_lean) tried before the seat's bot
    acts: tuple[tuple[int, str], ...] = ()  # (after this many moves, act): decline, vacation, bot_timeout, replace, hand
    winners: tuple[str, ...] | None = None  # adjudication: seat names (empty: a draw)
    before_start: bool = False  # aborted while seats are still open
    search: int = 0  # no chance: simulator seeds to try for the route before playing
    attempts: int = 1  # with chance: service games to try for the route

    def seat_bots(self) -> list[str]:
        return [self.bots[n] if n < len(self.bots) else "random" for n in range(self.players)]


class Recorder:
    def __init__(self, seed: int, log=print):
        self.seed, self.log = seed, log

    # --- the whole corpus -----------------------------------------------------------------------
    def record(self, scripts: list[Script], out: Path, keep: list[Path] = (), numbers: list[int] | None = None
               ) -> list[dict]:
        """Play every script, write its files under ``out/<game>/``; return the sidecars.

        ``numbers``: each script's place in the whole plan (its file name and bot seeds follow it),
        so re-recording one game's folder names and seeds its games as a whole recording does.
        """
        written = []
        with transaction.atomic():
            for path in keep:  # new games take ids after the corpus games kept
                audit.import_histories(path.read_bytes())
            self.users = self._users(max(s.players for s in scripts))
            for number, script in zip(numbers or range(len(scripts)), scripts, strict=True):
                game, job = self._play(number, script)
                written.append(self._write(out, number, script, game, job))
            transaction.set_rollback(True)
        return written

    def _users(self, count: int) -> dict:
        users = {f"corpus-{n}": None for n in range(count)} | {"corpus-sub": None, "corpus-mod": None}
        for name in users:
            users[name], _ = User.objects.get_or_create(username=name, defaults={"is_staff": name == "corpus-mod"})
        return users

    # --- one game --------------------------------------------------------------------------------
    def _play(self, number: int, script: Script):
        base = f"{self.seed}-{number}"
        engine = get_game(script.game)
        reasons = set()
        first = self._search(script, base) if script.search else 0
        for index in range(first, first + max(script.attempts, 1)):
            job = {"seed": base, "index": index}
            game = Play(self, script, f"{base}:{index}").run()
            reason = (game.outcome or {}).get("reason")
            reasons.add(reason)
            if reason == script.route or (script.route == "rules" and reason not in SERVICE_ROUTES):
                return game, job
        self.log(f"  {script.game} {script.players}p: wanted {script.route}, got {', '.join(map(str, reasons))} "
                 f"in {max(script.attempts, 1)} attempts ({engine.name})")
        return game, job

    def _search(self, script: Script, base: str) -> int:
        """The first simulator index whose game (no chance: the same moves) ends by the route."""
        for index in range(script.search):
            job = {"game": script.game, "players": script.players, "options": script.options, "seed": base,
                   "index": index, "bots": script.seat_bots(), "cap": MAX_ACTIONS, "cell_index": 0, "cell": {}}
            if play_job(job)["reason"] == script.route:
                return index
        self.log(f"  {script.game}: no simulated game in {script.search} ended by {script.route}")
        return 0

    def _write(self, out: Path, number: int, script: Script, game: Game, job: dict) -> dict:
        records = selectors.export_records(game)
        data = audit.jsonl(records)  # the bytes export_history writes
        hashes, documents = corpus.sidecar_positions(records)
        reason = game.outcome["reason"]
        folder = out / script.game
        folder.mkdir(parents=True, exist_ok=True)
        stem = f"{number:03d}-{script.players}p-{_label(script, reason)}"
        sidecar = {
            "game": script.game, "game_id": game.pk, "players": script.players, "route": _label(script, reason),
            "rules_version": game.rules_version, "options": game.options, "time_control": game.time_control,
            "outcome": game.outcome, "events": len(records), "positions": hashes,
            "recorder": {"seed": self.seed, "script": number, "attempt": job["index"], "bots": script.seat_bots(),
                         "moves": script.moves, "steer": list(script.steer), "lean": list(script.lean), "acts": [list(a) for a in script.acts],
                         "wanted": script.route},
        }
        (folder / f"{stem}.jsonl").write_bytes(data)
        (folder / f"{stem}.json").write_bytes(orjson.dumps(sidecar, option=orjson.OPT_INDENT_2) + b"\n")
        docs = orjson.dumps({str(k): v for k, v in documents.items()}, option=orjson.OPT_SORT_KEYS)
        (folder / f"{stem}.positions.gz").write_bytes(gzip.compress(docs, compresslevel=9, mtime=0))
        self.log(f"  {script.game}/{stem}: game {game.pk}, {len(records)} events, {reason}")
        return sidecar


def _label(script: Script, reason: str) -> str:
    extra = []
    if any(act == "replace" for _, act in script.acts):
        extra.append("replaced")
    if any(act == "vacation" for _, act in script.acts):
        extra.append("vacation")
    if any(act == "bot_timeout" for _, act in script.acts):
        extra.append("bot-timeout")
    if script.options:
        extra.append("options")
    if script.before_start:
        extra.append("before-start")
    if reason == "adjudication" and script.winners == ():
        extra.append("draw")
    return "-".join([reason.replace("_", "-"), *extra])


class Play:
    """One game through the services, from creation to its end."""

    def __init__(self, recorder: Recorder, script: Script, base: str):
        self.r, self.s = recorder, script
        self.engine = get_game(script.game)
        self.bots = [get_bot(level) for level in script.seat_bots()]
        self.rngs = [random.Random(f"{base}:seat{seat}") for seat in range(script.players)]
        self.moment, self.moves = T0, 0
        self.user = {n: recorder.users[f"corpus-{n}"] for n in range(script.players)}
        self.mod = recorder.users["corpus-mod"]

    def run(self) -> Game:
        s = self.s
        with self._at():
            game = services.create_game(creator=self.user[0], name=s.game, players=s.players, options=s.options or None,
                                        time_control=s.time_control or None)
        self.id = game.pk
        if s.before_start:
            return self._act(moderation.abort, reason="the seats never filled")
        for seat in range(1, s.players):
            with self._at():
                services.join_game(user=self.user[seat], game_id=self.id, seat=seat)
        acts = dict(s.acts)
        ending_at = s.moves if s.route in SERVICE_ROUTES else None
        while (game := self._game()).status == Game.Status.ACTIVE:
            if self.moves in acts:
                self._interlude(acts.pop(self.moves), game)
                continue
            if self.moves == ending_at:
                return self._end(game)
            if self.moves >= MAX_ACTIONS:
                raise RuntimeError(f"{s.game} game {self.id} has not ended after {MAX_ACTIONS} moves")
            self._move(game)
        return game

    # --- moves -------------------------------------------------------------------------------------
    def _game(self) -> Game:
        return Game.objects.get(pk=self.id)

    def _at(self):
        self.moment += STEP
        return clock.at(self.moment)

    def _occupant(self, game: Game, seat: int):
        return next(s for s in game.seats.all() if s.number == seat)

    def _move(self, game: Game) -> None:
        seat = game.to_act
        occupant = self._occupant(game, seat)
        with self._at():
            if occupant.bot:  # a moderator put a bot there: it plays as the service's bots do
                services.play_bot_turn(self.id, game.seq)
            else:
                text = self._choose(game, seat)
                services.submit_action(user=occupant.user, game_id=self.id, text=text, expected_seq=game.seq)
        self.moves += 1

    def _choose(self, game: Game, seat: int) -> str:
        engine, state = load_state(game)
        legal = engine.legal_actions(state)
        if self.s.steer and self.moves >= self.s.moves:
            wanted = [a for a in legal if engine.format(a) in self.s.steer]
            if wanted:
                return engine.format(wanted[0])
        if seat < len(self.s.lean) and self.s.lean[seat]:
            leaned = recorder_lean.choose(self.s.lean[seat], engine.view(state, seat), [engine.format(a) for a in legal], seat)
            if leaned is not None:
                return leaned
        action = self.bots[seat].choose(engine, engine.view(state, seat), legal, self.rngs[seat])
        return engine.format(action)

    # --- acts on the way and endings ----------------------------------------------------------------
    def _interlude(self, act: str, game: Game) -> None:
        seat = game.to_act
        names = self.engine.seat_names(self.s.players)
        if act == "decline":
            with self._at():
                services.draw(user=self._occupant(game, seat).user, game_id=self.id, choice="offer")
            other = next(s for s in game.seats.all() if s.number != seat and s.user_id)
            with self._at():
                services.draw(user=other.user, game_id=self.id, choice="decline")
        elif act in ("vacation", "bot_timeout"):
            # past the deadline: a day of vacation covers an hour over, or the time control's bot moves
            self.moment = game.deadline_at + timedelta(hours=1 if act == "vacation" else 25)
            timeouts.apply_timeout(self.id, moment=self.moment)
        elif act == "replace":
            level = "greedy" if self.s.game == "tibetana" else "random"  # a random Tibetana bot concedes at once
            self._act(moderation.replace_with_bot, seat=names[seat], level=level, reason="the player left")
        elif act == "hand":
            self._act(moderation.hand_seat, seat=names[seat], username="corpus-sub", reason="a substitute takes over")
        else:
            raise ValueError(f"unknown act {act!r}")

    def _act(self, function, **arguments) -> Game:
        with self._at():
            function(moderator=self.mod, game_id=self.id, **arguments)
        return self._game()

    def _end(self, game: Game) -> Game:
        route, names = self.s.route, self.engine.seat_names(self.s.players)
        if route == "resignation":  # the seat to act, or the first a person holds if a bot holds it
            seats = sorted(game.seats.all(), key=lambda seat: (seat.number != game.to_act, seat.number))
            with self._at():
                services.resign(user=next(seat.user for seat in seats if seat.user_id), game_id=self.id)
        elif route == "agreement":
            for seat in [game.to_act, *[n for n in range(self.s.players) if n != game.to_act]]:
                with self._at():
                    services.draw(user=self._occupant(game, seat).user, game_id=self.id, choice="offer")
        elif route == "timeout":
            while game.status == Game.Status.ACTIVE:  # a seat with vacation left spends it first
                self.moment = game.deadline_at + timedelta(seconds=1)
                timeouts.apply_timeout(self.id, moment=self.moment)
                game = self._game()
        elif route == "aborted":
            self._act(moderation.abort, reason="a broken game, ended by a moderator")
        elif route == "adjudication":
            winners = list(self.s.winners) if self.s.winners is not None else [names[0]]
            self._act(moderation.adjudicate, winners=winners, reason="adjudicated from the position")
        return self._game()


# --- the corpus ---------------------------------------------------------------------------------------
VACATION = {"days_per_move": 2, "vacation_days": 1}
BOT_POLICY = {"days_per_move": 2, "policy": "bot", "bot": "greedy"}


def _service_endings(game: str, counts: list[int], options: dict, short: int = 1) -> list[Script]:
    """Every way a game ends outside its rules, and the acts on the way, spread over the player counts.

    ``short`` divides the move counts, for a game whose random play ends sooner.
    """
    n = lambda i: counts[i % len(counts)]  # noqa: E731
    m = lambda moves: moves // short  # noqa: E731
    return [
        Script(game, n(0), "resignation", moves=m(30), acts=((m(10), "decline"),)),
        Script(game, n(1), "agreement", moves=m(24), bots=("greedy",)),
        Script(game, n(2), "timeout", moves=m(20), time_control=TIMED),
        Script(game, n(3), "timeout", moves=m(40), time_control=VACATION, acts=((m(12), "vacation"),)),
        Script(game, n(4), "resignation", moves=m(36), time_control=BOT_POLICY, acts=((m(8), "bot_timeout"),)),
        Script(game, n(0), "aborted", moves=m(16)),
        Script(game, n(1), "aborted", before_start=True),
        Script(game, n(2), "adjudication", moves=m(28)),
        Script(game, n(3), "adjudication", moves=m(20), winners=()),
        Script(game, n(4), "resignation", moves=m(50), acts=((m(6), "replace"), (m(20), "hand")), options=options),
    ]


def plan() -> list[Script]:
    """The corpus: for each game, its engine's endings and every service ending, every player count."""
    paso = [
        Script("paso", 2, "poisoning", search=400),
        Script("paso", 2, "poisoning", bots=("greedy", "random"), search=400),
        Script("paso", 2, "illumination", search=400),
        Script("paso", 2, "illumination", bots=("random", "greedy"), search=400),
        Script("paso", 2, "protection", search=2000),
        Script("paso", 2, "quiet_turns", search=50),
        Script("paso", 2, "quiet_turns", options={"quiet_turn_limit": 12}, search=50),
        Script("paso", 2, "poisoning", options={"quiet_turn_limit": 0}, search=400),
        Script("paso", 2, "rules", acts=((6, "replace"),)),
        Script("paso", 2, "rules", acts=((5, "replace"), (11, "hand")), options={"quiet_turn_limit": 20}),
        *_service_endings("paso", [2], {"quiet_turn_limit": 30}),
    ]
    tibetana = [
        Script("tibetana", 2, "ten_turns", search=50),
        Script("tibetana", 2, "ten_turns", bots=("greedy", "greedy"), search=50),
        Script("tibetana", 2, "no_pagodas", search=200),
        Script("tibetana", 2, "no_pagodas", bots=("greedy", "random"), search=200),
        # bots alone reach these two in 1 game of 150: leaning seats, retried through the services
        Script("tibetana", 2, "no_energy", bots=("greedy", "greedy"), lean=("spread", "spread"), attempts=10),
        Script("tibetana", 2, "three_pagodas", bots=("greedy", "greedy"), lean=("tower",), attempts=10),
        Script("tibetana", 2, "concession", moves=20, steer=("concede",)),
        Script("tibetana", 2, "agreed_draw", moves=26, steer=("offer draw", "accept draw")),
        Script("tibetana", 2, "rules", acts=((7, "replace"), (15, "hand"))),
        Script("tibetana", 2, "rules", time_control=VACATION, acts=((9, "vacation"),)),
        *_service_endings("tibetana", [2], {}, short=3),
    ]
    mandara = [
        Script("mandara", 3, "mandala_complete"),
        Script("mandara", 3, "mandala_complete", bots=("greedy", "random", "random")),
        Script("mandara", 4, "mandala_complete"),
        Script("mandara", 4, "mandala_complete", bots=("greedy", "greedy", "random", "random")),
        Script("mandara", 3, "mandala_complete", acts=((30, "replace"), (70, "hand"))),
        Script("mandara", 4, "mandala_complete", time_control=BOT_POLICY, acts=((40, "bot_timeout"),)),
        Script("mandara", 3, "mandala_complete", bots=("greedy", "greedy", "greedy")),
        Script("mandara", 4, "mandala_complete", bots=("random", "greedy", "random", "greedy")),
        Script("mandara", 4, "resignation", moves=60, time_control=VACATION, acts=((20, "vacation"),)),
        Script("mandara", 3, "agreement", moves=45, acts=((15, "decline"),)),
        *_service_endings("mandara", [3, 4], {}),
    ]
    quick = {"board_majority": 12}
    nakatha = [
        Script("nakatha", 2, "sword", attempts=6),
        Script("nakatha", 2, "dominion", attempts=8),
        Script("nakatha", 4, "board"),
        Script("nakatha", 3, "board", options=quick),
        Script("nakatha", 5, "board", options={"deal": "draft", "board_majority": 15}),
        Script("nakatha", 6, "board", options={"quickstart": True, "board_majority": 15}),
        Script("nakatha", 2, "silence", options={"long_silence": True, "silence_rounds": 2}),
        Script("nakatha", 4, "silence", options={"long_silence": True, "silence_rounds": 2}),
        Script("nakatha", 6, "board", options=quick, acts=((8, "replace"), (20, "hand"))),
        Script("nakatha", 3, "board", options=quick, bots=("greedy", "random", "greedy")),
        *_service_endings("nakatha", [2, 3, 4, 5, 6], quick),
    ]
    return paso + tibetana + mandara + nakatha
