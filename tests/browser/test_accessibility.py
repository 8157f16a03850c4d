"""axe-core (vendored under tests/browser/vendor/, injected from the file: no network) finds no
serious or critical violation, colour contrast included, on the site's pages: home, new game, each
game's page during play, a finished game and its history replayed, the rules, a player's profile
with their game history, the leaderboard.
The counts per page are printed and written to test-output/axe.json."""

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT
from tests.browser.pages import create_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
PLAYERS = {"paso": 2, "tibetana": 2, "nakatha": 2, "mandara": 3}
SERIOUS = {"serious", "critical"}


def audit(page) -> dict:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, { resultTypes: ['violations'] })")
    counts = {}
    for violation in result["violations"]:
        counts[violation["impact"] or "unknown"] = counts.get(violation["impact"] or "unknown", 0) + len(violation["nodes"])
    serious = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
               for v in result["violations"] if v["impact"] in SERIOUS]
    return {"counts": counts, "serious": serious}


def rules_run(page) -> set[str]:
    result = page.evaluate("() => axe.run(document, { resultTypes: ['passes'] })")
    return {r["id"] for r in result["passes"] + result["incomplete"] + result["violations"]}


def record(name: str, found: dict, table: dict) -> None:
    table[name] = found["counts"]
    print(f"\naxe {name}: {found['counts'] or 'no violations'}")


def test_no_serious_or_critical_violations_on_any_page(new_user):
    page = new_user("alice")
    table, failures = {}, {}

    def check(name: str) -> None:
        found = audit(page)
        record(name, found, table)
        if found["serious"]:
            failures[name] = found["serious"]

    page.goto("/")
    check("home")
    page.goto("/games/new/")
    check("new game")
    for game, players in PLAYERS.items():
        create_game(page, game, ["me"] + ["bot:random"] * (players - 1))
        expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
        check(f"game {game}")
    page.click("#resign")  # a finished game for the profile's history
    page.click("#confirm-yes")
    expect(page.locator("#status")).to_contain_text("Game over")
    check("game over (mandara)")
    # The game's history: every event shown, one row replayed on the board.
    page.check("#show-all-events")
    page.locator("#moves li button").first.click()
    expect(page.locator("#moves li.replayed")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("Replay:")
    check("history (the finished game replayed)")
    page.goto("/rules/")
    check("rules index")
    for game in PLAYERS:
        page.goto(f"/rules/{game}/")
        check(f"rules {game}")
    page.goto("/players/alice/")
    check("profile with history")
    page.goto("/leaderboard/paso/")
    check("leaderboard")
    (OUTPUT / "axe.json").write_text(json.dumps(table, indent=1))
    assert "color-contrast" in rules_run(page)  # colour contrast is among the rules that ran
    assert not failures, json.dumps(failures, indent=1)


# Every drawn shape of the board belongs to something named for screen readers: it, or a group it
# sits in, has a <title> or an aria-label (or is marked decorative with aria-hidden); a text with
# words ("in play") is read as those words.
UNNAMED_SHAPES = """() => {
  const svg = document.querySelector('#board svg');
  const named = (n) => {
    if (n.tagName === 'text' && n.textContent.trim()) return true;
    for (let e = n; e && e !== svg; e = e.parentElement) {
      if (e.querySelector(':scope > title') || e.getAttribute('aria-label') || e.getAttribute('aria-hidden') === 'true') return true;
    }
    return false;
  };
  return [...svg.querySelectorAll('rect, circle, polygon, path, text, use, image, line, ellipse')]
    .filter((n) => !named(n)).map((n) => n.outerHTML.slice(0, 100));
}"""


@pytest.mark.parametrize("game", list(PLAYERS))
def test_every_shape_on_the_board_has_a_title_for_screen_readers(new_user, game):
    """Issue 18, must deliver 2: "a title on every element for screen readers" (pieces, places, rings)."""
    page = new_user("alice")
    create_game(page, game, ["me"] + ["bot:random"] * (PLAYERS[game] - 1))
    expect(page.locator("#game-page")).to_have_attribute("data-mine", "true")
    assert page.locator("#board svg title").count() > 5
    assert page.evaluate(UNNAMED_SHAPES) == []
