"""Provably fair chance, COMMON section 4: the byte stream, rejection sampling, Fisher-Yates."""

import hashlib
import hmac

from engine.fair import Stream, byte_stream, commitment, derive_chance
from tests.doubles import CARDS, DICE

SEED = bytes(range(32))


def words_by_hand(seed, game_id, seq, client_seeds, block):
    message = f"{game_id}:{seq}:{','.join(client_seeds)}:{block}".encode()
    digest = hmac.new(seed, message, hashlib.sha256).digest()
    return [int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4)]


def test_commitment_is_sha256_of_the_seed():
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()


def test_stream_is_hmac_blocks_of_big_endian_words():
    stream = byte_stream(SEED, 7, 12, ["x", "y"])
    first_sixteen = [next(stream) for _ in range(16)]
    assert first_sixteen == words_by_hand(SEED, 7, 12, ["x", "y"], 0) + words_by_hand(SEED, 7, 12, ["x", "y"], 1)


def test_below_rejects_words_at_or_above_the_largest_multiple():
    # Find a stream whose first word is rejected for n = 3 * 2**30 (limit = 3 * 2**30).
    n = 3 * 2**30
    for game_id in range(1000):
        words = words_by_hand(SEED, game_id, 1, [], 0)
        if words[0] >= n and words[1] < n:
            assert Stream(SEED, game_id, 1, []).below(n) == words[1] % n
            return
    raise AssertionError("no stream with a rejected first word found")


def test_shuffle_is_durstenfeld_fisher_yates():
    stream, check = Stream(SEED, 1, 5, ["s"]), Stream(SEED, 1, 5, ["s"])
    items = list("abcdef")
    expected = items[:]
    for i in range(len(expected) - 1, 0, -1):
        j = check.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert stream.shuffle(items) == expected
    assert sorted(expected) == items


def test_derive_chance_picks_by_index_or_shuffles():
    state = DICE.setup(2)
    deal = derive_chance(DICE, state, SEED, 3, 5, ["p", "q"])
    assert deal[0] == "deal" and sorted(deal[1]) == list(CARDS)
    assert deal == derive_chance(DICE, state, SEED, 3, 5, ["p", "q"])  # derived, never drawn
    state = DICE.play(DICE.apply(state, deal), "roll")
    roll = derive_chance(DICE, state, SEED, 3, 6, ["p", "q"])
    assert roll == DICE.legal_actions(state)[Stream(SEED, 3, 6, ["p", "q"]).below(6)]
