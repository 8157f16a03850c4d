"""The game page asks before anything that loses or ends the game, can confirm every move, says
whose move it is in the tab's title, and keeps up when the socket is silent or the server is away."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD
from tests.browser.pages import create_game, pick, seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_concede_asks_first_and_cancel_changes_nothing(new_user):
    page = new_user("alice")
    create_game(page, "tibetana", ["me", "bot:random"])
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    before = seq(page)
    concede = page.locator('#board-tray button[data-action="concede"]')
    concede.click()
    expect(page.locator("#confirm-bar")).to_be_visible()
    expect(page.locator("#confirm-text")).to_have_text("Concede this game? You lose it.")
    page.click("#confirm-no")
    expect(page.locator("#confirm-bar")).to_be_hidden()
    page.wait_for_timeout(500)
    assert seq(page) == before
    concede.click()
    page.click("#confirm-yes")
    expect(page.locator("#status")).to_contain_text("Game over: green (the random bot) won")
    expect(page).to_have_title(re.compile(r"^Game over — Tibetana #\d+$"))
    expect(page.locator("#panel-body")).not_to_contain_text("actions left")  # nothing stale after the end


def test_resign_and_a_draw_offer_ask_first(new_user):
    page = new_user("alice")
    create_game(page, "paso", ["me", "bot:random"])
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    page.click("#draw-offer")
    expect(page.locator("#confirm-text")).to_have_text("Offer a draw?")
    page.click("#confirm-no")
    page.click("#resign")
    expect(page.locator("#confirm-text")).to_have_text("Resign this game? You lose it.")
    page.click("#confirm-no")
    page.wait_for_timeout(500)
    expect(page.locator("#game-page")).to_have_attribute("data-status", "active")
    page.click("#resign")
    page.click("#confirm-yes")
    expect(page.locator("#status")).to_contain_text("Game over: north (the random bot) won — Resignation")


def test_the_confirm_moves_preference_previews_every_move_and_is_kept(browser, live_asgi, new_user):
    first = new_user("alice")
    game_id = create_game(first, "paso", ["me", "bot:random"])
    expect(first.locator("#confirm-moves")).not_to_be_checked()
    first.check("#confirm-moves")
    expect(first.locator("#game-page")).to_have_attribute("data-confirm-moves", "true")  # stored
    # Kept on the server, for the user: another browser, logged in afresh, starts with it on.
    context = browser.new_context(base_url=live_asgi)
    page = context.new_page()
    page.goto("/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", PASSWORD)
    page.click("form.stack button[type=submit]")
    page.wait_for_url(live_asgi + "/")
    page.goto(f"/games/{game_id}/")
    expect(page.locator("#confirm-moves")).to_be_checked()
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    before = seq(page)
    pick(page, "c1")
    expect(page.locator("#confirm-text")).to_have_text("Play “temple c1”?")
    page.click("#confirm-no")
    page.wait_for_timeout(500)
    assert seq(page) == before
    pick(page, "c1")
    page.click("#confirm-yes")
    expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))  # the bot may follow
    expect(page.locator("#moves")).to_contain_text("south: temple c1")
    context.close()


def test_the_tab_title_and_icon_say_whose_move_it_is(new_user):
    page = new_user("alice")
    game_id = create_game(page, "paso", ["me", "bot:random"])
    expect(page).to_have_title(f"● Your move — Paso del Brahmán #{game_id}")
    expect(page.locator('link[rel="icon"]')).to_have_attribute("data-state", "move")
    expect(page.locator("#seats")).to_contain_text("north: random bot")
    assert page.locator('#seats a[href="#"]').count() == 0  # a bot has no profile to link to
    # Before any click, the places that start an action are marked.
    assert page.locator("#board .pick.target").count() == 5  # south's five edge spaces


def test_a_silent_websocket_falls_back_to_polling(new_user):
    page = new_user("alice")
    page.route_web_socket(re.compile(r"/ws/games/\d+/"), lambda ws: None)  # opens, never speaks
    create_game(page, "paso", ["me", "bot:random"])
    expect(page.locator("#status")).to_contain_text("Your move (south)")
    expect(page.locator("#game-page")).to_have_attribute("data-connection", "poll")


def test_an_unreachable_server_is_said_next_to_the_board_and_cleared(new_user):
    page = new_user("alice")
    game_id = create_game(page, "paso", ["me", "bot:random"])
    page.goto(f"/games/{game_id}/?transport=poll")
    expect(page.locator("#status")).to_contain_text("Your move (south)")
    page.route("**/api/games/**", lambda route: route.abort())
    expect(page.locator("#error")).to_contain_text("The server cannot be reached", timeout=15_000)
    assert page.evaluate("document.querySelector('.board-column').contains(document.getElementById('error'))")
    page.unroute("**/api/games/**")
    expect(page.locator("#error")).to_be_hidden(timeout=15_000)


def test_a_summon_offers_its_tile_types_and_turns_as_pictures(new_user):
    page = new_user("alice")
    create_game(page, "paso", ["me", "bot:random"])
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    pick(page, "c1")  # the temple: one click, one action, played
    expect(page.locator('#board [data-refs="brahmin"]')).to_have_class(re.compile(r"\btarget\b"))
    pick(page, "brahmin")
    pick(page, "c2")  # an empty space next to the temple
    pictures = page.locator("#board-tray button .option-picture")
    expect(pictures).to_have_count(16)  # four tile types, four turns each
    assert page.locator("#board-tray button .option-picture title").count() == 16
    expect(page.locator("#board [data-refs='temple']")).to_have_count(0)  # no word lights a temple up
    before = seq(page)
    page.locator('#board-tray button[data-action="brahmin summon L c2 r90"]').click()
    expect(page.locator("#game-page")).not_to_have_attribute("data-seq", str(before))
    expect(page.locator("#moves")).to_contain_text("south: brahmin summon L c2 r90")
