"""Part K: move notation (ruling N49) and legal-action order (N51)."""

import pytest

from engine.core import IllegalAction, NotationError

from .helpers import G, position


def test_n49_format_parse_round_trip_on_every_legal_action():
    s = position(3)
    actions = G.legal_actions(s)
    assert actions and all(G.format(G.parse(a, s)) == a for a in actions)


def test_n49_parser_ignores_case_and_extra_spaces():
    s = position(3)
    assert G.parse("  HUMANS.3   A13 - A8  Remove  A5 ", s) == "humans.3 a13-a8 remove a5"
    assert G.parse("Makabi.Maiden REMOVE ALL", s) == "makabi.maiden remove all"
    assert G.parse("fae.green push C8 - C7", s) == "fae.green push c8-c7"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "humans.3 jump a5",
        "roll 7",
        "deal goblins",
        "deploy fae z",
        "humans.3 a13-q99",
        "sword dais1",
        "ambush fae.green",
    ],
)
def test_n49_unreadable_text_raises_notation_error(text):
    with pytest.raises(NotationError):
        G.parse(text, position(3))


def test_n51_legal_actions_are_in_code_point_order():
    actions = G.legal_actions(position(3))
    assert actions == sorted(actions)
    assert actions.index("humans.10") < actions.index("humans.2")


def test_n51_an_illegal_action_names_the_rule_broken():
    s = position(3)
    with pytest.raises(IllegalAction) as err:
        G.play(s, "dae.1")
    assert err.value.rule == "N18"
    with pytest.raises(IllegalAction) as err:
        G.play(s, "humans.7 a8-a3")
    assert err.value.rule == "N20"
    with pytest.raises(IllegalAction) as err:
        G.play(s, "roll 4")
    assert err.value.rule == "N46"
