"""The API's JSON parser: bounded in size and depth, and only text a database can store.

orjson refuses NaN, infinities, numbers that overflow a double, invalid UTF-8 and lone surrogate
escapes, and nesting past 1024 levels; this parser adds a body cap (413), a depth far below any
recursion limit, NUL in any string or key, and a JSON object at the top (every endpoint takes one).
"""

from __future__ import annotations

import json
import math

import orjson
from django.conf import settings
from rest_framework.parsers import BaseParser

from games.errors import InvalidRequest, ServiceError
from games.inputs import unstorable

#: No request of this API nests deeper (options and seats are two levels).
MAX_DEPTH = 32


class TooLarge(ServiceError):
    status = 413


class JSONParser(BaseParser):
    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        cap = settings.API_MAX_BODY_BYTES
        body = stream.read(cap + 1)
        if len(body) > cap:
            raise TooLarge(f"the request body is larger than {cap} bytes")
        data = loads(body)
        if not isinstance(data, dict):
            raise InvalidRequest("the request body must be a JSON object")
        check(data)
        return data


def loads(body: bytes):
    """JSON text read as this API reads it (orjson), or InvalidRequest saying why not."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        if "infinity" not in str(exc):
            raise InvalidRequest(f"the request body is not valid JSON: {exc}") from None
    # A number past a double's range (1e400, or 1 followed by 400 zeros): read it again to say
    # which field holds it. The standard parser makes it an infinity, which ``check`` refuses.
    try:
        return json.loads(body, parse_int=_int, parse_constant=_constant)
    except (ValueError, RecursionError) as exc:
        raise InvalidRequest(f"the request body is not valid JSON: {str(exc)[:200]}") from None


def _int(text: str):
    return int(text) if len(text) <= 20 else float(text)  # as orjson: past 64 bits, a double


def _constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def check(data: dict) -> None:
    """Walk ``data`` without recursion; refuse depth past MAX_DEPTH and unstorable text."""
    stack = [(data, 1, None, "")]
    while stack:
        value, depth, field, where = stack.pop()
        if depth > MAX_DEPTH:
            raise InvalidRequest(f"{where or 'the body'} nests deeper than {MAX_DEPTH} levels", field=field)
        if isinstance(value, dict):
            for key, item in value.items():
                _text(key, field or key, f"{where}.{key}" if where else key)
                stack.append((item, depth + 1, field or key, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, depth + 1, field, f"{where}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, str):
            _text(value, field, where)
        elif isinstance(value, float) and not math.isfinite(value):
            raise InvalidRequest(f"{where[:80]} is too large a number: it overflows to infinity", field=field)


def _text(text: str, field, where: str) -> None:
    if (problem := unstorable(text)) is not None:
        named = where[:80] if unstorable(where) is None else "a key"
        raise InvalidRequest(f"{named} may not contain {problem}", field=field if field and not unstorable(field) else None)
