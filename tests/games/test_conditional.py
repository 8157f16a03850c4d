"""Conditional moves (issue 19 item 7): a waiting player's tree answers the opponent's whole turn in
the same write plan, keeps the branch's subtree, is discarded off the tree, is checked when it fires,
and is never visible to the opponent."""

import logging
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib import admin

from games import broadcast, clock, conditional, selectors, services
from games.errors import Conflict, Forbidden, InvalidRequest
from games.models import ConditionalTree, Event, Game, Outbox
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SOUTH_TURN = ["brahmin summon D a2 r0", "brahmin summon D b1 r0", "end"]
NORTH_TURN = ["brahmin summon D a4 r0", "brahmin summon D b4 r0", "end"]
#: bob's (north's) tree: two levels, the second a whole turn of several actions.
DEEP = [{"if": "temple a1", "then": "temple a5", "next": [{"if": SOUTH_TURN, "then": NORTH_TURN}]}]


def paso(alice, bob, **extra) -> Game:
    """alice plays south (seat 0, to act first), bob north."""
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}], **extra)


def tibetana(alice, bob) -> Game:
    return accepted_game(creator=alice, name="tibetana", seats=[{"user": "alice"}, {"user": "bob"}])


def move(user, game, text):
    game.refresh_from_db()
    return services.submit_action(user=user, game_id=game.pk, text=text, expected_seq=game.seq)


def moves(game):
    return list(Event.objects.filter(game=game, kind="move").order_by("seq").values_list("actor", "notation", "payload"))


# --- firing -----------------------------------------------------------------------------------------
def test_a_paso_tree_answers_at_once_and_keeps_its_subtree_two_levels_deep(alice, bob):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=DEEP)
    answer = move(alice, game, "temple a1")
    game.refresh_from_db()
    assert answer["seq"] == game.seq  # the opponent's move and the answer: one plan, one head
    assert moves(game) == [("south", "temple a1", {}), ("north", "temple a5", {"conditional": True})]
    kept = ConditionalTree.objects.get(game=game, seat=1)
    assert kept.tree == [{"if": SOUTH_TURN, "then": NORTH_TURN, "next": []}] and game.conditionals == 1
    for text in SOUTH_TURN:
        move(alice, game, text)
    game.refresh_from_db()
    assert [m[1] for m in moves(game)[-3:]] == NORTH_TURN
    assert all(m[2] == {"conditional": True} for m in moves(game)[-3:])
    assert game.to_act == 0 and game.conditionals == 0 and not ConditionalTree.objects.exists()  # spent


def test_the_text_form_stores_the_same_tree(alice, bob):
    game = paso(alice, bob)
    text = f"temple a1 -> temple a5; {', '.join(SOUTH_TURN)} -> {', '.join(NORTH_TURN)}\ntemple b1 -> temple b5"
    stored = conditional.store(user=bob, game_id=game.pk, text=text)
    assert stored["tree"][0]["next"][0]["then"] == NORTH_TURN and stored["tree"][1]["then"] == ["temple b5"]
    assert stored["text"].splitlines()[1] == "temple b1 -> temple b5"


def test_a_tibetana_tree_waits_for_the_whole_turn_then_answers_it(alice, bob):
    game = tibetana(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=[{"if": ["move G b2-a1", "end"], "then": ["move G d2-c2", "end"]}])
    move(alice, game, "move G b2-a1")
    assert ConditionalTree.objects.get(game=game).partial == ["move G b2-a1"]  # the turn so far
    assert moves(game)[-1][0] == "pink"
    move(alice, game, "end")
    game.refresh_from_db()
    assert moves(game)[-2:] == [("green", "move G d2-c2", {"conditional": True}), ("green", "end", {"conditional": True})]
    assert game.to_act == 0


def test_a_move_off_the_tree_discards_it(alice, bob):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=DEEP)
    move(alice, game, "temple b1")
    game.refresh_from_db()
    assert not ConditionalTree.objects.exists() and game.conditionals == 0
    assert game.to_act == 1 and [m[1] for m in moves(game)] == ["temple b1"]


def test_a_tibetana_turn_leaving_the_tree_midway_discards_it(alice, bob):
    game = tibetana(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=[{"if": ["move G b2-a1", "end"], "then": ["end"]}])
    move(alice, game, "move G b2-a2")
    assert not ConditionalTree.objects.exists()


def test_an_answer_illegal_when_it_fires_is_refused_and_discards_the_tree(alice, bob):
    game = paso(alice, bob)
    # A tree whose answer is illegal by the time it fires (as a line past a Tibetana roll can be).
    ConditionalTree.objects.create(game=game, seat=1, user=bob, tree=[{"if": ["temple a1"], "then": ["temple a1"], "next": []}])
    Game.objects.filter(pk=game.pk).update(conditionals=1)
    move(alice, game, "temple a1")
    game.refresh_from_db()
    assert [m[1] for m in moves(game)] == ["temple a1"] and game.to_act == 1  # nothing else was played
    assert not ConditionalTree.objects.exists() and game.conditionals == 0


def test_a_suspended_players_tree_does_not_fire(alice, bob):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=DEEP)
    bob.is_active = False
    bob.save()
    move(alice, game, "temple a1")
    assert [m[1] for m in moves(game)] == ["temple a1"] and not ConditionalTree.objects.exists()


def test_a_fired_answer_that_ends_the_game_scores_it(alice, bob):
    game = tibetana(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=[{"if": ["move G b2-a1", "end"], "then": ["concede"]}])
    move(alice, game, "move G b2-a1")
    move(alice, game, "end")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.outcome["winners"] == ["pink"]
    assert moves(game)[-1] == ("green", "concede", {"conditional": True})
    assert Event.objects.filter(game=game).order_by("-seq").first().kind == "end"
    assert Outbox.objects.filter(game=game, kind="score", seq=game.seq).exists()
    assert not ConditionalTree.objects.exists() and game.conditionals == 0


def test_a_timed_game_gives_the_opponent_a_full_period_after_the_answer(alice, bob):
    game = paso(alice, bob, time_control={"days_per_move": 3})
    conditional.store(user=bob, game_id=game.pk, tree=DEEP)
    later = T0 + timedelta(days=1)
    with clock.at(later):
        move(alice, game, "temple a1")
    game.refresh_from_db()
    assert game.to_act == 0 and game.deadline_at == later + timedelta(days=3)


# --- storing: the writer and the tree checked --------------------------------------------------------------
def test_a_bad_node_is_named_by_its_path_and_nothing_is_stored(alice, bob):
    game = paso(alice, bob)
    cases = {
        "tree[0].next[0].then[0]": [{"if": "temple a1", "then": "temple a5", "next": [{"if": SOUTH_TURN, "then": "brahmin summon D a2 r0"}]}],
        "tree[0].then[0]": [{"if": "temple a1", "then": "temple a1"}],  # illegal for north there
        "tree[1].if[0]": [{"if": "temple a1", "then": "temple a5"}, {"if": "no such move", "then": "temple a5"}],
        "tree[0]": [{"if": "temple a1"}],
        "tree": {"if": "temple a1"},
    }
    for path, tree in cases.items():
        with pytest.raises(InvalidRequest) as refused:
            conditional.store(user=bob, game_id=game.pk, tree=tree)
        assert refused.value.field == path, path
    assert not ConditionalTree.objects.exists()


def test_size_limits_depth_and_branches(alice, bob):
    game = paso(alice, bob)
    deep = []
    for _ in range(12):
        deep = [{"if": "temple a1", "then": "temple a5", "next": deep}]
    with pytest.raises(InvalidRequest, match="levels deep"):
        conditional.store(user=bob, game_id=game.pk, tree=deep)
    wide = [{"if": f"temple {c}1", "then": "temple a5", "next": [{"if": f"x{i}", "then": "y"} for i in range(30)]} for c in "abcde"]
    with pytest.raises(InvalidRequest, match="at most 100 branches"):
        conditional.store(user=bob, game_id=game.pk, tree=wide)


def test_only_a_waiting_player_stores_a_tree(alice, bob, make_user):
    game = paso(alice, bob)
    with pytest.raises(Conflict, match="your turn"):
        conditional.store(user=alice, game_id=game.pk, tree=[{"if": "temple a5", "then": "temple a1"}])
    with pytest.raises(Forbidden):
        conditional.store(user=make_user("carol"), game_id=game.pk, tree=DEEP)
    other = accepted_game(creator=alice, name="mandara", players=3, seats=[{"user": "alice"}, {"user": "bob"}, {"bot": "random"}])
    with pytest.raises(Conflict, match="only"):
        conditional.store(user=alice, game_id=other.pk, tree=DEEP)
    bob.is_active = False
    bob.save()
    with pytest.raises(Forbidden, match="suspended"):
        conditional.store(user=bob, game_id=game.pk, tree=DEEP)


# --- never visible to the opponent -------------------------------------------------------------------------
SECRET = [{"if": "temple e1", "then": "temple e5"}]  # "temple e5" appears nowhere else before it fires


def test_the_api_answers_the_owner_only(api, alice, bob, make_user):
    game = paso(alice, bob)
    url = f"/api/games/{game.pk}/conditional"
    put = api(bob).put(url, {"tree": SECRET}, format="json")
    assert put.status_code == 200 and put.json()["tree"][0]["then"] == ["temple e5"]
    assert api(bob).get(url).json()["tree"] == put.json()["tree"]
    assert api(alice).get(url).json()["tree"] == []  # her own (none), never bob's
    assert api(make_user("carol")).get(url).status_code == 403
    bad = api(bob).put(url, {"tree": [{"if": "temple e1", "then": "nonsense"}]}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "tree[0].then[0]"
    for path in ("", "/state", "/history", "/legal", "/export"):
        body = api(alice).get(f"/api/games/{game.pk}{path}").content.decode()
        assert "temple e5" not in body, path
    assert api(bob).delete(url).json()["tree"] == [] and not ConditionalTree.objects.exists()


def test_no_websocket_message_log_line_or_admin_page_shows_a_tree(alice, bob, caplog):
    game = paso(alice, bob)
    with caplog.at_level(logging.DEBUG):
        conditional.store(user=bob, game_id=game.pk, tree=SECRET)
        move(alice, game, "temple a1")  # off the tree: discarded
    assert "temple e5" not in caplog.text
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=SECRET)
    messages = broadcast.messages(Game.objects.get(pk=game.pk))
    assert messages and all("temple e5" not in str(m) for m in messages.values())
    assert ConditionalTree not in admin.site._registry
    assert "temple" not in str(ConditionalTree.objects.get(game=game))


def test_the_history_marks_the_fired_move(api, alice, bob):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=DEEP)
    move(alice, game, "temple a1")
    rows = api(alice).get(f"/api/games/{game.pk}/history").json()
    fired = [r for r in rows if r["kind"] == "move" and r["payload"].get("conditional")]
    assert [r["action"] for r in fired] == ["temple a5"]
    assert selectors.history(Game.objects.get(pk=game.pk))[-1]["payload"] == {"conditional": True}


def test_the_admin_answers_no_lookup_on_whether_a_tree_waits(alice, bob, make_user, client):
    from django.contrib.auth.models import Permission

    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=SECRET)
    staff = make_user("watcher", is_staff=True)
    staff.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client.force_login(staff)
    answers = [client.get(f"/admin/games/game/?conditionals={n}").status_code for n in (0, 1)]
    assert answers == [400, 400]
    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert "temple e5" not in page


def test_the_api_takes_the_text_form_and_refuses_bad_bodies_with_4xx(api, alice, bob):
    game = paso(alice, bob)
    url = f"/api/games/{game.pk}/conditional"
    stored = api(bob).put(url, {"text": "temple a1 -> temple a5"}, format="json")
    assert stored.status_code == 200 and stored.json()["tree"] == [{"if": ["temple a1"], "then": ["temple a5"], "next": []}]
    neither = api(bob).put(url, {}, format="json")
    assert neither.status_code == 400 and neither.json()["field"] == "tree"
    bad_text = api(bob).put(url, {"text": "temple a1 then temple a5"}, format="json")
    assert bad_text.status_code == 400 and bad_text.json()["field"] == "text"
    assert api(bob).put("/api/games/999999/conditional", {"text": "temple a1 -> temple a5"}, format="json").status_code == 404
    assert api(bob).get("/api/games/999999/conditional").status_code == 404
    assert ConditionalTree.objects.get(game=game).tree[0]["then"] == ["temple a5"]  # the bad bodies changed nothing


def test_a_draft_settled_after_each_action_follows_each_action_once(alice, bob):
    """As a timed-out seat's bot turn drafts it (``timeouts``): play, settle, play, settle."""
    from django.db import transaction
    from django.utils import timezone

    from games import plan, store

    game = tibetana(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=[{"if": ["move G b2-a1", "end"], "then": ["move G d2-c2", "end"]}])
    with transaction.atomic():
        locked = store.lock_game(game.pk)
        engine, state = store.load_state(locked)
        draft = plan.Draft(plan.head_of(locked, state), timezone.now())
        for text in ("move G b2-a1", "end"):
            plan.play(draft, engine, 0, text)
            plan.settle(draft, engine, now=clock.now())
    assert [e["notation"] for e in draft.events if e["payload"].get("conditional")] == ["move G d2-c2", "end"]
    assert draft.trees == {1: None}  # spent: no subtree


def test_a_seat_handed_to_another_player_does_not_hand_them_the_tree(alice, bob, make_user):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=SECRET)
    carol = make_user("carol")
    game.seats.filter(number=1).update(user=carol)  # as a moderator's hand_seat leaves the row
    assert conditional.read(user=carol, game_id=game.pk)["tree"] == []
    move(alice, game, "temple e1")
    assert [m[1] for m in moves(game)] == ["temple e1"]  # not bob's seat any more: it does not fire
    assert not ConditionalTree.objects.exists()
