"""The Tibetana game object: the engine contract of COMMON section 1 over the modules beside it."""

from __future__ import annotations

from engine.core import Game, IllegalAction
from engine.tibetana import document, notation, turn
from engine.tibetana.explain import why
from engine.tibetana.state import SEATS, State, standard


class Tibetana(Game):
    name = "tibetana"
    player_counts = (2,)
    rules_version = 1  # docs/rules/tibetana.md, "Rules versions"
    concession_actions = frozenset({"concede", "offer draw"})  # T32

    def seat_names(self, players: int) -> list[str]:
        return list(SEATS)

    def setup(self, players: int = 2, options: dict | None = None) -> State:
        self.check_options(players, options)  # T1.1: no options are declared, so any name is refused
        return standard()

    def actor(self, state: State):
        return turn.actor(state)

    def legal_actions(self, state: State) -> list[str]:
        cached = state._cache.get("legal")
        if cached is None:
            cached = turn.legal(state)
            state._cache["legal"] = cached
        return list(cached)

    def _legal_set(self, state: State) -> frozenset:
        found = state._cache.get("legal_set")
        if found is None:
            found = frozenset(self.legal_actions(state))
            state._cache["legal_set"] = found
        return found

    def apply(self, state: State, action) -> State:
        if action not in self._legal_set(state):
            action = notation.parse(action)
            if action not in self._legal_set(state):
                rule, message = why(state, action)
                raise IllegalAction(rule, message)
        return turn.execute(state, action)

    def outcome(self, state: State):
        return None if state.result is None else document.copy.deepcopy(state.result)

    def to_json(self, state: State) -> dict:
        return document.to_json(state)

    def from_json(self, doc: dict) -> State:
        return document.from_json(doc)

    def turns_played(self, state: State) -> int:
        return state.number

    def view(self, state: State, seat) -> dict:
        return document.to_json(state)  # no hidden information (T38)

    def format(self, action) -> str:
        return action

    def parse(self, text: str, state: State | None = None) -> str:
        return notation.parse(text)

