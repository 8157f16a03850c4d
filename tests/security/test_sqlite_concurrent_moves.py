"""Issue 14, item 10: five concurrent moves on SQLite answered "database is locked" (a 500).

On the embedded default (SQLite, served by daphne, no Redis) five requests send the same move at
the same ``expected_seq`` at once: exactly one is stored (201), the four others are told they are
stale (409), none gets a 5xx, and the stored history still verifies.
"""

import json
import threading
import urllib.error
import urllib.request

import pytest

from tests.security.sqlite_db import Server, manage, migrated

PASSWORD = "a long passphrase for tests"
WRITERS = 5
ROUNDS = 6


def call(base: str, method: str, path: str, body=None, token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Token {token}"} if token else {})
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        text = error.read()
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, {"raw": text.decode(errors="replace")[:500]}


@pytest.fixture
def sqlite_site(tmp_path):
    env = migrated(tmp_path)
    server = Server(env, tmp_path / "daphne.log")
    yield server, env
    server.stop()


def register(base: str, name: str) -> str:
    status, body = call(base, "POST", "/api/auth/register", {"username": name, "password": PASSWORD})
    assert status == 201, body
    return body["token"]


def concurrent_moves(base: str, game_id: int, token: str, seq: int) -> list[tuple[int, dict]]:
    """``WRITERS`` requests sending the seat's first legal action at ``seq``, released together."""
    status, legal = call(base, "GET", f"/api/games/{game_id}/legal", token=token)
    assert status == 200 and legal["seq"] == seq and legal["actions"], legal
    start, answers = threading.Barrier(WRITERS), []

    def move():
        start.wait()
        answers.append(call(base, "POST", f"/api/games/{game_id}/actions",
                            {"action": legal["actions"][0], "expected_seq": seq}, token))

    writers = [threading.Thread(target=move) for _ in range(WRITERS)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(90)
    return answers


def test_five_concurrent_moves_at_one_seq_store_one_and_answer_409_to_the_rest(sqlite_site):
    server, env = sqlite_site
    tokens = {"south": register(server.base, "alice"), "north": register(server.base, "bob")}
    status, game = call(server.base, "POST", "/api/games", {"game": "paso"}, tokens["south"])
    assert status == 201, game
    status, game = call(server.base, "POST", f"/api/games/{game['id']}/join", {}, tokens["north"])
    assert status == 200 and game["to_act"] == "south", game

    for _ in range(ROUNDS):  # a few rounds: a race lost once is not a race that cannot be lost
        answers = concurrent_moves(server.base, game["id"], tokens[game["to_act"]], game["seq"])
        statuses = sorted(status for status, _ in answers)
        assert statuses == [201] + [409] * (WRITERS - 1), (answers, server.log()[-2000:])
        assert all("stale" in body["error"] or "waited" in body["error"] for status, body in answers if status == 409)
        status, game = call(server.base, "GET", f"/api/games/{game['id']}")
        assert game["status"] == "active"
    assert "Traceback" not in server.log()
    verified = manage(env, "verify_history", "--game", str(game["id"]))
    assert verified.returncode == 0, verified.stdout + verified.stderr
