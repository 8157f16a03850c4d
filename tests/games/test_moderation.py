"""Moderation as events, with the dice-and-deck double: each act, its event, and who may do it."""

from datetime import timedelta

import pytest

from games import audit, moderation, selectors, services
from games.errors import Conflict, Forbidden, InvalidRequest
from games.models import AppendOnlyError, Event, Game, Report, Sanction
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def mod(make_user):
    return make_user("mod", is_staff=True)


@pytest.fixture
def game(dice_game, alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def last_kinds(game, n):
    return list(game.events.order_by("-seq").values_list("kind", flat=True)[:n])[::-1]


def moderation_event(game):
    return game.events.filter(kind=Event.Kind.MODERATION).order_by("-seq").first()


def play(user, game, text="roll"):
    game.refresh_from_db()
    return services.submit_action(user=user, game_id=game.pk, text=text, expected_seq=game.seq)


def test_abort_appends_the_act_then_an_end_that_reveals_the_seed(game, mod, alice):
    moderation.abort(moderator=mod, game_id=game.pk, reason="both players asked")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.to_act is None
    assert last_kinds(game, 2) == ["moderation", "end"]
    act = moderation_event(game)
    assert act.payload == {"act": "abort", "moderator": "mod", "reason": "both players asked"}
    end = game.events.get(kind="end")
    assert end.payload == {"outcome": moderation.ABORTED, "seed": game.seed}
    # Players read the act, its moderator and reason in the public history; the history still proves itself.
    row = next(r for r in selectors.history(game) if r["kind"] == "moderation")
    assert row["payload"]["moderator"] == "mod" and row["payload"]["reason"] == "both players asked"
    assert audit.verify_game(game) == []
    with pytest.raises(Conflict):
        play(alice, game)


def test_adjudicate_declares_winners_in_seat_order_and_names_the_reason(game, mod):
    with pytest.raises(InvalidRequest, match="seat names among a, b") as err:
        moderation.adjudicate(moderator=mod, game_id=game.pk, winners=["c"], reason="x")
    assert err.value.field == "winners"
    moderation.adjudicate(moderator=mod, game_id=game.pk, winners=["b", "a"], reason="a shared win, bug #12")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.outcome == {"winners": ["a", "b"], "reason": "adjudication", "scores": None}
    assert moderation_event(game).payload["winners"] == ["a", "b"]
    assert last_kinds(game, 2) == ["moderation", "end"]
    assert audit.verify_game(game) == []


def test_a_bot_replaces_an_absent_player_and_plays_at_once_when_to_act(
    game, mod, alice, django_capture_on_commit_callbacks
):
    seeds = list(game.seats.order_by("number").values_list("client_seed", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        moderation.replace_with_bot(moderator=mod, game_id=game.pk, seat="a", level="random", reason="alice vanished")
    game.refresh_from_db()
    act = game.events.get(kind="moderation")
    assert act.payload["previous"] == "alice" and act.payload["player"] == "bot:random"
    assert game.seats.get(number=0).bot == "random" and game.seats.get(number=0).user is None
    # The bot took seat a's turn: its move follows the act.
    assert game.events.filter(seq__gt=act.seq, kind="move", actor="a").exists()
    # The chance stream stays committed from the start: the seat keeps its client seed.
    assert list(game.seats.order_by("number").values_list("client_seed", flat=True)) == seeds
    with pytest.raises(Forbidden, match="no seat"):
        services.resign(user=alice, game_id=game.pk)


def test_a_seat_is_handed_to_another_user_who_plays_on(game, mod, bob, make_user):
    carol = make_user("carol")
    with pytest.raises(Conflict, match="already has a seat"):
        moderation.hand_seat(moderator=mod, game_id=game.pk, seat=1, username="alice", reason="swap")
    moderation.hand_seat(moderator=mod, game_id=game.pk, seat=1, username="carol", reason="bob handed over")
    assert moderation_event(game).payload | {"reason": "-"} == {
        "act": "hand_seat", "moderator": "mod", "reason": "-", "seat": 1, "seat_name": "b",
        "previous": "bob", "player": "carol", "rated": False,  # carol did not take the seat herself
    }
    game.refresh_from_db()
    assert game.rated is False
    play(game.seats.get(number=0).user, game)
    with pytest.raises(Forbidden):
        play(bob, game)
    play(carol, game)
    game.refresh_from_db()
    assert game.events.filter(kind="move", actor="b").count() == 1
    assert audit.verify_game(game) == []


def test_extend_deadline_moves_the_clock_and_says_so(game, mod, alice, bob):
    with pytest.raises(Conflict, match="no deadline"):
        moderation.extend_deadline(moderator=mod, game_id=game.pk, hours=24, reason="untimed")
    timed = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}],
                                 time_control={"days_per_move": 1})
    due = timed.deadline_at
    assert due is not None
    with pytest.raises(InvalidRequest, match="hours must be"):
        moderation.extend_deadline(moderator=mod, game_id=timed.pk, hours=0, reason="none")
    moderation.extend_deadline(moderator=mod, game_id=timed.pk, hours=48, reason="server outage")
    timed.refresh_from_db()
    assert timed.deadline_at == due + timedelta(hours=48)
    payload = moderation_event(timed).payload
    assert payload["hours"] == 48 and payload["deadline"] == timed.deadline_at.isoformat()
    moderation.abort(moderator=mod, game_id=timed.pk, reason="stop the clock")
    timed.refresh_from_db()
    assert timed.deadline_at is None


def test_suspend_refuses_every_write_and_tells_the_players_then_reinstate(game, mod, alice, bob):
    moderation.suspend(moderator=mod, username="alice", reason="abusive chat")
    alice.refresh_from_db()
    assert not alice.is_active
    assert Sanction.objects.get(user=alice).act == "suspend"
    assert moderation_event(game).payload == {"act": "suspend", "moderator": "mod", "reason": "abusive chat", "user": "alice"}
    with pytest.raises(Forbidden, match="suspended"):
        play(alice, game)
    with pytest.raises(Forbidden, match="suspended"):
        moderation.file_report(reporter=alice, game_id=game.pk, reason="revenge")
    with pytest.raises(Conflict, match="already suspended"):
        moderation.suspend(moderator=mod, username="alice", reason="again")
    moderation.reinstate(moderator=mod, username="alice", reason="appeal upheld")
    alice.refresh_from_db()
    assert alice.is_active and list(Sanction.objects.filter(user=alice).values_list("act", flat=True)) == [
        "reinstate", "suspend"
    ]
    play(alice, game)


@pytest.mark.parametrize(
    ("act", "arguments"),
    [
        (moderation.abort, {}),
        (moderation.adjudicate, {"winners": ["a"]}),
        (moderation.replace_with_bot, {"seat": 0, "level": "random"}),
        (moderation.hand_seat, {"seat": 0, "username": "bob"}),
        (moderation.extend_deadline, {"hours": 1}),
    ],
)
def test_a_player_cannot_moderate_and_nothing_is_appended(game, bob, act, arguments):
    before = game.events.count()
    with pytest.raises(Forbidden, match="only a moderator"):
        act(moderator=bob, game_id=game.pk, reason="I want to", **arguments)
    assert game.events.count() == before


def test_a_moderator_must_give_a_reason_and_cannot_touch_a_finished_game(game, mod):
    with pytest.raises(InvalidRequest, match="needs a reason"):
        moderation.abort(moderator=mod, game_id=game.pk, reason="  ")
    moderation.abort(moderator=mod, game_id=game.pk, reason="test")
    with pytest.raises(Conflict, match="nothing left to moderate"):
        moderation.adjudicate(moderator=mod, game_id=game.pk, winners=[], reason="too late")


def test_users_are_suspended_only_by_moderators(alice, bob, mod):
    with pytest.raises(Forbidden):
        moderation.suspend(moderator=bob, username="alice", reason="I lost")
    with pytest.raises(Conflict, match="own account"):
        moderation.suspend(moderator=mod, username="mod", reason="oops")
    alice.refresh_from_db()
    assert alice.is_active and not Sanction.objects.exists()


def test_reports_are_filed_queued_and_closed_with_an_outcome(game, alice, bob, mod):
    report = moderation.file_report(reporter=alice, game_id=game.pk, username="bob", reason="stalling for days")
    moderation.file_report(reporter=bob, username="alice", reason="rude")
    with pytest.raises(InvalidRequest, match="yourself"):
        moderation.file_report(reporter=alice, username="alice", reason="x")
    with pytest.raises(InvalidRequest, match="name a game"):
        moderation.file_report(reporter=alice, reason="x")
    with pytest.raises(Forbidden):
        moderation.report_queue(alice)
    assert [r.pk for r in moderation.report_queue(mod)][0] == report.pk  # oldest first
    with pytest.raises(Forbidden):
        moderation.close_report(moderator=alice, report_id=report.pk, outcome="dismissed")
    moderation.close_report(moderator=mod, report_id=report.pk, outcome="warned bob")
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED and report.handled_by == mod and report.closed_at is not None
    assert report.pk not in [r.pk for r in moderation.report_queue(mod)]
    with pytest.raises(Conflict, match="already closed"):
        moderation.close_report(moderator=mod, report_id=report.pk, outcome="again")


def test_roles_moderators_are_staff_auditors_are_the_group(alice, mod):
    assert moderation.is_moderator(mod) and not moderation.is_moderator(alice)
    assert not moderation.is_auditor(alice)
    moderation.make_auditor(alice)
    assert moderation.is_auditor(alice) and not moderation.is_moderator(alice)


def test_nobody_edits_an_event(game):
    event = game.events.get(seq=1)
    event.notation = "forged"
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        game.events.update(notation="forged")
