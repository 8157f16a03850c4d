"""The corpus checker names the game, the event and the first differing field; rules versions replay
old games under the version they were created with."""

from pathlib import Path

import pytest

import engine
from engine import get_game
from games import audit, corpus, services
from games.ledger import GENESIS, event_hash
from games.store import load_state
from tests.conftest import accepted_game
from tests.doubles import DICE, DICE_V2

CORPUS = Path(__file__).parents[1] / "corpus"


def paso_game() -> corpus.CorpusGame:
    """A Paso corpus game that ends by the rules, long enough for a position hash before its end."""
    found = [g for g in corpus.corpus_games(CORPUS) if g.sidecar()["game"] == "paso"
             and g.sidecar()["outcome"]["reason"] == "poisoning" and g.sidecar()["events"] > 50]
    assert found, "the corpus has a Paso game won by poisoning"
    return found[0]


# --- the JSON diff ---------------------------------------------------------------------------------
def test_first_difference_walks_keys_in_order_into_lists():
    assert corpus.first_difference({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]}) is None
    assert corpus.first_difference({"b": 1, "a": {"x": [1, 2]}}, {"b": 2, "a": {"x": [1, 3]}}) == ("a.x[1]", 2, 3)
    assert corpus.first_difference({"a": [1]}, {"a": [1, 2]}) == ("a.length", 1, 2)
    assert corpus.first_difference({"a": 1}, {"b": 1}) == ("a", 1, "(absent)")
    assert corpus.first_difference({"a": 1}, {"a": True}) == ("a", 1, True)  # 1 == True, but not the same JSON


# --- the gate's checker on a rules change without a version bump -------------------------------------
def test_a_changed_paso_rule_fails_the_check_naming_game_event_and_field(monkeypatch):
    game = paso_game()
    assert corpus.check_positions(game) == []
    recorded = game.documents()[25]["reserve"]["L"]
    monkeypatch.setattr("engine.paso.state.FULL_RESERVE", (4, 4, 4, 5))  # a fifth L tile (P4 changed)
    problems = corpus.check_positions(game)
    game_id = game.records()[0]["game"]
    assert problems == [f"{game.label} (game {game_id}): event 25: the position differs first at reserve.L: "
                        f"recorded {recorded}, replayed {recorded + 1}"]


def test_a_changed_outcome_fails_the_check_at_the_end_event(monkeypatch):
    game = paso_game()
    paso = get_game("paso")
    before = paso.outcome
    monkeypatch.setattr(paso, "outcome", lambda state: before(state) and {**before(state), "reason": "protection"})
    problems = corpus.check_positions(game)
    assert len(problems) == 1
    assert f"event {game.sidecar()['events']}: the outcome differs first at reason: recorded \"poisoning\", " \
           f"replayed \"protection\"" in problems[0]


def test_a_move_todays_engine_refuses_is_named_by_its_event(monkeypatch):
    game = paso_game()
    paso = get_game("paso")
    first_move = next(r for r in game.records() if r["kind"] == "move")

    def refuse(text, state=None):
        raise engine.NotationError(f"cannot read {text!r}")

    monkeypatch.setattr(paso, "parse", refuse)
    problems = corpus.check_positions(game)
    assert len(problems) == 1 and f"event {first_move['seq']}: today's engine refuses" in problems[0]


# --- rules versions ----------------------------------------------------------------------------------------
@pytest.fixture
def dice_versions():
    """The dice double at rules version 1; ``bump()`` makes version 2 current (version 1 still plays)."""
    engine.register(DICE)
    yield lambda: engine.register(DICE_V2)
    engine.unregister("dice")


def new_dice(alice):
    return accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])


def play_dice(game, alice, bob):
    users = {0: alice, 1: bob}
    while True:
        game.refresh_from_db()
        if game.status != "active":
            return game
        services.submit_action(user=users[game.to_act], game_id=game.pk, text="roll", expected_seq=game.seq)


def rehash(records):
    prev = GENESIS
    for record in records:
        record["prev_hash"] = prev
        record["hash"] = prev = event_hash(prev, record)
    return records


def test_an_engine_declares_a_rules_version_and_plays_only_the_versions_it_keeps():
    for name in engine.available():
        assert get_game(name).rules_version == 1 and get_game(name, rules_version=1) is get_game(name)
    with pytest.raises(engine.UnknownRulesVersion, match="paso plays rules version 1; it cannot play version 2"):
        get_game("paso", rules_version=2)


@pytest.mark.django_db
def test_a_game_records_its_version_and_goes_on_under_it_after_a_bump(dice_versions, alice, bob):
    old = new_dice(alice)
    assert old.events.get(seq=1).payload["rules_version"] == 1 and old.rules_version == 1
    dice_versions()  # deploy version 2
    finished_old = play_dice(old, alice, bob)
    assert load_state(finished_old)[0] is DICE
    new = play_dice(new_dice(alice), alice, bob)
    assert new.events.get(seq=1).payload["rules_version"] == 2 and load_state(new)[0] is DICE_V2
    for game in (finished_old, new):
        assert audit.verify_game(game) == []
    state = load_state(finished_old)[1]
    assert finished_old.outcome == DICE.outcome(state) != DICE_V2.outcome(state)  # it ended by its own rules


@pytest.mark.django_db
def test_an_export_without_a_rules_version_imports_as_version_1_and_an_unknown_one_is_refused(
    dice_versions, alice, bob
):
    records = audit.game_records(play_dice(new_dice(alice), alice, bob))
    dice_versions()
    del records[0]["payload"]["rules_version"]  # as exports made before versions were recorded
    assert audit.verify_records(rehash(records)) == []
    records[0]["payload"]["rules_version"] = 3
    assert audit.verify_records(rehash(records)) == ["event 1: dice plays rules version 2; it cannot play version 3"]
