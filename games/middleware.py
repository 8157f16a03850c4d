"""Refuse, before any view or session lookup, request parts no database can store or no view
should read: NUL bytes and lone surrogates in the path, the query, a header or a form body, and
bodies over the size cap. The answer is the API's error shape, 400 (413 for size)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse

from games.inputs import unstorable

_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


class RefuseBadInput:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refusal = _too_large(request) or _bad_text(request)
        return refusal or self.get_response(request)


def _too_large(request) -> JsonResponse | None:
    length = request.META.get("CONTENT_LENGTH") or "0"
    if not length.isascii() or not length.isdigit() or len(length) > 15:
        return _refuse(400, "Content-Length must be a number of bytes", "Content-Length")
    cap = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if cap is not None and int(length) > cap:
        return _refuse(413, f"the request body is larger than {cap} bytes", "body")
    return None


def _bad_text(request) -> JsonResponse | None:
    if (problem := unstorable(request.path)) is not None:
        return _refuse(400, f"the path may not contain {problem}", "path")
    for name, values in request.GET.lists():
        if (problem := _first_problem([name, *values])) is not None:
            return _refuse(400, f"a query parameter may not contain {problem}", _named(name))
    for key, value in request.META.items():
        if (key.startswith("HTTP_") or key.startswith("CONTENT_")) and isinstance(value, str):
            if (problem := unstorable(value)) is not None:
                header = key.removeprefix("HTTP_").replace("_", "-").title()
                return _refuse(400, f"the {header} header may not contain {problem}", header)
    for name, value in request.COOKIES.items():  # parsing turns a quoted "\\000" into a NUL
        if (problem := _first_problem([name, value])) is not None:
            return _refuse(400, f"a cookie may not contain {problem}", "Cookie")
    if request.content_type in _FORMS and request.method not in ("GET", "HEAD", "OPTIONS"):
        try:
            fields, files = _form_of(request)
        except RequestDataTooBig:
            raise  # Django answers 400 itself
        except Exception:  # noqa: BLE001 (a malformed multipart body, whatever the parser's complaint)
            return _refuse(400, "the form body could not be read", "body")
        for name, values in fields:
            if (problem := _first_problem([name, *values])) is not None:
                return _refuse(400, f"a form field may not contain {problem}", _named(name))
        for name, uploads in files:
            names = [name, *(upload.name or "" for upload in uploads),
                     *(upload.content_type or "" for upload in uploads)]
            if (problem := _first_problem(names)) is not None:
                return _refuse(400, f"an uploaded file's name may not contain {problem}", _named(name))
    return None


def _form_of(request):
    """The form body's fields and files, whatever the method: Django parses POST's itself, DRF (its
    form parsers) parses PUT's and PATCH's too, so those are read here the same way (the body stays
    readable: ``request.body`` keeps it)."""
    if request.method == "POST":
        return list(request.POST.lists()), list(request.FILES.lists())
    if request.content_type == "multipart/form-data":
        from io import BytesIO

        fields, files = request.parse_file_upload(request.META, BytesIO(request.body))
        return list(fields.lists()), list(files.lists())
    from django.http import QueryDict

    return list(QueryDict(request.body, encoding=request.encoding).lists()), []


def _first_problem(texts) -> str | None:
    return next((p for p in map(unstorable, texts) if p is not None), None)


def _named(name: str) -> str | None:
    return name[:80] if unstorable(name) is None else None


def _refuse(status: int, message: str, field: str | None) -> JsonResponse:
    body = {"error": message}
    if field:
        body["field"] = field
    return JsonResponse(body, status=status)
