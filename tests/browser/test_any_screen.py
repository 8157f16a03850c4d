"""At 1280×800 the whole board and the prompt show without scrolling; at 390×844 the board fits the
width and its choices are at least 44 px; arrow keys move between board places and focus stays on
the board after a move made with Enter."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS
from tests.browser.pages import create_game, seq

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
    page.screenshot(path=str(SCREENSHOTS / f"{game}-laptop-fold.png"))


@pytest.mark.parametrize("game", list(PLAYERS))
def test_on_a_phone_the_board_fits_the_width_and_choices_are_big_enough(new_user, game):
    page = new_user("alice", width=390, height=844, touch=True)
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    board = box(page, "#board svg")
    assert board["width"] <= 390
    for n in range(page.locator("#board-tray button").count()):
        b = box(page, "#board-tray button", n)
        assert b["width"] >= 44 and b["height"] >= 44, b
    assert page.evaluate("getComputedStyle(document.getElementById('board-bar')).position") == "sticky"
    # Zoomed, the board's places are big enough for a finger (the board pans by scrolling). Pieces
    # drawn inside a place may be smaller: the median place is what this measures.
    page.click("#zoom")
    sizes = sorted(page.eval_on_selector_all(
        "#board .pick", "ns => ns.map(n => n.getBoundingClientRect()).map(r => Math.min(r.width, r.height))"))
    assert sizes[len(sizes) // 2] >= 44, sizes[:5]
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
