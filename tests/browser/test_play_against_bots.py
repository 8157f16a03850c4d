"""For each game: a user creates a game against bots, makes a move by clicking, sees a bot answer
without reloading; the board is saved as a screenshot in test-output/."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT
from tests.browser.pages import AVOID, click_action, create_game, game_moves, label, legal, seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = {"paso": 2, "tibetana": 2, "nakatha": 2, "mandara": 3}
MAX_OWN_MOVES = 12  # a turn may take several actions before the bots get theirs


def seat_names(page):
    """(my seat, the bots' seats) read from the page's seat line, e.g. ``pink: alice``."""
    mine, bots = None, []
    seats = page.locator(".seats-line .seat")
    for n in range(seats.count()):
        name, player = seats.nth(n).get_attribute("data-seat"), seats.nth(n).get_attribute("data-player")
        if player.startswith("bot:"):
            bots.append(label(name))
        elif player == "alice":
            mine = label(name)
    return mine, bots


def next_action(actions, first: bool) -> str:
    """A real move first; then hand the turn over (end, pass) as soon as the game allows it."""
    playable = [a for a in actions if a.split()[0] not in AVOID]
    if not first:
        closing = [a for a in playable if a.split()[0] in ("end", "pass")]
        if closing:
            return closing[0]
    moves = [a for a in playable if a.split()[0] not in ("end", "pass")]
    return (moves or playable)[0]


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_move_by_clicking_gets_the_bots_answer(new_user, game):
    page = new_user("alice")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    me, bots = seat_names(page)
    expect(page.locator("#status")).to_contain_text(f"Your move ({me})")
    first_seq = seq(page)

    def bots_answered():
        return any(s > first_seq and text.split(":")[0] in bots for s, text in game_moves(page))

    def wait_for_move_list():
        # The move list is fetched after the board redraws: give it a moment to catch up.
        for _ in range(50):
            if bots_answered():
                return
            page.wait_for_timeout(200)

    for n in range(MAX_OWN_MOVES):
        expect(page.locator("#choices")).to_be_visible()
        before = seq(page)
        click_action(page, next_action(legal(page), first=n == 0))
        expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
        # The bots play in between (a random bot may even concede at once).
        expect(page.locator("#status")).to_have_text(re.compile(rf"Your move \({me}\)|Game over"))
        expect(page.locator("#error")).to_be_hidden()
        if page.get_attribute("#game-page", "data-status") != "active":
            break
        wait_for_move_list()
        if bots_answered():
            break
    wait_for_move_list()
    assert bots_answered(), game_moves(page)
    page.locator("#board").screenshot(path=str(OUTPUT / f"board-{game}.png"))
    assert not errors
