"""Correspondence time on the site: the lobby's time left, the create form's time control, the game
page's deadline. The deadlines are the clock's (games.clock); these tests check what pages say."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.bots import LEVELS
from games import clock, invitations, services
from games.models import Game
from games.site.timeleft import duration_text, time_control_text, time_left_text
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_alice(client, alice):
    client.force_login(alice)
    return client


def paso(alice, bob, *, days=None, started_ago=timedelta(0), **more):
    """A paso game with alice (south) to act; timed games started ``started_ago``."""
    time_control = {"days_per_move": days, **more} if days else None
    with clock.at(timezone.now() - started_ago):
        return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
                                    time_control=time_control)


# --- wording ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "seconds, text",
    [(0, "under a minute"), (59, "under a minute"), (60, "1 minute"), (3 * 3600 + 120, "3 hours 2 minutes"),
     (86400, "1 day"), (2 * 86400 + 3 * 3600 + 59, "2 days 3 hours"), (86400 + 300, "1 day")],
)
def test_a_duration_reads_in_its_two_largest_units(seconds, text):
    assert duration_text(seconds) == text


def test_time_left_says_when_it_is_out():
    assert time_left_text(0) == "out of time" and time_left_text(None) is None
    assert time_left_text(7200) == "2 hours left"


def test_a_time_control_reads_as_a_sentence():
    assert time_control_text({}) == "untimed: no deadline per move"
    assert time_control_text({"days_per_move": 3, "vacation_days": 7, "policy": "forfeit"}) == (
        "3 days per move, 7 days of vacation per player; on timeout the seat forfeits")
    assert time_control_text({"days_per_move": 0.5, "vacation_days": 0, "policy": "bot", "bot": "greedy"}) == (
        "12 hours per move; on timeout a bot (greedy) plays the turn")


# --- the lobby ----------------------------------------------------------------------------------------
def test_home_lists_the_games_waiting_on_me_most_urgent_first_with_their_time_left(as_alice, alice, bob):
    untimed = paso(alice, bob)
    relaxed = paso(alice, bob, days=5)
    urgent = paso(alice, bob, days=2, started_ago=timedelta(days=1, hours=12))
    page = as_alice.get("/")
    waiting = page.context["waiting"]
    assert [g["id"] for g in waiting] == [urgent.pk, relaxed.pk, untimed.pk]
    assert waiting[0]["clock"]["text"] == "11 hours 59 minutes left" and waiting[0]["clock"]["urgent"]
    assert waiting[1]["clock"]["text"] == "4 days 23 hours left" and not waiting[1]["clock"]["urgent"]
    assert waiting[2]["clock"] is None
    body = page.content.decode()
    assert body.index("11 hours 59 minutes left") < body.index("4 days 23 hours left") < body.index("no deadline")
    assert 'class="time-left urgent"' in body


def test_an_overdue_game_says_it_is_out_of_time(as_alice, alice, bob):
    paso(alice, bob, days=1, started_ago=timedelta(days=2))
    assert as_alice.get("/").context["waiting"][0]["clock"]["text"] == "out of time"


# --- the create form ----------------------------------------------------------------------------------
def create(client, **fields):
    return client.post("/games/new/", {"game": "paso", "seat_0": "me", "seat_1": "invite", "seat_1_user": "bob", **fields})


def test_create_form_passes_the_time_control_and_the_deadline_starts(as_alice, bob):
    response = create(as_alice, days_per_move="3", vacation_days="7", policy="forfeit")
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.time_control == {"days_per_move": 3, "vacation_days": 7, "policy": "forfeit"}
    assert game.deadline_at is None  # bob is invited: the clock starts with the game, when he accepts
    invitations.accept(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert timedelta(days=2, hours=23) < game.deadline_at - timezone.now() <= timedelta(days=3)
    assert game.seats.get(number=0).vacation_left == 7 * 86400


def test_create_form_sends_the_timeout_bot_only_with_the_bot_policy(as_alice, bob):
    create(as_alice, days_per_move="0.5", policy="bot", timeout_bot="greedy")
    create(as_alice, days_per_move="2", policy="forfeit", timeout_bot="hard")
    bot_game, forfeit_game = Game.objects.order_by("pk")
    assert bot_game.time_control == {"days_per_move": 0.5, "vacation_days": 0, "policy": "bot", "bot": "greedy"}
    assert forfeit_game.time_control == {"days_per_move": 2, "vacation_days": 0, "policy": "forfeit"}


def test_create_form_without_days_per_move_makes_an_untimed_game(as_alice, bob):
    create(as_alice, days_per_move="", vacation_days="5", policy="bot")
    game = Game.objects.get()
    assert game.time_control == {} and game.deadline_at is None


def test_create_form_offers_every_bot_level_for_seats_and_timeouts(as_alice):
    form = as_alice.get("/games/new/").context["form"]
    assert [value for value, _ in form.fields["timeout_bot"].choices] == list(LEVELS)
    assert [v for v, _ in form.fields["seat_1"].choices if v.startswith("bot:")] == [f"bot:{level}" for level in LEVELS]
    assert list(LEVELS) == ["random", "greedy", "policy", "easy", "normal", "hard"]


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"days_per_move": "0"}, "days per move must be above 0"),
        ({"days_per_move": "31"}, "less than or equal to 30"),
        ({"days_per_move": "three"}, "Enter a number"),
        ({"days_per_move": "3", "vacation_days": "-1"}, "greater than or equal to 0"),
        ({"days_per_move": "3", "policy": "pause"}, "Select a valid choice"),
    ],
)
def test_create_form_says_what_is_wrong_with_the_time_control(as_alice, bob, fields, message):
    response = create(as_alice, **fields)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Game.objects.exists()


# --- the game page ------------------------------------------------------------------------------------
def test_game_page_shows_the_deadline_of_the_seat_to_act_and_my_vacation(as_alice, alice, bob):
    game = paso(alice, bob, days=3, vacation_days=2)
    page = as_alice.get(f"/games/{game.pk}/")
    deadline = page.context["deadline"]
    assert deadline["seat"] == "south" and deadline["mine"] and deadline["text"] == "2 days 23 hours left"
    body = page.content.decode()
    assert "Deadline for south (you):" in body and "2 days 23 hours left" in body
    assert "your vacation left: 2 days" in body
    assert f'datetime="{game.deadline_at.isoformat()}"' in body
    assert "3 days per move, 2 days of vacation per player; on timeout the seat forfeits" in body


def test_game_page_deadline_follows_the_turn_and_spectators_see_it_too(client, alice, bob):
    game = paso(alice, bob, days=1)
    services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    page = client.get(f"/games/{game.pk}/")
    assert page.context["deadline"]["seat"] == "north" and not page.context["deadline"]["mine"]
    assert "Deadline for north (bob):" in page.content.decode() and "your vacation left" not in page.content.decode()
    assert page.context["my_vacation"] is None  # a spectator has none


def test_a_nakatha_deadline_names_the_seat_as_people_do_never_its_engine_id(client, alice, bob):
    """Issue 18 review, item 2: Nakatha's seats are p0, p1 to the engine, "player 1", "player 2" on the page."""
    game = accepted_game(creator=alice, name="nakatha", seats=[{"user": "alice"}, {"user": "bob"}],
                         time_control={"days_per_move": 2})
    page = client.get(f"/games/{game.pk}/")
    deadline = page.context["deadline"]
    assert deadline["seat"] in ("player 1", "player 2")
    assert f"Deadline for {deadline['seat']} ({deadline['player']}):" in page.content.decode()
    assert deadline["player"] in ("alice", "bob")
    assert not re.search(r"Deadline for p\d", page.content.decode())


def test_my_vacation_is_on_the_page_for_the_script_even_on_my_opponents_turn(client, alice, bob):
    game = paso(alice, bob, days=1, vacation_days=1.5)
    services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    client.force_login(alice)
    body = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-vacation="1 day 12 hours"' in body and "your vacation left" not in body


def test_an_untimed_or_finished_game_has_no_deadline_line(client, alice, bob):
    untimed = paso(alice, bob)
    finished = paso(alice, bob, days=1)
    services.resign(user=bob, game_id=finished.pk)
    for game in (untimed, finished):
        page = client.get(f"/games/{game.pk}/")
        assert page.context["deadline"] is None and "Deadline for" not in page.content.decode()
    assert "untimed: no deadline per move" in client.get(f"/games/{untimed.pk}/").content.decode()
