"""What the browser tests do on the site's pages, written once: create a game, act by clicking."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

TIMEOUT = 20_000  # ms: a bot's turn or a poll can take a few seconds on a loaded machine
expect.set_options(timeout=TIMEOUT)

# Actions a test never picks on its own: they end the game or only talk about it.
AVOID = {"concede", "offer", "accept", "decline", "resign", "draw"}


def create_game(page: Page, game: str, seats: list[str], options: str = "") -> int:
    page.goto("/games/new/")
    page.select_option("#id_game", game)
    page.fill("#id_players", str(len(seats)))
    for n, choice in enumerate(seats):
        kind, _, user = choice.partition("=")
        page.select_option(f"#id_seat_{n}", kind)
        if user:
            page.fill(f"#id_seat_{n}_user", user)
    if options:
        page.fill("#id_options", options)
    page.click("#create-form button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    return int(re.search(r"/games/(\d+)/$", page.url).group(1))


def accept_invitation(page: Page, game_id: int) -> None:
    """The invited player accepts on the game page (issue 14: a seat is taken only by consent)."""
    page.goto(f"/games/{game_id}/")
    page.click("#accept-button")
    page.wait_for_url(re.compile(rf"/games/{game_id}/$"))


def label(seat: str) -> str:
    """A seat as the page words it: Nakatha's numbered seats read "player 1", ... (named ones stay)."""
    return f"player {int(seat[1:]) + 1}" if re.fullmatch(r"p\d+", seat) else seat


def seq(page: Page) -> int:
    return int(page.get_attribute("#game-page", "data-seq") or -1)


def wait_for_seq(page: Page, value: int) -> None:
    expect(page.locator("#game-page")).to_have_attribute("data-seq", str(value))


def words(action: str) -> set[str]:
    return set(re.split(r"[\s>-]+", action.lower()))


def legal(page: Page) -> list[str]:
    return page.eval_on_selector_all("button.choice", "bs => bs.map(b => b.dataset.action)")


def choose(page: Page, action: str) -> None:
    page.click(f'button.choice[data-action="{action}"]')


def pick(page: Page, refs: str) -> None:
    """Click the board part named ``refs`` (its refs, or the first of them: ``brahmin`` of a Brahmin
    standing on c2.se, whose refs are "brahmin c2.se c2")."""
    page.locator(f'#board [data-refs="{refs}"], #board [data-refs^="{refs} "]').last.click()


def pick_then_choose(page: Page, parts: list[str], action: str) -> None:
    """Click board parts; the page plays the action itself once the clicks leave only it,
    otherwise click it in the board's tray (or the narrowed list)."""
    before = sent(page)
    for part in parts:
        pick(page, part)
        if sent(page) > before:
            return
    tray = page.locator(f'#board-tray button[data-action="{action}"]')
    if tray.count():
        tray.click()
    else:
        choose(page, action)


def click_action(page: Page, action: str) -> None:
    """Play ``action`` from the list of legal actions (the secondary view): clear any selection,
    unfold the action's group, click its button."""
    page.click("text=Clear selection")
    button = page.locator(f'button.choice[data-action="{action}"]')
    if not button.is_visible():
        page.locator("details.choice-group", has=button).locator("summary").click()
    button.click()


def game_moves(page: Page) -> list[tuple[int, str]]:
    """(seq, the server's words) of each row of the move list, without the turn number or time."""
    return page.eval_on_selector_all("#moves li", "ls => ls.map(l => [l.value, l.querySelector('button').textContent])")


# --- playing on the board alone -----------------------------------------------------------------
# A point inside a board part that the part itself receives (not a token drawn over it), scrolled
# into view: where a person would put the mouse or a finger.
POINT_IN = """(refs) => {
  const nodes = [...document.querySelectorAll('#board [data-refs]')].filter((n) => n.dataset.refs === refs);
  for (const node of nodes.reverse()) {
    node.scrollIntoView({ block: 'center', inline: 'center' });
    const r = node.getBoundingClientRect();
    for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .3], [.3, .7], [.7, .7], [.5, .2], [.5, .8], [.2, .5], [.8, .5]]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('[data-refs]') === node) return [x, y, Math.min(r.width, r.height)];
    }
  }
  return null;
}"""


def box(locator) -> dict:
    """The element's box; the page may redraw it meanwhile (a live update), so ask again then."""
    for _ in range(50):
        found = locator.bounding_box()
        if found:
            return found
        locator.page.wait_for_timeout(100)
    raise AssertionError(f"{locator} never showed")


def board_legal(page: Page) -> list[str]:
    return page.evaluate("() => window.boardGuide.legal()")


def sent(page: Page) -> int:
    return int(page.get_attribute("#game-page", "data-sent") or 0)


def play_on_board(page: Page, action: str, max_clicks: int = 8, sizes: list | None = None) -> bool:
    """Play ``action`` by clicking board parts and the pictures in the board's tray only, as the
    page marks them; confirm when asked. False if the board offered no way to it (nothing sent).
    ``sizes`` gets the smaller side, in CSS pixels, of each target clicked: (what, px)."""
    before = sent(page)
    for _ in range(max_clicks):
        if page.locator("#confirm-bar").is_visible():
            page.click("#confirm-yes")
        if sent(page) > before:
            return True
        guide = page.evaluate("(a) => window.boardGuide.partsFor(a)", action)
        if guide["tray"]:
            button = page.locator(f'#board-tray button[data-action="{action}"]')
            if sizes is not None:
                b = box(button)
                sizes.append((f"tray {action}", min(b["width"], b["height"])))
            button.click()
            continue
        found = next(((refs, p) for refs, p in ((r, page.evaluate(POINT_IN, r)) for r in guide["parts"]) if p), None)
        if found is None:
            print(f"\nno way on the board to {action!r}: {guide}; picks {page.get_attribute('#board', 'data-picks')}")
            return False
        refs, (x, y, side) = found
        if sizes is not None:
            sizes.append((refs, side))
        page.mouse.click(x, y)
    if page.locator("#confirm-bar").is_visible():
        page.click("#confirm-yes")
    return sent(page) > before
