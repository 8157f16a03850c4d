"""Errors a user can cause. Each maps to one HTTP status and says what was wrong in a sentence."""

from django.db import DataError, InterfaceError, OperationalError


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str, *, field: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule

    def body(self) -> dict:
        body = {"error": self.message}
        if self.field:
            body["field"] = self.field
        if self.rule:
            body["rule"] = self.rule
        return body


class InvalidRequest(ServiceError):
    status = 400


class Forbidden(ServiceError):
    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Unprocessable(ServiceError):
    """Well-formed but refused as a whole: an Idempotency-Key reused for another request."""

    status = 422


class TooManyRequests(ServiceError):
    """A rate the writer exceeded (a chat line too many): 429, with the seconds to wait."""

    status = 429

    def __init__(self, message: str, *, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after

    def body(self) -> dict:
        return super().body() | {"retry_after": self.retry_after}


BUSY = "another write was being stored and this one waited too long for it: nothing was stored; retry"


def database_busy(exc: BaseException) -> bool:
    """SQLite's answer to a writer that waited for the write lock longer than its busy timeout (the
    settings make writers wait for each other: this needs a very long write ahead). A 409."""
    return isinstance(exc, OperationalError) and "database is locked" in str(exc)


#: The database is out of reach (a failover, a terminated backend, a pool that could not connect): 503.
UNAVAILABLE = ("the database cannot be reached just now: retry in a few seconds (a write retried with the "
               "same Idempotency-Key is never stored twice)")
#: Seconds a client is asked to wait before retrying after a 503.
RETRY_AFTER_SECONDS = 2
#: A value the database refused to store (too long for its column, a number out of range, bytes of a
#: text it cannot encode) that no check before it caught: the request's fault, a 400.
UNSTORABLE = "the request holds a value the database cannot store (text too long, a number out of range, or a NUL byte)"


def database_away(exc: BaseException) -> bool:
    """The database (or the connection to it) went away: nothing the request did, worth a retry (503)."""
    return isinstance(exc, (OperationalError, InterfaceError)) and not database_busy(exc)


def unstorable_data(exc: BaseException) -> bool:
    return isinstance(exc, DataError)
