"""The game page read at a glance: "thinking…" while a bot's turn runs, a move list grouped by turn
with chance and system events folded away and the replayed row marked, and nothing stale once the
game is over (no "To act null", no actions left)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import AVOID, click_action, create_game, legal, pick, seq, wait_for_seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_bots_turn_says_the_bot_is_thinking(new_user):
    """While the server says a bot is to act (its turn still running), the page says so; the random
    bot answers at once, so the test holds the page's reads at that moment: the game's summary names
    the bot to act and the legal list is empty, as the server answers during a long bot turn."""
    page = new_user("alice")
    game_id = create_game(page, "paso", ["me", "bot:random"])
    expect(page.locator("#status")).to_contain_text("Your move (south)")

    def bot_to_act(route):
        body = route.fetch().json()
        route.fulfill(json={**body, "to_act": "north"})

    def nothing_legal(route):
        body = route.fetch().json()
        route.fulfill(json={**body, "actions": []})

    page.route(re.compile(rf"/api/games/{game_id}$"), bot_to_act)
    page.route(re.compile(rf"/api/games/{game_id}/legal$"), nothing_legal)
    page.goto(f"/games/{game_id}/?transport=poll")
    expect(page.locator("#status")).to_have_text("Waiting for north: the random bot is thinking…")
    expect(page.locator("#game-page")).to_have_attribute("data-thinking", "true")
    expect(page).to_have_title(f"Paso del Brahmán #{game_id} — north to move")
    expect(page.locator('link[rel="icon"]')).to_have_attribute("data-state", "wait")
    expect(page.locator("#choices")).to_be_hidden()
    page.unroute(re.compile(rf"/api/games/{game_id}$"))
    page.unroute(re.compile(rf"/api/games/{game_id}/legal$"))
    page.reload()  # the server's real answer: south to move, nobody thinking
    expect(page.locator("#status")).to_contain_text("Your move (south)")
    expect(page.locator("#game-page")).to_have_attribute("data-thinking", "false")


def test_the_move_list_is_grouped_by_turn_folds_system_events_and_marks_the_replayed_row(new_user):
    page = new_user("alice")
    create_game(page, "paso", ["me", "bot:random"])
    expect(page.locator("#status")).to_contain_text("Your move (south)")
    before = seq(page)
    pick(page, "c1")  # south's temple; the bot places its own and so on
    expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
    expect(page.locator("#status")).to_contain_text(re.compile(r"Your move \(south\)|Game over"))
    rows = page.locator("#moves li")
    expect(page.locator("#moves li.turn-start")).not_to_have_count(0)
    # The creation is a system event: folded away until asked for.
    created = page.locator("#moves li.kind-create")
    expect(created).to_have_count(1)
    expect(created).to_be_hidden()
    page.check("#show-all-events")
    expect(created).to_be_visible()
    page.uncheck("#show-all-events")
    expect(created).to_be_hidden()
    # Turns: each run of one seat's moves starts with its number, south's first.
    first_turn = page.locator("#moves li.turn-start").first
    expect(first_turn).to_contain_text("Turn 1")
    expect(first_turn).to_contain_text("south: temple c1")
    assert rows.count() >= 3  # create, south's temple, north's temple at least
    turn_numbers = page.eval_on_selector_all("#moves li.turn-start", "ls => ls.map(l => Number(l.dataset.turn))")
    assert turn_numbers == list(range(1, len(turn_numbers) + 1))
    # Replaying a row marks it, and says so in the status line; back to live unmarks it.
    first_turn.locator("button").click()
    marked = page.locator("#moves li.replayed")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("aria-current", "step")
    expect(marked).to_contain_text("south: temple c1")
    expect(page.locator("#status")).to_contain_text("Replay: the position after event")
    expect(page.locator("#choices")).to_be_hidden()  # no acting on a past position
    page.click("#replay-live")
    expect(page.locator("#moves li.replayed")).to_have_count(0)
    expect(page.locator("#status")).to_contain_text(re.compile(r"Your move \(south\)|Game over"))


def test_after_the_end_nothing_says_who_is_to_act(new_user):
    """Mandara once showed "To act null" after the end: the page's panel and status hold only the
    result, and the resign and draw buttons go away."""
    page = new_user("alice")
    create_game(page, "mandara", ["me", "bot:random", "bot:random"])
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    before = seq(page)
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#status")).to_contain_text("Game over:")
    assert seq(page) > before
    wait_for_seq(page, seq(page))
    expect(page.locator("#game-page")).to_have_attribute("data-status", "finished")
    for where in ("#status", "#panel-body", "#seats", "#selection"):
        text = page.locator(where).inner_text()
        assert "null" not in text and "undefined" not in text, (where, text)
        assert not re.search(r"to act|actions left|your move", text, re.I), (where, text)
    expect(page.locator(".game-actions")).to_be_hidden()
    expect(page.locator("#choices")).to_be_hidden()
    expect(page).to_have_title(re.compile(r"^Game over — Mandara #\d+$"))
    expect(page.locator('link[rel="icon"]')).to_have_attribute("data-state", "over")


def test_a_turn_of_several_actions_is_one_row_with_its_actions_nested(new_user):
    """Issue 18 review, item 3, on Tibetana (two actions a turn): each turn is one row named by its
    seat with its actions nested under it in notation, turns alternate seats, chance events (the
    demons' die) are folded into the list until the toggle shows them, and a replayed action is the
    one row marked aria-current, its turn marked with it."""
    page = new_user("alice")
    create_game(page, "tibetana", ["me", "bot:random"])
    multi = page.locator("#moves li.turn:has(> ol.turn-actions > li.kind-move + li.kind-move)")
    for _ in range(12):  # my own actions: two a turn where the game allows, the bot answering between
        expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
        if multi.count() and page.locator("#moves li.turn").count() >= 3:
            break
        actions = [a for a in legal(page) if a.split()[0] not in AVOID]
        moves = [a for a in actions if a != "end"]
        before = seq(page)
        click_action(page, (moves or actions)[0])
        expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
        expect(page.locator("#game-page")).to_have_attribute("data-mine", re.compile("true|false"))
    expect(multi.first).to_be_visible()
    turns = page.locator("#moves > li.turn")
    seats = page.eval_on_selector_all("#moves > li", "ls => ls.map(l => l.classList.contains('turn') ? l.dataset.seat : null)")
    assert len([s for s in seats if s]) >= 3
    assert all(a != b for a, b in zip(seats, seats[1:]) if a and b), seats  # one row per turn: seats alternate
    first = turns.first
    expect(first.locator(".turn-no")).to_have_text("Turn 1")
    expect(first.locator(".turn-who")).to_have_text(re.compile(r"^(pink|green)$"))
    # Within a turn each action reads as its notation; the seat is said once, on the turn's row.
    nested = multi.first.locator("ol.turn-actions > li.kind-move button")
    who = multi.first.locator(".turn-who").inner_text()
    assert nested.count() >= 2
    for n in range(nested.count()):
        shown = nested.nth(n).evaluate("b => [...b.childNodes].filter(c => !(c.classList && c.classList.contains('sr-only'))).map(c => c.textContent).join('')")
        assert shown and not shown.startswith(f"{who}:"), shown
    # System events stand between turns, folded; the toggle shows them (chance rows as well).
    folded = page.locator("#moves li.folded")
    expect(folded.first).to_be_hidden()
    page.check("#show-all-events")
    expect(folded.first).to_be_visible()
    page.uncheck("#show-all-events")
    expect(folded.first).to_be_hidden()
    assert page.locator("#moves > li.kind-move").count() == 0  # every move sits in a turn
    # Replaying the second action of a turn marks it, and only it.
    target = multi.first.locator("ol.turn-actions > li.kind-move").nth(1)
    target.locator("button").click()
    expect(page.locator("#status")).to_contain_text("Replay:")
    current = page.locator('#moves [aria-current="step"]')
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-seq", target.get_attribute("data-seq"))
    expect(page.locator("#moves li.turn.has-replayed")).to_have_count(1)
    page.click("#replay-live")
    expect(page.locator('#moves [aria-current="step"]')).to_have_count(0)
