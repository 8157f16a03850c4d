"""The rules pages: docs/rules/<game>.md rendered as HTML, with anything unsafe stripped."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import markdown
import nh3
from django.conf import settings

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"


def rules_path(game: str) -> Path | None:
    path = RULES_DIR / f"{game}.md"
    return path if path.is_file() else None


def render_rules(game: str) -> str | None:
    """Safe HTML of the game's rules page, or None when the project has not written it yet."""
    path = rules_path(game)
    if path is None:
        return None
    return _render(path.read_text(encoding="utf-8"), path.stat().st_mtime)


@lru_cache(maxsize=16)
def _render(text: str, _mtime: float) -> str:
    html = markdown.markdown(text, extensions=["tables", "fenced_code", "toc", "sane_lists"])
    # The Markdown is ours, but it is still treated as untrusted: raw HTML in it never reaches a page.
    return nh3.clean(html, attributes={"*": {"id"}, "a": {"href", "title"}, "th": {"align"}, "td": {"align"}})
