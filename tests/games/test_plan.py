"""The write plan's draft (``games.plan.Draft``): pure, so no database here."""

from dataclasses import asdict, replace
from datetime import UTC, datetime

import pytest

from engine import get_game
from games import plan

PASO = get_game("paso")
AT = datetime(2026, 3, 1, tzinfo=UTC)


def head(**changes) -> plan.Head:
    state = PASO.setup(2, {})
    fields = dict(
        game_id=1, seq=3, hash="ab" * 32, state=state, name="paso", players=2, options={}, rules_version=1,
        status=plan.ACTIVE, to_act=PASO.actor(state), deadline_at=None, draw_offer=(), rated=False,
        time_control={}, seed="00" * 32, client_seeds=("", ""), users=(10, 11), bots=("", ""),
        taken=(True, True), invited=(None, None),
    )
    return plan.Head(**(fields | changes))


def test_revised_is_replace_without_the_per_field_copy():
    before = head()
    assert asdict(plan.revised(before, seq=9, to_act=1)) == asdict(replace(before, seq=9, to_act=1))
    assert before.seq == 3  # the head it came from is left alone


def test_revised_refuses_a_field_a_head_does_not_have():
    with pytest.raises(AssertionError, match="not a head field"):
        plan.revised(head(), colour="red")


def test_facts_are_read_again_after_every_kind_of_change():
    # facts() is kept between calls (a move asks for it three times): each change must drop it.
    draft = plan.Draft(head(), AT)
    assert draft.facts() is draft.facts()
    draft.set(to_act=1)
    assert draft.facts().to_act == 1
    draft.seat(1, bot="random")
    assert draft.facts().bots == ("", "random")
    moved = PASO.apply(draft.state, PASO.legal_actions(draft.state)[0])
    draft.state = moved
    assert draft.facts().state is moved
    draft.row = {}  # what an answer that failed puts back
    assert draft.facts().to_act == draft.head.to_act


def test_the_plan_after_a_move_carries_its_seq_and_hash():
    start = head()
    text = PASO.format(PASO.legal_actions(start.state)[0])
    planned = plan.plan_action(PASO, start, start.to_act, text, at=AT, now=AT, snapshot_every=0)
    assert (planned.after.seq, planned.after.hash) == (start.seq + 1, planned.events[-1]["hash"])
    assert planned.after.to_act == PASO.actor(planned.state) == planned.to_act
