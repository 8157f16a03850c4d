"""At phone width, by keyboard: a timed game from the create form shows its deadline on the game
page, the move list reads as the server words it, and a report is filed with a confirmation."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390  # px: a common phone's CSS width


def fits_the_width(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_timed_game_shows_its_deadline_and_takes_a_report_at_phone_width(new_user):
    page = new_user("alice", width=PHONE)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto("/games/new/")
    expect(page.locator('[data-field="timeout_bot"]')).to_be_hidden()
    page.select_option("#id_policy", "bot")
    expect(page.locator('[data-field="timeout_bot"]')).to_be_visible()
    assert fits_the_width(page)

    page.fill("#id_days_per_move", "2")  # create_game keeps what is already filled in
    page.fill("#id_vacation_days", "3")
    page.select_option("#id_timeout_bot", "greedy")
    create_game_here(page)

    expect(page.locator("#status")).to_contain_text("Your move (south)")
    expect(page.locator("#clock")).to_have_text(re.compile(r"Deadline for south \(you\): .+ \(1 day 23 hours left\); "
                                                           r"your vacation left: 3 days\."))
    expect(page.locator(".time-control-line")).to_contain_text("a bot (greedy) plays the turn")
    expect(page.locator("#moves li").first).to_contain_text("service: created the game")
    assert fits_the_width(page)

    page.locator("details.report summary").focus()
    page.keyboard.press("Enter")  # opens the report form
    page.locator("#id_reason").focus()
    page.keyboard.type("the bot never answers")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # the submit button
    expect(page.locator(".messages")).to_contain_text("your report is with the moderators")
    assert re.search(r"/games/\d+/$", page.url)
    assert not errors


def create_game_here(page) -> None:
    """Submit the create form already on screen with the seats filled in (me against a bot)."""
    page.select_option("#id_game", "paso")
    page.select_option("#id_seat_1", "bot:random")
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+/$"))


def test_the_leaderboard_is_reachable_from_the_nav(new_user):
    page = new_user("bob", width=PHONE)
    page.click("header.top >> text=Leaderboard")
    page.wait_for_url(re.compile(r"/leaderboard/paso/$"))
    expect(page.locator("h1")).to_have_text("Leaderboard: paso")
    page.click('nav.tabs >> text=mandara')
    expect(page.locator("h1")).to_have_text("Leaderboard: mandara")
    assert fits_the_width(page)
