"""Game chat (issue 19, item 5): stored and ordered apart from the history, rooms, limits, reports,
hiding, muting, and the "chat while you were away" notification."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import chat, presence, services
from games.errors import Conflict, Forbidden, InvalidRequest, NotFound, TooManyRequests
from games.models import ChatMessage, ChatModeration, ChatMute, Event, Notification, Outbox
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def moderator(make_user):
    return make_user("mod", is_staff=True)


def test_lines_are_stored_in_order_and_are_not_events(pair, alice, bob):
    events = Event.objects.filter(game=pair).count()
    for user, text in [(alice, "hello"), (bob, "hi"), (alice, "good luck")]:
        chat.post(user=user, game_id=pair.pk, room="players", text=text)
    assert [line.text for line in chat.lines(user=bob, game_id=pair.pk, room="players")] == ["hello", "hi", "good luck"]
    assert Event.objects.filter(game=pair).count() == events  # a chat line is no move


def test_the_players_room_is_the_players_own_and_the_spectators_room_is_closed_to_them_while_it_runs(
        pair, alice, bob, carol):
    """The rooms' rule of games.chat: spectators cannot advise a player while the game runs."""
    with pytest.raises(Forbidden):
        chat.lines(user=carol, game_id=pair.pk, room="players")
    with pytest.raises(Forbidden):
        chat.post(user=carol, game_id=pair.pk, room="players", text="play b")
    chat.post(user=carol, game_id=pair.pk, room="spectators", text="alice should roll")
    with pytest.raises(Forbidden):
        chat.lines(user=alice, game_id=pair.pk, room="spectators")
    with pytest.raises(Forbidden):
        chat.post(user=alice, game_id=pair.pk, room="spectators", text="hi all")
    services.resign(user=bob, game_id=pair.pk)
    assert [line.text for line in chat.lines(user=alice, game_id=pair.pk, room="spectators")] == ["alice should roll"]
    chat.post(user=alice, game_id=pair.pk, room="spectators", text="thanks for watching")


@pytest.mark.parametrize("text", ["", "   ", "x" * (chat.MAX_TEXT + 1), None, 5, "nul\x00"])
def test_empty_over_long_or_unstorable_text_is_refused_naming_text(pair, alice, text):
    with pytest.raises(InvalidRequest) as refused:
        chat.post(user=alice, game_id=pair.pk, room="players", text=text)
    assert refused.value.field == "text"
    assert not ChatMessage.objects.exists()


def test_an_unknown_room_or_game_is_refused(pair, alice):
    with pytest.raises(InvalidRequest) as refused:
        chat.post(user=alice, game_id=pair.pk, room="lobby", text="hi")
    assert refused.value.field == "room"
    with pytest.raises(NotFound):
        chat.post(user=alice, game_id=pair.pk + 100, room="players", text="hi")


def test_a_suspended_user_writes_nothing(pair, alice):
    alice.is_active = False
    alice.save()
    with pytest.raises(Forbidden):
        chat.post(user=alice, game_id=pair.pk, room="players", text="hi")


def test_a_muted_user_is_refused_until_the_mute_ends_or_is_lifted(pair, alice, moderator):
    chat.mute(moderator=moderator, username="alice", reason="insults", hours=2)
    with pytest.raises(Forbidden, match="muted"):
        chat.post(user=alice, game_id=pair.pk, room="players", text="hi")
    ChatMute.objects.filter(user=alice).update(until=timezone.now() - timedelta(seconds=1))
    chat.post(user=alice, game_id=pair.pk, room="players", text="back")
    chat.mute(moderator=moderator, username="alice", reason="again", hours=None)
    with pytest.raises(Forbidden):
        chat.post(user=alice, game_id=pair.pk, room="players", text="hi")
    chat.unmute(moderator=moderator, username="alice", reason="apologised")
    chat.post(user=alice, game_id=pair.pk, room="players", text="sorry")
    acts = list(ChatModeration.objects.order_by("id").values_list("act", "user__username", "moderator__username"))
    assert acts == [("mute", "alice", "mod"), ("mute", "alice", "mod"), ("unmute", "alice", "mod")]


def test_only_moderators_mute_or_hide(pair, alice, bob):
    line = chat.post(user=alice, game_id=pair.pk, room="players", text="hi")
    with pytest.raises(Forbidden):
        chat.mute(moderator=bob, username="alice", reason="no")
    with pytest.raises(Forbidden):
        chat.hide(moderator=bob, message_id=line["id"], reason="no")
    assert not ChatMute.objects.exists() and not ChatMessage.objects.filter(hidden=True).exists()


def test_chat_lines_are_throttled_per_user(pair, alice, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "chat": "2/m"}
    chat.post(user=alice, game_id=pair.pk, room="players", text="one")
    chat.post(user=alice, game_id=pair.pk, room="players", text="two")
    with pytest.raises(TooManyRequests) as refused:
        chat.post(user=alice, game_id=pair.pk, room="players", text="three")
    assert refused.value.status == 429 and refused.value.retry_after >= 1
    assert ChatMessage.objects.count() == 2


def test_a_reader_reports_a_line_once_and_not_their_own(pair, alice, bob, carol):
    line = chat.post(user=alice, game_id=pair.pk, room="players", text="you cheat")
    chat.report(user=bob, message_id=line["id"], reason="rude")
    with pytest.raises(Conflict):
        chat.report(user=bob, message_id=line["id"], reason="rude again")
    with pytest.raises(Forbidden):
        chat.report(user=alice, message_id=line["id"])
    with pytest.raises(Forbidden):  # carol cannot read the players' room: nor report in it
        chat.report(user=carol, message_id=line["id"])
    assert ChatMessage.objects.get(pk=line["id"]).reports.count() == 1


def test_a_hidden_line_is_kept_marked_and_audited_and_its_text_goes_to_moderators_only(pair, alice, bob, moderator):
    line = chat.post(user=alice, game_id=pair.pk, room="players", text="rude words")
    chat.hide(moderator=moderator, message_id=line["id"], reason="insult")
    stored = ChatMessage.objects.get(pk=line["id"])
    assert stored.hidden and stored.hidden_by == moderator and stored.hidden_reason == "insult" and stored.text
    as_bob = [chat.summary(x, bob) for x in chat.lines(user=bob, game_id=pair.pk, room="players")]
    assert as_bob[0]["hidden"] and "rude" not in str(as_bob)
    as_mod = [chat.summary(x, moderator) for x in chat.lines(user=moderator, game_id=pair.pk, room="players")]
    assert as_mod[0]["text"] == "rude words" and as_mod[0]["hidden_reason"] == "insult"
    log = ChatModeration.objects.get(act="hide")
    assert (log.moderator, log.message_id, log.user, log.reason) == (moderator, line["id"], alice, "insult")
    with pytest.raises(Conflict):
        chat.hide(moderator=moderator, message_id=line["id"], reason="twice")


def test_a_seated_moderator_does_not_hide_lines_of_their_own_game(dice_game, moderator, alice):
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "mod"}])
    line = chat.post(user=alice, game_id=game.pk, room="players", text="hi")
    with pytest.raises(Forbidden):
        chat.hide(moderator=moderator, message_id=line["id"], reason="mine")


def test_links_are_marked_clickable_only_for_accounts_older_than_the_limit(pair, alice, bob, settings):
    settings.CHAT_LINK_DAYS = 7
    bob.date_joined = timezone.now() - timedelta(days=8)
    bob.save()
    new = chat.post(user=alice, game_id=pair.pk, room="players", text="see https://example.com")
    old = chat.post(user=bob, game_id=pair.pk, room="players", text="see https://example.org")
    assert new["links"] is False and old["links"] is True


def test_an_absent_player_is_told_once_and_a_present_one_not_at_all(pair, alice, bob):
    presence.mark(alice.pk, pair.pk)  # alice has the page open; bob does not
    chat.post(user=alice, game_id=pair.pk, room="players", text="your turn soon")
    chat.post(user=alice, game_id=pair.pk, room="players", text="still there?")
    chat.post(user=bob, game_id=pair.pk, room="players", text="I am now")
    told = list(Notification.objects.filter(kind="chat").values_list("user__username", flat=True))
    assert told == ["bob"]  # at most one unread per user and game; alice was present
    notice = Notification.objects.get(kind="chat")
    assert notice.text == f"alice wrote in the chat of Dice #{pair.pk} while you were away."  # never the line
    Notification.objects.filter(kind="chat").update(read_at=timezone.now())
    chat.post(user=alice, game_id=pair.pk, room="players", text="again")
    assert Notification.objects.filter(kind="chat", user=bob, read_at__isnull=True).count() == 1


def test_a_line_writes_its_live_delivery_and_the_inbox_count_to_the_outbox(pair, alice):
    line = chat.post(user=alice, game_id=pair.pk, room="players", text="hi")
    work = set(Outbox.objects.values_list("kind", "seq"))
    assert (Outbox.Kind.CHAT, line["id"]) in work and (Outbox.Kind.CHAT_INBOX, line["id"]) in work


def test_a_rolled_back_line_leaves_no_line_notification_or_work(pair, alice):
    work = Outbox.objects.count()  # the game's own writes left theirs (no commit here hands them off)
    with pytest.raises(RuntimeError), transaction.atomic():
        chat.post(user=alice, game_id=pair.pk, room="players", text="hi")
        raise RuntimeError("the surrounding write failed")
    assert not ChatMessage.objects.exists()
    assert not Notification.objects.filter(kind="chat").exists()
    assert Outbox.objects.count() == work


def test_the_database_keeps_one_unread_chat_notification_per_user_and_game(pair, bob):
    """Two lines written at once cannot both tell bob: the partial unique constraint refuses the second."""
    Notification.objects.create(user=bob, game=pair, kind="chat", seq=pair.seq, text="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        Notification.objects.create(user=bob, game=pair, kind="chat", seq=pair.seq, text="two")
    Notification.objects.filter(user=bob, kind="chat").update(read_at=timezone.now())
    Notification.objects.create(user=bob, game=pair, kind="chat", seq=pair.seq, text="three")  # read ones don't count
