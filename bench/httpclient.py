"""A small keep-alive JSON client over ``http.client`` for the load generator and the fault tests: one
connection per client (thread), reopened after any failure, timing each request.

It never retries by itself: a caller that retries decides with which Idempotency-Key.
"""

from __future__ import annotations

import http.client
import json
import time
from urllib.parse import urlsplit

#: What a request that never got an HTTP answer is counted as (a refused or reset connection, a timeout).
NO_ANSWER = 0


class Answer:
    __slots__ = ("status", "body", "headers", "seconds")

    def __init__(self, status: int, body, headers: dict, seconds: float):
        self.status = status
        self.body = body
        self.headers = headers
        self.seconds = seconds

    def __repr__(self) -> str:
        return f"<Answer {self.status} {str(self.body)[:120]}>"


class Client:
    def __init__(self, base: str, token: str | None = None, timeout: float = 15.0):
        parts = urlsplit(base)
        self.host, self.port = parts.hostname, parts.port or 80
        self.token = token
        self.timeout = timeout
        self._connection: http.client.HTTPConnection | None = None

    def _open(self) -> http.client.HTTPConnection:
        if self._connection is None:
            self._connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        return self._connection

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None) -> Answer:
        """The answer; status ``NO_ANSWER`` (0) when the connection failed before one came."""
        sent = {"Accept": "application/json", **(headers or {})}
        if self.token:
            sent["Authorization"] = f"Token {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        start = time.perf_counter()
        try:
            connection = self._open()
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            raw = response.read()
            answer_headers = {k.lower(): v for k, v in response.getheaders()}
            if answer_headers.get("connection", "").lower() == "close":
                self.close()
        except (OSError, http.client.HTTPException) as exc:
            self.close()
            return Answer(NO_ANSWER, {"error": f"{type(exc).__name__}: {exc}"}, {}, time.perf_counter() - start)
        seconds = time.perf_counter() - start
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = raw[:200].decode("latin-1")
        return Answer(response.status, parsed, answer_headers, seconds)

    def get(self, path: str, **kwargs) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: dict | None = None, **kwargs) -> Answer:
        return self.request("POST", path, body if body is not None else {}, **kwargs)
