"""The Web Push service worker, served by the app at the site's root (a worker's scope is its own
folder and below: from ``/static/`` it could not be registered for the whole site)."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.views.decorators.http import require_GET

SCRIPT = "site/js/push-sw.js"


@require_GET
def service_worker(request):
    with open(finders.find(SCRIPT), encoding="utf-8") as source:
        body = source.read()
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a changed worker reaches browsers at their next visit
    response["Service-Worker-Allowed"] = "/"
    return response
