"""The site's inbox: the header's unread badge on every page, the inbox page with a link to each
game (opening one marks it read), marking all read, and the count the page polls."""

import re

import pytest
from django.test import Client

from games import services
from games.models import Notification
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.fixture
def as_alice(alice):
    client = Client()
    client.force_login(alice)
    return client


def badge(body: str) -> str:
    return re.search(r'<span class="badge" id="inbox-badge"[^>]*>(\d+)</span>', body).group(1)


def test_the_header_shows_the_unread_count_on_every_page(game, as_alice, alice):
    assert badge(as_alice.get("/").content.decode()) == "2"
    assert badge(as_alice.get(f"/games/{game.pk}/").content.decode()) == "2"
    Notification.objects.filter(user=alice).update(read_at=game.created_at)
    body = as_alice.get("/rules/").content.decode()
    assert badge(body) == "0" and 'id="inbox-badge" aria-label="0 unread" hidden' in body
    assert "inbox-badge" not in Client().get("/").content.decode()  # a visitor has no inbox


def test_the_inbox_lists_newest_first_and_opening_one_marks_it_read(game, as_alice, alice):
    body = as_alice.get("/inbox/").content.decode()
    mine = list(Notification.objects.filter(user=alice).order_by("-id"))
    assert body.index(mine[0].text) < body.index(mine[1].text)
    assert body.count('class="unread"') == 2 and f'name="id" value="{mine[0].pk}"' in body
    opened = as_alice.post("/inbox/read/", {"id": mine[0].pk})
    assert opened.status_code == 302 and opened["Location"] == f"/games/{game.pk}/"
    mine[0].refresh_from_db()
    mine[1].refresh_from_db()
    assert mine[0].read_at is not None and mine[1].read_at is None
    assert as_alice.get("/inbox/unread").json() == {"unread": 1}


def test_mark_all_read_and_the_polled_count_follows_new_notifications(game, as_alice, alice, bob):
    assert as_alice.post("/inbox/read/", {"all": "1"})["Location"] == "/inbox/"
    assert as_alice.get("/inbox/unread").json() == {"unread": 0}
    services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    game.refresh_from_db()
    services.submit_action(user=bob, game_id=game.pk, text="roll", expected_seq=game.seq)
    assert as_alice.get("/inbox/unread").json() == {"unread": 1}  # bob moved: her move again


@pytest.mark.parametrize("chosen", ["x", "-1", "0", "99999999999999999999999", ""])
def test_a_bad_or_foreign_id_changes_nothing_and_is_no_error(game, as_alice, bob, chosen):
    answer = as_alice.post("/inbox/read/", {"id": chosen})
    assert answer.status_code == 302 and answer["Location"] == "/inbox/"
    assert not Notification.objects.filter(read_at__isnull=False).exists()


def test_anothers_notification_is_not_opened(game, as_alice, bob):
    theirs = Notification.objects.get(user=bob)
    assert as_alice.post("/inbox/read/", {"id": theirs.pk})["Location"] == "/inbox/"
    theirs.refresh_from_db()
    assert theirs.read_at is None


def test_the_inbox_needs_a_log_in_and_refuses_a_get_to_mark_read(game, as_alice):
    assert Client().get("/inbox/")["Location"].startswith("/login/")
    assert Client().get("/inbox/unread").json() == {"unread": 0}
    assert as_alice.get("/inbox/read/").status_code == 405
    assert as_alice.get("/inbox/?page=zzz").status_code == 200
