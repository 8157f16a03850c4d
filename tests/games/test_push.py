"""Web Push (issue 19.3, 19.8): subscriptions registered and removed through the API (validated, 400
naming the field), and pushes for your move and invitations sent to a local HTTP server acting as the
push service: a VAPID Authorization header it can verify, a payload that decrypts (RFC 8291) with
the subscription's private key made here, and a subscription the service says is gone deleted."""

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.core.management import call_command

from games import presence, push, services, vapid
from games.models import Notification, PushSubscription
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """A browser's side of a subscription: its P-256 key pair and auth secret, made here."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.p256dh = vapid.b64url(self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))

    def subscription(self, endpoint: str) -> dict:
        return {"endpoint": endpoint, "keys": {"p256dh": self.p256dh, "auth": vapid.b64url(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


@pytest.fixture
def push_service():
    """A local HTTP server acting as the push service: records each request; ``/gone/...`` answers 410."""
    received = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            received.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": self.rfile.read(length)})
            self.send_response(410 if self.path.startswith("/gone") else 201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    server.url, server.received = f"http://127.0.0.1:{server.server_port}", received
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def keys(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid.new_pair()
    settings.VAPID_SUBJECT = "mailto:admin@example.org"
    return settings


@pytest.fixture(autouse=True)
def nobody_present():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def subscribe_directly(user, browser: Browser, endpoint: str) -> PushSubscription:
    """Stored as the API would, but at the local (http) push service the API refuses (https only)."""
    info = browser.subscription(endpoint)
    return PushSubscription.objects.create(user=user, endpoint=endpoint, **info["keys"])


def verify_vapid(header: str, public_key: str, audience: str) -> dict:
    """Check RFC 8292's ``vapid t=JWT, k=key``: the key is the site's and the ES256 signature holds."""
    assert header.startswith("vapid ")
    fields = dict(part.strip().split("=", 1) for part in header[len("vapid "):].split(","))
    assert fields["k"] == public_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(public_key))
    try:
        key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        pytest.fail("the VAPID signature does not verify with the site's public key")
    claims = json.loads(unb64(claims))
    assert claims["aud"] == audience and claims["sub"] == "mailto:admin@example.org"
    return claims


def test_your_move_is_pushed_signed_with_vapid_and_the_payload_decrypts(
        dice_game, alice, bob, keys, push_service, django_capture_on_commit_callbacks):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    browser = Browser()
    subscribe_directly(bob, browser, f"{push_service.url}/push/bob")
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    [request] = push_service.received
    assert request["path"] == "/push/bob"
    assert request["headers"]["content-encoding"] == "aes128gcm" and int(request["headers"]["ttl"]) > 0
    verify_vapid(request["headers"]["authorization"], keys.VAPID_PUBLIC_KEY, push_service.url)
    shown = browser.decrypt(request["body"])
    yours = Notification.objects.get(user=bob, kind="your_move")
    assert shown["body"] == yours.text and shown["title"] == f"Dice #{game.pk}"
    assert shown["url"].endswith(f"/games/{game.pk}/")


def test_an_invitation_is_pushed_and_an_answer_to_it_is_not(dice_game, alice, bob, keys, push_service,
                                                             django_capture_on_commit_callbacks):
    browsers = {user.username: Browser() for user in (alice, bob)}
    subscribe_directly(bob, browsers["bob"], f"{push_service.url}/push/bob")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    [invited] = push_service.received
    assert browsers["bob"].decrypt(invited["body"])["body"].startswith("alice invites you")
    PushSubscription.objects.all().delete()
    subscribe_directly(alice, browsers["alice"], f"{push_service.url}/push/alice")
    presence.mark(alice.pk, game.pk)  # alice watches the game: her "your move" is seen live
    from games import invitations

    with django_capture_on_commit_callbacks(execute=True):
        invitations.accept(user=bob, game_id=game.pk)
    assert len(push_service.received) == 1  # no push of "bob accepted" (not a pushed kind), nor of a move she sees


def test_a_subscription_the_push_service_says_is_gone_is_deleted(dice_game, alice, bob, keys, push_service,
                                                                  django_capture_on_commit_callbacks):
    gone = subscribe_directly(bob, Browser(), f"{push_service.url}/gone/1")
    kept = subscribe_directly(bob, Browser(), f"{push_service.url}/push/2")
    with django_capture_on_commit_callbacks(execute=True):
        services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    assert sorted(r["path"] for r in push_service.received) == ["/gone/1", "/push/2"]
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [kept.pk]
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()


def test_without_vapid_keys_nothing_is_pushed(dice_game, alice, bob, settings, push_service,
                                              django_capture_on_commit_callbacks):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    subscribe_directly(bob, Browser(), f"{push_service.url}/push/bob")
    with django_capture_on_commit_callbacks(execute=True):
        services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    assert push_service.received == []


# --- the API ---------------------------------------------------------------------------------------------
URL = "/api/me/push-subscriptions"
GOOD = "https://push.example.org/send/abc"


def test_a_browser_registers_and_unregisters_its_subscription(alice, api, keys):
    client, browser = api(alice), Browser()
    assert client.get(URL).json() == {"enabled": True, "public_key": keys.VAPID_PUBLIC_KEY, "subscriptions": 0}
    made = client.post(URL, browser.subscription(GOOD), format="json")
    assert made.status_code == 201 and made.json()["endpoint"] == GOOD
    again = client.post(URL, browser.subscription(GOOD), format="json")  # the same browser again: one row
    assert again.status_code == 201 and PushSubscription.objects.filter(user=alice).count() == 1
    assert client.delete(URL, {"endpoint": GOOD}, format="json").status_code == 204
    assert not PushSubscription.objects.exists()
    assert client.delete(URL, {"endpoint": GOOD}, format="json").status_code == 404


@pytest.mark.parametrize("change, field", [
    (lambda s: s.update(endpoint="http://push.example.org/x"), "endpoint"),
    (lambda s: s.update(endpoint="https://127.0.0.1/x"), "endpoint"),
    (lambda s: s.update(endpoint="https://localhost/x"), "endpoint"),
    (lambda s: s.update(endpoint="https://[::1]/x"), "endpoint"),
    (lambda s: s.update(endpoint="not a url"), "endpoint"),
    (lambda s: s.update(endpoint="https://push.example.org/" + "a" * 1000), "endpoint"),
    (lambda s: s.pop("endpoint"), "endpoint"),
    (lambda s: s.pop("keys"), "keys"),
    (lambda s: s["keys"].pop("p256dh"), "keys.p256dh"),
    (lambda s: s["keys"].update(p256dh="AAAA"), "keys.p256dh"),
    (lambda s: s["keys"].update(p256dh="!!not base64!!"), "keys.p256dh"),
    (lambda s: s["keys"].pop("auth"), "keys.auth"),
    (lambda s: s["keys"].update(auth=vapid.b64url(b"x" * 15)), "keys.auth"),
    (lambda s: s["keys"].update(auth=12), "keys.auth"),
])
def test_a_bad_subscription_is_a_400_naming_the_field_and_stores_nothing(alice, api, change, field):
    data = Browser().subscription(GOOD)
    change(data)
    answer = api(alice).post(URL, data, format="json")
    assert answer.status_code == 400 and answer.json()["field"] == field, answer.json()
    assert not PushSubscription.objects.exists()


def test_a_suspended_user_cannot_register_and_a_visitor_is_refused(alice, api):
    assert api().post(URL, Browser().subscription(GOOD), format="json").status_code in (401, 403)
    client = api(alice)
    alice.is_active = False
    alice.save()
    assert client.post(URL, Browser().subscription(GOOD), format="json").status_code in (401, 403)
    assert not PushSubscription.objects.exists()


def test_a_user_registers_at_most_a_few_browsers(alice, api):
    client = api(alice)
    for i in range(push.MAX_PER_USER):
        assert client.post(URL, Browser().subscription(f"{GOOD}/{i}"), format="json").status_code == 201
    refused = client.post(URL, Browser().subscription(f"{GOOD}/more"), format="json")
    assert refused.status_code == 409 and PushSubscription.objects.count() == push.MAX_PER_USER


# --- the key pair and the service worker ------------------------------------------------------------------------
def test_generate_vapid_keys_prints_a_matching_pair(capsys):
    call_command("generate_vapid_keys")
    lines = dict(line.split("=", 1) for line in capsys.readouterr().out.split())
    public, private = unb64(lines["VAPID_PUBLIC_KEY"]), unb64(lines["VAPID_PRIVATE_KEY"])
    assert len(public) == 65 and public[0] == 4 and len(private) == 32
    derived = ec.derive_private_key(int.from_bytes(private, "big"), ec.SECP256R1()).public_key()
    assert derived.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint) == public


def test_the_service_worker_is_served_from_the_root(client):
    answer = client.get("/push-sw.js")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/javascript")
    assert answer["Service-Worker-Allowed"] == "/" and b"showNotification" in answer.content
