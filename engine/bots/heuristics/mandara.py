"""Mandara: the scores so far (the game ends when the mandala is complete; M31)."""

from __future__ import annotations

from engine.bots.heuristics import shares


def evaluate(doc: dict, seats: int) -> list[float]:
    players = doc["players"]
    scores = [float(players[colour]["score"]) for colour in doc["seats"]]
    return shares(scores, 4.0)
