"""The play site's pages. Thin: each view asks a selector or a service and renders a template.

The game page itself is a shell; its script (static/site/js/game.js) reads and writes through the
REST API and the game's WebSocket, exactly like any other client.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST
from rest_framework.exceptions import Throttled

from engine import available, get_game
from games import chat, conditional_tree, invitations, selectors, services, standings, throttles
from games.errors import InvalidRequest, NotFound, ServiceError
from games.inputs import query_number, whole_number
from games.models import Game, Preferences
from games.site import events
from games.site.forms import MAX_SEATS, CreateGameForm, ReportForm, SignupForm
from games.site.replay import position_at
from games.site.rules import render_rules
from games.site.timeleft import deadline_of, my_vacation, time_control_text
from games.site.words import game_title

LOGIN = "site-login"
LIST_LIMIT = 50


def _summaries(games) -> list[dict]:
    return [selectors.game_summary(g) for g in games[:LIST_LIMIT]]


def _waiting(user) -> list[dict]:
    """The games waiting on the user, the nearest deadline first (untimed ones last)."""
    return [{**selectors.game_summary(g), "clock": deadline_of(g, user)} for g in standings.waiting_on(user)[:LIST_LIMIT]]


def home(request):
    user = request.user
    waiting, others = [], []
    if user.is_authenticated:
        waiting = _waiting(user)
        waiting_ids = {g["id"] for g in waiting}
        others = [g for g in _summaries(selectors.list_games(user, mine=True)) if g["id"] not in waiting_ids]
    mine_ids = {g["id"] for g in waiting + others}
    open_games = [g for g in _summaries(selectors.list_games(user, open_=True)) if g["id"] not in mine_ids]
    watch = [g for g in _summaries(selectors.list_games(user, status=Game.Status.ACTIVE)) if g["id"] not in mine_ids]
    return render(request, "site/home.html", {
        "games": available(), "waiting": waiting, "others": others, "open_games": open_games, "watch": watch,
        "invitations": selectors.invitations_for(user),
    })


def signup(request):
    """The API's sign-up on a page: the same name rules and the same per-address counter."""
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        made = throttles.signup(request)
        try:
            throttles.check(made)
        except Throttled as exc:
            return _throttled(request, "site/signup.html", SignupForm(), exc)
        if form.is_valid():
            user = form.save()
            throttles.record(made)
            login(request, user, backend="games.accounts.CanonicalNameBackend")
            messages.success(request, f"Welcome, {user.username}.")
            return redirect("home")
    return render(request, "site/signup.html", {"form": form})


class LogIn(auth_views.LoginView):
    """Django's log-in page, counting failures on the API's counters (``games.throttles.login``)."""

    template_name = "site/login.html"
    next_page = "home"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        self.counters = throttles.login(request, request.POST.get("username", ""))
        try:
            throttles.check(*self.counters)
        except Throttled as exc:
            form = self.get_form_class()(request)  # unbound: a bound one would try the password
            return _throttled(request, self.template_name, form, exc, next=self.get_redirect_url())
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        throttles.login_succeeded(self.counters)
        return super().form_valid(form)

    def form_invalid(self, form):
        if self.request.POST.get("username") and self.request.POST.get("password"):
            throttles.record(*self.counters)
        return super().form_invalid(form)


def _throttled(request, template: str, form, exc: Throttled, **context):
    """An empty form again, the request unprocessed, with 429 and Retry-After."""
    response = render(request, template, {"form": form, "throttled": f"Too many attempts: try again in "
                                          f"{exc.wait:.0f} seconds.", **context}, status=429)
    response["Retry-After"] = f"{exc.wait:.0f}"
    return response


@login_required(login_url=LOGIN)
def create(request):
    form = CreateGameForm(request.POST or None, initial={"game": request.GET.get("game")})
    form.user_name = request.user.username
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.create_game(creator=request.user, name=data["game"], players=data["players"],
                                        options=data["options"], seats=data["seats"], time_control=data["time_control"],
                                        rated=data["rated"])
        except ServiceError as exc:
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            return redirect("game", game_id=game.pk)
    catalog = [{"name": n, "counts": get_game(n).player_counts,
                "options": [{**o.describe(), "range": o.range_text()}
                            for o in get_game(n).options_spec(max(get_game(n).player_counts))]}
               for n in available()]
    return render(request, "site/create.html", {"form": form, "catalog": catalog})


# The games' names as players know them (the same words as the page's script, words.js).


def game_page(request, game_id: int):
    game = _game_or_404(game_id)
    summary = selectors.game_summary(game)
    mine = selectors.seats_of(game, request.user)
    can_join = (request.user.is_authenticated and game.status == Game.Status.OPEN and not mine
                and any(s["open"] for s in summary["seats"])
                and not any(s["invited"] and s["player"] == request.user.username for s in summary["seats"]))
    invited = [s for s in summary["seats"] if s["invited"]]
    user_name = request.user.username if request.user.is_authenticated else None
    labels = events.seat_labels(s["name"] for s in summary["seats"])
    seats = [{**s, "label": labels.get(s["name"], s["name"])} for s in summary["seats"]]
    return render(request, "site/game.html", {
        "game": summary, "seats": seats, "game_title": game_title(game.name), "can_join": can_join, "my_seats": [summary["seats"][n]["name"] for n in mine],
        "my_invitation": next((s["name"] for s in invited if user_name and s["player"] == user_name), None),
        "openable": [{"name": s["name"], "label": labels.get(s["name"], s["name"])} for s in invited]
        if user_name and game.created_by_id == request.user.pk else [],
        "has_rules": render_rules(game.name) is not None,
        # the engine's concession actions: the script asks before sending one (issue 18, must deliver 3)
        "concessions": json.dumps(sorted(get_game(game.name).concession_actions)),
        "conditional_moves": bool(mine) and game.name in conditional_tree.GAMES,
        "deadline": _worded(deadline_of(game, request.user), seats), "time_control": time_control_text(game.time_control),
        "my_vacation": my_vacation(game, request.user),
        "report_form": _report_form(game, request.user),
        "chat_rooms": chat.rooms_for(game, request.user),
        "preferences": Preferences.of(request.user),
    })


def _worded(deadline: dict | None, seats: list[dict]) -> dict | None:
    """The deadline's seat as the page names it (the script says the same, clock.js): its word,
    never Nakatha's ``p0``, and who plays it."""
    if deadline is None:
        return None
    seat = next((s for s in seats if s["name"] == deadline["seat"]), None)
    if seat is None:
        return deadline
    player = seat["player"] or ""
    player = f"the {player[4:]} bot" if player.startswith("bot:") else player
    return {**deadline, "seat": seat["label"], "player": player}


def _report_form(game: Game, user) -> ReportForm | None:
    """Anyone signed in may report the game, or one of its other (human) players."""
    if not user.is_authenticated:
        return None
    about = [s.user.username for s in game.seats.all() if s.user_id and s.user_id != user.pk]
    return ReportForm(initial={"game": game.pk}, about=list(dict.fromkeys(about)))


@require_POST
@login_required(login_url=LOGIN)
def join(request, game_id: int):
    seat = request.POST.get("seat")
    try:
        number = None if seat in (None, "") else whole_number(seat, 0, MAX_SEATS)
        if number is None and seat not in (None, ""):
            raise InvalidRequest("seat must be a seat number", field="seat")
        services.join_game(user=request.user, game_id=game_id, seat=number)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("game", game_id=game_id)


@require_POST
@login_required(login_url=LOGIN)
def answer_invitation(request, game_id: int, answer: str):
    """Accept or decline the seat offered to me; back to the game (accepted) or the home page."""
    act = invitations.accept if answer == "accept" else invitations.decline
    try:
        act(user=request.user, game_id=game_id)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("home")
    if answer == "accept":
        messages.success(request, f"You took your seat in game #{game_id}.")
        return redirect("game", game_id=game_id)
    messages.success(request, f"You declined game #{game_id}: it is cancelled.")
    return redirect("home")


@require_POST
@login_required(login_url=LOGIN)
def open_seat(request, game_id: int):
    """The creator withdraws an invitation: anyone may join the seat."""
    seat = request.POST.get("seat", "")
    try:
        invitations.open_seat(user=request.user, game_id=game_id, seat=int(seat) if seat.isdecimal() else seat)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("game", game_id=game_id)


@require_GET
def position(request, game_id: int):
    """The replay slider's JSON: the caller's view after event ``seq``."""
    game = _game_or_404(game_id)
    try:
        seq = query_number(request.GET, "seq", default=game.seq)
    except ServiceError as exc:
        return JsonResponse(exc.body(), status=400)
    return JsonResponse(position_at(game, request.user, seq))


@require_GET
def history(request, game_id: int):
    """The move list's JSON: the game's history, each row worded for people (moderation included)."""
    game = _game_or_404(game_id)
    seat_names = [s["name"] for s in selectors.game_summary(game)["seats"]]
    return JsonResponse(events.with_text(selectors.history(game), seat_names), safe=False)


def about(request):
    """What the site is, and the transparency log's public key for anyone to check receipts with."""
    from transparency import keys, signing

    public = signing.private_key().public_key()
    return render(request, "site/about.html", {
        "key_id": keys.key_id(public), "fingerprint": keys.fingerprint(public),
        "verifier_key": keys.verifier_key(signing.origin(), public), "origin": signing.origin(),
    })


def rules_index(request):
    return render(request, "site/rules_index.html", {
        "games": [{"name": n, "written": render_rules(n) is not None} for n in available()],
    })


def rules(request, game: str):
    if game not in available():
        raise Http404(f"no game named {game}")
    return render(request, "site/rules.html", {"game": game, "html": render_rules(game)})


def _game_or_404(game_id: int) -> Game:
    try:
        return selectors.get(game_id)
    except NotFound as exc:
        raise Http404(exc.message) from exc
