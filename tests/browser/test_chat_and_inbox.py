"""The game chat and the live inbox badge in two browsers (issue 19, items 5 and 1): a line one
player sends appears on the other's page as text (never HTML), a new account's link stays plain
text, and the inbox badge changes on another page while its poll is cut off."""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import accept_invitation, create_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TRAP = '<img src=x onerror="window.chatInjected=1"> hello https://example.com'


def send_line(page, text: str) -> None:
    room = page.locator('.chat-room[data-room="players"]')
    room.locator("input[name=text]").fill(text)
    room.locator("button[type=submit]").click()


def test_a_chat_line_appears_on_the_other_players_page_as_text(new_user):
    alice, bob = new_user("alice"), new_user("bob")
    game_id = create_game(alice, "paso", ["me", "invite=bob"])
    accept_invitation(bob, game_id)
    alice.goto(f"/games/{game_id}/")
    for page in (alice, bob):
        expect(page.locator('.chat-room[data-room="players"] input[name=text]')).to_be_visible()
    expect(bob.locator("#game-page")).to_have_attribute("data-connection", "live")
    send_line(alice, TRAP)
    line = bob.locator('.chat-room[data-room="players"] .chat-lines li').last
    expect(line.locator(".chat-text")).to_have_text(TRAP)  # arrived live: bob never reloaded
    expect(line.locator(".chat-author")).to_have_text("alice")
    assert bob.locator("#chat img").count() == 0  # the markup was shown, not parsed
    assert bob.locator("#chat a").count() == 0  # alice's account is new: her link is plain text
    assert bob.evaluate("window.chatInjected") is None
    # The spectators' room is not shown to the players while the game runs.
    assert bob.locator('.chat-room[data-room="spectators"]').count() == 0


def test_the_inbox_badge_changes_live_on_another_page(new_user):
    alice, bob = new_user("alice"), new_user("bob")
    bob.route("**/inbox/unread", lambda route: route.abort())  # no poll: only the socket can tell bob
    bob.goto("/")
    badge = bob.locator("#inbox-badge")
    expect(badge).to_be_hidden()
    expect(bob.locator("#inbox-link")).to_have_attribute("data-live", "true")  # its socket is open
    create_game(alice, "paso", ["me", "invite=bob"])  # bob is told of the invitation
    expect(badge).to_be_visible()
    expect(badge).to_have_text("1")


def test_a_link_of_an_old_enough_account_opens_with_nofollow_ugc_noopener(new_user):
    """The page's own renderer (chat.js's lineText): with links allowed a URL becomes a link with
    rel="nofollow ugc noopener" and the rest stays text; without, nothing becomes a link."""
    page = new_user("alice")
    rendered = page.evaluate("""async () => {
        const { lineText } = await import("/static/site/js/chat.js");
        const shown = (links) => {
            const span = document.createElement("span");
            lineText(span, 'see https://example.com/a?b=1 <b>now</b>', links);
            const a = span.querySelector("a");
            return { text: span.textContent, rel: a && a.rel, href: a && a.href, tags: span.querySelectorAll("b").length };
        };
        return { old: shown(true), fresh: shown(false) };
    }""")
    assert rendered["old"] == {"text": "see https://example.com/a?b=1 <b>now</b>", "rel": "nofollow ugc noopener",
                               "href": "https://example.com/a?b=1", "tags": 0}
    assert rendered["fresh"]["rel"] is None and rendered["fresh"]["text"] == rendered["old"]["text"]
