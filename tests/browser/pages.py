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
    page.click(f'#board [data-refs="{refs}"]')


def pick_then_choose(page: Page, parts: list[str], action: str) -> None:
    """Click board parts; the page plays the action itself once two or more clicks leave only it
    (the same narrowing rule as the page's), otherwise click it in the narrowed list."""
    remaining = legal(page)
    for n, part in enumerate(parts):
        remaining = [a for a in remaining if set(part.split()) & words(a)]
        pick(page, part)
        if n >= 1 and remaining == [action]:
            return
    choose(page, action)


def click_action(page: Page, action: str) -> None:
    """Play ``action`` by clicking: first a board part it involves (which narrows and unfolds the
    list), then the action's button; without such a part, unfold its group and click the button."""
    mentioned = words(action) - {action.split()[0].lower()}
    parts = page.eval_on_selector_all("#board [data-refs]", "ns => ns.map(n => n.dataset.refs)")
    part = next((p for p in parts if mentioned & set(p.split())), None)
    if part is not None:
        pick(page, part)
    button = page.locator(f'button.choice[data-action="{action}"]')
    if not button.is_visible():
        page.locator("details.choice-group", has=button).locator("summary").click()
    button.click()


def game_moves(page: Page) -> list[tuple[int, str]]:
    return page.eval_on_selector_all("#moves li", "ls => ls.map(l => [l.value, l.innerText])")


# --- playing on the board alone -----------------------------------------------------------------
# A point inside a board part that the part itself receives (not a token drawn over it), scrolled
# into view: where a person would put the mouse or a finger.
_POINT_IN = """(refs) => {
  const nodes = [...document.querySelectorAll('#board [data-refs]')].filter((n) => n.dataset.refs === refs);
  for (const node of nodes.reverse()) {
    node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = node.getBoundingClientRect();
    for (const [fx, fy] of [[.5, .5], [.3, .3], [.7, .3], [.3, .7], [.7, .7], [.5, .2], [.5, .8], [.2, .5], [.8, .5]]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('[data-refs]') === node) return [x, y];
    }
  }
  return null;
}"""


def board_legal(page: Page) -> list[str]:
    return page.evaluate("() => window.boardGuide.legal()")


def sent(page: Page) -> int:
    return int(page.get_attribute("#game-page", "data-sent") or 0)


def play_on_board(page: Page, action: str, max_clicks: int = 8) -> bool:
    """Play ``action`` by clicking board parts and the pictures in the board's tray only, as the
    page marks them; confirm when asked. False if the board offered no way to it (nothing sent)."""
    before = sent(page)
    for _ in range(max_clicks):
        if page.locator("#confirm-bar").is_visible():
            page.click("#confirm-yes")
        if sent(page) > before:
            return True
        guide = page.evaluate("(a) => window.boardGuide.partsFor(a)", action)
        if guide["tray"]:
            page.locator(f'#board-tray button[data-action="{action}"]').click()
            continue
        point = next((p for p in (page.evaluate(_POINT_IN, refs) for refs in guide["parts"]) if p), None)
        if point is None:
            print(f"\nno way on the board to {action!r}: {guide}; picks {page.get_attribute('#board', 'data-picks')}")
            return False
        page.mouse.click(*point)
    if page.locator("#confirm-bar").is_visible():
        page.click("#confirm-yes")
    return sent(page) > before
