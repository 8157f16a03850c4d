"""The daily digest (issue 19.2, 19.8): each user at most one e-mail a day with their unread notifications
not yet mailed, read back from a real SMTP server; exactly once under two concurrent runs (PostgreSQL),
and "e-mails sent per digest run" measured for N users."""

import time
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone

from games import digest, mailprefs, services
from games.models import Digest, Notification, Preferences
from tests.conftest import accepted_game, require
from tests.games.mailserver import body
from tests.games.races import at_once

pytestmark = pytest.mark.django_db
DAY = timedelta(days=1)


def tomorrow_at(hour: int) -> datetime:
    """A digest run's moment: tomorrow, ``hour`` o'clock UTC (every notification now is before its cut)."""
    return (timezone.now().astimezone(UTC) + DAY).replace(hour=hour, minute=30, second=0, microsecond=0)


def players(count: int, prefix: str = "p") -> list:
    return [User.objects.create_user(f"{prefix}{i}", email=f"{prefix}{i}@example.org") for i in range(count)]


def tell(users, game, kind="your_move", text="Your move in Dice (you play b).") -> None:
    Notification.objects.bulk_create(Notification(user=u, kind=kind, game=game, seq=game.seq, text=text) for u in users)


@pytest.fixture
def game(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def test_one_digest_carries_every_unread_unmailed_digest_kind(game, smtp, settings):
    [carol] = players(1, "carol")
    tell([carol], game, "your_move", "Your move in Dice #1 (you play b).")
    tell([carol], game, "ended", "Dice #1 is over: you won (dice).")
    tell([carol], game, "invitation", "alice invites you")  # immediately by default: not the digest's
    read = Notification.objects.create(user=carol, kind="ended", game=game, seq=1, text="read already",
                                       read_at=timezone.now())
    moment = tomorrow_at(settings.DIGEST_HOUR)
    assert digest.run(moment) == 1
    [message] = smtp.messages
    assert message.rcpt_tos == ["carol0@example.org"]
    assert message["Subject"] == "Your daily digest: 2 notifications"
    text = body(message)
    assert "Your move in Dice #1 (you play b)." in text and "Dice #1 is over: you won (dice)." in text
    assert "alice invites you" not in text and "read already" not in text
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click" and "unsubscribe" in message["List-Unsubscribe"]
    assert Notification.objects.filter(user=carol, mailed_at__isnull=False).count() == 2
    read.refresh_from_db()
    assert read.mailed_at is None
    assert Digest.objects.get(user=carol).count == 2


def test_at_most_one_digest_a_day_and_nothing_mailed_twice(game, smtp, settings):
    [carol] = players(1, "carol")
    tell([carol], game, text="first")
    moment = tomorrow_at(settings.DIGEST_HOUR)
    assert digest.run(moment) == 1
    tell([carol], game, text="second")
    assert digest.run(moment + timedelta(hours=3)) == 0  # the same day: no second digest
    assert digest.run(moment + DAY) == 1  # the next day: only what the first did not carry
    first, second = smtp.messages
    assert "first" in body(first) and "second" in body(second) and "first" not in body(second)


def test_no_digest_before_the_digest_hour_nor_for_what_came_after_it(game, smtp, settings):
    settings.DIGEST_HOUR = 7
    [carol] = players(1, "carol")
    tell([carol], game)
    assert digest.run(tomorrow_at(6)) == 0
    Notification.objects.update(created_at=tomorrow_at(7) + timedelta(minutes=5))  # after the cut
    assert digest.run(tomorrow_at(9)) == 0 and smtp.messages == []


def test_the_digest_skips_users_without_an_address_who_saw_it_live_or_turned_it_off(game, smtp, settings):
    none, live, off, digest_off, on = players(5, "u")
    User.objects.filter(pk=none.pk).update(email="")
    tell([none, live, off, digest_off, on], game)
    Notification.objects.filter(user=live).update(seen_live=True)
    Preferences.change(off, {"email_enabled": False})
    Preferences.change(digest_off, {"email": {"your_move": mailprefs.NEVER}})
    assert digest.run(tomorrow_at(settings.DIGEST_HOUR)) == 1
    assert [m.rcpt_tos for m in smtp.messages] == [["u4@example.org"]]


def test_the_digests_unsubscribe_link_stops_all_e_mail(game, smtp, settings):
    from django.test import Client

    [carol] = players(1, "carol")
    tell([carol], game)
    digest.run(tomorrow_at(settings.DIGEST_HOUR))
    link = str(smtp.messages[0]["List-Unsubscribe"]).strip()[1:-1].removeprefix("http://testserver")
    assert Client().post(link, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded").status_code == 200
    assert not Preferences.objects.get(user=carol).email_enabled


def test_a_digest_run_sends_one_e_mail_per_user_measured(game, smtp, settings, capsys):
    """The issue's figure: e-mails sent per digest run for N users (printed; counts asserted, no timing)."""
    n = 40
    users = players(n)
    for _ in range(3):
        tell(users, game)
    moment = tomorrow_at(settings.DIGEST_HOUR)
    started = time.perf_counter()
    first = digest.run(moment)
    took = time.perf_counter() - started
    second = digest.run(moment)
    with capsys.disabled():
        print(f"\ndigest ({connection.vendor}): {n} users x 3 notifications: run 1 sent {first} e-mails in {took:.2f} s, "
              f"run 2 sent {second}; SMTP received {len(smtp.messages)}")
    assert (first, second) == (n, 0) and len(smtp.messages) == n
    assert sorted(m.rcpt_tos[0] for m in smtp.messages) == sorted(u.email for u in users)
    assert all(m["Subject"] == "Your daily digest: 3 notifications" for m in smtp.messages)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_digest_runs_mail_each_user_exactly_once(dice_game, smtp, settings, capsys):
    require(connection.vendor == "postgresql", "row locks and a unique index under concurrent runs need PostgreSQL")
    alice, bob = players(2, "player")
    game = services.create_game(creator=alice, name="dice", seats=[{"user": alice.username}, {"user": bob.username}])
    n = 30
    users = players(n)
    for _ in range(2):
        tell(users, game)
    moment = tomorrow_at(settings.DIGEST_HOUR)
    results = at_once(lambda: digest.run(moment), 2)
    with capsys.disabled():
        print(f"\ndigest, two concurrent runs (postgresql): {n} users: e-mails sent per run {sorted(results)}, "
              f"SMTP received {len(smtp.messages)} (one is player1's invitation)")
    assert all(isinstance(r, int) for r in results), results
    assert sum(results) == n
    digests = [m for m in smtp.messages if m["Subject"].startswith("Your daily digest")]  # not the invitation's
    assert sorted(m.rcpt_tos[0] for m in digests) == sorted(u.email for u in users)  # each once
    assert Digest.objects.count() == n
    assert Notification.objects.filter(user__in=users, mailed_at__isnull=True).count() == 0
