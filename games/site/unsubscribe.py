"""The unsubscribe link of every e-mail (``games.mailprefs``): no log-in, the signed token says who.

``GET`` shows what the link turns off and asks to confirm (a mail scanner that follows links must not
unsubscribe anyone); ``POST`` turns it off. A mail client's RFC 8058 one-click POST carries no CSRF
token and no cookie: the signed token is the only authority here, and it can only ever send less.
"""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games import mailprefs
from games.errors import ServiceError


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    try:
        _, kind = mailprefs.read_token(token)
        if request.method == "POST":
            kind = mailprefs.unsubscribe(token, everything=request.POST.get("scope") == "all")
    except ServiceError as exc:
        return render(request, "site/unsubscribe.html", {"error": exc.message}, status=exc.status)
    return render(request, "site/unsubscribe.html", {
        "token": token, "what": mailprefs.NAMES[kind], "all": kind == mailprefs.ALL, "done": request.method == "POST"})
