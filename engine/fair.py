"""Provably fair chance (rulings/COMMON.md, section 4): outcomes derived from a committed seed.

The server commits to ``sha256(seed)`` before play; every CHANCE outcome at event ``seq`` is read
from the byte stream ``HMAC-SHA256(seed, "<game id>:<seq>:<client seeds>:<block>")``. Anyone who
holds the finished history (and so the revealed seed) recomputes every outcome with these functions.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

from engine.core import CHANCE, Game


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def byte_stream(seed: bytes, game_id, seq: int, client_seeds: list[str]) -> Iterator[int]:
    """The 4-byte words of the stream, read big-endian, block after block."""
    seeds = ",".join(client_seeds)
    block = 0
    while True:
        message = f"{game_id}:{seq}:{seeds}:{block}".encode()
        digest = hmac.new(seed, message, hashlib.sha256).digest()
        for i in range(0, len(digest), 4):
            yield int.from_bytes(digest[i : i + 4], "big")
        block += 1


class Stream:
    """Unbiased integers from the byte stream, by rejection sampling."""

    def __init__(self, seed: bytes, game_id, seq: int, client_seeds: list[str]):
        self._words = byte_stream(seed, game_id, seq, client_seeds)

    def below(self, n: int) -> int:
        """An integer in ``[0, n)``: words at or above the largest multiple of ``n`` are rejected."""
        if n <= 0:
            raise ValueError("a chance node needs at least one outcome")
        limit = (2**32 // n) * n
        for word in self._words:
            if word < limit:
                return word % n
        raise AssertionError("unreachable: the stream is endless")

    def shuffle(self, items) -> list:
        """Durstenfeld's Fisher-Yates: for i from len-1 down to 1, swap i with j in [0, i]."""
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def derive_chance(game: Game, state, seed: bytes, game_id, seq: int, client_seeds: list[str]):
    """The CHANCE action at event ``seq``: a shuffle where the game says so, else a pick."""
    if game.actor(state) != CHANCE:
        raise ValueError("the current actor is not CHANCE")
    stream = Stream(seed, game_id, seq, client_seeds)
    shuffle = game.chance_shuffle(state)
    if shuffle is not None:
        return shuffle.to_action(stream.shuffle(shuffle.items))
    outcomes = game.legal_actions(state)
    return outcomes[stream.below(len(outcomes))]
