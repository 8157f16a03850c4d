"""The inbox over the API: ``GET /api/notifications`` (paged, newest first, the unread count) and
``POST /api/notifications/read`` (ids or all), refusing bad input with a 400."""

import pytest
from django.test import override_settings

from games import services, throttles
from games.models import Notification
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(dice_game, alice, bob):
    """bob was invited and accepted: alice is told that, and that it is her move."""
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def test_the_inbox_lists_newest_first_with_the_unread_count(game, api, alice):
    answer = api(alice).get("/api/notifications")
    assert answer.status_code == 200
    body = answer.json()
    assert body["count"] == 2 and body["unread"] == 2
    assert [n["kind"] for n in body["results"]] == ["your_move", "invitation_answered"]
    first = body["results"][0]
    assert first["game"] == game.pk and first["game_name"] == "dice" and first["read_at"] is None
    assert first["text"] == f"Your move in Dice #{game.pk} (you play a)."


def test_the_inbox_is_paged_and_each_user_sees_only_their_own(game, api, alice, bob):
    rows = [Notification(user=alice, kind="your_move", game=game, seq=game.seq, text=f"n{i}") for i in range(25)]
    Notification.objects.bulk_create(rows)
    page = api(alice).get("/api/notifications").json()
    assert page["count"] == 27 and len(page["results"]) == 20 and page["next"]
    second = api(alice).get("/api/notifications?page=2").json()
    assert len(second["results"]) == 7 and second["unread"] == 27
    assert {n["id"] for n in page["results"]}.isdisjoint(n["id"] for n in second["results"])
    assert api(bob).get("/api/notifications").json()["count"] == 1  # bob's invitation only
    assert api(alice).get("/api/notifications?page=9").status_code == 404


def test_marking_ids_read_counts_only_the_callers_unread_ones(game, api, alice, bob):
    mine = list(Notification.objects.filter(user=alice).order_by("pk").values_list("pk", flat=True))
    bobs = Notification.objects.get(user=bob).pk
    answer = api(alice).post("/api/notifications/read", {"ids": [mine[0], bobs]}, format="json")
    assert answer.status_code == 200 and answer.json() == {"marked": 1, "unread": 1}
    assert Notification.objects.get(pk=bobs).read_at is None  # another user's id is passed over
    again = api(alice).post("/api/notifications/read", {"ids": [mine[0]]}, format="json")
    assert again.json() == {"marked": 0, "unread": 1}
    listed = api(alice).get("/api/notifications").json()["results"]
    assert [n["read_at"] is not None for n in sorted(listed, key=lambda n: n["id"])] == [True, False]


def test_marking_all_read(game, api, alice):
    answer = api(alice).post("/api/notifications/read", {"all": True}, format="json")
    assert answer.json() == {"marked": 2, "unread": 0}
    services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    assert api(alice).get("/api/notifications").json()["unread"] == 0  # her own move tells her nothing


@pytest.mark.parametrize("body", [{}, {"all": False}, {"ids": []}, {"ids": "1"}, {"ids": ["x"]}, {"ids": [0]},
                                  {"ids": [True]}, {"ids": list(range(1, 300))}, {"ids": [1], "all": True},
                                  {"ids": [2**70]}, {"all": "maybe"}])
def test_bad_input_is_a_400_naming_the_field(game, api, alice, body):
    answer = api(alice).post("/api/notifications/read", body, format="json")
    assert answer.status_code == 400, answer.content
    assert "error" in answer.json()
    assert Notification.objects.filter(user=alice, read_at__isnull=False).count() == 0


def test_the_inbox_needs_a_log_in(game, api):
    assert api().get("/api/notifications").status_code == 401
    assert api().post("/api/notifications/read", {"all": True}, format="json").status_code == 401


@override_settings(THROTTLE_RATES={**throttles.settings.THROTTLE_RATES, "write": "2/m"})
def test_marking_read_is_throttled_like_every_write(game, api, alice):
    client = api(alice)
    codes = [client.post("/api/notifications/read", {"all": True}, format="json").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
