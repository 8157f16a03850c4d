"""Issue 14, item 9: on the embedded default no web request waits for a bot.

A game of two ``hard`` bots was played out inside ``POST /api/games`` (the client gave up after
90 s). Now the request commits, queues the bot's turn on the server's background worker and
answers; the worker plays on afterwards. The worker is held (not started) until the response is
in, so the test sees exactly what the request itself did: the game at its start seq, no move.
"""

import json
import urllib.request

import pytest

from games.models import Event, Game
from tests.conftest import wait_until
from tests.security.sqlite_db import Server, manage, migrated

pytestmark = pytest.mark.django_db(transaction=True)


def seq_of(game_id):
    return Game.objects.values_list("seq", flat=True).get(pk=game_id)


def moves(game_id):
    return Event.objects.filter(game_id=game_id, kind="move").count()


def test_creating_a_game_of_two_hard_bots_answers_before_any_bot_moves(background_worker, make_user, api):
    staff = make_user("operator", is_staff=True)  # games with no human seat are staff's to create
    response = api(staff).post("/api/games", {"game": "paso", "seats": [{"bot": "hard"}, {"bot": "hard"}]},
                               format="json")
    assert response.status_code == 201, response.content
    game_id, seq = response.json()["id"], response.json()["seq"]
    assert response.json()["status"] == "active"
    assert seq_of(game_id) == seq and moves(game_id) == 0
    assert background_worker.waiting() == 1
    background_worker.start()
    wait_until(lambda: moves(game_id) >= 1, timeout=120, what="the first hard bot's move")
    assert Event.objects.filter(game_id=game_id, kind="move").first().actor == "south"


def test_a_move_that_hands_the_turn_to_a_bot_answers_before_the_bot_moves(background_worker, alice, api):
    client = api(alice)
    created = client.post("/api/games", {"game": "paso", "seats": [{"user": "alice"}, {"bot": "hard"}]},
                          format="json").json()
    response = client.post(f"/api/games/{created['id']}/actions", {"action": "temple c1", "expected_seq": created["seq"]},
                           format="json")
    assert response.status_code == 201, response.content
    seq = response.json()["seq"]
    assert seq_of(created["id"]) == seq and moves(created["id"]) == 1
    background_worker.start()
    wait_until(lambda: seq_of(created["id"]) > seq, timeout=120, what="the hard bot's reply")
    assert Event.objects.get(game_id=created["id"], seq=seq + 1).actor == "north"


def test_joining_a_game_whose_first_seat_is_a_bot_answers_before_the_bot_moves(background_worker, alice, bob, api):
    seats = [{"bot": "random"}, {"user": "alice"}, {}]  # the creator sits; bob's seat is open
    created = api(alice).post("/api/games", {"game": "nakatha", "players": 3, "seats": seats}, format="json").json()
    response = api(bob).post(f"/api/games/{created['id']}/join", {}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "active"
    assert seq_of(created["id"]) == response.json()["seq"] and moves(created["id"]) == 0
    background_worker.start()
    wait_until(lambda: moves(created["id"]) == 1, what="the bot's opening move")


LEFT_UNPLAYED = """
from games import background, services
from django.contrib.auth.models import User
background.use(background.BotTurnWorker())  # a worker that never runs: the process 'dies' first
staff = User.objects.create_user("operator", password="a long passphrase", is_staff=True)
game = services.create_game(creator=staff, name="paso", options={"quiet_turn_limit": 6},
                            seats=[{"bot": "random"}, {"bot": "random"}])
print(game.pk, game.seq)
"""


def test_a_server_on_the_embedded_default_plays_the_bot_turns_a_restart_left(tmp_path):
    env = migrated(tmp_path)
    left = manage(env, "shell", "-c", LEFT_UNPLAYED)
    assert left.returncode == 0, left.stderr[-2000:]
    game_id, seq = (int(n) for n in left.stdout.split()[-2:])
    server = Server(env, tmp_path / "daphne.log")  # the ASGI entry starts the worker; no request queues it
    try:
        def game():
            with urllib.request.urlopen(f"{server.base}/api/games/{game_id}", timeout=10) as response:
                return json.loads(response.read())

        wait_until(lambda: game()["status"] == "finished", what="the server to play the bots' game out")
        assert game()["seq"] > seq
    finally:
        server.stop()
