"""Schemathesis over ``/api/schema/``: valid and hostile requests to every operation, on PostgreSQL.

Every operation of the published schema gets generated requests, in schemathesis's positive mode
(data the schema allows) and negative mode (data it forbids), with path ids drawn both at random and
from real objects: active, open, finished and bot games, a report, real usernames. Each request runs
in-process through Django's WSGI handler inside a savepoint that is rolled back afterwards, so every
case meets the same data and the run is deterministic (hypothesis derandomized, no example database).
A moderator who is also an auditor calls the moderation and audit operations; a player calls the rest.

The run fails on any 5xx and on any answer the schema does not describe: status code, content type
or body. It prints the counts (operations, cases, failures).
"""

from __future__ import annotations

import os
import traceback
from collections import Counter

import pytest
import schemathesis
from django.core.cache import caches
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import got_request_exception, request_finished, request_started
from django.db import close_old_connections, connection, transaction
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.core.failures import FailureGroup

from tests.conftest import accepted_game, require

pytestmark = [pytest.mark.django_db, pytest.mark.schemathesis, pytest.mark.timeout(900)]

#: Generated cases per operation and per mode: 2 modes x 31 operations x 25, about 1,500 requests in
#: under two minutes here. SCHEMATHESIS_EXAMPLES runs a deeper search (still seeded) by hand.
EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "25"))
PASSWORD = "a long passphrase 1"


def _checks():
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    return [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


# --- the data the requests meet ----------------------------------------------------------------------
@pytest.fixture
def quick_hashing(settings):
    """Sign-up and log-in cases hash passwords: a cheap hasher keeps the run's time for requests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS]


def _play(game, user, moves: int):
    from games import selectors, services

    for _ in range(moves):
        game.refresh_from_db()
        legal = selectors.legal_for(game, user)["actions"]
        if not legal:
            return
        services.submit_action(user=user, game_id=game.pk, text=legal[0], expected_seq=game.seq)


@pytest.fixture
def world(quick_hashing, make_user):
    """Players, a moderator-auditor, games in every state, and a report."""
    from games import moderation, services

    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    for user in (alice, bob):
        user.set_password(PASSWORD)
        user.save()
    mod = make_user("mod", is_staff=True)
    mod.set_password(PASSWORD)
    mod.save()
    moderation.make_auditor(mod)
    pair = [{"user": "alice"}, {"user": "bob"}]
    trio = [*pair, {"user": "carol"}]
    games = {name: accepted_game(creator=alice, name=name, seats=pair) for name in ("paso", "tibetana", "nakatha")}
    games["mandara"] = accepted_game(creator=alice, name="mandara", players=3, seats=trio)
    for game in games.values():
        for user in (alice, bob, carol):
            _play(game, user, 2)
    games["open"] = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {}])
    games["bot"] = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"bot": "random"}])
    games["invited"] = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "carol"}])
    finished = accepted_game(creator=alice, name="paso", seats=pair)
    _play(finished, alice, 1)
    games["finished"] = services.resign(user=bob, game_id=finished.pk)
    report = moderation.file_report(reporter=bob, reason="rude", game_id=games["paso"].pk, username="alice")
    return {
        "game_id": sorted(g.pk for g in games.values()),
        "username": ["alice", "bob", "carol", "mod"],
        "report_id": [report.pk],
    }


def _token(app, username: str) -> str:
    """A token obtained as a client would: through the API's own log-in."""
    from werkzeug.test import Client

    response = Client(app).post("/api/auth/token", json={"username": username, "password": PASSWORD})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["token"]


# --- the run -------------------------------------------------------------------------------------------
class Tally:
    def __init__(self):
        self.cases = Counter()
        self.statuses = Counter()
        self.failures: dict[tuple[str, str], str] = {}  # the first failure of each kind, per operation
        self.failed_cases = 0
        self.unsatisfiable: list[str] = []

    def fail(self, label: str, kind: str, text: str) -> None:
        self.failed_cases += 1
        self.failures.setdefault((label, kind), text)


def _strategy(operation, mode, real_ids):
    """Cases with random path values, and cases whose path names real objects."""
    from schemathesis import GenerationMode

    names = [p.name for p in operation.path_parameters]
    generated = operation.as_strategy(generation_mode=mode)
    known = [name for name in names if name in real_ids]
    if not known or mode is GenerationMode.NEGATIVE and len(known) < len(names):
        return generated
    real = st.fixed_dictionaries({name: st.sampled_from(real_ids[name]) for name in known}).flatmap(
        lambda path: operation.as_strategy(generation_mode=mode, path_parameters=path)
    )
    return st.one_of(generated, real, real)


def _run_operation(operation, mode, real_ids, headers, tally: Tally, errors: list):
    label = operation.label
    checks = _checks()

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=_strategy(operation, mode, real_ids))
    def run(case):
        caches["default"].clear()  # throttles count in the cache: every case starts afresh
        errors.clear()
        with transaction.atomic():
            response = case.call(headers=headers)
            transaction.set_rollback(True)
        tally.cases[label] += 1
        tally.statuses[response.status_code] += 1
        try:
            case.validate_response(response, checks=checks)
        except FailureGroup as group:  # every check that failed, with the request to reproduce it
            for failure in group.exceptions:
                tally.fail(label, failure.title, f"{group}\n{''.join(errors[-1:])}")

    try:
        run()
    except Unsatisfiable:  # nothing to negate: an operation without parameters or body
        tally.unsatisfiable.append(f"{label} ({mode.value})")


def test_no_input_gets_a_5xx_or_an_answer_the_schema_does_not_describe(world, capsys):
    require(connection.vendor == "postgresql", "the hostile-input run is on PostgreSQL: set DATABASE_URL")
    from schemathesis import GenerationMode

    app = WSGIHandler()
    # As Django's test client does: the handler must not close the test's connection between requests.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    errors: list[str] = []

    def record(sender, request=None, **kwargs):
        errors.append(traceback.format_exc())

    got_request_exception.connect(record)
    try:
        schema = schemathesis.openapi.from_wsgi("/api/schema/", app)
        player = {"Authorization": f"Token {_token(app, 'alice')}"}
        staff = {"Authorization": f"Token {_token(app, 'mod')}"}
        tally = Tally()
        operations = [result.ok() for result in schema.get_all_operations()]
        for operation in operations:
            headers = staff if operation.path.startswith(("/api/moderation/", "/api/audit/")) else player
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                _run_operation(operation, mode, world, headers, tally, errors)
    finally:
        got_request_exception.disconnect(record)
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)

    with capsys.disabled():
        print(
            f"\nschemathesis: {len(operations)} operations, {sum(tally.cases.values())} cases, "
            f"{tally.failed_cases} failed cases ({len(tally.failures)} distinct failures); "
            f"statuses {dict(sorted(tally.statuses.items()))}; no case to generate for "
            f"{', '.join(tally.unsatisfiable) or 'none'}"
        )
    report = "\n\n".join(f"== {label}: {kind}\n{text}" for (label, kind), text in tally.failures.items())
    assert not tally.failures, report
    # Every operation was called (one without parameters has a single possible case).
    assert len(operations) >= 30 and all(tally.cases[op.label] for op in operations)
