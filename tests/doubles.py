"""A test double of a game with chance: a hidden shuffled deck and public dice.

``dice``: two seats, ``a`` and ``b``. Setup is a CHANCE shuffle of five cards (secret: the deck
order is hidden from both seats until the end). Then each seat in turn says ``roll`` and CHANCE
answers ``roll N``; after two rolls each, the higher total plus the value of the seat's card
(``a`` holds the deck's first card, ``b`` its second) wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core import CHANCE, Game, IllegalAction, NotationError, Option, Shuffle

CARDS = ("1", "2", "3", "4", "5")
ROLLS_EACH = 2


@dataclass(frozen=True)
class DiceState:
    deck: tuple | None = None
    rolls: tuple = ((), ())
    turn: int = 0
    rolling: bool = False  # a seat said "roll": CHANCE answers


class DiceGame(Game):
    name = "dice"
    player_counts = (2,)

    def seat_names(self, players):
        return ["a", "b"]

    def options_spec(self, players):
        return (Option("rolls", "int", ROLLS_EACH, "rolls each seat makes", ROLLS_EACH, ROLLS_EACH),)

    def setup(self, players, options=None):
        self.check_options(players, options)
        return DiceState()

    def actor(self, s):
        if s.deck is None or s.rolling:
            return CHANCE
        if self.outcome(s) is not None:
            return None
        return s.turn

    def legal_actions(self, s):
        if s.deck is None:
            return []  # a shuffle: see chance_shuffle
        if s.rolling:
            return [("roll", n) for n in range(1, 7)]
        return [] if self.outcome(s) else [("say",)]

    def chance_shuffle(self, s):
        if s.deck is None:
            return Shuffle(CARDS, lambda items: ("deal", tuple(items)))
        return None

    def is_secret(self, s, action):
        return action[0] == "deal"

    def apply(self, s, action):
        if not isinstance(action, tuple) or not action:
            raise IllegalAction("D2", f"{action!r} is not an action of this game")
        if action[0] == "deal":
            if s.deck is not None or sorted(action[1]) != list(CARDS):
                raise IllegalAction("D1", "the deck is dealt once, each card once")
            return replace(s, deck=action[1])
        if action not in self.legal_actions(s):
            raise IllegalAction("D2", f"{self.format(action)} is not legal now")
        if action == ("say",):
            return replace(s, rolling=True)
        rolls = list(s.rolls)
        rolls[s.turn] = rolls[s.turn] + (action[1],)
        return replace(s, rolls=tuple(rolls), rolling=False, turn=1 - s.turn)

    def outcome(self, s):
        if s.deck is None or any(len(r) < ROLLS_EACH for r in s.rolls):
            return None
        scores = [sum(r) + int(s.deck[i]) for i, r in enumerate(s.rolls)]
        winners = [n for n, sc in zip("ab", scores) if sc == max(scores)]
        return {"winners": winners, "reason": "dice", "scores": scores}

    def to_json(self, s):
        return {
            "deck": list(s.deck) if s.deck is not None else None,
            "rolls": [list(r) for r in s.rolls],
            "turn": s.turn,
            "rolling": s.rolling,
        }

    def from_json(self, d):
        deck = tuple(d["deck"]) if d["deck"] is not None else None
        return DiceState(deck, tuple(tuple(r) for r in d["rolls"]), d["turn"], d["rolling"])

    def view(self, s, seat):
        doc = self.to_json(s)
        doc["deck"] = None if s.deck is None else "hidden"
        return doc

    def format(self, action):
        if action[0] == "deal":
            return "deal " + " ".join(action[1])
        return "roll" if action == ("say",) else f"roll {action[1]}"

    def parse(self, text, s):
        words = text.lower().split()
        if words == ["roll"]:
            return ("say",)
        if len(words) == 2 and words[0] == "roll" and words[1].isdigit():
            return ("roll", int(words[1]))
        if words and words[0] == "deal":
            return ("deal", tuple(words[1:]))
        raise NotationError(f"cannot read {text!r}")


DICE = DiceGame()


class DiceGameV2(DiceGame):
    """The same game after a deliberate rules change: the card counts double (rules version 2).

    Games created under version 1 go on and replay under version 1 (``for_version``).
    """

    rules_version = 2

    def outcome(self, s):
        result = super().outcome(s)
        if result is None:
            return None
        scores = [sum(r) + 2 * int(s.deck[i]) for i, r in enumerate(s.rolls)]
        winners = [n for n, sc in zip("ab", scores) if sc == max(scores)]
        return {"winners": winners, "reason": "dice", "scores": scores}

    def for_version(self, rules_version):
        return DICE if rules_version == 1 else super().for_version(rules_version)


DICE_V2 = DiceGameV2()
