"""One error shape for the whole API: ``{"error": "<a sentence>", "field"?: ..., "rule"?: ...}``."""

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler
from rest_framework.views import set_rollback

from games.errors import (
    BUSY,
    RETRY_AFTER_SECONDS,
    UNAVAILABLE,
    UNSTORABLE,
    ServiceError,
    database_away,
    database_busy,
    unstorable_data,
)
from games.models import AppendOnlyError


def _first_message(detail) -> tuple[str | None, str]:
    """The first (field, message) of a DRF validation error's nested detail."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            _, message = _first_message(value)
            return (None if field == "non_field_errors" else field), message
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return None, str(detail)


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        wait = getattr(exc, "retry_after", None)
        return Response(exc.body(), status=exc.status, headers={"Retry-After": str(wait)} if wait else None)
    if isinstance(exc, AppendOnlyError):
        return Response({"error": str(exc)}, status=status.HTTP_409_CONFLICT)
    if database_busy(exc):  # SQLite: a concurrent writer held the lock too long; nothing was stored
        return Response({"error": BUSY}, status=status.HTTP_409_CONFLICT)
    if unstorable_data(exc):  # a value no check before the database caught: the request's fault
        set_rollback()
        return Response({"error": UNSTORABLE}, status=status.HTTP_400_BAD_REQUEST)
    if database_away(exc):  # never a 500: the client retries (the same Idempotency-Key resolves)
        set_rollback()
        return Response({"error": UNAVAILABLE}, status=status.HTTP_503_SERVICE_UNAVAILABLE,
                        headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    response = drf_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        field, message = _first_message(exc.detail)
        body = {"error": f"{field}: {message}" if field else message}
        if field:
            body["field"] = field
        response.data = body
    elif isinstance(response.data, dict) and "detail" in response.data:
        response.data = {"error": str(response.data["detail"])}
    return response
