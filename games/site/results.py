"""A finished game from one player's side: won, lost, drawn or aborted, and against whom."""

from __future__ import annotations

from games.models import Game


def result_for(summary: dict, username: str) -> str:
    """``summary`` is ``selectors.game_summary``: the player's result in words."""
    if summary["status"] == Game.Status.ABORTED:
        return "aborted"
    outcome = summary.get("outcome") or {}
    winners = set(outcome.get("winners") or [])
    if not winners:
        return "draw"
    mine = {s["name"] for s in summary["seats"] if s["player"] == username}
    return "won" if mine & winners else "lost"


def opponents(summary: dict, username: str) -> list[str]:
    return [s["player"] for s in summary["seats"] if s["player"] and s["player"] != username]


def finished_rows(summaries: list[dict], username: str) -> list[dict]:
    """The profile's history table: each finished or aborted game with the player's result."""
    return [
        {
            **g,
            "result": result_for(g, username),
            "reason": (g.get("outcome") or {}).get("reason"),
            "opponents": opponents(g, username),
        }
        for g in summaries
    ]
