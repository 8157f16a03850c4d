"""The REST API contract: each endpoint's success and failure paths, with Paso del Brahmán."""

import random

import orjson
import pytest

from games.ledger import verify_chain

pytestmark = pytest.mark.django_db


@pytest.fixture
def paso(api, alice, bob):
    """A Paso game between alice (south) and bob (north): alice invites bob, bob accepts, through the API."""
    response = api(alice).post(
        "/api/games", {"game": "paso", "seats": [{"user": "alice"}, {"user": "bob"}]}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["status"] == "open" and response.json()["seats"][1]["invited"] is True
    accepted = api(bob).post(f"/api/games/{response.json()['id']}/accept", {}, format="json")
    assert accepted.status_code == 200, accepted.content
    return accepted.json()


def act(client, game_id, action, seq, **headers):
    return client.post(f"/api/games/{game_id}/actions", {"action": action, "expected_seq": seq}, format="json", **headers)


# --- auth -------------------------------------------------------------------------------------------
def test_register_then_obtain_a_token(api, db):
    response = api().post("/api/auth/register", {"username": "carol", "password": "a long passphrase"}, format="json")
    assert response.status_code == 201 and response.json()["token"]
    again = api().post("/api/auth/token", {"username": "carol", "password": "a long passphrase"}, format="json")
    assert again.status_code == 200 and again.json()["expiry"]
    # Each log-in is its own token (django-rest-knox), and both are good.
    assert again.json()["token"] != response.json()["token"]
    for token in (response.json()["token"], again.json()["token"]):
        me = api().get("/api/me/waiting", HTTP_AUTHORIZATION=f"Token {token}")
        assert me.status_code == 200


def test_register_refuses_a_taken_name_and_a_short_password(api, alice):
    taken = api().post("/api/auth/register", {"username": "alice", "password": "a long passphrase"}, format="json")
    assert taken.status_code == 400 and taken.json()["field"] == "username"
    short = api().post("/api/auth/register", {"username": "dave", "password": "short"}, format="json")
    assert short.status_code == 400 and short.json()["field"] == "password"
    wrong = api().post("/api/auth/token", {"username": "alice", "password": "nope"}, format="json")
    assert wrong.status_code == 400 and "wrong" in wrong.json()["error"]


# --- creating, listing, joining ----------------------------------------------------------------------
def test_create_returns_the_game_and_its_seats(paso):
    assert paso["game"] == "paso" and paso["status"] == "active" and paso["to_act"] == "south"
    assert [s["player"] for s in paso["seats"]] == ["alice", "bob"]
    assert len(paso["seed_hash"]) == 64 and paso["seed"] is None


def test_create_refuses_bad_input_naming_the_field(api, alice):
    client = api(alice)
    cases = [
        ({"game": "chess"}, "game"),
        ({"game": "paso", "options": {"blitz": True}}, "options"),
        ({"game": "paso", "players": 3}, "players"),
        ({"game": "paso", "seats": [{"user": "alice"}]}, "seats"),
        ({"game": "paso", "seats": [{"bot": "genius"}, {}]}, "seats"),
        ({"players": 2}, "game"),
    ]
    for body, field in cases:
        response = client.post("/api/games", body, format="json")
        assert response.status_code == 400, body
        assert response.json()["field"] == field and response.json()["error"]
    assert api().post("/api/games", {"game": "paso"}, format="json").status_code in (401, 403)


def test_list_filters_mine_my_turn_open_and_game(api, paso, alice, bob, make_user):
    carol = make_user("carol")
    opened = api(carol).post("/api/games", {"game": "paso"}, format="json").json()
    ids = lambda response: [g["id"] for g in response.json()["results"]]  # noqa: E731
    assert ids(api(alice).get("/api/games?mine=1")) == [paso["id"]]
    assert ids(api(alice).get("/api/games?my_turn=1")) == [paso["id"]]
    assert ids(api(bob).get("/api/games?my_turn=1")) == []
    assert ids(api(bob).get("/api/games?open=1")) == [opened["id"]]
    assert set(ids(api().get("/api/games?game=paso"))) == {paso["id"], opened["id"]}
    assert ids(api().get("/api/games?status=finished")) == []
    assert api().get("/api/games").json()["count"] == 2


def test_join_an_open_seat_starts_the_game(api, alice, bob):
    game = api(alice).post("/api/games", {"game": "paso"}, format="json").json()
    assert game["status"] == "open" and game["to_act"] is None
    joined = api(bob).post(f"/api/games/{game['id']}/join", {"client_seed": "bob-seed"}, format="json")
    assert joined.status_code == 200 and joined.json()["status"] == "active"
    again = api(bob).post(f"/api/games/{game['id']}/join", {}, format="json")
    assert again.status_code == 409 and again.json()["error"]
    assert api(bob).post("/api/games/424242/join", {}, format="json").status_code == 404


# --- playing ------------------------------------------------------------------------------------------
def test_state_and_legal_for_the_seat_to_act(api, paso, alice, bob):
    state = api(alice).get(f"/api/games/{paso['id']}/state").json()
    assert state["seat"] == "south" and state["seq"] == paso["seq"] and state["view"]["phase"] == "temples"
    legal = api(alice).get(f"/api/games/{paso['id']}/legal").json()
    assert legal == {"seq": paso["seq"], "actions": ["temple a1", "temple b1", "temple c1", "temple d1", "temple e1"]}
    assert api(bob).get(f"/api/games/{paso['id']}/legal").json()["actions"] == []
    assert api().get(f"/api/games/{paso['id']}/state").json()["seat"] is None
    assert api().get("/api/games/424242/state").status_code == 404


def test_an_action_is_stored_and_answered_with_the_new_seq_and_the_seat_to_act(api, paso, alice):
    response = act(api(alice), paso["id"], "TEMPLE   C1", paso["seq"])
    assert response.status_code == 201
    answer = response.json()
    receipt = answer.pop("receipt")  # the transparency log's receipt (tests/transparency)
    assert answer == {"game": paso["id"], "seq": paso["seq"] + 1, "action": "temple c1", "to_act": "north"}
    assert (receipt["game"], receipt["seq"]) == (paso["id"], paso["seq"] + 1)
    history = api().get(f"/api/games/{paso['id']}/history").json()
    assert history[-1]["action"] == "temple c1" and history[-1]["actor"] == "south"


def test_action_errors_400_403_409_change_nothing(api, paso, alice, bob, make_user):
    gid, seq = paso["id"], paso["seq"]
    illegal = act(api(alice), gid, "temple c3", seq)
    assert illegal.status_code == 400 and illegal.json()["rule"].startswith("P") and illegal.json()["error"]
    unparsable = act(api(alice), gid, "castle kingside", seq)
    assert unparsable.status_code == 400 and unparsable.json()["field"] == "action"
    missing = api(alice).post(f"/api/games/{gid}/actions", {"action": "temple c1"}, format="json")
    assert missing.status_code == 400 and missing.json()["field"] == "expected_seq"
    assert act(api(bob), gid, "temple c5", seq).status_code == 403
    assert act(api(make_user("mallory")), gid, "temple c1", seq).status_code == 403
    assert act(api(), gid, "temple c1", seq).status_code in (401, 403)
    stale = act(api(alice), gid, "temple c1", seq - 1)
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    assert api().get(f"/api/games/{gid}").json()["seq"] == seq


def test_an_idempotency_key_retry_returns_the_first_answer(api, paso, alice):
    client = api(alice)
    first = act(client, paso["id"], "temple c1", paso["seq"], HTTP_IDEMPOTENCY_KEY="move-1")
    retry = act(client, paso["id"], "temple c1", paso["seq"], HTTP_IDEMPOTENCY_KEY="move-1")
    assert first.status_code == retry.status_code == 201 and retry.json() == first.json()
    assert [h["action"] for h in api().get(f"/api/games/{paso['id']}/history").json()].count("temple c1") == 1


def test_resign_and_draw_endpoints(api, paso, alice, bob):
    gid = paso["id"]
    assert api(bob).post(f"/api/games/{gid}/draw", {"action": "accept"}, format="json").status_code == 409
    assert api(bob).post(f"/api/games/{gid}/draw", {"action": "maybe"}, format="json").status_code == 400
    offered = api(alice).post(f"/api/games/{gid}/draw", {"action": "offer"}, format="json").json()
    assert offered["draw_offer"] == ["south"]
    declined = api(bob).post(f"/api/games/{gid}/draw", {"action": "decline"}, format="json").json()
    assert declined["draw_offer"] == [] and declined["status"] == "active"
    resigned = api(bob).post(f"/api/games/{gid}/resign").json()
    assert resigned["outcome"] == {"winners": ["south"], "reason": "resignation", "scores": None}
    assert resigned["seed"] is not None
    assert api(alice).post(f"/api/games/{gid}/resign").status_code == 409


def test_export_is_verifiable_json_lines(api, paso, alice):
    act(api(alice), paso["id"], "temple c1", paso["seq"])
    response = api().get(f"/api/games/{paso['id']}/export")
    assert response["Content-Type"] == "application/x-ndjson"
    records = [orjson.loads(line) for line in response.content.splitlines()]
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
    assert verify_chain(records) == []
    records[-1]["notation"] = "temple a1"
    assert verify_chain(records)


def test_schema_and_docs_pages(api, db):
    schema = api().get("/api/schema/")
    assert schema.status_code == 200 and b"/api/games/{game_id}/actions" in schema.content
    assert api().get("/api/docs/").status_code == 200


def test_a_complete_paso_game_through_the_api(api, alice, bob):
    """Both players choose from /legal until the game ends; every move is an event in the history."""
    rng = random.Random(7)
    created = api(alice).post(
        "/api/games",
        {"game": "paso", "options": {"quiet_turn_limit": 4}, "seats": [{"user": "alice"}, {"user": "bob"}]},
        format="json",
    ).json()
    assert api(bob).post(f"/api/games/{created['id']}/accept", {}, format="json").status_code == 200
    gid, clients, played = created["id"], {"south": api(alice), "north": api(bob)}, 0
    while True:
        game = api().get(f"/api/games/{gid}").json()
        if game["status"] != "active":
            break
        client = clients[game["to_act"]]
        legal = client.get(f"/api/games/{gid}/legal").json()
        assert act(client, gid, rng.choice(legal["actions"]), legal["seq"]).status_code == 201
        played += 1
        assert played < 2000
    assert game["status"] == "finished" and game["outcome"]["reason"] in ("illumination", "poisoning", "protection", "quiet_turns")
    history = api().get(f"/api/games/{gid}/history").json()
    assert sum(1 for h in history if h["kind"] == "move") == played
    assert history[-1]["kind"] == "end" and history[-1]["payload"]["seed"] == game["seed"]


@pytest.mark.parametrize("suffix", ["", "/state", "/legal", "/history", "/export"])
def test_every_read_of_a_missing_game_is_404(api, db, suffix):
    response = api().get(f"/api/games/424242{suffix}")
    assert response.status_code == 404 and response.json() == {"error": "no game 424242"}


@pytest.mark.parametrize("suffix", ["/actions", "/resign", "/draw", "/join"])
def test_every_write_to_a_missing_game_is_404(api, alice, suffix):
    body = {"action": "offer", "expected_seq": 1} if suffix in ("/actions", "/draw") else {}
    if suffix == "/actions":
        body["action"] = "temple c1"
    response = api(alice).post(f"/api/games/424242{suffix}", body, format="json")
    assert response.status_code == 404 and response.json() == {"error": "no game 424242"}


def test_catalog_lists_the_games_with_their_seats_and_options(api, db):
    games = {g["game"]: g for g in api().get("/api/catalog").json()["games"]}
    assert games["paso"]["seat_names"] == {"2": ["south", "north"]}
    assert games["paso"]["options"]["2"] == {"quiet_turn_limit": 60}
