"""Nakatha as an engine ``Game`` (COMMON section 1): the contract, wired to the rule modules."""

from __future__ import annotations

from engine.core import CHANCE, Game, IllegalAction, Option
from engine.nakatha import activation, document, legal, notation, setup, tally, turn
from engine.nakatha.state import State, blank_state
from engine.nakatha.victory import check_dominion, silence_reached

_DECISIONS = ("draft", "deploy", "activate", "land", "step", "ambush")


class Nakatha(Game):
    name = "nakatha"
    player_counts = (2, 3, 4, 5, 6)
    rules_version = 1  # docs/rules/nakatha.md, "Rules versions"

    def seat_names(self, players: int) -> list[str]:
        return [f"p{i}" for i in range(players)]

    def options_spec(self, players: int) -> tuple[Option, ...]:
        return setup.OPTIONS

    # --- the state machine -------------------------------------------------------------------
    def setup(self, players: int, options: dict | None = None) -> State:
        opts = self.check_options(players, options)
        s = blank_state(opts, players)
        if opts["quickstart"]:
            setup.quickstart(s)
        elif opts["deal"] == "draft":
            s.phase = "draft"
            s.pending = {"kind": "draft", "seat": 0}
        return s.seal()

    def actor(self, state: State) -> int | None:
        p = state.pending
        if p is None:
            return None
        if p["kind"] in _DECISIONS:
            return p["seat"]
        return CHANCE

    def legal_actions(self, state: State) -> list[str]:
        if state._legal is None:
            actions = legal.legal_actions(state)
            state._legal = (actions, frozenset(actions))
        return list(state._legal[0])

    def apply(self, state: State, action) -> State:
        if state.pending is None:
            raise IllegalAction("N51", "the game is over")
        if not _is_legal(self, state, action):
            action = notation.parse(action)
            if not _is_legal(self, state, action):
                raise legal.refusal(state, action)
        s = state.clone()
        _dispatch(s, action)
        if s.result is None:
            check_dominion(s)
        return s.seal()

    def sample_action(self, state: State, rng) -> str:
        if state._legal is None and state.pending["kind"] == "activate":
            return legal.sample_activation(state, rng)
        return super().sample_action(state, rng)

    def outcome(self, state: State) -> dict | None:
        r = state.result
        return (
            None
            if r is None
            else {"winners": list(r["winners"]), "reason": r["reason"], "scores": r["scores"]}
        )

    # --- documents and notation --------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        return document.to_json(state)

    def from_json(self, doc: dict) -> State:
        return document.from_json(doc)

    def view(self, state: State, seat: int | None) -> dict:
        return document.view(state, seat)

    def format(self, action) -> str:
        return action

    def parse(self, text: str, state: State | None = None) -> str:
        return notation.parse(text)

    # --- chance ----------------------------------------------------------------------------------
    # --- facts for the simulator -----------------------------------------------------------------
    stall_reasons = frozenset({"silence"})  # N42

    def turns_played(self, state: State) -> int:
        return state.turn

    def quiet_turns(self, state: State) -> int:
        return state.silence  # N42's counter, kept even when the Long Silence is off

    def stalled(self, state: State) -> bool:
        return silence_reached(state)

    def facts(self, state: State) -> dict:
        return tally.facts(state)

    def chance_shuffle(self, state: State):
        return None  # N10: deal, sword and roll each pick one outcome from a list

    def chance_class(self, state: State, outcome):
        """Every Nakatha roll is a d6 against the number it needs (N45): only hit or miss counts."""
        pending = state.pending
        if pending["kind"] != "roll":
            return outcome
        return int(outcome.partition(" ")[2]) >= pending["need"]

    def is_secret(self, state: State, action) -> bool:
        """N10, N50: the Sword's placement is withheld from every seat until the game ends."""
        return isinstance(action, str) and notation.normalize(action).startswith("sword ")


def _is_legal(game: Nakatha, state: State, action) -> bool:
    """Whether ``action`` is in ``legal_actions(state)``, without building the list when it is not
    built yet and the question is an activation (as in a random playout)."""
    if state._legal is None:
        if state.pending["kind"] == "activate" and isinstance(action, str):
            return legal.is_activation_legal(state, action)
        game.legal_actions(state)
    return action in state._legal[1]


def _dispatch(s: State, action: str) -> None:
    kind = s.pending["kind"]
    verb, _, rest = action.partition(" ")
    if kind in ("deal", "draft"):
        setup.apply_deal(s, rest)
    elif kind == "deploy":
        setup.apply_deploy(s, *rest.split(" "))
    elif kind == "sword":
        s.sword_tile = rest
        s.phase, s.turn, s.round, s.active = "play", 1, 1, 0
        turn.begin_turn(s)
    elif kind == "roll":
        _roll(s, s.pending["roll"], int(rest))
    elif kind == "activate":
        if action == "pass":
            turn.pass_activation(s)
        else:
            pid, _, dest, act = notation.split_activation(action)
            activation.start(s, pid, dest, act)
    elif kind == "land":
        activation.land(s, rest)
    elif kind == "step":
        activation.step(s, rest)
    elif kind == "ambush":
        if action == "pass":
            turn.pass_ambush(s)
        else:
            fae, tile = rest.split(" ")
            turn.ambush(s, fae, tile)


def _roll(s: State, roll: str, value: int) -> None:
    if roll == "reversion":
        turn.reversion_result(s, value)
    elif roll == "passage":
        activation.passage_result(s, value)
    elif roll == "milaze":
        activation.milaze_result(s, value)
    elif roll == "bargain":
        activation.bargain_result(s, value)
    else:
        activation.removal_roll(s, roll, value)
