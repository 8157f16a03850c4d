"""Pages about players rather than one game: a profile, the leaderboards, filing a report.

Thin like the game pages: ratings and standings come from ``games.standings``, reports go to
``games.moderation.file_report`` (the service /api/reports uses too).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from engine import available
from games import mailprefs, moderation, selectors, standings
from games.errors import NotFound, ServiceError
from games.models import Game
from games.site.forms import ReportForm
from games.site.results import finished_rows

LOGIN = "site-login"
LIST_LIMIT = 50
PER_PAGE = 25


def profile(request, username: str):
    try:
        person = standings.player(username)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    games = [selectors.game_summary(g) for g in selectors.list_games(person, mine=True)[:LIST_LIMIT]]
    over = (Game.Status.FINISHED, Game.Status.ABORTED)
    can_report = request.user.is_authenticated and request.user.pk != person.pk
    return render(request, "site/profile.html", {
        "person": person,
        "ratings": standings.ratings_of(person),
        "current": [g for g in games if g["status"] not in over],
        "finished": finished_rows([g for g in games if g["status"] in over], person.username),
        "report_form": ReportForm(initial={"user": person.username}) if can_report else None,
        # the owner's own settings: how each kind of notification is e-mailed, Web Push
        "email_kinds": [(k, mailprefs.NAMES[k]) for k in mailprefs.DEFAULTS] if request.user.pk == person.pk else None,
    })


@login_required(login_url=LOGIN)
def my_profile(request):
    return redirect(reverse("profile", args=[request.user.username]))


def leaderboard_index(request):
    return redirect("leaderboard", game=available()[0])


def leaderboard(request, game: str):
    """One game's rated players, best first, a page at a time; the rank counts across pages."""
    if game not in available():
        raise Http404(f"no game named {game}")
    page = Paginator(standings.leaderboard(game), PER_PAGE).get_page(request.GET.get("page"))
    rows = [{"rank": page.start_index() + i, **standings.rating_summary(r),
             "username": r.user.username if r.user_id else None} for i, r in enumerate(page)]
    return render(request, "site/leaderboard.html", {"game": game, "games": available(), "page": page, "rows": rows})


@require_POST
@login_required(login_url=LOGIN)
def report(request):
    """File a report from the game page or a profile; back to that page with a confirmation.

    A refused report shows the form again with the reason kept, saying what was wrong.
    """
    form = ReportForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            moderation.file_report(reporter=request.user, reason=data["reason"], game_id=data["game"],
                                   username=data["user"] or None)
        except ServiceError as exc:
            form.add_error("reason" if exc.field == "reason" else None, exc.message)
        else:
            messages.success(request, "Thank you: your report is with the moderators.")
            return redirect(_back(data))
    return render(request, "site/report.html", {"form": form}, status=400)


def _back(data: dict) -> str:
    """The page the report came from, worked out from what it named (never from a URL it sent)."""
    if data.get("game"):
        return reverse("game", args=[data["game"]])
    return reverse("profile", args=[data["user"]])
