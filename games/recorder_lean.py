"""Leanings: a seat of a recorded game that plays toward one ending, for routes bots seldom reach.

Random and greedy Tibetana bots almost never end a game by three complete pagodas or by an empty
map (1 in 150 simulated games), so the corpus gives a seat a leaning: a short rule tried before its
bot, which chooses whenever the rule names no action. The rules read only the seat's view and the
legal actions, as a bot does (``engine.bots``).

- ``tower`` builds rings onto the seat's own pagodas, the highest first, and starts no fourth
  pagoda: three pagodas of four rings win at once (T30.1, T31.1).
- ``spread`` builds the lowest pagoda first and never completes a third: every Build takes one
  energy off the map (T18.5), and a map with no energy ends the game on points (T30.3).

Both feed their builds: they train priestesses at their pagodas (T14), send a spare priestess to a
territory holding energy (a Build needs a priestess at its source and target, T18.2-3) and Exert
when they can pay for it (T11.4).
"""

from __future__ import annotations

SEATS = ("pink", "green")  # T2.1
LEANINGS = ("tower", "spread")


def choose(leaning: str, view: dict, legal: list[str], seat: int) -> str | None:
    """The action the leaning wants, or None to leave the choice to the seat's bot."""
    if leaning not in LEANINGS:
        raise ValueError(f"unknown leaning {leaning!r}; leanings: {', '.join(LEANINGS)}")
    colour, territories = SEATS[seat], view["territories"]
    return (_build(leaning, territories, legal, colour) or _train(legal) or _spare_priestess(territories, legal, colour)
            or ("exert" if "exert" in legal else None))


def _build(leaning: str, territories: dict, legal: list[str], colour: str) -> str | None:
    pagodas = [t["pagoda"] for t in territories.values() if t and t["pagoda"] and t["pagoda"]["owner"] == colour]
    complete = sum(p["rings"] == 4 for p in pagodas)
    ranked = []
    for action in legal:
        if not action.startswith("build"):
            continue  # also "build free t", Kuberan's (T26.3)
        pagoda = territories[action.split()[-1].split(">")[-1]]["pagoda"]
        rings = pagoda["rings"] if pagoda else -1  # -1: a new pagoda
        if leaning == "tower" and rings < 0 and len(pagodas) >= 3:
            continue
        if leaning == "spread" and rings == 3 and complete >= 2:
            continue
        ranked.append((rings if leaning == "tower" else -rings, action))
    return max(ranked)[1] if ranked else None


def _train(legal: list[str]) -> str | None:
    return next((a for a in legal if a.startswith("train P")), None)


def _spare_priestess(territories: dict, legal: list[str], colour: str) -> str | None:
    """A priestess not needed where she stands, to the reachable territory with the most energy."""
    own = lambda name: territories[name]["pieces"][colour]["priestess"]  # noqa: E731
    moves = []
    for action in legal:
        if not action.startswith("move P "):
            continue
        source, target = action.split()[-1].split("-")
        spare = own(source) >= 2 or (territories[source]["energy"] == 0 and not territories[source]["pagoda"])
        if spare and own(target) == 0 and territories[target]["energy"] > 0:
            moves.append((territories[target]["energy"], action))
    return max(moves)[1] if moves else None
