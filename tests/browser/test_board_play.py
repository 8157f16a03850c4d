"""Every game played to its end against the random bot by clicking the board alone (its marked places
and the pictures in its tray), at desktop and phone sizes: the share of moves made that way is
measured, printed and written to test-output/board-share.json; on the phone the board is zoomed (as
a player does on a dense board) and the smallest target clicked in the game is measured (at least
44 px); a screenshot of each game at each size is saved under test-output/screenshots/."""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, SCREENSHOTS
from tests.browser.pages import POINT_IN, board_legal, click_action, create_game, play_on_board, sent, seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = {"paso": 2, "tibetana": 2, "nakatha": 2, "mandara": 3}
SIZES = {"desktop": (1280, 800, False), "phone": (390, 844, True)}
MOVES = 1500  # own moves: a safety net only (a random Nakatha runs to 460 of them); every game must end
TOUCH = 44  # px: the least side of a target a finger hits
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


def record_share(game: str, size: str, on_board: int, total: int, finished: bool, smallest) -> None:
    path = OUTPUT / "board-share.json"
    shares = json.loads(path.read_text()) if path.exists() else {}
    shares[f"{game}@{size}"] = {"board": on_board, "total": total, "share": round(on_board / max(total, 1), 3),
                                "finished": finished, "smallest_target_px": round(smallest[1], 1) if smallest else None,
                                "smallest_target": smallest[0] if smallest else None}
    path.write_text(json.dumps(shares, indent=1, sort_keys=True))
    end = "the game ended" if finished else "the test stopped before the end"
    target = f"; smallest target clicked {smallest[1]:.0f} px ({smallest[0]})" if smallest else ""
    print(f"\n{game} at {size}: {on_board} of {total} moves made by board clicks alone ({end}){target}")


@pytest.mark.timeout(1500)
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_game_against_the_random_bot_by_board_clicks_alone(new_user, game, size):
    width, height, touch = SIZES[size]
    page = new_user("alice", width=width, height=height, touch=touch)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    sizes = [] if touch else None
    if touch:
        page.click("#zoom")
        expect(page.locator("#board")).to_have_class(re.compile(r"\bzoomed\b"))
    rng = random.Random(f"{game}-{size}")
    on_board = total = 0
    while total < MOVES and wait_for_my_move_or_the_end(page):
        before = seq(page)
        actions = [a for a in board_legal(page) if a.split()[0] not in AVOID]
        if not actions:
            break
        action = rng.choice(actions)
        if play_on_board(page, action, sizes=sizes):
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
    smallest = min(sizes, key=lambda s: s[1]) if sizes else None
    record_share(game, size, on_board, total, finished, smallest)
    shot = SCREENSHOTS / f"{game}-{size}-end.png"
    page.screenshot(path=str(shot))
    print(f"screenshot: {shot}")
    assert total > 0
    assert finished, f"the game did not end in {total} moves"
    assert on_board == total, f"{total - on_board} of {total} moves needed the list"
    if touch:
        small = sorted({refs: px for refs, px in sizes if px < TOUCH}.items(), key=lambda kv: kv[1])
        assert not small, f"targets under {TOUCH} px on the phone: {small[:8]}"
    assert not errors


# The answers to moves held back in the page until the test lets them go: the server's live update
# of a move (and of the bot's reply) then reaches the page before the answer to the POST, as it does
# on a slow network.
HOLD_ANSWERS = """(() => {
  const real = window.fetch;
  window.heldAnswers = [];
  window.holdAnswers = false;
  window.fetch = async (url, init) => {
    const answer = await real(url, init);
    if (window.holdAnswers && init && init.method === "POST" && String(url).endsWith("/actions")) {
      await new Promise((release) => window.heldAnswers.push(release));
    }
    return answer;
  };
  window.releaseAnswers = () => { window.holdAnswers = false; for (const go of window.heldAnswers.splice(0)) go(); };
})();"""


def first_click_of_a_longer_move(page) -> str | None:
    """Click the first board part of some legal move that one click does not finish; that move."""
    for action in [a for a in board_legal(page) if a.split()[0] not in AVOID]:
        guide = page.evaluate("(a) => window.boardGuide.partsFor(a)", action)
        if guide["tray"] or not guide["parts"]:
            continue
        point = page.evaluate(POINT_IN, guide["parts"][-1])  # the widest part: it leaves several moves
        if point is None:
            continue
        before = sent(page)
        page.mouse.click(point[0], point[1])
        if sent(page) == before and page.get_attribute("#board", "data-picks") == "1":
            return action
        if sent(page) > before:
            return None
        page.click("text=Clear selection")
    return None


def test_the_next_move_is_taken_while_the_answer_to_the_last_is_still_on_its_way(new_user):
    page = new_user("alice")
    page.add_init_script(HOLD_ANSWERS)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_game(page, "paso", ["me", "bot:random"])
    page.evaluate("() => { window.holdAnswers = true; }")
    assert wait_for_my_move_or_the_end(page)
    first = seq(page)
    assert play_on_board(page, board_legal(page)[0])
    expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(first))
    assert wait_for_my_move_or_the_end(page)  # our move again, and the answer to the last still held
    assert page.evaluate("window.heldAnswers.length") == 1
    # A selection begun on the new position outlives the late answer to the old one...
    action = first_click_of_a_longer_move(page)
    assert action, "no legal move here takes two clicks"
    page.evaluate("() => window.releaseAnswers()")
    page.wait_for_function("() => window.heldAnswers.length === 0")
    page.wait_for_timeout(300)  # the page asks for the state after an answer: let that arrive too
    expect(page.locator("#board")).to_have_attribute("data-picks", "1")
    # ...and the move it leads to is sent while another answer is held.
    page.evaluate("() => { window.holdAnswers = true; }")
    before = seq(page)
    assert play_on_board(page, action), f"{action} was not sent"
    expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
    page.evaluate("() => window.releaseAnswers()")
    expect(page.locator("#error")).to_be_hidden()
    assert not errors
