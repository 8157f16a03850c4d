"""Pages about players: ratings and results on the profile, the leaderboards, reports to moderators."""

import pytest

from games import services
from games.models import Game, Rating, Report
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_alice(client, alice):
    client.force_login(alice)
    return client


def paso_between(first, second):
    return accepted_game(creator=first, name="paso", seats=[{"user": first.username}, {"user": second.username}])


# --- the profile -------------------------------------------------------------------------------------
def test_profile_shows_the_rating_a_finished_game_earned(client, alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the end of the game queues its (eager) scoring
        services.resign(user=bob, game_id=paso_between(alice, bob).pk)
    page = client.get("/players/alice/")
    [rating] = page.context["ratings"]
    assert rating["game"] == "paso" and rating["games"] == 1
    assert rating["rating"] > 1500 and rating["deviation"] < 350
    body = page.content.decode()
    assert f'<td>{rating["rating"]:.0f}</td>' in body and '<a href="/leaderboard/paso/">paso</a>' in body


def test_profile_lists_finished_games_with_the_players_result(client, alice, bob, make_user):
    won = paso_between(alice, bob)
    services.resign(user=bob, game_id=won.pk)
    lost = paso_between(bob, alice)
    services.resign(user=alice, game_id=lost.pk)
    drawn = paso_between(alice, bob)
    services.draw(user=alice, game_id=drawn.pk, choice="offer")
    services.draw(user=bob, game_id=drawn.pk, choice="accept")
    running = paso_between(alice, make_user("carol"))
    page = client.get("/players/alice/")
    results = {g["id"]: (g["result"], g["reason"], g["opponents"]) for g in page.context["finished"]}
    assert results == {won.pk: ("won", "resignation", ["bob"]), lost.pk: ("lost", "resignation", ["bob"]),
                       drawn.pk: ("draw", "agreement", ["bob"])}
    assert [g["id"] for g in page.context["current"]] == [running.pk]
    body = page.content.decode()
    assert 'class="result-won"' in body and 'class="result-lost"' in body and 'class="result-draw"' in body


def test_a_profile_without_games_says_so(client, alice):
    body = client.get("/players/alice/").content.decode()
    assert "No rated games yet." in body and "No finished games yet." in body


def test_profile_of_a_missing_player_is_404(client, db):
    assert client.get("/players/nobody/").status_code == 404


# --- the leaderboard ---------------------------------------------------------------------------------
def rated(make_user, count):
    """``count`` rated paso players, player00 the best."""
    for n in range(count):
        Rating.objects.create(game_name="paso", user=make_user(f"player{n:02}"), rating=2000 - 10 * n, deviation=60, games=3)


def test_the_nav_links_the_leaderboard_which_opens_on_the_first_game(client, db):
    body = client.get("/").content.decode()
    assert 'href="/leaderboard/"' in body
    response = client.get("/leaderboard/")
    assert response.status_code == 302 and response["Location"] == "/leaderboard/paso/"


def test_leaderboard_ranks_players_across_pages(client, make_user):
    rated(make_user, 30)
    first = client.get("/leaderboard/paso/")
    assert [r["rank"] for r in first.context["rows"]] == list(range(1, 26))
    assert first.context["rows"][0]["player"] == "player00" and first.context["rows"][0]["rating"] == 2000
    assert 'rel="next"' in first.content.decode() and 'href="/players/player00/"' in first.content.decode()
    second = client.get("/leaderboard/paso/", {"page": 2})
    assert [(r["rank"], r["player"]) for r in second.context["rows"]] == [(26 + i, f"player{25 + i}") for i in range(5)]
    assert "page 2 of 2" in second.content.decode() and 'rel="next"' not in second.content.decode()


def test_leaderboard_shows_bots_and_leaves_out_unplayed_ratings(client, alice, bob):
    Rating.objects.create(game_name="tibetana", bot="greedy", rating=1700, deviation=90, games=12)
    Rating.objects.create(game_name="tibetana", user=alice, rating=1600, deviation=120, games=2)
    Rating.objects.create(game_name="tibetana", user=bob, games=0)
    Rating.objects.create(game_name="paso", user=bob, rating=1900, games=4)
    page = client.get("/leaderboard/tibetana/")
    assert [(r["rank"], r["player"], r["games"]) for r in page.context["rows"]] == [(1, "bot:greedy", 12), (2, "alice", 2)]
    body = page.content.decode()
    assert "<td>bot:greedy</td>" in body and 'aria-current="page">tibetana</a>' in body


def test_leaderboard_of_an_unplayed_or_unknown_game(client, db):
    assert "No rated mandara games yet." in client.get("/leaderboard/mandara/").content.decode()
    assert client.get("/leaderboard/chess/").status_code == 404


# --- reports -----------------------------------------------------------------------------------------
def test_game_page_offers_a_report_naming_the_game_or_another_human_player(as_alice, alice, bob):
    game = accepted_game(creator=alice, name="mandara", seats=[{"user": "alice"}, {"user": "bob"}, {"bot": "random"}])
    form = as_alice.get(f"/games/{game.pk}/").context["report_form"]
    assert [value for value, _ in form.fields["user"].choices] == ["", "bob"]
    assert form.initial["game"] == game.pk


def test_visitors_get_no_report_form(client, alice, bob):
    game = paso_between(alice, bob)
    assert client.get(f"/games/{game.pk}/").context["report_form"] is None
    assert client.get("/players/bob/").context["report_form"] is None
    response = client.post("/report/", {"game": game.pk, "reason": "x"})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert not Report.objects.exists()


def test_reporting_an_opponent_from_the_game_page_confirms_and_goes_back(as_alice, alice, bob):
    game = paso_between(alice, bob)
    response = as_alice.post("/report/", {"game": game.pk, "user": "bob", "reason": "  stalls every game  "}, follow=True)
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "your report is with the moderators" in response.content.decode()
    report = Report.objects.get()
    assert (report.reporter, report.game, report.reported_user, report.reason) == (alice, game, bob, "stalls every game")


def test_reporting_a_game_alone(as_alice, alice, bob):
    game = paso_between(alice, bob)
    as_alice.post("/report/", {"game": game.pk, "user": "", "reason": "the board froze"})
    report = Report.objects.get()
    assert report.game == game and report.reported_user is None


def test_reporting_a_player_from_their_profile(as_alice, alice, bob):
    assert as_alice.get("/players/bob/").context["report_form"].initial == {"user": "bob"}
    assert as_alice.get("/players/alice/").context["report_form"] is None  # nobody reports themself
    response = as_alice.post("/report/", {"user": "bob", "reason": "rude in chat"})
    assert response.status_code == 302 and response["Location"] == "/players/bob/"
    assert Report.objects.get().reported_user == bob


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"user": "bob", "reason": ""}, "This field is required"),
        ({"user": "bob", "reason": "x" * 2001}, "at most 2000 characters"),
        ({"user": "alice", "reason": "me"}, "you cannot report yourself"),
        ({"user": "nobody", "reason": "who?"}, "no user named &#x27;nobody&#x27;"),
        ({"game": "999", "reason": "gone"}, "no game 999"),
        ({"reason": "about nothing"}, "name a game, a user or both"),
    ],
)
def test_a_refused_report_says_why_and_keeps_the_reason(as_alice, bob, fields, message):
    response = as_alice.post("/report/", fields)
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    if fields["reason"] and len(fields["reason"]) < 100:
        assert f"{fields['reason']}</textarea>" in body
    assert not Report.objects.exists()


def test_a_suspended_player_cannot_report(client, alice, bob):
    alice.is_active = False
    alice.save()
    client.force_login(alice)
    client.post("/report/", {"user": "bob", "reason": "spite"})
    assert not Report.objects.exists()
    assert Game.objects.count() == 0
