"""The event store through the services, with the dice-and-deck double (a die and a shuffle)."""

import hashlib

import orjson
import pytest

from engine.fair import derive_chance
from games import selectors, services
from games.errors import Conflict, Forbidden, InvalidRequest
from games.ledger import verify_chain
from games.models import Event, Game
from games.store import ENGINE_KINDS, record_of
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def new_dice_game(alice, bob):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def play(user, game, text):
    game.refresh_from_db()
    return services.submit_action(user=user, game_id=game.pk, text=text, expected_seq=game.seq)


def test_creation_commits_to_the_seed_and_deals_in_the_same_transaction(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    kinds = list(game.events.values_list("kind", flat=True))
    assert kinds == ["create", "join", "join", "start", "chance"]
    create = game.events.get(seq=1)
    assert create.payload["seed_hash"] == hashlib.sha256(bytes.fromhex(game.seed)).hexdigest()
    assert "seed" not in create.payload
    deal = game.events.get(kind="chance")
    assert deal.secret and deal.notation.startswith("deal ")
    assert game.status == "active" and game.to_act == 0


def test_a_secret_outcome_is_withheld_from_history_views_and_export_until_the_end(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    deal = game.events.get(kind="chance")
    for row in selectors.history(game):
        assert deal.notation not in str(row)
    assert selectors.view_for(game, alice)["view"]["deck"] == "hidden"
    assert selectors.view_for(game, None)["view"]["deck"] == "hidden"
    assert all("salt" not in r["payload"] for r in selectors.export_records(game))
    assert selectors.game_summary(game)["seed"] is None


def test_a_finished_game_recomputes_every_outcome_from_the_revealed_seed(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    for user in (alice, bob, alice, bob):
        play(user, game, "roll")
    game.refresh_from_db()
    assert game.status == "finished" and game.outcome["reason"] == "dice"
    end = game.events.order_by("-seq").first()
    assert end.kind == "end" and end.payload["seed"] == game.seed
    # An auditor's check, from the public history alone:
    events = list(game.events.order_by("seq"))
    seed = bytes.fromhex(end.payload["seed"])
    assert hashlib.sha256(seed).hexdigest() == events[0].payload["seed_hash"]
    client_seeds = [e.payload["client_seed"] for e in sorted(events, key=lambda e: e.payload.get("seat", 0)) if e.kind == "join"]
    state, chance_count = dice_game.setup(2), 0
    for event in events:
        if event.kind == "chance":
            derived = derive_chance(dice_game, state, seed, game.pk, event.seq, client_seeds)
            assert dice_game.format(derived) == event.notation
            chance_count += 1
        if event.kind in ENGINE_KINDS:
            state = dice_game.play(state, event.notation)
    assert chance_count == 5  # the deal and four rolls
    assert verify_chain([record_of(e) for e in events]) == []
    history = selectors.history(game)
    assert history[4]["action"].startswith("deal ")  # revealed now


def test_stale_sequence_number_is_a_conflict_and_changes_nothing(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    before = game.events.count()
    with pytest.raises(Conflict, match="stale expected_seq"):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq - 1)
    assert game.events.count() == before


def test_not_your_turn_and_not_your_game_are_forbidden(dice_game, alice, bob, make_user):
    game = new_dice_game(alice, bob)
    with pytest.raises(Forbidden, match="not your turn: a is to act"):
        services.submit_action(user=bob, game_id=game.pk, text="roll", expected_seq=game.seq)
    with pytest.raises(Forbidden, match="no seat"):
        services.submit_action(user=make_user("carol"), game_id=game.pk, text="roll", expected_seq=game.seq)


def test_illegal_action_names_the_rule_and_changes_nothing(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    seq = game.seq
    with pytest.raises(InvalidRequest) as err:
        services.submit_action(user=alice, game_id=game.pk, text="roll 6", expected_seq=seq)
    assert err.value.rule == "D2"
    with pytest.raises(InvalidRequest, match="cannot read") as err:
        services.submit_action(user=alice, game_id=game.pk, text="fly away", expected_seq=seq)
    assert err.value.rule == "notation"  # one rule name for bad notation in every game
    game.refresh_from_db()
    assert game.seq == seq and game.events.count() == seq


def test_an_idempotent_retry_returns_the_first_answer_and_appends_once(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    first = services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq, idempotency_key="k1")
    again = services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq, idempotency_key="k1")
    assert again == first
    assert Event.objects.filter(game=game, kind="move").count() == 1


def test_snapshots_are_taken_every_n_events_and_reads_use_them(dice_game, alice, bob, settings):
    settings.SNAPSHOT_EVERY = 3
    game = new_dice_game(alice, bob)
    play(alice, game, "roll")
    game.refresh_from_db()
    # Events 1-5 (create..deal) cross 3, events 6-7 (roll, its chance) cross 6.
    assert sorted(game.snapshots.values_list("seq", flat=True)) == [5, 7]
    from games.store import load_state

    engine, cached = load_state(game)
    _, rebuilt = load_state(game, use_cache=False)
    assert rebuilt == cached
    # A read starts from the latest snapshot, not from event 1: mark the snapshot with a roll no
    # event made, and an uncached read returns the mark.
    latest = game.snapshots.get(seq=7)
    marked = orjson.loads(latest.document)
    marked["rolls"][0] = [7]
    latest.document = orjson.dumps(marked).decode()
    latest.save(update_fields=["document"])
    _, read = load_state(game, use_cache=False)
    assert engine.to_json(read)["rolls"][0] == [7]


def test_open_seats_are_joined_and_the_game_starts_when_full(dice_game, alice, bob):
    game = services.create_game(creator=alice, name="dice")
    assert game.status == "open" and game.seats.filter(user=alice, number=0).exists()
    with pytest.raises(Conflict, match="already have a seat"):
        services.join_game(user=alice, game_id=game.pk)
    services.join_game(user=bob, game_id=game.pk, client_seed="bob's public seed")
    game.refresh_from_db()
    assert game.status == "active"
    join = game.events.get(kind="join", payload__seat=1)
    assert join.payload["client_seed"] == "bob's public seed"


def test_bad_creation_requests_name_the_field(dice_game, alice):
    with pytest.raises(InvalidRequest) as err:
        services.create_game(creator=alice, name="chess")
    assert err.value.field == "game"
    with pytest.raises(InvalidRequest) as err:
        services.create_game(creator=alice, name="dice", options={"speed": 3})
    assert err.value.field == "options" and "valid options: rolls" in err.value.message
    with pytest.raises(InvalidRequest) as err:
        services.create_game(creator=alice, name="dice", seats=[{"user": "nobody"}, {}])
    assert err.value.field == "seats"
    assert Game.objects.count() == 0


def test_resignation_ends_the_game_and_reveals_the_seed(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    services.resign(user=bob, game_id=game.pk)
    game.refresh_from_db()
    assert game.outcome == {"winners": ["a"], "reason": "resignation", "scores": None}
    assert list(game.events.order_by("seq").values_list("kind", flat=True))[-2:] == ["resign", "end"]
    with pytest.raises(Conflict):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)


def test_draw_offer_accept_and_decline(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    with pytest.raises(Conflict, match="no draw offer"):
        services.draw(user=bob, game_id=game.pk, choice="accept")
    services.draw(user=alice, game_id=game.pk, choice="offer")
    services.draw(user=bob, game_id=game.pk, choice="decline")
    game.refresh_from_db()
    assert game.draw_offer == [] and game.status == "active"
    services.draw(user=alice, game_id=game.pk, choice="offer")
    services.draw(user=bob, game_id=game.pk, choice="accept")
    game.refresh_from_db()
    assert game.outcome == {"winners": [], "reason": "agreement", "scores": None}


def test_a_suspended_user_cannot_write(dice_game, alice, bob):
    game = new_dice_game(alice, bob)
    alice.is_active = False
    alice.save()
    with pytest.raises(Forbidden, match="suspended"):
        services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)


def test_the_services_random_bot_never_concedes_in_tibetana_while_it_can_play_on():
    """Issue 18 review, item 1: a Tibetana game against the service's random bot ended early because
    the bot chose "concede" or "offer draw"; bot_choice (the bot's turns and the timeout bot) now
    never picks one of the engine's concession_actions while another action is legal."""
    import random
    from types import SimpleNamespace

    from engine import get_game
    from engine.bots.chance import sample_chance
    from engine.core import CHANCE

    engine = get_game("tibetana")
    state, rng, asked = engine.setup(2), random.Random(5), 0
    for seq in range(3000):
        actor = engine.actor(state)
        if actor is None:
            state = engine.setup(2)  # the next game
            continue
        if actor == CHANCE:
            state = engine.apply(state, sample_chance(engine, state, rng))
            continue
        texts = {engine.format(a) for a in engine.legal_actions(state)}
        head = SimpleNamespace(game_id=1, seq=seq, seed="ab" * 32, state=state)
        chosen = services.bot_choice(head, engine, actor, "random")
        if texts & engine.concession_actions and texts - engine.concession_actions:
            asked += 1
            assert chosen not in engine.concession_actions, (seq, chosen)
        state = engine.apply(state, engine.parse(chosen, state))
    assert asked > 100  # a bot that ignored the rule would have conceded many times over
