"""games.inbox_live: the unread count goes only to users with a page open, and is read only for them."""

import pytest

from games import broadcast, inbox_live, notifications

pytestmark = pytest.mark.django_db


def test_counts_are_read_and_sent_only_for_users_who_listen(monkeypatch, alice, bob):
    sent, asked = [], []
    monkeypatch.setattr(broadcast, "deliver", sent.append)
    monkeypatch.setattr(broadcast, "listened", lambda groups: {g for g in groups if g == broadcast.user_group(bob.pk)})
    real = notifications.unread_of
    monkeypatch.setattr(notifications, "unread_of", lambda ids: asked.append(list(ids)) or real(ids))
    inbox_live.send_unread([alice.pk, bob.pk, bob.pk])
    assert asked == [[bob.pk]]
    assert sent == [{broadcast.user_group(bob.pk): {"type": "inbox.unread", "unread": 0}}]


def test_nobody_listening_costs_no_count(monkeypatch, alice):
    monkeypatch.setattr(broadcast, "listened", lambda groups: set())
    monkeypatch.setattr(notifications, "unread_of", lambda ids: pytest.fail("counted for nobody"))
    monkeypatch.setattr(broadcast, "deliver", lambda by_group: pytest.fail("sent to nobody"))
    inbox_live.send_unread([alice.pk])
