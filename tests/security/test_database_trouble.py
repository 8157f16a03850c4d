"""No 500 from the database (issue 16, item 5): a value it refuses to store is the request's fault
(400); a database that went away is a 503 with Retry-After, wherever it fails (an API view, a site
view, a middleware); and bytes no database stores are refused in any form body, whatever the method."""

from __future__ import annotations

import pytest
from django.db import DataError, InterfaceError, OperationalError
from django.test import Client

from games import standings
from games.api.schema import ERRORS
from games.errors import RETRY_AFTER_SECONDS

pytestmark = pytest.mark.django_db


def _raising(exc):
    def fail(*args, **kwargs):
        raise exc

    return fail


@pytest.mark.parametrize("exc", [OperationalError("terminating connection due to administrator command"),
                                 InterfaceError("connection already closed"),
                                 OperationalError("couldn't get a connection after 5.00 sec")])
def test_a_database_gone_away_under_an_api_view_is_503_with_retry_after(api, alice, monkeypatch, exc):
    monkeypatch.setattr(standings, "leaderboard", _raising(exc))
    response = api(alice).get("/api/leaderboard?game=paso")
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "retry" in response.json()["error"]


def test_a_value_the_database_refuses_is_400_not_500(api, alice, monkeypatch):
    monkeypatch.setattr(standings, "leaderboard", _raising(DataError("value too long for type character varying(200)")))
    response = api(alice).get("/api/leaderboard?game=paso")
    assert response.status_code == 400
    assert "cannot store" in response.json()["error"]


def test_sqlite_busy_stays_a_409(api, alice, monkeypatch):
    monkeypatch.setattr(standings, "leaderboard", _raising(OperationalError("database is locked")))
    assert api(alice).get("/api/leaderboard?game=paso").status_code == 409


@pytest.mark.parametrize("path, shape", [("/api/catalog", "json"), ("/", "html")])
def test_a_database_gone_away_under_a_middleware_is_503_too(monkeypatch, path, shape):
    """Outside any view (here the first middleware): Django's 500 handler sees the exception."""
    from games import middleware

    monkeypatch.setattr(middleware, "_bad_text", _raising(OperationalError("server closed the connection")))
    response = Client(raise_request_exception=False).get(path)
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    if shape == "json":
        assert "retry" in response.json()["error"]
    else:
        assert b"try again" in response.content


def test_anything_else_is_still_a_plain_500(monkeypatch):
    from games import middleware

    monkeypatch.setattr(middleware, "_bad_text", _raising(RuntimeError("boom")))
    response = Client(raise_request_exception=False).get("/api/catalog")
    assert response.status_code == 500 and "boom" not in response.content.decode()


def test_the_schema_documents_503():
    assert 503 in ERRORS


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE"])
def test_a_nul_in_a_form_body_is_400_whatever_the_method(api, alice, method):
    response = api(alice).generic(method, "/api/games/1", "name=a%00b",
                                  content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and response.json()["field"] == "name"


def test_a_nul_in_a_multipart_field_is_400_whatever_the_method(api, alice):
    boundary = "XyZ"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\na\x00b\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.txt"\r\n'
            f"Content-Type: text/plain\r\n\r\nhello\r\n--{boundary}--\r\n").encode()
    response = api(alice).generic("PATCH", "/api/games/1", body, content_type=f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 400 and response.json()["field"] == "name"


def test_ping_answers_the_caller_and_only_with_credentials(api, alice):
    assert api(alice).get("/api/me/ping").json() == {"username": "alice"}
    assert api().get("/api/me/ping").status_code == 401
