"""User names: one canonical form (NFKC, case-folded) in every path, one script per name; passwords:
every Django validator, the user name refused, a maximum length checked before any hashing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from games import accounts, invitations, moderation, services

pytestmark = pytest.mark.django_db

User = get_user_model()
GOOD = "a long passphrase"


def register(api, name, password=GOOD):
    return api().post("/api/auth/register", {"username": name, "password": password}, format="json")


@pytest.mark.parametrize("name", ["ＢＯＢ", "BOB", "Bob", "bob", "ｂｏｂ"])
def test_every_width_and_case_of_a_taken_name_is_refused(api, bob, name):
    answer = register(api, name)
    assert answer.status_code == 400 and answer.json()["field"] == "username" and "taken" in answer.json()["error"]
    assert User.objects.count() == 1


def test_a_full_width_name_is_stored_in_its_canonical_form(api, db):
    assert register(api, "ＢＯＢ").status_code == 201
    assert list(User.objects.values_list("username", flat=True)) == ["bob"]
    assert register(api, "bob").status_code == 400


@pytest.mark.parametrize("name", ["ａｌｉｃｅ", "ALICE", "Alice", "ＡＬＩＣＥ"])
def test_any_spelling_of_a_name_logs_in_and_never_500s(api, alice, name):
    assert register(api, name).status_code == 400
    answer = api().post("/api/auth/token", {"username": name, "password": "s3cret-pass!"}, format="json")
    assert answer.status_code == 200 and answer.json()["token"]


@pytest.mark.parametrize("name", ["аlice", "αlice", "pаypal", "bob\u200d", "a\u0301lice" + "ж"])
def test_a_name_mixing_scripts_or_hiding_characters_is_refused(api, alice, name):
    answer = register(api, name)
    assert answer.status_code == 400 and answer.json()["field"] == "username"
    assert not User.objects.exclude(pk=alice.pk).exists()


@pytest.mark.parametrize("name", ["bob smith", "bob@home", "<b>", "", "-bob", "x" * 31, "bob\x00", "a/b"])
def test_a_name_outside_the_character_policy_is_refused(api, db, name):
    answer = register(api, name)
    assert answer.status_code == 400 and answer.json()["field"] == "username"
    assert not User.objects.exists()


@pytest.mark.parametrize("name", ["дмитрий", "josé", "日本語ひらがな", "player_1.b-2"])
def test_names_in_one_script_are_welcome(api, db, name):
    assert register(api, name).status_code == 201
    assert User.objects.get().username == accounts.canonical(name)


@pytest.mark.parametrize("password, why", [
    ("carolina1", "similar to the name"), ("Carolina!", "similar to the name"), ("48291037465", "numeric"),
    ("password", "too common"), ("short", "too short"),
])
def test_weak_passwords_are_refused(api, db, password, why):
    answer = register(api, "carolina", password)
    assert answer.status_code == 400 and answer.json()["field"] == "password", why
    assert not User.objects.exists()


def test_a_password_equal_to_the_name_is_refused_in_any_case(api, db):
    answer = register(api, "Margarethe", "margarethe")
    assert answer.status_code == 400 and answer.json()["field"] == "password"


def test_a_megabyte_password_is_refused_before_any_hashing(api, alice, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("a refused password was hashed")

    monkeypatch.setattr(PBKDF2PasswordHasher, "encode", never)
    huge = "x" * 1_000_000
    assert register(api, "carol", huge).status_code == 413  # the API's body cap stops it first
    answer = api().post("/api/auth/token", {"username": "alice", "password": huge}, format="json")
    assert answer.status_code == 413
    long = "x" * 20_000  # under the body cap: the password's own cap answers
    answer = api().post("/api/auth/token", {"username": "alice", "password": long}, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == "password"
    assert register(api, "carol", long).json()["field"] == "password"
    assert accounts.CanonicalNameBackend().authenticate(None, username="alice", password=huge) is None
    assert register(api, "carol", "y" * 129).json()["field"] == "password"


def test_the_sites_sign_up_and_log_in_use_the_canonical_name(client, alice):
    taken = client.post("/signup/", {"username": "ＡＬＩＣＥ", "password1": GOOD, "password2": GOOD})
    assert taken.status_code == 200 and "taken" in taken.content.decode()
    mixed = client.post("/signup/", {"username": "аlice2", "password1": GOOD, "password2": GOOD})
    assert mixed.status_code == 200 and "one script" in mixed.content.decode()
    same = client.post("/signup/", {"username": "dora", "password1": "dora", "password2": "dora"})
    assert same.status_code == 200 and not User.objects.filter(username="dora").exists()
    assert client.post("/login/", {"username": "ＡＬＩＣＥ", "password": "s3cret-pass!"}).status_code == 302
    assert client.get("/").context["user"] == alice


def test_the_admins_user_creation_uses_the_canonical_name(client, bob, make_user):
    admin = make_user("root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    form = {"username": "ＢＯＢ", "password1": GOOD, "password2": GOOD, "usable_password": "true"}
    page = client.post("/admin/auth/user/add/", form)
    assert page.status_code == 200 and "taken" in page.content.decode()
    assert User.objects.filter(username="bob").count() == 1
    made = client.post("/admin/auth/user/add/", {**form, "username": "ＣＡＲＯＬ"})
    assert made.status_code == 302 and User.objects.filter(username="carol").exists()


def test_create_user_stores_the_canonical_name_whatever_the_path(db):
    assert User.objects.create_user("ＤＯＲＡ").username == "dora"


def test_seats_hand_seat_reports_and_profiles_find_the_user_by_any_spelling(api, client, alice, bob, make_user):
    game = services.create_game(creator=alice, name="paso", seats=[{"user": "ＡＬＩＣＥ"}, {"user": "Bob"}])
    assert [(s.user or s.invited).username for s in game.seats.all()] == ["alice", "bob"]
    invitations.accept(user=bob, game_id=game.pk)
    carol = make_user("carol")
    moderator = make_user("mod", is_staff=True)
    moderation.hand_seat(moderator=moderator, game_id=game.pk, seat=1, username="ＣＡＲＯＬ", reason="bob left")
    assert game.seats.get(number=1).user == carol
    report = moderation.file_report(reporter=alice, reason="rude", username="CAROL")
    assert report.reported_user == carol
    assert api().get("/api/players/ＡＬＩＣＥ").json()["username"] == "alice"
    assert client.get("/players/Alice/").status_code == 200
    assert api().get("/api/players/" + "ｘ" * 500).status_code == 404
    assert api().get("/api/players/al%00ice").status_code == 400  # NUL is refused before any lookup
    assert client.get("/players/al%00ice/").status_code == 400
    with pytest.raises(services.InvalidRequest):
        services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "b\x00b"}])
