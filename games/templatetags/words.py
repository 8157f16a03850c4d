"""People's words for the service's own terms in the site's templates (the page script's words.js
says the same): game titles, seats an engine numbers (Nakatha's p0: "player 1"), bot players,
outcome reasons (mandala_complete: "Mandala complete")."""

from __future__ import annotations

from django import template

from games.site import words as site_words
from games.site.events import seat_labels

register = template.Library()

@register.filter
def game_title(name) -> str:
    return site_words.game_title(str(name))


@register.filter
def words(code) -> str:
    text = str(code or "").replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


@register.filter
def player(name) -> str:
    """``bot:random`` is "random bot"; a user keeps their name."""
    name = str(name or "")
    return f"{name[4:]} bot" if name.startswith("bot:") else name


@register.filter
def seat(name, seats) -> str:
    """A seat of a game whose ``seats`` (summaries with a ``name``) are listed beside it."""
    return seat_labels(s["name"] for s in seats or []).get(name, name)


@register.filter
def seats(names, seats) -> str:
    """Several seats (an outcome's winners), joined: "player 1 and player 3"."""
    labels = seat_labels(s["name"] for s in seats or [])
    return " and ".join(labels.get(n, n) for n in names or [])
