"""The inbox pages: the user's notifications, a link to each game, marking them read; and the
unread count the header's badge shows (rendered with every page, polled by static/site/js/inbox.js)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games import notifications
from games.errors import ServiceError
from games.inputs import MAX_ID, query_number, whole_number

LOGIN = "site-login"
PER_PAGE = 30


def unread(request) -> dict:
    """Context processor: the header's badge. Lazy, so a page that shows no header counts nothing."""
    return {"inbox_unread": lambda: notifications.unread_count(request.user)}


@require_GET
@login_required(login_url=LOGIN)
def inbox(request):
    try:
        number = query_number(request.GET, "page", 1, 1, 10**6)
    except ServiceError:
        number = 1
    page = Paginator(notifications.inbox(request.user), PER_PAGE).get_page(number)
    return render(request, "site/inbox.html", {"page": page})


@require_POST
@login_required(login_url=LOGIN)
def read(request):
    """Mark one notification read and open its game (``id``), or mark all read (``all``)."""
    chosen = request.POST.get("id")
    if chosen is None:
        notifications.mark_read(request.user, everything=True)
        return redirect("inbox")
    number = whole_number(chosen, 1, MAX_ID)
    found = notifications.inbox(request.user).filter(pk=number).first() if number is not None else None
    if found is None:
        return redirect("inbox")
    notifications.mark_read(request.user, ids=[found.pk])
    return redirect("game", game_id=found.game_id)


@never_cache
@require_GET
def unread_count(request):
    """The badge's count, for the page's poll (0 when logged out: nothing to show)."""
    return JsonResponse({"unread": notifications.unread_count(request.user)})
