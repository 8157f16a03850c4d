"""At 1280×800 the whole board and the prompt show without scrolling; at 390×844 the board fits the
width, every target a finger can hit is at least 44 px (the board zoomed, as on a dense board) and
the prompt with its choices stays in a sticky bar under the board; arrow keys move between board
places and focus stays on the board after a move made with Enter. The smallest target per game is
printed and written to test-output/touch-targets.json."""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, SCREENSHOTS
from tests.browser.pages import create_game, pick, seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = {"paso": 2, "tibetana": 2, "nakatha": 2, "mandara": 3}


def box(page, selector, nth=0):
    """The element's box; the page may redraw it meanwhile (a bot's move), so ask again then."""
    for _ in range(20):
        found = page.locator(selector).nth(nth).bounding_box()
        if found:
            return found
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} never showed")


@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_board_and_prompt_fit_a_laptop_screen(new_user, game):
    page = new_user("alice", width=1280, height=800)
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    board, status, bar = box(page, "#board svg"), box(page, "#status"), box(page, "#board-bar")
    assert page.evaluate("window.scrollY") == 0
    assert board["y"] >= 0 and board["y"] + board["height"] <= 800, board
    assert status["y"] + status["height"] <= 800 and bar["y"] < 800, (status, bar)
    prompt = box(page, "#selection")
    assert prompt["y"] + prompt["height"] <= 800, prompt  # the prompt under the board, too
    page.screenshot(path=str(SCREENSHOTS / f"{game}-laptop-fold.png"))


# The targets a finger may hit now: the marked board places, the tray's choices, the bar's buttons.
_TARGETS = """() => [...document.querySelectorAll('#board .pick.target, #board-tray button, #board-bar button')]
  .filter((n) => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden')
  .map((n) => { const r = n.getBoundingClientRect();
    return [n.dataset.refs || n.dataset.action || n.id || n.textContent.trim(), Math.min(r.width, r.height)]; })"""


def record_smallest(game: str, found: list) -> tuple[str, float]:
    smallest = min(found, key=lambda t: t[1])
    path = OUTPUT / "touch-targets.json"
    table = json.loads(path.read_text()) if path.exists() else {}
    table[game] = {"smallest_px": round(smallest[1], 1), "target": smallest[0], "targets_measured": len(found)}
    path.write_text(json.dumps(table, indent=1, sort_keys=True))
    print(f"\n{game} on a phone: smallest touch target {smallest[1]:.0f} px ({smallest[0]}), of {len(found)} measured")
    return smallest


@pytest.mark.parametrize("game", list(PLAYERS))
def test_on_a_phone_the_board_fits_the_width_and_choices_are_big_enough(new_user, game):
    page = new_user("alice", width=390, height=844, touch=True)
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    board = box(page, "#board svg")
    assert board["width"] <= 390
    assert page.evaluate("getComputedStyle(document.getElementById('board-bar')).position") == "sticky"
    # Zoomed, every target is big enough for a finger (the board pans by scrolling): the first
    # marked places, then those left after a tap on one of them.
    page.click("#zoom")
    found = page.evaluate(_TARGETS)
    marked = page.locator("#board .pick.target")
    refs = marked.first.get_attribute("data-refs") if marked.count() else None  # else the tray alone
    before = seq(page)
    if refs:
        pick(page, refs)
    if refs and seq(page) == before and page.get_attribute("#game-page", "data-sent") in (None, "0"):
        found += page.evaluate(_TARGETS)
        # After the tap the prompt and its choices are on screen, in the bar under the board.
        bar = box(page, "#board-bar")
        assert bar["y"] >= 0 and bar["y"] + min(bar["height"], 844) <= 844 + 1, bar
        expect(page.locator("#selection")).to_be_in_viewport()
    smallest = record_smallest(game, found)
    assert smallest[1] >= 44, sorted(found, key=lambda t: t[1])[:5]
    page.screenshot(path=str(SCREENSHOTS / f"{game}-phone-zoomed.png"))


def test_arrow_keys_walk_the_board_and_focus_stays_after_a_move(new_user):
    page = new_user("alice", width=1280, height=800)
    create_game(page, "paso", ["me", "bot:random"])
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    page.focus('#board [data-refs="a1"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.refs") == "b1"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.refs") == "b2"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.refs") == "c1"
    before = seq(page)
    page.keyboard.press("Enter")  # temple c1: the one action this place starts
    expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
    expect(page.locator("#moves")).to_contain_text("south: temple c1")
    assert page.evaluate("document.getElementById('board').contains(document.activeElement)")
