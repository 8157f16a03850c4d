"""What input may hold, checked once for every way it arrives (path, query, headers, bodies).

PostgreSQL refuses NUL in text and ``\\u0000`` in jsonb, and no database can encode a lone
surrogate: either reaching a query is a 500. So they are refused at the door, with a 400 that
names where they were. Numbers in paths and queries are read here too, bounded, so ``"²"``
(which ``str.isdigit`` calls a digit and ``int`` refuses) or 2^63 never reach ``int`` or a query.
"""

from __future__ import annotations

import re

from games.errors import InvalidRequest

#: The largest id or sequence number accepted anywhere: every integer a JSON client can hold
#: exactly, far below any 64-bit column's limit.
MAX_ID = 2**53
#: An id or count in a path or query is at most this many ASCII digits.
_NUMBER = re.compile(r"[0-9]{1,16}")
#: NUL and lone surrogates: the characters no database text column can store.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
#: Idempotency-Key: the column holds 200 characters; visible ASCII only, so a key reads the same
#: in a header, a log line and the database.
MAX_IDEMPOTENCY_KEY = 200
_KEY = re.compile(rf"[\x21-\x7e]{{1,{MAX_IDEMPOTENCY_KEY}}}")
#: Action text: the longest notation of any game is far shorter.
MAX_ACTION_TEXT = 200


def unstorable(text: str) -> str | None:
    """A description of the first character of ``text`` no database can store, or None."""
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    return "a NUL byte" if found.group() == "\x00" else "a lone surrogate (not a Unicode character)"


def whole_number(text, low: int = 0, high: int = MAX_ID) -> int | None:
    """``text`` read as a whole number of ASCII digits from ``low`` to ``high``, or None."""
    if not isinstance(text, str) or not _NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def query_number(params, name: str, default: int, low: int = 0, high: int = MAX_ID) -> int:
    """The query parameter ``name`` as a bounded whole number (``default`` when absent)."""
    text = params.get(name)
    if text is None:
        return default
    value = whole_number(text, low, high)
    if value is None:
        raise InvalidRequest(f"{name} must be a whole number from {low} to {high}", field=name)
    return value


def idempotency_key(key) -> str | None:
    """The key if it is one (None: no key), else InvalidRequest naming the header."""
    if key is None or key == "":
        return None  # an empty header is no key, as before
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise InvalidRequest(
            f"Idempotency-Key must be 1 to {MAX_IDEMPOTENCY_KEY} visible ASCII characters (no spaces)",
            field="Idempotency-Key",
        )
    return key


def action_text(text) -> str:
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise InvalidRequest(f"action must be text of at most {MAX_ACTION_TEXT} characters", field="action")
    if (problem := unstorable(text)) is not None:
        raise InvalidRequest(f"action may not contain {problem}", field="action")
    return text
