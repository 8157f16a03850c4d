"""Hostile input (issue 14, "Input that gives a 500"; issue 16 item 5): each case answers a 4xx that
names the field, and nothing is written. Path and NUL cases run over every route of the URLconf,
so a new route is covered without a new test.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve

from games import moderation, services
from games.converters import IdConverter
from games.models import Event, Game, IdempotencyRecord, Report, Sanction, Seat

pytestmark = pytest.mark.django_db

TWO_63 = 2**63


# --- the routes of the URLconf ------------------------------------------------------------------------
def _walk(patterns, prefix="", converters=None):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        found = {**(converters or {}), **getattr(entry.pattern, "converters", {})}
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, route, found)
        elif isinstance(entry, URLPattern):
            yield route, found, entry


ROUTES = [(route, conv, entry) for route, conv, entry in _walk(get_resolver().url_patterns)
          if not route.startswith("^") and "static" not in route]
OURS = [(route, conv, entry) for route, conv, entry in ROUTES
        if entry.callback.__module__.startswith("games") or route.startswith(("api/", "admin/games/"))]
WITH_IDS = [(route, conv) for route, conv, _ in OURS if any(isinstance(c, IdConverter) for c in conv.values())]
API_ROUTES = [route for route, _, _ in OURS if route.startswith("api/")]


def _fill(route: str, value: str) -> str:
    """The route with every parameter replaced by ``value`` (ids) or a plain word."""
    def one(match):
        kind = match.group(1)
        return value if kind == "id" else "someone"
    return "/" + re.sub(r"<(?:(\w+):)?\w+>", one, route)


def _counts() -> dict:
    models = (Game, Event, Seat, IdempotencyRecord, Report, Sanction, User)
    return {m.__name__: m.objects.count() for m in models}


@pytest.fixture
def unchanged():
    """Asserts at the end of the test that no row was written (or removed) anywhere."""
    before = _counts()
    yield
    assert _counts() == before


@pytest.fixture
def paso(alice, bob):
    return services.create_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


def _error(response, status: int, field=None) -> dict:
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert isinstance(body["error"], str) and body["error"]
    if field is not None:
        assert body.get("field") == field, body
    return body


def _post_raw(client, url: str, body: bytes, **extra):
    return client.post(url, data=body, content_type="application/json", **extra)


# --- every id in a path is bounded -------------------------------------------------------------------
def test_the_route_list_is_not_empty_and_has_ids():
    assert len(API_ROUTES) > 20 and len(WITH_IDS) >= 20
    assert any(route.startswith("admin/games/game/") for route, _ in WITH_IDS)


def test_no_route_of_ours_takes_an_unbounded_int():
    """Django's ``<int:>`` takes 2^63 (a 500 on SQLite); every id of ours uses ``<id:>`` (1..2^53)."""
    from django.urls.converters import IntConverter

    from games.realtime.routing import websocket_urlpatterns

    unbounded = [route for route, conv, _ in OURS if any(isinstance(c, IntConverter) for c in conv.values())]
    assert unbounded == []
    assert all(isinstance(c, IdConverter) for p in websocket_urlpatterns for c in p.pattern.converters.values())


@pytest.mark.parametrize("route, converters", WITH_IDS, ids=[r for r, _ in WITH_IDS])
@pytest.mark.parametrize("number", [TWO_63, 2**53 + 1, 0, 10**20])
def test_an_id_out_of_range_never_reaches_the_routes_view(route, converters, number, api, alice, paso, unchanged):
    """Whatever the database, the URL does not match its view; over HTTP every API route says 404."""
    url = _fill(route, str(number))
    view = dict((r, e) for r, _, e in OURS)[route].callback
    try:
        assert resolve(url).func is not view, url
    except Resolver404:
        pass
    if route.startswith("api/"):
        alice.is_staff = alice.is_superuser = True
        alice.save()
        client = api(alice)
        for response in (client.get(url), client.post(url, {}, format="json")):
            assert response.status_code == 404, (url, response.status_code)


def test_the_converter_is_bounded_whatever_the_database():
    converter = IdConverter()
    assert converter.to_python("1") == 1 and converter.to_python(str(2**53)) == 2**53
    for text in ("0", str(2**53 + 1), str(TWO_63), "²", "１"):
        with pytest.raises(ValueError):
            converter.to_python(text)
    assert re.fullmatch(converter.regex, "9" * 17) is None


# --- NUL bytes and lone surrogates, wherever they can arrive --------------------------------------------
@pytest.mark.parametrize("route", API_ROUTES)
def test_a_nul_in_the_query_is_400_on_every_api_route(route, api, alice, paso, unchanged):
    url = _fill(route, str(paso.pk))
    for method in (api(alice).get, api(alice).post):
        _error(method(url + "?game=pa%00so"), 400, "game")


@pytest.mark.parametrize("route", API_ROUTES)
def test_a_nul_in_the_path_is_400_on_every_api_route(route, api, alice, paso, unchanged):
    url = _fill(route, str(paso.pk))
    parts = url.rstrip("/").rsplit("/", 1)
    _error(api(alice).get(parts[0] + "/%00" + parts[1]), 400, "path")


@pytest.mark.parametrize("route", API_ROUTES)
def test_a_nul_in_a_header_is_400_on_every_api_route(route, api, alice, paso, unchanged):
    url = _fill(route, str(paso.pk))
    _error(api(alice).get(url, HTTP_IDEMPOTENCY_KEY="k\x00"), 400, "Idempotency-Key")
    _error(api().get(url, HTTP_AUTHORIZATION="Token \x00"), 400, "Authorization")


@pytest.mark.parametrize("cookie", ["sessionid=abcdefgh\x00ijkl", 'sessionid="abcdefgh\\000ijkl"'])
def test_a_nul_in_a_cookie_never_reaches_the_session_store(db, cookie, unchanged):
    """Raw, or written as the octal escape that cookie parsing turns back into a NUL."""
    _error(Client(HTTP_COOKIE=cookie).get("/"), 400, "Cookie")


def test_a_nul_in_a_player_name_in_the_path(api, unchanged):
    _error(api().get("/api/players/al%00ice"), 400, "path")
    _error(Client().get("/players/al%00ice/"), 400, "path")


@pytest.mark.parametrize("body, field", [
    (b'{"game": "pa\\u0000so"}', "game"),
    (b'{"game": "paso", "options": {"quiet_turn_limit\\u0000": 3}}', "options"),
    (b'{"game": "paso", "seats": [{"user": "al\\u0000ice"}, {}]}', "seats"),
    (b'{"game": "paso", "time_control": {"policy": "\\u0000"}}', "time_control"),
    (b'{"game": "pa\\ud800so"}', None),  # a lone surrogate: not valid JSON text
])
def test_a_nul_or_lone_surrogate_in_a_json_body_is_400(api, alice, body, field, unchanged):
    _error(_post_raw(api(alice), "/api/games", body), 400, field)


def test_a_nul_in_a_log_in_name_is_400_everywhere(alice, unchanged):
    api_login = _post_raw(Client(), "/api/auth/token", b'{"username": "ali\\u0000ce", "password": "x"}')
    _error(api_login, 400, "username")
    register = _post_raw(Client(), "/api/auth/register", b'{"username": "e\\u0000ve", "password": "long enough pass"}')
    _error(register, 400, "username")
    for url in ("/login/", "/admin/login/", "/signup/"):
        client = Client(enforce_csrf_checks=False)
        _error(client.post(url, {"username": "ali\x00ce", "password": "s3cret-pass!"}), 400, "username")


def test_a_nul_in_a_site_form_body_is_400(client, alice, paso, unchanged):
    client.force_login(alice)
    response = client.post("/games/new/", {"game": "paso", "options": '{"quiet_turn_limit": "\x00"}'})
    _error(response, 400, "options")


# --- the body: size, depth, shape ----------------------------------------------------------------------
def test_json_nested_50000_deep_is_refused(api, alice, settings, unchanged):
    """413 under the body cap; with the caps lifted, still 400 (orjson stops at 1024 levels)."""
    body = b'{"game": "paso", "options": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    _error(_post_raw(api(alice), "/api/games", body), 413)
    settings.API_MAX_BODY_BYTES = settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10**6
    assert "depth" in _error(_post_raw(api(alice), "/api/games", body), 400)["error"]


def test_json_nested_past_the_parsers_depth_is_400_naming_the_field(api, alice, unchanged):
    body = b'{"game": "paso", "options": {"a": ' + b"[" * 40 + b"]" * 40 + b"}}"
    assert "deeper" in _error(_post_raw(api(alice), "/api/games", body), 400, "options")["error"]


def test_a_body_over_the_api_cap_is_413(api, alice, settings, unchanged):
    body = b'{"game": "paso", "pad": "' + b"x" * (settings.API_MAX_BODY_BYTES + 10) + b'"}'
    _error(_post_raw(api(alice), "/api/games", body), 413)


def test_a_body_over_the_request_cap_is_413_before_any_view(api, alice, settings, unchanged):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    _error(_post_raw(api(alice), "/api/games", b'{"game": "paso", "pad": "' + b"x" * 2000 + b'"}'), 413, "body")
    _error(Client().post("/login/", {"username": "alice", "password": "x" * 2000}), 413, "body")


@pytest.mark.parametrize("body", [b"[1, 2]", b'"paso"', b"3", b"null"])
def test_a_json_body_that_is_not_an_object_is_400(api, alice, body, unchanged):
    _error(_post_raw(api(alice), "/api/games", body), 400)
    _error(_post_raw(Client(), "/api/auth/token", body), 400)


# --- options: the engine's declaration, answered by the service ---------------------------------------------
@pytest.mark.parametrize("game, name, value, bound", [
    ("paso", "quiet_turn_limit", 2**64, "from 0 to 1000"),
    ("paso", "quiet_turn_limit", 2**64 + 1, "from 0 to 1000"),
    ("paso", "quiet_turn_limit", TWO_63, "from 0 to 1000"),
    ("paso", "quiet_turn_limit", 1001, "from 0 to 1000"),
    ("paso", "quiet_turn_limit", True, "from 0 to 1000"),
    ("paso", "quiet_turn_limit", "60", "from 0 to 1000"),
    ("paso", "quiet_turn_limit", 6.0, "from 0 to 1000"),
    ("nakatha", "breath_range", 10**9, "from 1 to 12"),  # N27
    ("nakatha", "breath_range", 2**64, "from 1 to 12"),
    ("nakatha", "milaze", 0, "from 1 to 7"),  # a roll need of N30
    ("nakatha", "deal", "auction", "one of 'random', 'draft'"),  # N7
])
def test_an_option_out_of_its_declared_range_is_400_naming_it(api, alice, game, name, value, bound, unchanged):
    response = api(alice).post("/api/games", {"game": game, "players": 2, "options": {name: value}}, format="json")
    message = _error(response, 400, "options")["error"]
    assert name in message and bound in message


def test_an_option_of_10_to_the_400_is_400_naming_the_option(api, alice, unchanged):
    body = b'{"game": "paso", "options": {"quiet_turn_limit": 1' + b"0" * 400 + b"}}"
    assert "options.quiet_turn_limit" in _error(_post_raw(api(alice), "/api/games", body), 400, "options")["error"]


def test_the_catalog_lists_each_option_with_its_range(api, db):
    games = {g["game"]: g for g in api().get("/api/catalog").json()["games"]}
    paso = games["paso"]["option_specs"]["2"]
    assert paso == [{"name": "quiet_turn_limit", "type": "int", "default": 60, "min": 0, "max": 1000,
                     "meaning": "quiet turns in a row that draw the game; 0 = no limit (P24)"}]
    assert games["tibetana"]["option_specs"]["2"] == []
    time_control = {o["name"]: o for o in api().get("/api/catalog").json()["time_control"]}
    assert time_control["days_per_move"]["max"] == 30 and time_control["vacation_days"]["max"] == 60


# --- the time control: declared bounds ------------------------------------------------------------------
@pytest.mark.parametrize("time_control, says", [
    ({"days_per_move": 1e-9}, "time_control.days_per_move must be a number from 0.0416667 to 30"),
    ({"days_per_move": 31}, "time_control.days_per_move must be a number from 0.0416667 to 30"),
    ({"days_per_move": 10**30}, "time_control.days_per_move must be a number from 0.0416667 to 30"),
    ({"days_per_move": True}, "time_control.days_per_move"),
    ({"days_per_move": "3"}, "time_control.days_per_move"),
    ({"days_per_move": 3, "vacation_days": 61}, "time_control.vacation_days must be a number from 0 to 60"),
    ({"days_per_move": 3, "policy": "pause"}, "time_control.policy must be one of 'forfeit', 'bot'"),
    ({"days_per_move": 3, "policy": "bot", "bot": "oracle"}, "time_control.bot must be one of"),
])
def test_a_time_control_out_of_bounds_is_400_naming_the_key_and_range(api, alice, time_control, says, unchanged):
    response = api(alice).post("/api/games", {"game": "paso", "time_control": time_control}, format="json")
    assert says in _error(response, 400, "time_control")["error"]


@pytest.mark.parametrize("number", [b"1e400", b"1" + b"0" * 400, b"-1e400"])
def test_days_per_move_that_overflows_is_400_naming_it(api, alice, number, unchanged):
    body = b'{"game": "paso", "time_control": {"days_per_move": ' + number + b"}}"
    message = _error(_post_raw(api(alice), "/api/games", body), 400, "time_control")["error"]
    assert "time_control.days_per_move" in message


@pytest.mark.parametrize("constant", [b"NaN", b"Infinity", b"-Infinity"])
def test_days_per_move_nan_or_infinity_is_400(api, alice, constant, unchanged):
    body = b'{"game": "paso", "time_control": {"days_per_move": ' + constant + b"}}"
    _error(_post_raw(api(alice), "/api/games", body), 400)


# --- moves: Idempotency-Key and action text ------------------------------------------------------------
@pytest.mark.parametrize("key", ["k" * 10_000, "k" * 201, "two words", "clé", "\t"])
def test_a_bad_idempotency_key_is_400_naming_the_header(api, alice, paso, key, unchanged):
    response = api(alice).post(f"/api/games/{paso.pk}/actions", {"action": "temple c1", "expected_seq": paso.seq},
                               format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert "200" in _error(response, 400, "Idempotency-Key")["error"]


@pytest.mark.parametrize("key", [12345, ["a"], {"a": 1}, "k" * 201])
def test_a_bad_idempotency_key_is_refused_by_the_service_whatever_the_path(alice, paso, key, unchanged):
    """The WebSocket hands the key over from JSON: a number or a list is refused, not stored as its repr."""
    from games.errors import InvalidRequest

    with pytest.raises(InvalidRequest) as refused:
        services.submit_action(user=alice, game_id=paso.pk, text="temple c1", expected_seq=paso.seq,
                               idempotency_key=key)
    assert refused.value.field == "Idempotency-Key"


def test_a_200_character_key_is_accepted(api, alice, paso):
    response = api(alice).post(f"/api/games/{paso.pk}/actions", {"action": "temple c1", "expected_seq": paso.seq},
                               format="json", HTTP_IDEMPOTENCY_KEY="k" * 200)
    assert response.status_code in (201, 403, 409)  # whatever the game's state, never refused for the key
    assert response.json().get("field") != "Idempotency-Key"


@pytest.mark.parametrize("text", ["a" * 201, "9" * 5000])
def test_an_overlong_action_is_400_naming_the_action(api, alice, paso, text, unchanged):
    response = api(alice).post(f"/api/games/{paso.pk}/actions", {"action": text, "expected_seq": paso.seq}, format="json")
    _error(response, 400, "action")
    with pytest.raises(Exception) as refused:
        services.submit_action(user=alice, game_id=paso.pk, text=text, expected_seq=paso.seq)
    assert getattr(refused.value, "field", None) == "action"


# --- numbers in queries and bodies ------------------------------------------------------------------------
@pytest.fixture
def auditor(make_user):
    user = make_user("audrey")
    moderation.make_auditor(user)
    return user


@pytest.mark.parametrize("seq", ["²", "１", "-1", str(TWO_63), "9" * 5000, "1e3"])
def test_a_query_seq_that_is_not_ascii_digits_is_400(api, auditor, paso, seq, client, alice, unchanged):
    _error(api(auditor).get(f"/api/audit/games/{paso.pk}/position", {"seq": seq}), 400, "seq")
    _error(client.get(f"/games/{paso.pk}/position", {"seq": seq}), 400, "seq")


def test_a_page_number_that_is_not_a_number_is_4xx(api, alice):
    for url in ("/api/games", "/api/leaderboard?game=paso", "/api/me/waiting"):
        for page in ("²", "9" * 5000, str(TWO_63)):
            response = api(alice).get(url + ("&" if "?" in url else "?") + f"page={page}")
            assert response.status_code == 404, (url, page, response.status_code)


@pytest.mark.parametrize("route", ["replace-seat", "hand-seat"])
@pytest.mark.parametrize("seat", ["²", "１", str(TWO_63), "9" * 5000])
def test_a_seat_that_is_not_a_seat_is_400_on_the_moderation_api(api, make_user, paso, route, seat):
    mod = make_user("mod", is_staff=True)
    make_user("carol")
    before = _counts()
    body = {"seat": seat, "bot": "random", "user": "carol", "reason": "probe"}
    _error(api(mod).post(f"/api/moderation/games/{paso.pk}/{route}", body, format="json"), 400, "seat")
    assert _counts() == before


@pytest.mark.parametrize("body", [{"seat": "²"}, {"seat": TWO_63}, {"seat": 1.5}, {"client_seed": "x" * 129}])
def test_a_join_with_a_bad_seat_or_seed_is_400(api, make_user, alice, body):
    game = services.create_game(creator=alice, name="paso")
    carol = make_user("carol")
    before = _counts()
    response = api(carol).post(f"/api/games/{game.pk}/join", body, format="json")
    assert response.status_code in (400, 409), response.content
    assert response.json()["field"] in ("seat", "client_seed")
    assert _counts() == before


def test_a_report_naming_an_absurd_game_id_is_4xx(api, alice, unchanged):
    for game in (TWO_63, 2**64, -1):
        response = api(alice).post("/api/reports", {"game": game, "reason": "probe"}, format="json")
        assert 400 <= response.status_code < 500, (game, response.status_code)


@pytest.mark.parametrize("body", [
    b'{"username": {"a": 1}, "password": "x"}', b'{"username": ["alice"], "password": ["s3cret-pass!"]}',
    b'{"username": 12, "password": 3}', b'{"username": "alice", "password": null}',
])
def test_a_log_in_name_or_password_that_is_not_text_is_400(alice, body, unchanged):
    _error(_post_raw(Client(), "/api/auth/token", body), 400)


@pytest.mark.parametrize("text", ["[" * 999 + "]" * 999, '{"quiet_turn_limit": 1e400}', '{"a": "\\u0000"}',
                                  '{"quiet_turn_limit": ' + "9" * 1500 + "}"])
def test_the_site_form_reads_options_as_the_api_does(client, alice, text, unchanged):
    client.force_login(alice)
    response = client.post("/games/new/", {"game": "paso", "seat_0": "me", "seat_1": "open", "options": text})
    assert response.status_code == 200  # the form again, with the error on the options field
    assert response.context["form"].errors["options"]


def test_the_schema_describes_every_path_id_with_its_bounds(api, db):
    schema = api().get("/api/schema/", {"format": "json"}).json()
    ids = [p["schema"] for ops in schema["paths"].values() for op in ops.values() if isinstance(op, dict)
           for p in op.get("parameters", []) if p["in"] == "path" and p["name"].endswith("_id")]
    assert len(ids) >= len([r for r in WITH_IDS if r[0].startswith("api/")])
    assert all(s == {"type": "integer", "minimum": 1, "maximum": 2**53} for s in ids)
    create = schema["components"]["schemas"]["CreateGame"]["properties"]
    assert create["options"]["type"] == "object" and create["time_control"]["type"] == "object"
