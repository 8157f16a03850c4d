"""The API schema's generator: every operation also declares the error answers it can give.

Any view may refuse with the one error shape (``games.api.errors``): bad input (400), no or a bad
token (401), a forbidden act or a suspended account (403), a missing game or page (404), a stale
move (409), a body over the size cap (413), a reused Idempotency-Key (422), too many requests (429), the database out of reach (503, with Retry-After), and DRF's own refusals of a
method, an Accept header or a request content type (405, 406, 415). Declaring them here, once,
keeps every operation honest without repeating them on each view.
"""

from __future__ import annotations

from drf_spectacular import openapi

from games.api.responses import ErrorSerializer

ERRORS = {
    400: "bad input: the field or rule at fault is named",
    401: "no credentials, or a token that is not valid",
    403: "not allowed for this account",
    404: "no such object or page",
    405: "method not allowed here",
    406: "the Accept header asks for a type this endpoint cannot give",
    409: "conflict: stale expected_seq, a game in the wrong state, or a taken name",
    413: "the request body is larger than the cap (API_MAX_BODY_BYTES for the API, MAX_BODY_BYTES for any request)",
    415: "the request's content type is not accepted",
    422: "an Idempotency-Key reused for a different request",
    429: "too many requests: retry after the Retry-After header's seconds",
    503: "the database cannot be reached just now: retry after the Retry-After header's seconds "
         "(a write retried with the same Idempotency-Key is stored once)",
}


class AutoSchema(openapi.AutoSchema):
    # ``@extend_schema(responses=...)`` replaces get_response_serializers in a subclass, so the
    # errors are added where the responses are built.
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for code, description in ERRORS.items():
            if str(code) not in responses:
                responses[str(code)] = {
                    **self._get_response_for_code(ErrorSerializer, str(code), direction=direction),
                    "description": description,
                }
        return responses
