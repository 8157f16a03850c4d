"""Errors a user can cause. Each maps to one HTTP status and says what was wrong in a sentence."""


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
