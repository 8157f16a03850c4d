"""E-mail of notifications (issue 19.2, 19.8): sent through a real SMTP server the test starts and read
back: the right recipients and subjects, RFC 8058's one-click unsubscribe (header and link), nothing
for a user who saw the event live, who has read it, who has no address, or for a rolled-back write."""

import re

import pytest
from django.core import mail as django_mail
from django.db import transaction
from django.test import Client

from games import mailprefs, presence, relay, services
from games.models import Notification, Preferences
from tests.conftest import accepted_game
from tests.games.mailserver import body

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def addresses(alice, bob):
    for user in (alice, bob):
        user.email = f"{user.username}@example.org"
        user.save()


@pytest.fixture(autouse=True)
def nobody_present():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def invite(alice):
    return services.create_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def link_of(message) -> str:
    return re.fullmatch(r"<(\S+)>", str(message["List-Unsubscribe"]).strip()).group(1)


def test_an_invitation_is_mailed_at_once_to_the_invited_user_only(dice_game, alice, bob, smtp,
                                                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = invite(alice)
    [message] = smtp.messages
    assert message.rcpt_tos == ["bob@example.org"] and message["To"] == "bob@example.org"
    assert message["Subject"] == f"Dice #{game.pk}: invitations"
    assert f"alice invites you to play Dice #{game.pk}, seat b." in body(message)
    assert f"http://testserver/games/{game.pk}/" in body(message)
    assert link_of(message).startswith("http://testserver/unsubscribe/") and link_of(message) in body(message)
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert Notification.objects.get(user=bob).mailed_at is not None
    assert relay.waiting() == 0  # the deliver row was handed off


def test_the_unsubscribe_link_asks_on_get_and_turns_the_kind_off_on_a_one_click_post(
        dice_game, alice, bob, smtp, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invite(alice)
    link = link_of(smtp.messages[0]).removeprefix("http://testserver")
    browser = Client(enforce_csrf_checks=True)  # a mail client: no cookie, no CSRF token
    page = browser.get(link)
    assert page.status_code == 200 and b"Stop e-mails about invitations" in page.content
    assert mailprefs.mode_of(bob, "invitation") == "immediately"  # a GET (a link scanner) changes nothing
    done = browser.post(link, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert done.status_code == 200 and b"no more e-mail about invitations" in done.content
    assert mailprefs.mode_of(bob, "invitation") == "never"
    assert mailprefs.mode_of(bob, "moderation") == "immediately"  # that kind only
    with django_capture_on_commit_callbacks(execute=True):
        invite(alice)
    assert len(smtp.messages) == 1


def test_stop_all_e_mail_turns_every_kind_off(dice_game, alice, bob, smtp, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invite(alice)
    link = link_of(smtp.messages[0]).removeprefix("http://testserver")
    assert Client().post(link, {"scope": "all"}).status_code == 200
    assert Preferences.objects.get(user=bob).email_enabled is False
    assert all(mailprefs.mode_of(bob, kind) == "never" for kind in mailprefs.DEFAULTS)


@pytest.mark.parametrize("mangle", [lambda t: t[:-2] + ("aa" if not t.endswith("aa") else "bb"), lambda t: "x" + t,
                                    lambda t: "not-a-token"])
def test_a_forged_or_garbled_link_is_refused_and_changes_nothing(dice_game, alice, bob, mangle):
    token = mangle(mailprefs.unsubscribe_token(bob.pk, "invitation"))
    for answer in (Client().get(f"/unsubscribe/{token}/"), Client().post(f"/unsubscribe/{token}/")):
        assert answer.status_code == 400 and b"not valid" in answer.content
    assert not Preferences.objects.filter(user=bob).exists()


def test_a_user_with_the_game_page_open_is_not_mailed_and_the_digest_leaves_it_out(
        dice_game, alice, bob, smtp, django_capture_on_commit_callbacks):
    Preferences.change(bob, {"email": {"your_move": "immediately"}})
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    presence.mark(bob.pk, game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    yours = Notification.objects.get(user=bob, kind="your_move")
    assert yours.seen_live and yours.delivered_at is not None and yours.mailed_at is None
    assert smtp.to("bob@example.org") == []


def test_the_seat_to_act_is_mailed_when_away(dice_game, alice, bob, smtp, django_capture_on_commit_callbacks):
    Preferences.change(bob, {"email": {"your_move": "immediately"}})
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    [message] = smtp.to("bob@example.org")
    assert message["Subject"] == f"Dice #{game.pk}: your move" and "Your move in" in body(message)


def test_a_rolled_back_write_mails_nothing(dice_game, alice, bob, smtp, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError), transaction.atomic():
            invite(alice)
            raise RuntimeError("the write fails after its plan was stored")
    assert Notification.objects.count() == 0 and relay.waiting() == 0
    assert relay.run_due(grace=0) == 0
    assert smtp.messages == []


def test_a_notification_read_before_its_delivery_is_not_mailed(dice_game, alice, bob, smtp,
                                                                django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as after_commit:
        invite(alice)
    Notification.objects.filter(user=bob).update(read_at=Notification.objects.get(user=bob).created_at)
    for callback in after_commit:
        callback()
    assert smtp.messages == [] and Notification.objects.get(user=bob).delivered_at is not None


def test_a_user_without_an_address_is_skipped(dice_game, alice, bob, smtp, django_capture_on_commit_callbacks):
    bob.email = ""
    bob.save()
    with django_capture_on_commit_callbacks(execute=True):
        invite(alice)
    assert smtp.messages == []
    assert Notification.objects.get(user=bob).mailed_at is None


def test_a_second_delivery_of_the_same_write_sends_nothing_more(dice_game, alice, bob, smtp,
                                                                django_capture_on_commit_callbacks):
    from games import delivery

    with django_capture_on_commit_callbacks(execute=True):
        game = invite(alice)
    assert delivery.deliver(game.pk, game.seq) == 0  # the outbox hands off at least once: twice is harmless
    assert len(smtp.messages) == 1


def test_a_refused_e_mail_leaves_the_notification_to_deliver_again(dice_game, alice, bob, settings,
                                                                   django_capture_on_commit_callbacks):
    from games import delivery

    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2  # nobody listens
    with django_capture_on_commit_callbacks(execute=False):
        game = invite(alice)
    with pytest.raises(OSError):
        delivery.deliver(game.pk, game.seq)
    assert Notification.objects.get(user=bob).delivered_at is None  # rolled back: the task's retry sends it
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert delivery.deliver(game.pk, game.seq) == 1 and len(django_mail.outbox) == 1


def test_the_embedded_default_prints_e_mails_to_the_console():
    from django.conf import settings

    assert settings.EMAIL_BACKEND in ("django.core.mail.backends.console.EmailBackend",
                                      "django.core.mail.backends.locmem.EmailBackend")  # pytest-django's locmem


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_plain_move_stored_by_the_one_statement_executor_is_mailed_too(dice_game, alice, bob, smtp):
    """The optimistic executor writes its notification and its deliver row in SQL: both must land."""
    from django.db import connection

    from games import optimistic
    from tests.conftest import require

    require(connection.vendor == "postgresql", "the one-statement executor runs on PostgreSQL")
    Preferences.change(bob, {"email": {"your_move": "immediately"}})
    game = accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
                         options={"quiet_turn_limit": 0})
    before = optimistic.taken["count"]
    services.submit_action(user=alice, game_id=game.pk, text="temple b1", expected_seq=game.seq)
    assert optimistic.taken["count"] == before + 1
    [message] = [m for m in smtp.to("bob@example.org") if m["Subject"].endswith("your move")]
    assert f"Your move in Paso del Brahmán #{game.pk}" in body(message)
    assert Notification.objects.get(user=bob, kind="your_move").mailed_at is not None
