"""Every game played against the random bot by clicking the board alone (its marked places and the
pictures in its tray), at desktop and phone sizes: the share of moves made that way is measured and
printed, and a screenshot of each game at each size is saved under test-output/screenshots/."""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, SCREENSHOTS
from tests.browser.pages import board_legal, click_action, create_game, play_on_board, seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = {"paso": 2, "tibetana": 2, "nakatha": 2, "mandara": 3}
SIZES = {"desktop": (1280, 800, False), "phone": (390, 844, True)}
MOVES = {"desktop": 80, "phone": 30}  # own moves per game: a random game can run for hundreds
AVOID = {"concede", "offer", "accept", "resign"}  # they end the game or talk about it: tested apart


def wait_for_my_move_or_the_end(page) -> bool:
    """True when it is the player's move, False when the game is over."""
    expect(page.locator("#game-page")).to_have_attribute("data-mine", re.compile("true|false"))
    for _ in range(300):
        if page.get_attribute("#game-page", "data-status") == "finished" or page.locator("#status").inner_text().startswith("Game over"):
            return False
        if page.get_attribute("#game-page", "data-mine") == "true" and board_legal(page):
            return True
        page.wait_for_timeout(100)
    raise AssertionError(f"neither my move nor the end: {page.locator('#status').inner_text()}")


def record_share(game: str, size: str, on_board: int, total: int, finished: bool) -> None:
    path = OUTPUT / "board-share.json"
    shares = json.loads(path.read_text()) if path.exists() else {}
    shares[f"{game}@{size}"] = {"board": on_board, "total": total, "finished": finished}
    path.write_text(json.dumps(shares, indent=1, sort_keys=True))
    end = "the game ended" if finished else "the test stopped before the end"
    print(f"\n{game} at {size}: {on_board} of {total} moves made by board clicks alone ({end})")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_game_against_the_random_bot_by_board_clicks_alone(new_user, game, size):
    width, height, touch = SIZES[size]
    page = new_user("alice", width=width, height=height, touch=touch)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    rng = random.Random(f"{game}-{size}")
    on_board = total = 0
    while total < MOVES[size] and wait_for_my_move_or_the_end(page):
        before = seq(page)
        actions = [a for a in board_legal(page) if a.split()[0] not in AVOID]
        if not actions:
            break
        action = rng.choice(actions)
        if play_on_board(page, action):
            on_board += 1
        else:
            page.click("text=Clear selection")
            click_action(page, action)
        total += 1
        expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
        expect(page.locator("#error")).to_be_hidden()
        if total == 2:
            shot = SCREENSHOTS / f"{game}-{size}.png"
            page.screenshot(path=str(shot))
            print(f"\nscreenshot: {shot}")
    finished = page.get_attribute("#game-page", "data-status") == "finished"
    record_share(game, size, on_board, total, finished)
    assert total > 0
    assert on_board == total, f"{total - on_board} of {total} moves needed the list"
    assert not errors
