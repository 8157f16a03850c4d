"""The admin: browsable with filters and search, history read-only for superusers too, moderation as events."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

from games import moderation, services
from games.models import Event, Game, Report
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(dice_game, alice, bob, settings):
    settings.SNAPSHOT_EVERY = 3
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/game/?status__exact=active&name=dice",
        "/admin/games/game/?q=alice",
        "/admin/games/game/?created_at__gte=2000-01-01+00:00:00%2B00:00",
        "/admin/games/seat/?q=bob&game__status__exact=active",
        "/admin/games/event/?kind__exact=chance&game__name=dice",
        "/admin/games/event/?q=alice",
        "/admin/games/snapshot/",
        "/admin/auth/user/?is_active__exact=1&q=ali",
        "/admin/games/report/?status__exact=open",
        "/admin/games/sanction/",
    ],
)
def test_every_list_loads_with_its_filters_and_search(admin_client, admin_user, game, make_user, url):
    moderation.file_report(reporter=game.seats.get(number=0).user, username="bob", reason="rude")
    moderation.suspend(moderator=admin_user, username=make_user("spammer").username, reason="spam")
    response = admin_client.get(url)
    assert response.status_code == 200  # an unknown filter or field would redirect to ?e=1
    assert response.context["cl"].result_count >= 1


def test_search_by_player_finds_only_their_games(admin_client, game, make_user, dice_game):
    make_user("carol"), make_user("dave")
    other = services.create_game(creator=None, name="dice", seats=[{"user": "carol"}, {"user": "dave"}])
    assert [g.pk for g in admin_client.get("/admin/games/game/?q=alice").context["cl"].result_list] == [game.pk]
    assert [g.pk for g in admin_client.get("/admin/games/game/?q=dave").context["cl"].result_list] == [other.pk]


def test_events_are_read_only_for_a_superuser(admin_client, game):
    event = game.events.get(seq=2)
    base = f"/admin/games/event/{event.pk}"
    page = admin_client.get(f"{base}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert b"<pre>" in page.content and b"client_seed" in page.content  # the payload, readable
    assert admin_client.post(f"{base}/change/", {"notation": "forged"}).status_code == 403
    assert admin_client.post(f"{base}/delete/", {"post": "yes"}).status_code == 403
    assert admin_client.get("/admin/games/event/add/").status_code == 403
    assert Event.objects.get(pk=event.pk).notation == event.notation and game.events.count() == game.seq


def test_a_running_games_secret_stays_withheld_in_the_admin(admin_client, game):
    deal = game.events.get(kind="chance")
    page = admin_client.get(f"/admin/games/event/{deal.pk}/change/").content.decode()
    assert deal.notation not in page and "hidden until the game ends" in page
    position = admin_client.get(f"/admin/games/game/{game.pk}/position/?seq={deal.seq}").content.decode()
    assert "spectator" in position and "&quot;deck&quot;: &quot;hidden&quot;" in position
    assert game.seed not in admin_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()


def test_the_position_at_any_event_of_a_finished_game(admin_client, game):
    services.resign(user=game.seats.get(number=0).user, game_id=game.pk)
    page = admin_client.get(f"/admin/games/game/{game.pk}/position/?seq=5").content.decode()
    assert "position after event 5" in page and "the whole position" in page and "&quot;deck&quot;" in page
    bad = admin_client.get(f"/admin/games/game/{game.pk}/position/?seq=oops", follow=True)
    assert b"Seq must be an integer from 0 to 7" in bad.content  # the admin capitalises messages


def test_games_are_changed_only_through_the_moderation_form(admin_client, admin_user, game):
    assert admin_client.post(f"/admin/games/game/{game.pk}/change/", {"status": "finished"}).status_code == 403
    url = f"/admin/games/game/{game.pk}/moderate/"
    refused = admin_client.post(url, {"act": "abort", "reason": ""})
    assert refused.status_code == 200 and Game.objects.get(pk=game.pk).status == "active"
    done = admin_client.post(url, {"act": "adjudicate", "reason": "time forfeit by hand", "winners": "b"})
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.outcome["winners"] == ["b"] and game.status == "finished"
    act = game.events.get(kind="moderation")
    assert act.payload["moderator"] == admin_user.username and act.payload["reason"] == "time forfeit by hand"


def test_a_moderation_form_error_is_shown_and_nothing_changes(admin_client, game):
    page = admin_client.post(f"/admin/games/game/{game.pk}/moderate/", {"act": "hand_seat", "reason": "r", "seat": "a",
                                                                         "username": "nobody"})
    assert b"no user named" in page.content
    assert not game.events.filter(kind="moderation").exists()


def test_suspend_from_the_user_list_asks_for_a_reason(admin_client, alice, game):
    selection = {"action": "suspend", ACTION_CHECKBOX_NAME: [alice.pk]}
    ask = admin_client.post("/admin/auth/user/", selection)
    assert ask.status_code == 200 and b"name=\"reason\"" in ask.content
    admin_client.post("/admin/auth/user/", {**selection, "reason": "cheating"})
    alice.refresh_from_db()
    assert not alice.is_active
    assert game.events.get(kind="moderation").payload["reason"] == "cheating"


def test_a_report_is_closed_from_the_admin_with_its_outcome(admin_client, admin_user, alice, bob):
    report = moderation.file_report(reporter=alice, username="bob", reason="rude")
    fields = {"outcome": "warned"}
    assert admin_client.post(f"/admin/games/report/{report.pk}/change/", fields).status_code == 302
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED and report.outcome == "warned" and report.handled_by == admin_user
