"""The admin's chat pages (issue 19, item 5): lines, reports, mutes and the moderation log, read-only,
showing who hid what and why, and nothing of the game's hidden parts."""

import pytest

from games import chat
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderated(dice_game, alice, bob, make_user):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    moderator = make_user("mod", is_staff=True)
    line = chat.post(user=alice, game_id=game.pk, room="players", text="rude words")
    chat.report(user=bob, message_id=line["id"], reason="insulting")
    chat.hide(moderator=moderator, message_id=line["id"], reason="an insult")
    chat.mute(moderator=moderator, username="alice", reason="repeated insults", hours=24)
    return game


@pytest.mark.parametrize("url, shown", [
    ("/admin/games/chatmessage/?room__exact=players&hidden__exact=1&q=alice", "an insult"),
    ("/admin/games/chatreport/?q=bob", "insulting"),
    ("/admin/games/chatmute/?q=alice", "repeated insults"),
    ("/admin/games/chatmoderation/?act__exact=hide", "an insult"),
])
def test_each_chat_list_loads_filtered_and_shows_the_moderators_record(admin_client, moderated, url, shown):
    response = admin_client.get(url)
    assert response.status_code == 200 and response.context["cl"].result_count == 1
    page = response.content.decode()
    assert shown in page
    assert moderated.seed not in page  # a chat line names its game by id only


def test_the_chat_log_cannot_be_edited_from_the_admin(admin_client, moderated):
    assert admin_client.get("/admin/games/chatmoderation/add/").status_code == 403
    assert admin_client.get("/admin/games/chatmessage/add/").status_code == 403
