"""One error shape for the whole API: ``{"error": "<a sentence>", "field"?: ..., "rule"?: ...}``."""

from django.http import JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from games.errors import ServiceError
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
        return Response(exc.body(), status=exc.status)
    if isinstance(exc, AppendOnlyError):
        return Response({"error": str(exc)}, status=status.HTTP_409_CONFLICT)
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


# --- Django's own error answers (no view ran, or the request could not be read) ---------------------
# Under /api/ they keep the API's error shape; the site keeps Django's pages.
API_PREFIX = "/api/"


def _json_or_page(request, status: int, message: str, page):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": message}, status=status)
    return page()


def bad_request(request, exception):
    return _json_or_page(request, 400, "the request could not be read", lambda: defaults.bad_request(request, exception))


def permission_denied(request, exception):
    return _json_or_page(
        request, 403, "you may not do this", lambda: defaults.permission_denied(request, exception)
    )


def page_not_found(request, exception):
    return _json_or_page(
        request, 404, "no such API path: check the path and its ids",
        lambda: defaults.page_not_found(request, exception),
    )


def server_error(request):
    return _json_or_page(request, 500, "the server failed; nothing was changed", lambda: defaults.server_error(request))
