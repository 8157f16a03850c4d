"""PostgreSQL backends terminated during a burst of moves (issue 16, items 2, 5 and 6): every session
of the servers and the worker (found by application_name) is terminated again and again while
players move over HTTP through two daphne processes. No move is lost or doubled (every retry with the
same Idempotency-Key resolves to one stored move), no answer is a 500, and no bot stalls: the bot
games catch up on their own (no stall sweep runs here), through the tasks' retries.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter

import pytest
from django.db import connection

from bench.httpclient import NO_ANSWER, Client
from games.ledger import verify_chain
from games.models import Event, Game
from games.store import record_of
from tests.conftest import accepted_game, token_for
from tests.faults.conftest import terminate_backends

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

HUMAN_GAMES = 4
BOT_GAMES = 3
BURST_SECONDS = 10.0
KILL_ROUNDS = 6
KILL_EVERY = 0.8
#: Answers a client retries with the same key: no answer at all, or the database out of reach.
RETRIED = {NO_ANSWER, 502, 503}


class Player:
    """Plays the human seats of one game over HTTP for the burst, each move under its own key."""

    def __init__(self, game_id: int, clients: list[Client], until: float, seed: int):
        self.game_id, self.clients, self.until = game_id, clients, until
        self.rng = random.Random(seed)
        self.accepted: dict[str, int] = {}  # key -> seq its move was stored at
        self.statuses: Counter = Counter()
        self.healing: list[float] = []  # seconds from a request's first failure to its answer
        self.problems: list[str] = []

    def _until_answered(self, send):
        first_failure = None
        while True:
            answer = send()
            self.statuses[answer.status] += 1
            if answer.status not in RETRIED:
                if first_failure is not None:
                    self.healing.append(time.monotonic() - first_failure)
                return answer
            first_failure = first_failure or time.monotonic()
            if time.monotonic() - first_failure > 60:
                self.problems.append(f"game {self.game_id}: no answer for 60 s: {answer}")
                return answer
            time.sleep(0.1)

    def run(self) -> None:
        try:
            while time.monotonic() < self.until:
                if not self.step():
                    return
        except Exception as exc:  # noqa: BLE001 (reported by the test)
            self.problems.append(f"game {self.game_id}: {type(exc).__name__}: {exc}")
        finally:
            connection.close()  # this thread's own session: the test database is dropped at the end

    def step(self) -> bool:
        for client in self.clients:
            legal = self._until_answered(lambda c=client: c.get(f"/api/games/{self.game_id}/legal"))
            if legal.status != 200:
                self.problems.append(f"game {self.game_id}: legal answered {legal}")
                return False
            if legal.body["actions"]:
                break
        else:  # nobody's turn here: a bot's, or the game is over
            if Game.objects.filter(pk=self.game_id, status="active").exists():
                time.sleep(0.1)
                return True
            return False
        key = f"burst-{uuid.uuid4().hex}"
        body = {"action": self.rng.choice(legal.body["actions"]), "expected_seq": legal.body["seq"]}
        moved = self._until_answered(lambda: client.post(f"/api/games/{self.game_id}/actions", body,
                                                         headers={"Idempotency-Key": key}))
        if moved.status != 201:
            self.problems.append(f"game {self.game_id}: move {body} under {key} answered {moved}")
            return False
        self.accepted[key] = moved.body["seq"]
        return True


def _bot_to_act(game_id: int) -> bool:
    game = Game.objects.get(pk=game_id)
    return game.status == "active" and any(s.number == game.to_act and s.bot for s in game.seats.all())


def test_backends_terminated_during_a_burst_lose_and_double_nothing(stack, make_user, record):
    servers = [stack.server(), stack.server()]
    worker = stack.worker("worker")
    games, players = [], []
    for i in range(HUMAN_GAMES):
        south, north = make_user(f"south{i}"), make_user(f"north{i}")
        game = accepted_game(creator=south, name="paso", seats=[{"user": south.username}, {"user": north.username}])
        games.append((game.pk, [token_for(south), token_for(north)], False))
    for i in range(BOT_GAMES):
        human = make_user(f"human{i}")
        game = accepted_game(creator=human, name="paso", seats=[{"user": human.username}, {"bot": "random"}])
        games.append((game.pk, [token_for(human)], True))

    start = time.monotonic()
    until = start + BURST_SECONDS
    for n, (game_id, tokens, _) in enumerate(games):
        base = servers[n % len(servers)]
        players.append(Player(game_id, [Client(base, t) for t in tokens], until, seed=n))
    threads = [threading.Thread(target=p.run, daemon=True) for p in players]
    for thread in threads:
        thread.start()

    terminated = []
    time.sleep(2.0)  # moves under way before the first termination
    for _ in range(KILL_ROUNDS):
        terminated.append(terminate_backends("faults-"))
        time.sleep(KILL_EVERY)
    last_kill = time.monotonic()
    for thread in threads:
        thread.join(90)
    assert not any(t.is_alive() for t in threads), "a player was still waiting after the burst"

    bot_games = [game_id for game_id, _, bots in games if bots]
    stalled = [g for g in bot_games if _bot_to_act(g)]
    deadline = time.monotonic() + 60
    while stalled and time.monotonic() < deadline:
        time.sleep(0.2)
        stalled = [g for g in stalled if _bot_to_act(g)]
    caught_up = time.monotonic() - last_kill
    statuses = sum((p.statuses for p in players), Counter())
    healing = [s for p in players for s in p.healing]
    record("sessions_terminated", sum(terminated))
    record("moves_accepted", sum(len(p.accepted) for p in players))
    record("answers_by_status", dict(sorted(statuses.items())))
    record("requests_that_needed_a_retry", len(healing))
    record("longest_retry_to_answer_seconds", round(max(healing, default=0.0), 2))
    # an upper bound: looked at only once the burst's players have stopped
    record("last_termination_to_bots_caught_up_seconds", round(caught_up, 2))
    record("worker_retries_on_a_database_error", worker.text().count("database error ("))

    assert sum(terminated) > 0, "no session of the servers or the worker was terminated"
    problems = [problem for p in players for problem in p.problems]
    assert problems == []
    assert stalled == [], f"bot games still waiting for their bot 60 s after the last termination: {stalled}"
    assert 500 not in statuses
    assert sum(len(p.accepted) for p in players) >= len(games)  # the burst moved every game

    for player in players:
        game = Game.objects.get(pk=player.game_id)
        events = list(Event.objects.filter(game=game).order_by("seq"))
        assert [e.seq for e in events] == list(range(1, game.seq + 1))
        assert verify_chain([record_of(e) for e in events]) == []
        by_seq = {e.seq: e for e in events}
        human_seats = set(game.seats.filter(bot="").values_list("number", flat=True))
        stored = [e for e in events if e.kind == "move" and _seat_of(game, e.actor) in human_seats]
        # no move lost: each accepted key's seq (the last event its move appended: a move, or the end
        # it brought) is stored; none doubled: one stored move per accepted key
        assert all(seq in by_seq for seq in player.accepted.values())
        assert len(set(player.accepted.values())) == len(player.accepted)
        assert len(stored) == len(player.accepted), (player.game_id, len(stored), len(player.accepted))


def _seat_of(game: Game, actor: str) -> int | None:
    from engine import get_game

    names = get_game(game.name).seat_names(game.players)
    return names.index(actor) if actor in names else None

