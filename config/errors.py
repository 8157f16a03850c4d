"""Error pages that carry nothing: a fixed sentence per status, no template context, no request data,
no exception text (which could hold a position, a seed or a hidden outcome). API paths get the API's
error shape."""

import sys

from django.http import HttpResponse, JsonResponse

from games.errors import RETRY_AFTER_SECONDS, UNAVAILABLE, database_away, unstorable_data

SENTENCES = {
    400: "The request could not be understood.",
    403: "You may not do that.",
    404: "There is nothing here.",
    503: "The service is briefly unavailable; please try again in a few seconds.",
    500: "Something went wrong on our side; it has been logged without its details. Please try again later.",
}


#: Under /api/ the sentence a client can act on (the API's error shape); the site gets a plain page.
API_SENTENCES = {**SENTENCES, 404: "no such API path: check the path and its ids", 503: UNAVAILABLE}


def _answer(request, status: int):
    sentence = SENTENCES[status]
    if request.path.startswith("/api/"):
        return JsonResponse({"error": API_SENTENCES[status]}, status=status)
    page = (f'<!doctype html><html lang="en"><meta charset="utf-8"><title>{status}</title>'
            f'<h1>{status}</h1><p>{sentence}</p>')
    return HttpResponse(page, status=status, content_type="text/html; charset=utf-8")


def bad_request(request, exception=None):
    return _answer(request, 400)


def permission_denied(request, exception=None):
    return _answer(request, 403)


def page_not_found(request, exception=None):
    return _answer(request, 404)


def server_error(request):
    """Django calls this inside its ``except`` for the unhandled exception: a database that went away
    anywhere (a view, a middleware, the session store) is a 503 with Retry-After, a value it refused
    to store a 400; only anything else is a 500."""
    exc = sys.exc_info()[1]
    if exc is not None and unstorable_data(exc):
        return _answer(request, 400)
    if exc is not None and database_away(exc):
        response = _answer(request, 503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return _answer(request, 500)
