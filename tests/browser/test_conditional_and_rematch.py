"""The game page's conditional moves and rematch (issue 19 items 6 and 7), in two browsers: north
enters "temple c1 -> temple c5", south's temple is answered at once and the move list marks it; after
a resignation south offers a rematch, north accepts and follows the link to the new game."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import create_game, pick, wait_for_seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_conditional_answer_then_a_rematch_through_the_page(browser, live_asgi, new_user):
    alice, bob = new_user("alice"), new_user("bob")
    errors = []
    for page in (alice, bob):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    game_id = create_game(alice, "paso", ["me", "open"])
    bob.goto(f"/games/{game_id}/")
    bob.click("#join-button")
    expect(alice.locator("#status")).to_contain_text("Your move (south)")

    bob.click("#conditional summary")
    bob.fill("#conditional-text", "temple c1 -> temple c5")
    bob.click("#conditional-save")
    expect(bob.locator("#conditional-status")).to_have_text("Saved.")
    alice.reload()  # her form is read afresh, after bob's tree was stored
    expect(alice.locator("#conditional-status")).to_have_text("No conditional moves.")
    expect(alice.locator("#conditional-text")).to_have_value("")  # her own (none), never bob's

    seq = int(alice.get_attribute("#game-page", "data-seq"))
    pick(alice, "c1")
    wait_for_seq(alice, seq + 2)  # her temple and bob's answer, in one write
    expect(alice.locator("#moves")).to_contain_text("temple c5 (played from conditional moves)")
    expect(alice.locator("#moves li.conditional")).to_have_count(1)
    expect(alice.locator("#status")).to_contain_text("Your move (south)")

    alice.click("#resign")
    alice.click("#confirm-yes")
    expect(alice.locator("#rematch")).to_be_visible()
    alice.click("#rematch-offer")
    expect(alice.locator("#rematch-text")).to_contain_text("waiting for the answer")
    bob.reload()
    bob.click("#rematch-accept")
    expect(bob.locator("#rematch-link")).to_be_visible()
    bob.click("#rematch-link")
    bob.wait_for_url(re.compile(r"/games/\d+/$"))
    assert int(re.search(r"/games/(\d+)/$", bob.url).group(1)) != game_id
    expect(bob.locator("#status")).to_contain_text("Your move (south)")  # seats swapped: bob starts
    assert not errors, errors


def test_a_read_in_flight_never_puts_the_stored_tree_back_over_the_players_edit(browser, live_asgi, new_user):
    """The CI flake of the test above, made certain: bob's page reads his (empty) tree when a position
    arrives; that answer came after he had typed, emptied the box, and "Saved." stored nothing."""
    alice, bob = new_user("alice"), new_user("bob")
    game_id = create_game(alice, "paso", ["me", "open"])
    bob.goto(f"/games/{game_id}/")
    bob.click("#join-button")
    expect(bob.locator("#status")).to_contain_text("Waiting for south")

    held = []
    bob.route(f"**/api/games/{game_id}/conditional",
              lambda route: held.append(route) if route.request.method == "GET" else route.continue_())
    bob.reload()  # the page reads the tree for the position it is shown: that read is held
    for _ in range(100):
        if held:
            break
        bob.wait_for_timeout(100)
    assert held, "the page never read the tree"
    bob.click("#conditional summary")
    bob.fill("#conditional-text", "temple c1 -> temple c5")
    held.pop().continue_()  # the stored tree (none) arrives after the typing
    expect(bob.locator("#conditional-status")).to_contain_text("your edit is not saved yet")  # it was read
    expect(bob.locator("#conditional-text")).to_have_value("temple c1 -> temple c5")  # and the edit kept
    bob.unroute(f"**/api/games/{game_id}/conditional")
    bob.click("#conditional-save")
    expect(bob.locator("#conditional-status")).to_have_text("Saved.")
    stored = bob.request.get(f"/api/games/{game_id}/conditional").json()
    assert stored["text"] == "temple c1 -> temple c5", stored
