"""The game page's move list: the site's history JSON words every row, moderation and timeouts included."""

from datetime import timedelta

import pytest

from games import moderation, services, timeouts
from games.site.events import describe
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(make_user):
    return make_user("mod", is_staff=True)


def timed_paso(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
                                time_control={"days_per_move": 2})


def texts(client, game):
    response = client.get(f"/games/{game.pk}/history")
    assert response.status_code == 200
    return [(row["kind"], row["text"]) for row in response.json()]


def test_history_words_moves_and_the_services_events(client, alice, bob):
    game = timed_paso(alice, bob)
    services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    services.resign(user=bob, game_id=game.pk)
    rows = texts(client, game)
    assert rows[0] == ("create", "service: created the game (rated), inviting bob (north)")
    assert ("join", "south: took a seat") in rows
    assert ("join", "north: bob accepted the invitation") in rows
    assert ("move", "south: temple c1") in rows
    assert rows[-2:] == [("resign", "north: resigned"), ("end", "service: the game is over: south won (resignation)")]


def test_history_rows_keep_seq_and_time_but_not_the_raw_payload(client, alice, bob):
    game = timed_paso(alice, bob)
    [first, *_] = client.get(f"/games/{game.pk}/history").json()
    assert set(first) == {"seq", "kind", "actor", "who", "notation", "text", "at", "conditional"} and first["seq"] == 1
    assert client.get("/games/999/history").status_code == 404


def test_moderation_acts_read_as_sentences_with_their_reason(client, alice, bob, moderator):
    game = timed_paso(alice, bob)
    moderation.extend_deadline(moderator=moderator, game_id=game.pk, hours=36, reason="alice is travelling")
    moderation.replace_with_bot(moderator=moderator, game_id=game.pk, seat="north", level="greedy", reason="bob left")
    moderation.adjudicate(moderator=moderator, game_id=game.pk, winners=["south"], reason="north abandoned")
    moderated = [text for kind, text in texts(client, game) if kind == "moderation"]
    assert moderated == [
        "Moderator mod extended the deadline by 1 day 12 hours. Reason: alice is travelling",
        "Moderator mod gave seat north (bob) to bot:greedy. Reason: bob left",
        "Moderator mod adjudicated the game: south won. Reason: north abandoned",
    ]
    assert texts(client, game)[-1] == ("end", "service: the game is over: south won (adjudication)")


def test_an_aborted_game_and_a_handed_seat(client, alice, bob, make_user, moderator):
    make_user("carol")
    game = timed_paso(alice, bob)
    moderation.hand_seat(moderator=moderator, game_id=game.pk, seat="north", username="carol", reason="bob asked")
    moderation.abort(moderator=moderator, game_id=game.pk, reason="a bug in the board")
    rows = texts(client, game)
    assert ("moderation", "Moderator mod gave seat north (bob) to carol. Reason: bob asked") in rows
    assert ("moderation", "Moderator mod aborted the game. Reason: a bug in the board") in rows
    assert rows[-1] == ("end", "service: the game is over: aborted, no result")


def test_a_suspension_shows_in_the_suspended_players_games(client, alice, bob, moderator):
    game = timed_paso(alice, bob)
    moderation.suspend(moderator=moderator, username="bob", reason="cheating")
    assert ("moderation", "Moderator mod suspended bob. Reason: cheating") in texts(client, game)


def test_a_timeout_forfeit_reads_in_the_history(client, alice, bob):
    game = timed_paso(alice, bob)
    game.refresh_from_db()
    assert timeouts.apply_timeout(game.pk, game.deadline_at + timedelta(minutes=1)) == "forfeit"
    rows = texts(client, game)
    assert rows[-2:] == [("timeout", "south ran out of time and forfeits"),
                         ("end", "service: the game is over: north won (timeout)")]


@pytest.mark.parametrize(
    "payload, text",
    [
        ({"seat": "pink", "policy": "bot", "bot": "easy"}, "pink ran out of time: a bot (easy) plays the turn"),
        ({"seat": "pink", "policy": "vacation", "spent_seconds": 86400, "vacation_left": 172800},
         "pink ran out of time: 1 day of vacation used (2 days left)"),
    ],
)
def test_other_timeouts_read_as_what_the_policy_did(payload, text):
    assert describe({"kind": "timeout", "actor": "service", "action": None, "payload": payload}) == text


def test_a_withheld_chance_outcome_stays_withheld():
    row = {"kind": "chance", "actor": "chance", "action": "(hidden until the game ends)", "payload": {}}
    assert describe(row) == "chance: (hidden until the game ends)"


def test_numbered_seats_read_as_players_and_reasons_as_words(client, alice, bob):
    """Nakatha names its seats p0, p1: the move list says "player 1", "player 2"; an outcome's
    reason reads as words (mandala_complete: "mandala complete"); named seats keep their names."""
    from games.site.events import seat_labels

    assert seat_labels(["p0", "p1"]) == {"p0": "player 1", "p1": "player 2"}
    assert seat_labels(["south", "north"]) == {} and seat_labels([]) == {}
    labels = seat_labels(["p0", "p1", "p2"])
    end = {"kind": "end", "actor": "service", "payload": {"outcome": {"winners": ["p2"], "reason": "mandala_complete"}}}
    assert describe(end, labels) == "service: the game is over: player 3 won (mandala complete)"
    assert describe({"kind": "move", "actor": "p1", "action": "pass"}, labels) == "player 2: pass"
    game = accepted_game(creator=alice, name="nakatha", seats=[{"user": "alice"}, {"user": "bob"}])
    services.resign(user=bob, game_id=game.pk)
    rows = texts(client, game)
    assert rows[-1] == ("end", "service: the game is over: player 1 won (resignation)")
    assert not any(text.startswith(("p0:", "p1:")) for _, text in rows)


def test_history_rows_carry_the_seat_in_words_and_a_moves_notation_for_grouping_by_turn(client, alice, bob):
    """Issue 18 review, item 3: the page groups moves by turn under the seat's name and writes each
    in notation; system rows have none. Nakatha's p0 reads "player 1"."""
    game = accepted_game(creator=alice, name="nakatha", seats=[{"user": "alice"}, {"user": "bob"}])
    services.resign(user=bob, game_id=game.pk)
    rows = client.get(f"/games/{game.pk}/history").json()
    assert all(r["notation"] is None for r in rows if r["kind"] not in ("move", "chance"))
    assert {r["who"] for r in rows if r["kind"] in ("join", "resign")} <= {"player 1", "player 2"}
    paso = timed_paso(alice, bob)
    services.submit_action(user=alice, game_id=paso.pk, text="temple c1", expected_seq=paso.seq)
    [move] = [r for r in client.get(f"/games/{paso.pk}/history").json() if r["kind"] == "move"]
    assert (move["who"], move["notation"], move["text"]) == ("south", "temple c1", "south: temple c1")


def test_a_timeout_names_a_numbered_seat_as_people_do():
    labels = {"p0": "player 1", "p1": "player 2"}
    row = {"kind": "timeout", "actor": "service", "action": None, "payload": {"seat": "p1", "policy": "forfeit"}}
    assert describe(row, labels) == "player 2 ran out of time and forfeits"
