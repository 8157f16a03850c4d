"""Every game's options come from one declaration: defaults pass, every bound is refused by name.

Ranges come from the rulings: Paso P24 (quiet_turn_limit), Nakatha N44 (its dials; roll needs by
the conventions' "roll need N", N39's 90 grey tiles, N25's six neighbours), Tibetana T1.1 and
Mandara M1 (no options).
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import available, get_game
from engine.core import Option, UnknownOption
from engine.sim.spec import SpecError, build_spec

GAMES = available()
DECLARED = [(name, option) for name in GAMES for option in get_game(name).options_spec(get_game(name).player_counts[0])]
INTS = [(name, option) for name, option in DECLARED if option.kind == "int"]


def _players(name: str) -> int:
    return get_game(name).player_counts[0]


@pytest.mark.parametrize("name", GAMES)
def test_declared_defaults_pass_and_set_up_a_game(name):
    game = get_game(name)
    for players in game.player_counts:
        defaults = game.default_options(players)
        assert defaults == {o.name: o.default for o in game.options_spec(players)}
        assert game.check_options(players, dict(defaults)) == defaults
        game.setup(players, defaults)


@pytest.mark.parametrize("name, option", INTS, ids=[f"{n}.{o.name}" for n, o in INTS])
def test_each_integer_bound_is_the_last_value_taken(name, option):
    game, players = get_game(name), _players(name)
    for value in (option.low, option.high):
        game.setup(players, game.check_options(players, {option.name: value}))
    for value in (option.low - 1, option.high + 1, 2**63, 2**64, -(2**64), 10**5000):
        with pytest.raises(UnknownOption) as refused:
            game.check_options(players, {option.name: value})
        message = str(refused.value)
        assert option.name in message and f"from {option.low} to {option.high}" in message
        assert len(message) < 200  # a 5,000-digit number is described, never printed


@pytest.mark.parametrize("name, option", DECLARED, ids=[f"{n}.{o.name}" for n, o in DECLARED])
def test_values_of_the_wrong_type_are_refused(name, option):
    game, players = get_game(name), _players(name)
    wrong = {"bool": [0, 1, "true", None], "int": [True, False, 3.0, "3", None, [3]], "choice": [1, True, None, ["random"]]}
    for value in wrong[option.kind]:
        with pytest.raises(UnknownOption, match=option.name):
            game.check_options(players, {option.name: value})


@pytest.mark.parametrize("name", GAMES)
def test_unknown_names_and_non_objects_are_refused(name):
    game, players = get_game(name), _players(name)
    with pytest.raises(UnknownOption, match="valid options"):
        game.check_options(players, {"no_such_dial": 1})
    with pytest.raises(UnknownOption, match="object"):
        game.check_options(players, [1, 2])


def test_the_ruled_ranges():
    """P24, N44 and the roll-need convention of the Nakatha rulings, as declared."""
    paso = {o.name: o for o in get_game("paso").options_spec(2)}
    assert (paso["quiet_turn_limit"].low, paso["quiet_turn_limit"].high) == (0, 1000)
    nakatha = {o.name: o for o in get_game("nakatha").options_spec(3)}
    assert len(nakatha) == 18
    assert all((nakatha[n].low, nakatha[n].high) == (1, 7)
               for n in ("friendly_territory", "passage", "milaze", "makabi_ward", "providence"))
    assert (nakatha["breath_range"].low, nakatha["breath_range"].high) == (1, 12)
    assert nakatha["deal"].choices == ("random", "draft")
    assert get_game("tibetana").options_spec(2) == () and get_game("mandara").options_spec(3) == ()


def test_a_declaration_refuses_its_own_bad_default():
    with pytest.raises(UnknownOption):
        Option("broken", "int", 11, "a default out of its range", 0, 10)


def test_describe_gives_a_client_enough_to_build_a_form():
    described = {o.name: o.describe() for o in get_game("nakatha").options_spec(2)}
    assert described["breath_range"] == {"name": "breath_range", "type": "int", "default": 2,
                                         "meaning": "maximum Breath distance (N27)", "min": 1, "max": 12}
    assert described["deal"]["choices"] == ["random", "draft"] and described["quickstart"]["type"] == "bool"


@given(st.integers())
def test_quiet_turn_limit_takes_exactly_its_range(value):
    game = get_game("paso")
    if 0 <= value <= 1000:
        assert game.check_options(2, {"quiet_turn_limit": value})["quiet_turn_limit"] == value
    else:
        with pytest.raises(UnknownOption, match="quiet_turn_limit must be a whole number from 0 to 1000"):
            game.check_options(2, {"quiet_turn_limit": value})


@given(st.one_of(st.integers(), st.floats(), st.text(max_size=5), st.booleans(), st.none()))
def test_breath_range_takes_only_whole_numbers_in_range(value):
    game = get_game("nakatha")
    accepted = type(value) is int and 1 <= value <= 12
    if accepted:
        assert game.check_options(2, {"breath_range": value})["breath_range"] == value
    else:
        with pytest.raises(UnknownOption, match="breath_range"):
            game.check_options(2, {"breath_range": value})


@pytest.mark.parametrize("text, message", [
    ("breath_range=1000000000", "breath_range must be a whole number from 1 to 12"),
    ("breath_range=1e400", "takes a whole number"),
    ("silence_rounds=0", "from 1 to 1000"),
    ("deal=auction", "one of 'random', 'draft'"),
    ("dragon_breath=1", "breath_range (a whole number from 1 to 12)"),
])
def test_the_simulators_set_checks_the_same_declaration(text, message):
    with pytest.raises(SpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build_spec("nakatha", sets=[text], players=[2])
