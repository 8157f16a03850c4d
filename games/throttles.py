"""Throttles: sign-up, log-in, token creation and writes, counted in Django's cache.

DRF's ``SimpleRateThrottle`` keeps the counts (a list of times per key, in the default cache: Redis
when ``REDIS_URL`` is set, so every process shares them). Two changes to it:

- the rate is read from ``settings.THROTTLE_RATES`` at each request (the environment sets it; tests
  change it with ``override_settings``), and it may name a multiple of a unit (``5/15m``);
- the client's address is ``REMOTE_ADDR``; ``X-Forwarded-For`` is read only behind
  ``TRUSTED_PROXIES`` proxies of ours (DRF's default would take the header as sent).

Log-in counts failures, not attempts, on three keys. Per (name, address) the limit is tight, and a
successful log-in clears it; per name it is looser and short, so one address can never lock a name
(its pair limit stops it first) and many addresses lock it only for the name window after their last
failure; per address it stops one address from trying many names. Sign-ups count accounts made.
The site's forms use the same counters as the API (``check``/``record`` below).
"""

from __future__ import annotations

import hashlib
import math
import re

from django.conf import settings
from rest_framework.exceptions import Throttled
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle

from games.accounts import canonical

_RATE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*([smhd])[a-z]*\s*$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def client_address(request) -> str:
    """The caller's address: REMOTE_ADDR, or X-Forwarded-For as written by our own trusted proxies."""
    meta = getattr(request, "META", request)
    remote = meta.get("REMOTE_ADDR") or "unknown"
    proxies = settings.TRUSTED_PROXIES
    forwarded = meta.get("HTTP_X_FORWARDED_FOR")
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    # Each trusted proxy appends the address it saw: the client is the one our first proxy saw.
    return hops[-min(proxies, len(hops))] if hops else remote


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Rate(SimpleRateThrottle):
    """A DRF rate throttle whose rate comes from settings at request time."""

    def get_rate(self):
        return settings.THROTTLE_RATES.get(self.scope)

    def parse_rate(self, rate):
        if not rate:
            return (None, None)
        found = _RATE.match(rate)
        if found is None:
            raise ValueError(f"throttle rate {rate!r} is not like 10/m or 5/15m")
        count, multiple, unit = found.groups()
        return int(count), int(multiple or 1) * _UNITS[unit]

    def get_ident(self, request):
        return client_address(request)

    def wait(self):
        waited = super().wait()
        return None if waited is None else max(1, math.ceil(waited))


class WriteThrottle(Rate):
    """Every unsafe method of the API, per user (per address for a visitor)."""

    scope = "write"

    def get_cache_key(self, request, view):
        if request.method in SAFE_METHODS:
            return None
        user = getattr(request, "user", None)
        ident = f"user{user.pk}" if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": _digest(ident)}


class Counter(Rate):
    """A rate on what the caller records (a failed log-in, an account made), not on every request."""

    def __init__(self, ident: str):
        super().__init__()
        self.key = self.cache_format % {"scope": self.scope, "ident": _digest(ident)}

    def _history(self) -> list[float]:
        self.now = self.timer()
        self.history = [t for t in self.cache.get(self.key, []) if t > self.now - self.duration]
        return self.history

    def allowed(self) -> bool:
        return self.rate is None or len(self._history()) < self.num_requests

    def record(self) -> None:
        if self.rate is not None:
            self.cache.set(self.key, [self.timer(), *self._history()], self.duration)

    def clear(self) -> None:
        self.cache.delete(self.key)


class SignupCounter(Counter):
    scope = "signup"


class TokenCounter(Counter):
    scope = "token"


class LoginPair(Counter):
    scope = "login_pair"


class LoginName(Counter):
    scope = "login_name"


class LoginAddress(Counter):
    scope = "login_address"


class WriteCounter(Counter):
    scope = "write"


class ChatCounter(Counter):
    scope = "chat"


def check(*counters: Counter) -> None:
    """Raise DRF's Throttled (429 with Retry-After) if any counter is full; nothing is counted."""
    full = [c for c in counters if not c.allowed()]
    if full:
        raise Throttled(wait=max(c.wait() or 1 for c in full))


def record(*counters: Counter) -> None:
    for counter in counters:
        counter.record()


# --- the named uses --------------------------------------------------------------------------------
def signup(request) -> SignupCounter:
    return SignupCounter(client_address(request))


def tokens(request, user=None) -> TokenCounter:
    """Tokens and tickets made: per user once known, per address before."""
    return TokenCounter(f"user{user.pk}" if user is not None else client_address(request))


def login(request, username) -> tuple[LoginPair, LoginName, LoginAddress]:
    name = canonical(username) if isinstance(username, str) else ""
    address = client_address(request)
    return LoginPair(f"{name}\n{address}"), LoginName(name), LoginAddress(address)


def login_succeeded(counters: tuple[LoginPair, LoginName, LoginAddress]) -> None:
    counters[0].clear()  # this pair proved itself; the name's and the address's counts stay


def socket_write(user) -> WriteCounter:
    """A move sent over a WebSocket counts against the same per-user write rate as the API's."""
    return WriteCounter(f"user{user.pk}")


def chat(user) -> ChatCounter:
    """Chat lines written, per user, over HTTP and the WebSocket alike (``games.chat.post``)."""
    return ChatCounter(f"user{user.pk}")
