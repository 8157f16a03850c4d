"""A Celery worker killed whole (SIGKILL to its process group) in the middle of a bot's turn: the bot
moves exactly once, within 30 s of the kill (issue 16, items 2 and 6).

The first worker holds the bot's move uncommitted (the test hook ``BOT_TURN_TEST_HOLD_SECONDS``) and
is killed there; PostgreSQL rolls the move back. Its message was acknowledged late, so Redis still
holds it, and the worker's lease on it stops being renewed: a second worker, already running, gets it
back once the visibility timeout runs out, and plays the turn.
"""

from __future__ import annotations

import random
import signal
import time

import pytest

from bench.httpclient import Client
from bench.stack import BOT_HOLD_ENV, poll
from games.ledger import verify_chain
from games.models import Event, Game
from games.store import record_of
from tests.conftest import token_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

#: The issue's bound: a worker killed whole is made good within this many seconds.
HEALED_WITHIN = 30.0


def test_a_worker_killed_whole_mid_bot_turn_is_made_good_within_30s(stack, make_user, record):
    base = stack.server()
    alice = make_user("alice")
    client = Client(base, token_for(alice))
    created = client.post("/api/games", {"game": "paso", "seats": [{"user": "alice"}, {"bot": "random"}]})
    assert created.status == 201, created
    game_id = created.body["id"]

    doomed = stack.worker("worker-doomed", **{BOT_HOLD_ENV: "120"})
    legal = client.get(f"/api/games/{game_id}/legal").body
    assert legal["actions"], legal  # south (alice) moves first
    moved = client.post(f"/api/games/{game_id}/actions", {"action": random.Random(1).choice(legal["actions"]),
                                                          "expected_seq": legal["seq"]},
                        headers={"Idempotency-Key": "alice-1"})
    assert moved.status == 201, moved
    bot_seq = moved.body["seq"] + 1
    assert poll(lambda: "played=True, holding" in doomed.text(), 60), doomed.tail()
    assert not Event.objects.filter(game_id=game_id, seq=bot_seq).exists()  # written, not committed

    heir = stack.worker("worker-heir")  # already running when the other dies, as in production
    killed_at = time.monotonic()
    doomed.kill(signal.SIGKILL)  # the whole process group: the main process and its pool child
    doomed.popen.wait(10)
    assert poll(lambda: Event.objects.filter(game_id=game_id, seq=bot_seq).exists(), 60, 0.05), heir.tail()
    healed = time.monotonic() - killed_at
    record("kill_to_bot_move_seconds", round(healed, 2))
    assert healed <= HEALED_WITHIN, f"the bot moved {healed:.1f}s after the kill"

    # the bot's turn may take several actions, each a task of its own: let it end
    assert poll(lambda: not _bot_to_act(game_id), 60), heir.tail()
    time.sleep(2)  # a second run of a turn, if there were one, would show by now
    game = Game.objects.get(pk=game_id)
    events = list(Event.objects.filter(game_id=game_id).order_by("seq"))
    assert [e.seq for e in events] == list(range(1, game.seq + 1))
    assert verify_chain([record_of(e) for e in events]) == []
    assert len([e for e in events if e.seq == bot_seq]) == 1 and events[bot_seq - 1].actor != "south"
    # every turn the heir ran moved the game (a turn run twice would find its seq gone and return
    # False), and it ran one per bot move: the killed turn once, and none twice
    runs = [line for line in heir.text().splitlines() if "bot_turn[" in line and " succeeded in " in line]
    bot_moves = [e for e in events if e.seq >= bot_seq and e.kind == "move" and e.actor != "south"]
    assert runs and all(line.rstrip().endswith(": True") for line in runs), runs
    assert len(runs) == len(bot_moves), (runs, [e.seq for e in bot_moves])


def _bot_to_act(game_id: int) -> bool:
    game = Game.objects.get(pk=game_id)
    return game.status == "active" and any(s.number == game.to_act and s.bot for s in game.seats.all())
