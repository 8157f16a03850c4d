"""The moderation, report and audit API: who may do what, and every act visible in the history."""

import pytest
from django.conf import settings

from games import moderation, selectors, services
from games.api.auth import SUSPENDED
from games.models import Event
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

ACTS = [
    ("abort", {"reason": "duplicate game"}),
    ("adjudicate", {"winners": ["north"], "reason": "south cheated"}),
    ("replace-seat", {"seat": "south", "bot": "random", "reason": "south left"}),
    ("hand-seat", {"seat": "1", "user": "carol", "reason": "bob handed over"}),
]


@pytest.fixture
def mod(make_user):
    return make_user("mod", is_staff=True)


@pytest.fixture
def auditor(make_user):
    user = make_user("audrey")
    moderation.make_auditor(user)
    return user


@pytest.fixture
def paso(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.fixture
def suspension_aware_auth():
    """The settings authenticate every view with the classes that tell a suspended user why."""
    classes = settings.REST_FRAMEWORK["DEFAULT_AUTHENTICATION_CLASSES"]
    assert classes and all(name.startswith("games.api.auth.SuspensionAware") for name in classes)


@pytest.mark.parametrize(("act", "body"), ACTS)
def test_a_moderator_acts_and_players_read_the_act_in_the_history(api, paso, mod, make_user, act, body):
    make_user("carol")
    response = api(mod).post(f"/api/moderation/games/{paso.pk}/{act}", body, format="json")
    assert response.status_code == 200, response.content
    history = api().get(f"/api/games/{paso.pk}/history").json()
    row = next(r for r in history if r["kind"] == "moderation")
    assert row["actor"] == "moderator" and row["payload"]["moderator"] == "mod"
    assert row["payload"]["reason"] == body["reason"]


def test_abort_over_the_api_ends_the_game_and_reveals_the_seed(api, paso, mod):
    body = api(mod).post(f"/api/moderation/games/{paso.pk}/abort", {"reason": "test"}, format="json").json()
    assert body["status"] == "aborted" and body["seed"] == paso.seed


def test_extend_deadline_over_the_api(api, paso, mod):
    response = api(mod).post(f"/api/moderation/games/{paso.pk}/extend-deadline", {"hours": 5, "reason": "x"}, format="json")
    assert response.status_code == 409 and "no deadline" in response.json()["error"]


@pytest.mark.parametrize(("act", "body"), ACTS + [("extend-deadline", {"hours": 2, "reason": "x"})])
def test_a_player_an_auditor_and_a_visitor_cannot_moderate(api, paso, alice, auditor, act, body):
    for client in (api(alice), api(auditor)):
        response = client.post(f"/api/moderation/games/{paso.pk}/{act}", body, format="json")
        assert response.status_code == 403 and "only a moderator" in response.json()["error"]
    assert api().post(f"/api/moderation/games/{paso.pk}/{act}", body, format="json").status_code == 401
    assert not Event.objects.filter(game=paso, kind="moderation").exists()


def test_a_moderator_error_names_the_field(api, paso, mod):
    response = api(mod).post(f"/api/moderation/games/{paso.pk}/replace-seat", {"seat": "east", "bot": "random", "reason": "x"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "seat"
    response = api(mod).post(f"/api/moderation/games/{paso.pk}/abort", {}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "reason"


def test_suspend_then_every_write_is_403_with_the_reason_then_reinstate(
    api, paso, mod, alice, suspension_aware_auth
):
    client = api(alice)
    response = api(mod).post("/api/moderation/users/alice/suspend", {"reason": "abuse"}, format="json")
    assert response.status_code == 200 and response.json()["active"] is False
    writes = [
        ("/api/games", {"game": "paso"}),
        (f"/api/games/{paso.pk}/actions", {"action": "temple c1", "expected_seq": paso.seq}),
        (f"/api/games/{paso.pk}/resign", {}),
        (f"/api/games/{paso.pk}/draw", {"action": "offer"}),
        ("/api/reports", {"user": "bob", "reason": "x"}),
    ]
    for url, body in writes:
        response = client.post(url, body, format="json")
        assert response.status_code == 403 and response.json()["error"] == SUSPENDED, url
    assert client.get(f"/api/games/{paso.pk}/history").status_code == 200  # reading stays open
    api(mod).post("/api/moderation/users/alice/reinstate", {"reason": "appeal"}, format="json")
    assert client.post(f"/api/games/{paso.pk}/resign", {}, format="json").status_code == 200


def test_a_suspended_session_gets_403_with_the_reason(api, paso, mod, alice, suspension_aware_auth):
    from rest_framework.test import APIClient

    browser = APIClient()
    browser.force_login(alice)
    moderation.suspend(moderator=mod, username="alice", reason="abuse")
    response = browser.post(f"/api/games/{paso.pk}/resign", {}, format="json")
    assert response.status_code == 403 and response.json()["error"] == SUSPENDED


def test_players_file_reports_and_moderators_work_the_queue(api, paso, alice, bob, mod):
    response = api(alice).post("/api/reports", {"game": paso.pk, "user": "bob", "reason": "stalling"}, format="json")
    assert response.status_code == 201 and response.json()["status"] == "open"
    report_id = response.json()["id"]
    assert api(alice).get("/api/moderation/reports").status_code == 403
    assert api().post("/api/reports", {"user": "bob", "reason": "x"}, format="json").status_code == 401
    queue = api(mod).get("/api/moderation/reports").json()
    assert [r["id"] for r in queue] == [report_id] and queue[0]["user"] == "bob"
    assert api(bob).post(f"/api/moderation/reports/{report_id}/close", {"outcome": "no"}, format="json").status_code == 403
    closed = api(mod).post(f"/api/moderation/reports/{report_id}/close", {"outcome": "warned bob"}, format="json").json()
    assert closed["status"] == "closed" and closed["handled_by"] == "mod" and closed["outcome"] == "warned bob"
    assert api(mod).get("/api/moderation/reports").json() == []
    assert [r["id"] for r in api(mod).get("/api/moderation/reports?status=closed").json()] == [report_id]


def test_an_auditor_reads_a_finished_games_full_view_and_verifies_it(api, paso, mod, auditor, alice):
    client = api(auditor)
    assert client.get(f"/api/audit/games/{paso.pk}/full").status_code == 409  # running: hidden parts stay hidden
    assert client.get(f"/api/audit/games/{paso.pk}/verify").status_code == 409
    assert api(alice).get(f"/api/audit/games/{paso.pk}/history").status_code == 403
    assert api(mod).get(f"/api/audit/games/{paso.pk}/history").status_code == 403  # staff is not an auditor
    services.resign(user=alice, game_id=paso.pk)
    full = client.get(f"/api/audit/games/{paso.pk}/full").json()
    paso.refresh_from_db()
    assert full == {"seq": paso.seq, "position": selectors.full_view(paso)}
    assert client.get(f"/api/audit/games/{paso.pk}/verify").json() == {"game": paso.pk, "ok": True, "problems": []}
    records = client.get(f"/api/audit/games/{paso.pk}/history").json()
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1)) and records[-1]["kind"] == "end"
    at_start = client.get(f"/api/audit/games/{paso.pk}/position?seq=0").json()
    assert at_start["seq"] == 0 and at_start["full"] is True
    assert client.get(f"/api/audit/games/{paso.pk}/position?seq=999").status_code == 400


def test_an_auditor_cannot_write_through_the_audit_api(api, paso, auditor):
    for path in ("history", "full", "position", "verify"):
        assert api(auditor).post(f"/api/audit/games/{paso.pk}/{path}", {}, format="json").status_code == 403
