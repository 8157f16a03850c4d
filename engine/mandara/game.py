"""Mandara as an engine ``Game``: the contract of COMMON section 1 over the rulings M1-M38."""

from __future__ import annotations

from itertools import permutations

from engine.core import CHANCE, Game, IllegalAction, Shuffle
from engine.mandara import document, rounds
from engine.mandara.actions import DealCards, DrawTile, OrderTrack, Orient, ShufflePile
from engine.mandara.cards import ACTIONS, resolve_card
from engine.mandara.notation import format_action, parse_action
from engine.mandara.placement import place_piece, placement_actions
from engine.mandara.state import COLOURS, DEALABLE, Draft, State, initial_state
from engine.mandara.tiles import ORIENTATIONS, TILE_NUMBERS

_ORIENT_ACTIONS = [Orient(d) for d in ORIENTATIONS]

#: What each chance/orient phase expects, the ruling to name, and the step that applies it.
_EXPECTED = {
    "order": (OrderTrack, "M11", "the starting order (order C1 C2 ...)",
              lambda d, a: rounds.order_track(d, a.seats)),
    "shuffle": (ShufflePile, "M11", "the tile shuffle (shuffle T1 ... T9)",
                lambda d, a: rounds.shuffle_pile(d, a.tiles)),
    "draw": (DrawTile, "M29", "the turn-over of the top tile (draw tile N)",
             lambda d, a: rounds.draw_tile(d, a.tile)),
    "orient": (Orient, "M29", "the orientation of the turned tile (orient D)",
               lambda d, a: rounds.orient_tile(d, a.degrees)),
    "deal": (DealCards, "M29", "the deal of the Six Realms cards (deal cards ...)",
             lambda d, a: rounds.deal_cards(d, a.cards)),
}


class Mandara(Game):
    name = "mandara"
    player_counts = (3, 4)
    rules_version = 1  # docs/rules/mandara.md, "Rules versions"

    # --- seats and options -------------------------------------------------------------------
    def seat_names(self, players: int) -> list[str]:
        return list(COLOURS[:players])

    def setup(self, players, options: dict | None = None) -> State:
        """The M11 start, phase ``order``; ``players`` is a count or a list of that length."""
        count = len(players) if isinstance(players, (list, tuple)) else players
        self.check_options(count, options)  # Mandara has no options (M1): anything is refused
        return initial_state(count)

    # --- the state machine ---------------------------------------------------------------------
    def actor(self, state: State) -> int | None:
        return state.actor

    def legal_actions(self, state: State) -> list:
        phase = state.phase
        if phase == "place":
            return placement_actions(state)
        if phase == "resolve":
            card = state.cards[rounds.current_card(state.cards)]
            return ACTIONS[card.name](state)
        if phase == "orient":
            return list(_ORIENT_ACTIONS)
        if phase == "draw":
            return [DrawTile(state.tile_pile[0])] if state.tile_pile else []
        if phase == "deal":
            return [DealCards(p) for p in permutations(DEALABLE, rounds.deal_size(state.round))]
        if phase == "order":
            return [OrderTrack(p) for p in permutations(range(state.players))]
        if phase == "shuffle":  # 9! outcomes: correct but slow; services use chance_shuffle
            return [ShufflePile(p) for p in permutations(TILE_NUMBERS)]
        return []

    def apply(self, state: State, action) -> State:
        draft = Draft(state)
        phase = state.phase
        if phase == "place":
            place_piece(draft, action)
            rounds.after_placing(draft)
        elif phase == "resolve":
            resolve_card(draft, rounds.current_card(state.cards), action)
            rounds.continue_resolution(draft)
        elif phase == "over":
            raise IllegalAction("M31", "the game is over; no action is legal")
        else:
            kind, rule, what, step = _EXPECTED[phase]
            if not isinstance(action, kind):
                raise IllegalAction(rule, f"in phase {phase} the only action is {what}")
            step(draft, action)
        return draft.freeze()

    def outcome(self, state: State) -> dict | None:
        if state.phase != "over":
            return None
        return {"winners": [COLOURS[state.track[0]]], "reason": "mandala_complete",
                "scores": {COLOURS[seat]: state.scores[seat] for seat in range(state.players)}}

    # --- documents and notation ------------------------------------------------------------
    def to_json(self, state: State) -> dict:
        return document.to_json(state)

    def from_json(self, doc: dict) -> State:
        return document.from_json(doc)

    def turns_played(self, state: State) -> int:
        return state.round  # Mandara counts rounds (M31)

    def view(self, state: State, seat: int | None) -> dict:
        """The same for every seat and spectators: only the tile pile's order is hidden (M32)."""
        doc = document.to_json(state)
        del doc["tile_pile"]
        return doc

    def format(self, action) -> str:
        return format_action(action)

    def parse(self, text: str, state: State | None = None):
        return parse_action(text, state.board if state is not None else None)

    # --- chance ----------------------------------------------------------------------------------
    def chance_shuffle(self, state: State) -> Shuffle | None:
        """The permutations of M32: seat colours, tiles 1-9, the five dealable cards."""
        if state.actor != CHANCE:
            return None
        if state.phase == "order":
            return Shuffle(list(COLOURS[:state.players]),
                           lambda colours: OrderTrack(tuple(COLOURS.index(c) for c in colours)))
        if state.phase == "shuffle":
            return Shuffle(list(TILE_NUMBERS), lambda tiles: ShufflePile(tuple(tiles)))
        if state.phase == "deal":
            size = rounds.deal_size(state.round)
            return Shuffle(list(DEALABLE), lambda cards: DealCards(tuple(cards[:size])))
        return None

    def is_secret(self, state: State, action) -> bool:
        """Only the tile pile's order is withheld until the end (M32)."""
        return isinstance(action, ShufflePile)
