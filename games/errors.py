"""Errors a user can cause. Each maps to one HTTP status and says what was wrong in a sentence."""

from django.db import OperationalError


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


BUSY = "another write was being stored and this one waited too long for it: nothing was stored; retry"


def database_busy(exc: BaseException) -> bool:
    """SQLite's answer to a writer that waited for the write lock longer than its busy timeout (the
    settings make writers wait for each other: this needs a very long write ahead). A 409."""
    return isinstance(exc, OperationalError) and "database is locked" in str(exc)
