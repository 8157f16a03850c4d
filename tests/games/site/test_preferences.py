"""A player's preferences are kept on the server, one row per user: ``GET``/``PUT /api/me/preferences``
read and change them, the game page starts from them, and bad input is a 400, never a 500."""

import pytest

from games import mailprefs
from games.models import Preferences
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def test_a_new_user_has_the_defaults_and_no_row(api, alice):
    answer = api(alice).get("/api/me/preferences")
    assert answer.status_code == 200 and answer.json() == {"confirm_moves": False, "email_enabled": True,
                                                           "email": mailprefs.DEFAULTS}
    assert not Preferences.objects.filter(user=alice).exists()


def test_a_put_keeps_the_setting_in_one_row_per_user(api, alice, bob):
    client = api(alice)
    for value in (True, False, True):
        answer = client.put("/api/me/preferences", {"confirm_moves": value}, format="json")
        assert answer.status_code == 200 and answer.json()["confirm_moves"] is value
    assert Preferences.objects.filter(user=alice).count() == 1
    assert client.get("/api/me/preferences").json()["confirm_moves"] is True
    assert api(bob).get("/api/me/preferences").json()["confirm_moves"] is False  # each their own


def test_an_empty_put_changes_nothing(api, alice):
    client = api(alice)
    client.put("/api/me/preferences", {"confirm_moves": True}, format="json")
    assert client.put("/api/me/preferences", {}, format="json").json()["confirm_moves"] is True


def test_e_mail_modes_are_read_and_changed_kind_by_kind(api, alice):
    """Issue 19.2: per-user, per-kind e-mail preferences (immediately, daily digest, never)."""
    client = api(alice)
    answer = client.put("/api/me/preferences", {"email": {"your_move": "immediately"}}, format="json")
    assert answer.status_code == 200 and answer.json()["email"] == mailprefs.DEFAULTS | {"your_move": "immediately"}
    answer = client.put("/api/me/preferences", {"email": {"ended": "never"}, "email_enabled": False}, format="json")
    assert answer.json()["email"] == mailprefs.DEFAULTS | {"your_move": "immediately", "ended": "never"}
    assert answer.json()["email_enabled"] is False
    alice.email = "alice@example.org"
    assert mailprefs.mode_of(alice, "invitation") == "never"  # e-mail off: every kind


@pytest.mark.parametrize("body", [{"email": {"your_move": "hourly"}}, {"email": {"chess": "never"}}, {"email": "never"},
                                  {"email_enabled": "maybe"}])
def test_bad_e_mail_modes_are_a_400_naming_the_field(api, alice, body):
    answer = api(alice).put("/api/me/preferences", body, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == next(iter(body)), answer.json()
    assert not Preferences.objects.filter(user=alice).exists()


@pytest.mark.parametrize("body", [{"confirm_moves": "sideways"}, {"confirm_moves": None}, {"confirm_moves": [True]},
                                  {"colour": "red"}, [True], "on", 7])
def test_bad_input_is_refused_naming_the_field(api, alice, body):
    answer = api(alice).put("/api/me/preferences", body, format="json")
    assert answer.status_code == 400, answer.content
    assert "error" in answer.json()
    assert not Preferences.objects.filter(user=alice).exists()


def test_a_visitor_has_no_preferences_to_read_or_write(api, db):
    assert api().get("/api/me/preferences").status_code in (401, 403)
    assert api().put("/api/me/preferences", {"confirm_moves": True}, format="json").status_code in (401, 403)


def test_the_game_page_starts_from_the_stored_preference(client, alice, bob):
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    client.force_login(alice)
    assert 'data-confirm-moves="false"' in client.get(f"/games/{game.pk}/").content.decode()
    Preferences.change(alice, {"confirm_moves": True})
    assert 'data-confirm-moves="true"' in client.get(f"/games/{game.pk}/").content.decode()


def test_the_schema_documents_the_preferences(client, db):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = schema["paths"]["/api/me/preferences"]
    assert {"get", "put"} <= set(operations)
    body = operations["put"]["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
    assert "confirm_moves" in schema["components"]["schemas"][body]["properties"]
