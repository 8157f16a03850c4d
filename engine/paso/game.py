"""The Paso del Brahmán game object: the engine contract of COMMON section 1 (rulings P1-P30)."""

from __future__ import annotations

from engine.core import Game, InvalidPosition, Option, UnknownOption
from engine.paso import document
from engine.paso.board import SEATS
from engine.paso.legal import legal_texts
from engine.paso.notation import decode, format_action, parse_text
from engine.paso.rules import apply_action
from engine.paso.state import OPTIONS, PasoState, initial_state


class PasoGame(Game):
    """Two seats, ``south`` (0, starts) and ``north`` (1). No chance and nothing hidden (P25).

    Actions are canonical notation strings (P28): ``legal_actions`` lists them in code-point
    order (P29) and ``apply`` takes them (or any text ``parse`` accepts).
    """

    name = "paso"
    player_counts = (2,)
    rules_version = 1  # docs/rules/paso.md, "Rules versions"

    def seat_names(self, players: int) -> list[str]:
        return list(SEATS)

    def options_spec(self, players: int) -> tuple[Option, ...]:
        return OPTIONS

    # --- the state machine ---------------------------------------------------------------------
    def setup(self, players: int = 2, options: dict | None = None) -> PasoState:
        """The standard start of P6: south places its temple first; nothing random."""
        return initial_state(self.check_options(players, options))

    def actor(self, state: PasoState) -> int | None:
        return None if state.phase == "over" else state.current

    def legal_actions(self, state: PasoState) -> list[str]:
        return legal_texts(state)

    def apply(self, state: PasoState, action) -> PasoState:
        """The next state. Raises ``IllegalAction`` ("P<n>: ...") for a refused action and
        ``NotationError`` for text that is not an action; ``state`` is never changed."""
        return apply_action(state, decode(action))

    def outcome(self, state: PasoState) -> dict | None:
        return document.outcome_object(state)

    # --- documents and notation ---------------------------------------------------------------
    def to_json(self, state: PasoState) -> dict:
        return document.to_json(state)

    def from_json(self, doc: dict) -> PasoState:
        """Raises ``InvalidPosition`` for a document that breaks the rules of P26."""
        if not isinstance(doc, dict):
            raise InvalidPosition("P26: a position document is a JSON object")
        try:
            options = self.check_options(2, doc.get("options"))
        except UnknownOption as exc:
            raise InvalidPosition(f"P26: options: {exc}") from exc
        if not isinstance(doc.get("options"), dict):
            raise InvalidPosition("P26: options must be an object")
        return document.from_json(doc, options)

    # --- facts for the simulator -----------------------------------------------------------------
    stall_reasons = frozenset({"quiet_turns"})  # P24

    def turns_played(self, state: PasoState) -> int:
        return state.turn

    def quiet_turns(self, state: PasoState) -> int:
        return state.quiet

    def view(self, state: PasoState, seat: int | None) -> dict:
        """Nothing is hidden (P25): every seat and every spectator sees the whole document."""
        return document.to_json(state)

    def format(self, action) -> str:
        return format_action(decode(action))

    def parse(self, text: str, state: PasoState | None = None) -> str:
        return format_action(parse_text(text))
