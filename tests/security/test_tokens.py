"""Tokens (django-rest-knox): they expire, log-out revokes them, a suspended user may still log out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from knox.models import get_token_model

from games import moderation
from tests.conftest import token_for

pytestmark = pytest.mark.django_db

AuthToken = get_token_model()


def with_token(api, token):
    client = api()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_log_in_makes_a_token_that_expires(api, alice):
    answer = api().post("/api/auth/token", {"username": "alice", "password": "s3cret-pass!"}, format="json")
    assert answer.status_code == 200
    token = answer.json()["token"]
    assert with_token(api, token).get("/api/me/waiting").status_code == 200
    row = AuthToken.objects.get(user=alice)
    assert timedelta(days=9) < row.expiry - timezone.now() <= timedelta(days=10)
    AuthToken.objects.filter(pk=row.pk).update(expiry=timezone.now() - timedelta(seconds=1))  # ten days on
    expired = with_token(api, token).get("/api/me/waiting")
    assert expired.status_code == 401 and "error" in expired.json()
    assert not AuthToken.objects.filter(pk=row.pk).exists()


def test_a_token_in_use_lives_on_until_the_cap(api, alice):
    token = token_for(alice)
    row = AuthToken.objects.get(user=alice)
    soon = timezone.now() + timedelta(days=1)
    AuthToken.objects.filter(pk=row.pk).update(expiry=soon)
    assert with_token(api, token).get("/api/me/waiting").status_code == 200
    assert AuthToken.objects.get(pk=row.pk).expiry > soon + timedelta(days=8)  # each use moves it on
    # Made 89.5 days ago: a use moves it on to the 90-day cap, not ten days further.
    in_an_hour = timezone.now() + timedelta(hours=1)
    AuthToken.objects.filter(pk=row.pk).update(created=timezone.now() - timedelta(days=89, hours=12), expiry=in_an_hour)
    with_token(api, token).get("/api/me/waiting")
    assert in_an_hour < AuthToken.objects.get(pk=row.pk).expiry <= timezone.now() + timedelta(hours=12)


def test_log_out_revokes_this_token_only_and_logoutall_revokes_all(api, alice):
    first, second, third = token_for(alice), token_for(alice), token_for(alice)
    assert with_token(api, first).post("/api/auth/logout").status_code == 204
    assert with_token(api, first).get("/api/me/waiting").status_code == 401
    assert with_token(api, first).post("/api/games", {"game": "paso"}, format="json").status_code == 401
    assert with_token(api, second).get("/api/me/waiting").status_code == 200
    assert with_token(api, second).post("/api/auth/logoutall").status_code == 204
    for token in (second, third):
        assert with_token(api, token).get("/api/me/waiting").status_code == 401
    assert not AuthToken.objects.filter(user=alice).exists()


def test_log_out_needs_a_token_or_session(api, db):
    assert api().post("/api/auth/logout").status_code in (401, 403)


def test_a_suspended_user_reads_writes_nothing_and_may_still_log_out(api, alice, make_user):
    moderator = make_user("mod", is_staff=True)
    token = token_for(alice)
    moderation.suspend(moderator=moderator, username="alice", reason="abuse")
    refused = with_token(api, token).post("/api/games", {"game": "paso"}, format="json")
    assert refused.status_code == 403 and "suspended" in refused.json()["error"]
    assert with_token(api, token).get("/api/games").status_code == 200
    assert with_token(api, token).post("/api/auth/logout").status_code == 204
    assert not AuthToken.objects.filter(user=alice).exists()


@pytest.mark.parametrize("header", [b"Token \xff\xfe", b"Token " + b"a" * 5000, b"Token", b"Token a b"])
def test_a_malformed_token_header_is_401_not_500(api, db, header):
    client = api()
    client.credentials(HTTP_AUTHORIZATION=header.decode("latin-1"))
    assert client.get("/api/me/waiting").status_code == 401


def test_the_schema_describes_the_token_scheme_and_the_new_routes(api, db):
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert schema["components"]["securitySchemes"]["apiToken"]["type"] == "http" or \
        "Token" in str(schema["components"]["securitySchemes"]["apiToken"])
    for route in ("/api/auth/logout", "/api/auth/logoutall", "/api/auth/ws-ticket"):
        assert route in schema["paths"]


def test_a_ws_ticket_needs_authentication_and_is_short_lived(api, alice):
    assert api().post("/api/auth/ws-ticket").status_code in (401, 403)
    answer = api(alice).post("/api/auth/ws-ticket")
    assert answer.status_code == 201 and answer.json()["expires_in"] == 60 and len(answer.json()["ticket"]) >= 32
