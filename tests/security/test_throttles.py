"""Throttles: log-in (per name and address, with a lock-out bounded in time), sign-up, tokens, writes.

Bound of the lock-out a stranger can cause (defaults): from one address, never (its pair limit, 5 failures
in 15 minutes, stops it long before the name's 20); from many addresses, the name stays locked at most
the name window (5 minutes) after the attackers' last failure.
"""

from __future__ import annotations

import time

import pytest
from django.test import override_settings

from games import throttles

pytestmark = pytest.mark.django_db

RIGHT = "s3cret-pass!"  # tests.conftest.make_user's password


def log_in(api, name, password, address="10.0.0.1", **extra):
    return api().post("/api/auth/token", {"username": name, "password": password}, format="json",
                      REMOTE_ADDR=address, **extra)


def later(monkeypatch, seconds: float) -> None:
    """Move the throttles' clock on (the counts keep their real cache lifetime)."""
    now = time.time() + seconds
    monkeypatch.setattr(throttles.Rate, "timer", staticmethod(lambda: now))


def test_thirty_wrong_passwords_then_the_right_one_meet_429_with_retry_after(api, alice):
    answers = [log_in(api, "alice", f"wrong-{n}") for n in range(30)]
    answers.append(log_in(api, "alice", RIGHT))
    statuses = [a.status_code for a in answers]
    first = statuses.index(429)
    assert 0 < first < 30 and set(statuses[:first]) == {400} and set(statuses[first:]) == {429}
    refused = answers[-1]
    assert 1 <= int(refused["Retry-After"]) <= 15 * 60
    assert set(refused.json()) == {"error"} and "throttled" in refused.json()["error"]


def test_a_name_locked_from_one_address_still_lets_its_owner_in_from_another(api, alice):
    for n in range(30):
        log_in(api, "alice", f"wrong-{n}", address="203.0.113.9")
    assert log_in(api, "alice", RIGHT, address="203.0.113.9").status_code == 429
    assert log_in(api, "alice", RIGHT, address="198.51.100.7").status_code == 200


def test_many_addresses_lock_a_name_only_for_the_name_window(api, alice, monkeypatch):
    for n in range(25):
        log_in(api, "alice", "wrong", address=f"203.0.113.{n}")
    locked = log_in(api, "alice", RIGHT, address="198.51.100.7")
    assert locked.status_code == 429 and int(locked["Retry-After"]) <= 5 * 60
    later(monkeypatch, 5 * 60 + 1)
    assert log_in(api, "alice", RIGHT, address="198.51.100.7").status_code == 200


def test_a_successful_log_in_clears_its_pair(api, alice):
    for _ in range(4):
        assert log_in(api, "alice", "wrong").status_code == 400
    assert log_in(api, "alice", RIGHT).status_code == 200
    assert [log_in(api, "alice", "wrong").status_code for _ in range(6)] == [400] * 5 + [429]


def test_the_forwarded_header_is_not_trusted_unless_configured(api, alice):
    for n in range(5):
        log_in(api, "alice", "wrong", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert log_in(api, "alice", RIGHT, HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429
    with override_settings(TRUSTED_PROXIES=1):  # one proxy of ours: its header names the client
        assert log_in(api, "alice", RIGHT, HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 200


def test_twenty_sign_ups_in_a_few_seconds_meet_429(api, db):
    statuses = [
        api().post("/api/auth/register", {"username": f"newcomer{n}", "password": "a long passphrase"},
                   format="json", REMOTE_ADDR="10.9.9.9").status_code
        for n in range(20)
    ]
    assert statuses[:5] == [201] * 5 and 429 in statuses
    assert set(statuses[statuses.index(429):]) == {429}
    # Another address still signs up.
    other = api().post("/api/auth/register", {"username": "elsewhere", "password": "a long passphrase"},
                       format="json", REMOTE_ADDR="10.9.9.10")
    assert other.status_code == 201


def test_refused_sign_ups_do_not_use_up_the_allowance(api, db):
    for n in range(10):
        short = api().post("/api/auth/register", {"username": f"try{n}", "password": "short"}, format="json")
        assert short.status_code == 400
    good = api().post("/api/auth/register", {"username": "finally", "password": "a long passphrase"}, format="json")
    assert good.status_code == 201


@override_settings(THROTTLE_RATES={**throttles.settings.THROTTLE_RATES, "token": "3/h"})
def test_token_creation_is_throttled_per_user(api, alice, bob):
    assert [log_in(api, "alice", RIGHT).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert log_in(api, "bob", RIGHT).status_code == 200


@override_settings(THROTTLE_RATES={**throttles.settings.THROTTLE_RATES, "write": "3/m"})
def test_writes_are_throttled_per_user_and_reads_are_not(api, alice, bob):
    client = api(alice)
    statuses = [client.post("/api/games", {"game": "paso"}, format="json").status_code for _ in range(4)]
    assert statuses == [201, 201, 201, 429]
    assert client.get("/api/games").status_code == 200
    assert api(bob).post("/api/games", {"game": "paso"}, format="json").status_code == 201


def test_the_sites_log_in_form_shares_the_apis_counters(api, client, alice):
    for n in range(5):
        log_in(api, "alice", f"wrong-{n}", address="127.0.0.1")
    page = client.post("/login/", {"username": "alice", "password": RIGHT})
    assert page.status_code == 429 and int(page["Retry-After"]) >= 1
    assert "Too many attempts" in page.content.decode()
    assert not client.get("/").context["user"].is_authenticated


def test_the_sites_failed_log_ins_count_for_the_api(api, client, alice):
    for n in range(5):
        assert client.post("/login/", {"username": "alice", "password": f"wrong-{n}"}).status_code == 200
    assert log_in(api, "alice", RIGHT, address="127.0.0.1").status_code == 429


def test_the_sites_sign_up_form_is_throttled_per_address(client, db):
    for n in range(5):
        made = client.post("/signup/", {"username": f"site{n}", "password1": "a long passphrase",
                                        "password2": "a long passphrase"})
        assert made.status_code == 302
        client.logout()
    page = client.post("/signup/", {"username": "site9", "password1": "a long passphrase", "password2": "a long passphrase"})
    assert page.status_code == 429 and page["Retry-After"]


def test_rates_are_read_at_request_time(api, alice):
    with override_settings(THROTTLE_RATES={**throttles.settings.THROTTLE_RATES, "login_pair": "1/2m"}):
        assert log_in(api, "alice", "wrong").status_code == 400
        refused = log_in(api, "alice", RIGHT)
        assert refused.status_code == 429 and int(refused["Retry-After"]) <= 120
