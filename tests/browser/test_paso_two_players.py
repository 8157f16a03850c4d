"""Two people play Paso del Brahmán to the end in two browsers, each seeing the other's moves
arrive without reloading; a spectator follows by polling; a stale click is refused with a message."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT
from tests.browser.pages import accept_invitation, create_game, pick, pick_then_choose, seq, wait_for_seq

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# South's Brahmin walks up the c file on straight pairs while north passes (rulings P6, P10, P19).
GAME = [
    ("south", "temple c1"), ("north", "temple c5"),
    ("south", "brahmin summon I c2 r90"), ("south", "brahmin walk temple-c2.se"), ("south", "end"),
    ("north", "end"),
    ("south", "brahmin summon I c3 r90"), ("south", "brahmin walk c2.se-c2.ne"), ("south", "end"),
    ("north", "end"),
    ("south", "brahmin walk c2.ne-c3.se"), ("south", "brahmin walk c3.se-c3.ne"), ("south", "end"),
    ("north", "end"),
    ("south", "brahmin summon I c4 r90"), ("south", "brahmin walk c3.ne-c4.se"), ("south", "end"),
    ("north", "end"),
    ("south", "brahmin walk c4.se-c4.ne"), ("south", "brahmin walk c4.ne-temple"),
]


def play_by_clicking(page, action: str, keyboard: bool = False) -> None:
    """The player's gestures for one Paso action, on the board alone: a token, then where it goes;
    a space for a temple (one click leaves one action: it is played); ``end`` under the board."""
    parts = action.split()
    if action == "end":
        if keyboard:
            page.focus('#board-tray button[data-action="end"]')
            page.keyboard.press("Enter")
        else:
            page.click('#board-tray button[data-action="end"]')
    elif parts[0] == "temple":
        if keyboard:
            page.focus(f'#board [data-refs="{parts[1]}"]')
            page.keyboard.press("Enter")
        else:
            pick(page, parts[1])
    elif parts[1] == "summon":
        pick_then_choose(page, [parts[0], parts[3]], action)
    elif parts[1] == "walk":
        destination = parts[2].split("-")[1]
        square = "rival-temple c5" if destination == "temple" else f"{destination} {destination.split('.')[0]}"
        pick_then_choose(page, [parts[0], square], action)
    else:
        raise AssertionError(f"no gestures written for {action!r}")


def test_two_players_play_paso_to_the_end_each_seeing_the_others_moves(browser, live_asgi, new_user):
    alice, bob = new_user("alice"), new_user("bob", width=390)  # bob plays on a phone-width screen
    errors = []
    for page in (alice, bob):
        page.on("pageerror", lambda exc: errors.append(str(exc)))

    game_id = create_game(alice, "paso", ["me", "open"])
    expect(alice.locator("#status")).to_contain_text("Waiting for 1 more player")
    bob.goto("/")
    bob.click(f'section[aria-labelledby="open-h"] a[href="/games/{game_id}/"]')
    bob.click("#join-button")
    expect(alice.locator("#status")).to_contain_text("Your move (south)")  # the join arrived live
    expect(alice.locator("#seats")).to_contain_text("north: bob")  # and the seat line with it
    expect(alice.locator("#game-page")).to_have_attribute("data-connection", "live")
    expect(bob.locator("#status")).to_contain_text("Waiting for south")

    watcher = browser.new_context(base_url=live_asgi).new_page()
    watcher.goto(f"/games/{game_id}/?transport=poll")
    expect(watcher.locator("#game-page")).to_have_attribute("data-connection", "poll")

    players = {"south": alice, "north": bob}
    for n, (seat, action) in enumerate(GAME):
        me, other = players[seat], players["north" if seat == "south" else "south"]
        before = seq(me)
        play_by_clicking(me, action, keyboard=seat == "north")
        last = n == len(GAME) - 1
        after = before + (2 if last else 1)  # the winning move is followed by the END event
        wait_for_seq(other, after)  # the other player's page moved on by itself
        wait_for_seq(me, after)
        expect(other.locator(f'#moves li[value="{before + 1}"]')).to_contain_text(f"{seat}: {action} ")
        if n == 2:
            alice.locator("#board").screenshot(path=str(OUTPUT / "board-paso-midgame.png"))

    for page in (alice, bob, watcher):
        expect(page.locator("#status")).to_contain_text("Game over: south (alice) won — Illumination")
    alice.locator("#board").screenshot(path=str(OUTPUT / "board-paso.png"))
    bob.screenshot(path=str(OUTPUT / "paso-phone-width.png"), full_page=True)
    assert not errors


def test_a_refused_move_says_why_and_the_page_catches_up(new_user):
    alice, bob = new_user("alice"), new_user("bob")
    game_id = create_game(alice, "paso", ["me", "invite=bob"])
    accept_invitation(bob, game_id)
    stale = alice.context.new_page()
    stale.goto(f"/games/{game_id}/?transport=poll")
    expect(stale.locator("#status")).to_contain_text("Your move (south)")

    # The stale tab loses the network for reads while the other tab places the temple.
    stale.route("**/api/games/**", lambda route: route.abort() if route.request.method == "GET" else route.continue_())
    alice.goto(f"/games/{game_id}/")
    expect(alice.locator("#status")).to_contain_text("Your move (south)")
    before = seq(alice)
    play_by_clicking(alice, "temple c1")
    wait_for_seq(alice, before + 1)
    stale.click('#board [data-refs="b1"]')
    expect(stale.locator("#error")).to_have_text("Your opponent moved first — the board is up to date.")

    stale.unroute("**/api/games/**")
    expect(stale.locator("#status")).to_contain_text("Waiting for north")  # polling caught up
    expect(stale.locator("#moves")).to_contain_text("south: temple c1")
    expect(stale.locator("#error")).to_be_visible()  # caught up, the message is true: it stays to be read
    # The game moves on: the refusal is about a past position, and goes.
    bob.goto(f"/games/{game_id}/")
    expect(bob.locator("#status")).to_contain_text("Your move (north)")
    pick(bob, "c5")
    expect(stale.locator("#status")).to_contain_text("Your move (south)")
    expect(stale.locator("#error")).to_be_hidden()


def test_a_dropped_socket_reconnects_and_the_page_resyncs(new_user):
    alice, bob = new_user("alice"), new_user("bob")
    sockets = []

    def through_to_the_server(ws):
        sockets.append(ws)
        ws.connect_to_server()

    bob.route_web_socket(re.compile(r"/ws/games/\d+/"), through_to_the_server)
    game_id = create_game(alice, "paso", ["me", "invite=bob"])
    accept_invitation(bob, game_id)
    expect(bob.locator("#game-page")).to_have_attribute("data-connection", "live")
    opened = len(sockets)  # the game page, then the same page again once accepted
    sockets[-1].close()  # the network drops bob's socket
    expect(bob.locator("#game-page")).to_have_attribute("data-reconnects", "1")
    expect(bob.locator("#game-page")).to_have_attribute("data-connection", "live")
    assert len(sockets) == opened + 1

    play_by_clicking(alice, "temple c1")
    expect(bob.locator("#status")).to_contain_text("Your move (north)")
    expect(bob.locator("#moves")).to_contain_text("south: temple c1")
