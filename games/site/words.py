"""The games' titles as people write them (lowercase names are the engine's keys); the page script
keeps the same table (words.js)."""

GAME_TITLES = {"paso": "Paso del Brahmán", "tibetana": "Tibetana", "nakatha": "Nakatha", "mandara": "Mandara"}


def game_title(name: str) -> str:
    return GAME_TITLES.get(name, name.title())
