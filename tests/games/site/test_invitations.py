"""The play site's invitations: listed on my home page with Accept and Decline buttons (CSRF-checked
POST forms that go through ``games.invitations``), and the creator's button to open an invited seat."""

import re

import pytest
from django.test import Client

from games import services
from games.models import Event, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_bob(bob):
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    return client


def invitation(alice, game="paso"):
    return services.create_game(creator=alice, name=game, seats=[{"user": "alice"}, {"user": "bob"}])


def form_of(body: str, action: str) -> str:
    """The CSRF token of the form posting to ``action``."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}"[^>]*>(.*?)</form>', body, re.S)
    assert form, f"no form posting to {action}"
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.group(1)).group(1)


def test_home_lists_my_invitation_with_accept_and_decline_buttons(as_bob, alice, bob):
    game = invitation(alice)
    page = as_bob.get("/")
    body = page.content.decode()
    assert [i["game"] for i in page.context["invitations"]] == [game.pk]
    assert f'id="invitation-{game.pk}"' in body and "alice invites you to sit north" in body
    for action in (f"/games/{game.pk}/accept/", f"/games/{game.pk}/decline/"):
        assert form_of(body, action)
    assert game.pk not in [g["id"] for g in page.context["open_games"]]


def test_the_accept_button_takes_the_seat_and_starts_the_game(as_bob, alice, bob):
    game = invitation(alice)
    url = f"/games/{game.pk}/accept/"
    assert as_bob.post(url).status_code == 403  # no CSRF token: refused before any service runs
    token = form_of(as_bob.get("/").content.decode(), url)
    response = as_bob.post(url, {"csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seats.get(number=1).user == bob
    assert as_bob.get("/").context["invitations"] == []


def test_the_decline_button_cancels_the_game(as_bob, alice, bob):
    game = invitation(alice)
    url = f"/games/{game.pk}/decline/"
    token = form_of(as_bob.get("/").content.decode(), url)
    response = as_bob.post(url, {"csrfmiddlewaretoken": token}, follow=True)
    assert "it is cancelled" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.outcome["reason"] == "declined"
    assert Event.objects.filter(game=game, kind="decline").count() == 1


def test_someone_else_pressing_accept_is_told_why_and_nothing_changes(client, alice, bob, make_user):
    game = invitation(alice)
    client.force_login(make_user("carol"))
    response = client.post(f"/games/{game.pk}/accept/", follow=True)
    assert "no pending invitation" in response.content.decode()
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN
    assert client.get(f"/games/{game.pk}/accept/").status_code == 405


def test_the_game_page_offers_the_invited_user_and_the_creator_their_buttons(client, alice, bob, make_user):
    game = invitation(alice)
    client.force_login(bob)
    body = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="accept-button"' in body and 'id="decline-button"' in body and 'id="join-button"' not in body
    assert "bob (invited)" in body
    client.force_login(alice)
    body = client.get(f"/games/{game.pk}/").content.decode()
    assert "Open seat north to anyone" in body and 'id="accept-button"' not in body
    client.post(f"/games/{game.pk}/open-seat/", {"seat": "north"})
    client.force_login(make_user("carol"))
    assert 'id="join-button"' in client.get(f"/games/{game.pk}/").content.decode()
