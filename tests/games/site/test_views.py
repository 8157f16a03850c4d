"""The play site's pages: lobby, accounts, creating and joining games, the game page's JSON helpers,
rules pages. The page script itself is exercised by the browser tests (tests/browser)."""

import html
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from games import services
from games.models import Game
from games.site import rules
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

STATIC_JS = Path(settings.BASE_DIR) / "games" / "static" / "site" / "js"


@pytest.fixture
def as_alice(client, alice):
    client.force_login(alice)
    return client


def paso_between(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


# --- the lobby ------------------------------------------------------------------------------------
def test_home_sorts_my_games_by_whether_they_wait_on_me(as_alice, alice, bob, make_user):
    mine_to_act = paso_between(alice, bob)  # alice is south: she places the first temple
    waiting_on_bob = accepted_game(creator=bob, name="paso", seats=[{"user": "bob"}, {"user": "alice"}])
    open_game = services.create_game(creator=make_user("carol"), name="paso")
    page = as_alice.get("/")
    assert page.status_code == 200
    ids = lambda key: [g["id"] for g in page.context[key]]  # noqa: E731
    assert ids("waiting") == [mine_to_act.pk]
    assert ids("others") == [waiting_on_bob.pk]
    assert ids("open_games") == [open_game.pk]
    assert f'href="/games/{mine_to_act.pk}/"' in page.content.decode()


def test_home_for_a_visitor_offers_login_and_lists_open_games(client, alice):
    game = services.create_game(creator=alice, name="paso")
    page = client.get("/")
    body = page.content.decode()
    assert "Log in" in body and "Sign up" in body
    assert [g["id"] for g in page.context["open_games"]] == [game.pk]
    assert page.context["waiting"] == []


# --- accounts ---------------------------------------------------------------------------------------
def test_signup_creates_the_account_and_logs_in(client, db):
    response = client.post("/signup/", {"username": "dora", "password1": "a long passphrase", "password2": "a long passphrase"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert User.objects.filter(username="dora").exists()
    assert client.get("/").context["user"].username == "dora"


def test_signup_refuses_a_taken_name_whatever_its_case(client, alice):
    response = client.post("/signup/", {"username": "ALICE", "password1": "a long passphrase", "password2": "a long passphrase"})
    assert response.status_code == 200
    assert "that username is taken" in response.content.decode()


def test_login_then_logout(client, alice):
    response = client.post("/login/", {"username": "alice", "password": "s3cret-pass!"})
    assert response.status_code == 302 and response["Location"] == "/"
    assert client.get("/").context["user"].is_authenticated
    assert client.post("/logout/").status_code == 302
    assert not client.get("/").context["user"].is_authenticated


def test_creating_a_game_needs_a_login(client, db):
    response = client.get("/games/new/")
    assert response.status_code == 302 and response["Location"].startswith("/login/?next=")


# --- creating a game -------------------------------------------------------------------------------
def test_create_form_seats_me_and_a_bot_and_opens_the_game_page(as_alice, alice):
    response = as_alice.post("/games/new/", {"game": "paso", "seat_0": "me", "seat_1": "bot:random", "options": ""})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert [s.player_name for s in game.seats.all()] == ["alice", "bot:random"]
    assert game.status == Game.Status.ACTIVE


def test_create_form_invites_a_user_and_leaves_a_seat_open(as_alice, bob):
    as_alice.post("/games/new/", {"game": "mandara", "players": "3", "seat_0": "invite", "seat_0_user": "bob",
                                  "seat_1": "me", "seat_2": "open"})
    game = Game.objects.get()
    assert [(s.player_name, s.invited and s.invited.username) for s in game.seats.all()] == [
        (None, "bob"), ("alice", None), (None, None)
    ]
    assert game.seats.get(number=0).is_invitation and game.status == Game.Status.OPEN


def test_create_page_lists_each_option_with_its_range_and_meaning(as_alice):
    page = as_alice.get("/games/new/").content.decode()
    assert "<code>quiet_turn_limit</code>=60 <small>(a whole number from 0 to 1000: quiet turns" in page
    assert "<code>breath_range</code>=2 <small>(a whole number from 1 to 12: maximum Breath distance (N27))" in page
    assert "<code>deal</code>=random <small>(one of &#x27;random&#x27;, &#x27;draft&#x27;" in page


def test_create_form_refuses_an_option_out_of_its_range_on_the_options_field(as_alice):
    response = as_alice.post("/games/new/", {"game": "paso", "seat_0": "me", "seat_1": "open",
                                             "options": '{"quiet_turn_limit": 9223372036854775808}'})
    assert "from 0 to 1000" in " ".join(response.context["form"].errors["options"])
    assert not Game.objects.exists()


def test_create_form_passes_rule_options_to_the_game(as_alice):
    as_alice.post("/games/new/", {"game": "paso", "seat_0": "me", "seat_1": "open", "options": '{"quiet_turn_limit": 12}'})
    assert Game.objects.get().options == {"quiet_turn_limit": 12}


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"options": "{not json"}, "options must be a JSON object"),
        ({"options": '["a list"]'}, "options must be a JSON object"),
        ({"options": '{"no_such_rule": 1}'}, "unknown option &#x27;no_such_rule&#x27; for paso"),
        ({"seat_1": "invite", "seat_1_user": ""}, "seat 2: name the user you invite"),
        ({"seat_1": "invite", "seat_1_user": "nobody"}, "no user named &#x27;nobody&#x27;"),
        ({"players": "5"}, "paso is played by 2 players, not 5"),
    ],
)
def test_create_form_says_what_is_wrong(as_alice, fields, message):
    data = {"game": "paso", "seat_0": "me", "seat_1": "open", **fields}
    response = as_alice.post("/games/new/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Game.objects.exists()


# --- the game page ----------------------------------------------------------------------------------
def test_game_page_is_a_shell_for_the_script(client, alice, bob):
    game = paso_between(alice, bob)
    body = client.get(f"/games/{game.pk}/").content.decode()
    assert f'data-game-id="{game.pk}"' in body and 'data-game-name="paso"' in body
    assert "site/js/game.js" in body and 'type="module"' in body
    assert 'role="alert"' in body and 'aria-live="polite"' in body


def test_spectators_see_the_page_without_join_or_resign(client, alice, bob):
    body = client.get(f"/games/{paso_between(alice, bob).pk}/").content.decode()
    assert 'id="join-button"' not in body and 'id="resign"' not in body


def test_a_missing_game_is_404(client, db):
    assert client.get("/games/999/").status_code == 404


def test_joining_an_open_seat_from_the_page_starts_the_game(client, alice, bob):
    game = services.create_game(creator=alice, name="paso")
    client.force_login(bob)
    assert 'id="join-button"' in client.get(f"/games/{game.pk}/").content.decode()
    response = client.post(f"/games/{game.pk}/join/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert [s.player_name for s in game.seats.all()] == ["alice", "bob"]


def test_joining_twice_says_why_it_failed(client, alice):
    game = services.create_game(creator=alice, name="paso")
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/join/", follow=True)
    assert "you already have a seat in this game" in response.content.decode()


def test_position_shows_the_board_after_any_earlier_event(client, alice, bob):
    game = paso_between(alice, bob)
    services.submit_action(user=alice, game_id=game.pk, text="temple c1", expected_seq=game.seq)
    services.submit_action(user=bob, game_id=game.pk, text="temple c5", expected_seq=game.seq + 1)
    before = client.get(f"/games/{game.pk}/position", {"seq": game.seq}).json()
    after_one = client.get(f"/games/{game.pk}/position", {"seq": game.seq + 1}).json()
    now = client.get(f"/games/{game.pk}/position").json()
    assert before["view"]["temples"] == {"south": None, "north": None}
    assert after_one["view"]["temples"] == {"south": "c1", "north": None}
    assert now["seq"] == game.seq + 2 and now["view"]["temples"] == {"south": "c1", "north": "c5"}
    assert client.get(f"/games/{game.pk}/position", {"seq": "x"}).status_code == 400


def test_position_keeps_hidden_chance_hidden_while_the_game_runs(client, dice_game, alice, bob):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    client.force_login(alice)
    seen = client.get(f"/games/{game.pk}/position", {"seq": game.seq}).json()["view"]
    assert seen == dice_game.view(_replayed(game), 0)


def _replayed(game):
    from games.store import load_state

    return load_state(game)[1]


# --- rules, profile ---------------------------------------------------------------------------------
def test_rules_pages_render_the_projects_markdown(client, db):
    for name in ("paso", "tibetana", "nakatha", "mandara"):
        response = client.get(f"/rules/{name}/")
        assert response.status_code == 200
        if rules.rules_path(name):
            assert "<h1" in response.content.decode()
        else:
            assert "not written yet" in response.content.decode()
    assert client.get("/rules/chess/").status_code == 404


def test_rules_markdown_cannot_put_script_on_the_page(tmp_path, monkeypatch):
    (tmp_path / "paso.md").write_text("# Paso\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
                                      '\n[x](javascript:alert(2)) <img src=x onerror="alert(3)">\n')
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    html = rules.render_rules("paso")
    assert "<h1" in html and "<table>" in html
    assert "<script" not in html and "javascript:" not in html and "onerror" not in html


def test_profile_lists_a_players_current_and_finished_games(client, alice, bob):
    running = paso_between(alice, bob)
    finished = paso_between(alice, bob)
    services.resign(user=bob, game_id=finished.pk)
    page = client.get("/players/alice/")
    assert [g["id"] for g in page.context["current"]] == [running.pk]
    assert [g["id"] for g in page.context["finished"]] == [finished.pk]
    assert client.get("/players/nobody/").status_code == 404


# --- static files -----------------------------------------------------------------------------------
def test_every_module_the_page_scripts_import_exists():
    imports = re.compile(r"""^import .* from "(\.[^"]+)";$""", re.M)
    for script in STATIC_JS.rglob("*.js"):
        for target in imports.findall(script.read_text()):
            assert (script.parent / target).resolve().is_file(), f"{script.name} imports missing {target}"


def test_every_game_has_a_board_renderer():
    from engine import available

    for name in available():
        assert (STATIC_JS / "boards" / f"{name}.js").is_file(), name


def test_the_game_page_carries_the_engines_concession_actions_for_the_script_to_confirm(client, alice, bob):
    """Issue 18, must deliver 3: the script asks before sending any of them (select.js dangerous)."""
    for name, expected in (("tibetana", ["concede", "offer draw"]), ("paso", [])):
        game = accepted_game(creator=alice, name=name, seats=[{"user": "alice"}, {"user": "bob"}])
        body = client.get(f"/games/{game.pk}/").content.decode()
        found = re.search(r'data-concessions="([^"]*)"', body)
        assert found and json.loads(html.unescape(found.group(1))) == expected
