"""The published API schema: valid, every answer described, errors in the one shape."""

import pytest
import yaml
from django.core.management import call_command

from games.api.schema import ERRORS

pytestmark = pytest.mark.django_db

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def schema(tmp_path_factory):
    """The schema as ``manage.py spectacular --validate --fail-on-warn`` writes it (that run fails on
    any warning or any error of the OpenAPI validator)."""
    path = tmp_path_factory.mktemp("schema") / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(path))
    return yaml.safe_load(path.read_text())


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def _resolve(schema, node):
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def test_the_schema_validates_without_a_warning(schema):
    assert schema["openapi"].startswith("3.") and len(list(_operations(schema))) >= 30


def test_every_success_answer_is_described(schema):
    """No operation answers a free-form object: each 2xx names its fields (or is the NDJSON export, or a 204)."""
    for label, operation in _operations(schema):
        successes = {code: r for code, r in operation["responses"].items() if code.startswith("2")}
        assert successes, label
        for code, response in successes.items():
            if code == "204":
                assert "content" not in response, f"{label}: a 204 has no body"
                continue
            for media_type, content in response["content"].items():
                body = _resolve(schema, content["schema"])
                if media_type == "application/x-ndjson":
                    assert body["type"] == "string", label
                    continue
                described = body.get("properties") or _resolve(schema, body.get("items", {})).get("properties")
                assert described, f"{label} answers a free-form {media_type} body"


def test_paginated_lists_are_drf_envelopes(schema):
    for path in ("/api/games", "/api/leaderboard", "/api/me/waiting"):
        body = _resolve(schema, schema["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"])
        assert {"count", "next", "previous", "results"} <= set(body["properties"]), path
        assert body["properties"]["results"]["type"] == "array"


def test_every_operation_declares_the_error_shape(schema):
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["error"] and set(error["properties"]) == {"error", "field", "rule"}
    for label, operation in _operations(schema):
        for code in ERRORS:
            content = operation["responses"][str(code)]["content"]["application/json"]
            assert content["schema"] == {"$ref": "#/components/schemas/Error"}, (label, code)


def test_a_game_summary_names_its_fields_as_the_selector_builds_them(schema, api, alice, bob):
    from games import selectors, services

    game = services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])
    described = set(schema["components"]["schemas"]["GameSummary"]["properties"])
    assert set(selectors.game_summary(game)) == described


# --- Django's own errors under /api/ keep the API's shape ----------------------------------------------
def test_an_unknown_api_path_answers_json_and_a_site_path_a_page(api, db):
    api_answer = api().get("/api/games/-1/state")
    assert api_answer.status_code == 404 and api_answer["Content-Type"] == "application/json"
    assert "no such API path" in api_answer.json()["error"]
    page = api().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize("query", ["status=sideways", "status=open%00", "game=chess", "game=paso%00"])
def test_the_game_list_refuses_an_unknown_filter_naming_it(api, alice, query):
    response = api(alice).get(f"/api/games?{query}")
    assert response.status_code == 400
    assert response.json()["field"] == query.split("=")[0]


@pytest.mark.parametrize("status", ["sideways", "open\x00"])
def test_the_report_queue_refuses_an_unknown_status(api, make_user, status):
    mod = make_user("mod", is_staff=True)
    response = api(mod).get("/api/moderation/reports", {"status": status})
    assert response.status_code == 400 and response.json()["field"] == "status"
