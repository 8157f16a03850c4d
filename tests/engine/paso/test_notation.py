"""Notation and the order of legal actions (rulings P28, P29)."""

import pytest

from engine.core import IllegalAction, NotationError
from engine.paso import GAME

from .helpers import started

EXAMPLES = [
    "temple c1",
    "tiger walk b2.ne-b3.sw",
    "cobra walk temple-c2.sw",
    "brahmin walk c4.nw-temple",
    "tiger summon L c3 r90",
    "cobra bite d4.sw",
    "tiger levitate c3-d2",
    "brahmin meditate c3 r270",
    "end",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_p28_canonical_examples_round_trip(text):
    assert GAME.parse(text, None) == text
    assert GAME.format(text) == text


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("TIGER  Summon l C3 R90", "tiger summon L c3 r90"),
        ("\tbrahmin\twalk c4.NW - temple ", "brahmin walk c4.nw-temple"),
        ("Tiger levitate c3 -d2", "tiger levitate c3-d2"),
        ("END", "end"),
        ("temple   E5", "temple e5"),
    ],
)
def test_p28_parse_accepts_case_blanks_and_spaces_around_the_dash(text, canonical):
    assert GAME.parse(text, None) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "tiger summon L c3 90",
        "tiger summon L c3 r360",
        "tiger summon X c3 r0",
        "brahmin walk c4.nw-rival_temple",
        "brahmin walk c4.nw->c4.ne",
        "brahmin walk c4.nw c4.ne",
        "brahmin walk c4 . nw-c4.ne",
        "tiger bite c3.nw",
        "cobra levitate c3-d2",
        "tiger meditate c3 r90",
        "temple f1",
        "end turn",
        "pass",
        "brahmin walk c4.nw-c4.ne\n",
    ],
)
def test_p28_parse_rejects_anything_else(text):
    with pytest.raises(NotationError) as err:
        GAME.parse(text, None)
    assert err.value.rule == "notation" and not isinstance(err.value, IllegalAction)
    assert str(err.value).startswith("notation: ") and "(P28)" in str(err.value)


def test_p29_legal_actions_are_in_code_point_order():
    state = started()
    legal = GAME.legal_actions(state)
    assert legal == sorted(legal)
    assert len(legal) == 241  # 3 characters x 4 types x 5 spaces x 4 orientations, and end (P6)
    assert legal.index("brahmin summon D b1 r0") < legal.index("end") < legal.index("tiger summon D b1 r0")


def test_p29_r180_sorts_before_r90():
    legal = GAME.legal_actions(started())
    assert legal.index("brahmin summon L c2 r180") < legal.index("brahmin summon L c2 r90")


def test_p29_apply_accepts_non_canonical_text():
    state = GAME.apply(started(), "Brahmin SUMMON l c2 R0")
    assert GAME.to_json(state)["spaces"]["c2"] == {"type": "L", "rot": 0}
