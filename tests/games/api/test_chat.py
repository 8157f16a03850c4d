"""The game chat over HTTP (issue 19, item 5): thin views over games.chat, every refusal a 4xx."""

import pytest

from games.models import ChatMessage
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.fixture
def moderator(make_user):
    return make_user("mod", is_staff=True)


def chat_url(game) -> str:
    return f"/api/games/{game.pk}/chat"


def test_a_line_posted_is_listed_in_order(pair, api, alice, bob):
    for text in ("one", "two"):
        assert api(alice).post(chat_url(pair), {"room": "players", "text": text}, format="json").status_code == 201
    answer = api(bob).get(chat_url(pair), {"room": "players"})
    assert answer.status_code == 200
    assert [line["text"] for line in answer.json()["results"]] == ["one", "two"]
    assert answer.json()["results"][0]["author"] == "alice"


@pytest.mark.parametrize("body, field", [({"room": "players", "text": ""}, "text"),
                                         ({"room": "players", "text": "x" * 501}, "text"),
                                         ({"room": "players"}, "text"),
                                         ({"room": "hall", "text": "hi"}, "room"),
                                         ({"text": "hi"}, "room")])
def test_bad_lines_get_a_400_naming_the_field(pair, api, alice, body, field):
    answer = api(alice).post(chat_url(pair), body, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == field
    assert not ChatMessage.objects.exists()


def test_a_visitor_and_a_spectator_cannot_read_the_players_room(pair, api, make_user):
    assert api().get(chat_url(pair), {"room": "players"}).status_code in (401, 403)
    assert api(make_user("carol")).get(chat_url(pair), {"room": "players"}).status_code == 403


def test_too_many_lines_get_a_429_with_retry_after(pair, api, alice, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "chat": "1/m"}
    client = api(alice)
    assert client.post(chat_url(pair), {"room": "players", "text": "a"}, format="json").status_code == 201
    answer = client.post(chat_url(pair), {"room": "players", "text": "b"}, format="json")
    assert answer.status_code == 429 and int(answer["Retry-After"]) >= 1
    assert ChatMessage.objects.count() == 1


def test_a_muted_user_gets_a_403_and_the_moderator_endpoints_refuse_players(pair, api, alice, bob, moderator):
    assert api(bob).post("/api/moderation/users/alice/mute", {"reason": "x"}, format="json").status_code == 403
    answer = api(moderator).post("/api/moderation/users/alice/mute", {"reason": "spam", "hours": 1}, format="json")
    assert answer.status_code == 200 and answer.json()["until"]
    refused = api(alice).post(chat_url(pair), {"room": "players", "text": "hi"}, format="json")
    assert refused.status_code == 403 and "muted" in refused.json()["error"]
    assert api(moderator).post("/api/moderation/users/alice/unmute", {"reason": "ok"}, format="json").status_code == 200
    assert api(alice).post(chat_url(pair), {"room": "players", "text": "hi"}, format="json").status_code == 201


def test_report_then_hide_over_http(pair, api, alice, bob, moderator):
    line = api(alice).post(chat_url(pair), {"room": "players", "text": "rude"}, format="json").json()
    assert api(bob).post(f"/api/chat/{line['id']}/report", {"reason": "rude"}, format="json").status_code == 201
    assert api(bob).post(f"/api/chat/{line['id']}/report", {}, format="json").status_code == 409
    assert api(bob).post("/api/chat/999999/report", {}, format="json").status_code == 404
    assert api(moderator).post(f"/api/moderation/chat/{line['id']}/hide", {"reason": ""},
                               format="json").json()["field"] == "reason"
    assert api(moderator).post(f"/api/moderation/chat/{line['id']}/hide", {"reason": "insult"},
                               format="json").status_code == 200
    shown = api(bob).get(chat_url(pair), {"room": "players"}).json()["results"]
    assert shown[0]["hidden"] and shown[0]["text"] == "" and "rude" not in str(shown)
    assert api(moderator).get(chat_url(pair), {"room": "players"}).json()["results"][0]["text"] == "rude"
