"""Forms of the play site: sign up, the create-game form that becomes a services call, a report."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import BaseUserCreationForm
from django.contrib.auth.models import User

from engine import available, get_game
from engine.bots import LEVELS
from games import accounts, clock, moderation
from games.api import parsers
from games.errors import InvalidRequest

#: The most seats any game has (Nakatha plays up to 6): the form offers this many seat rows.
MAX_SEATS = 6


def seat_choices() -> list[tuple[str, str]]:
    bots = [(f"bot:{level}", f"bot ({level})") for level in LEVELS]
    return [("me", "me"), ("open", "open seat"), ("invite", "invited user"), *bots]


class SignupForm(BaseUserCreationForm):
    class Meta(BaseUserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self):
        """The canonical name (``games.accounts``): ``ＢＯＢ`` is ``bob``, one script per name."""
        return accounts.clean_new_name(self.cleaned_data["username"])


class CreateGameForm(forms.Form):
    game = forms.ChoiceField(choices=())
    players = forms.IntegerField(required=False, min_value=1, max_value=MAX_SEATS,
                                 help_text="leave empty for the game's smallest player count")
    options = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
                              label="Rule options (JSON)", help_text='e.g. {"quiet_turn_limit": 40}; empty: the defaults')
    # The time control; its limits are the clock's, which checks them again (the API's path).
    days_per_move = forms.FloatField(
        required=False, min_value=0, max_value=clock.MAX_DAYS_PER_MOVE, label="Days per move",
        widget=forms.NumberInput(attrs={"step": "any", "inputmode": "decimal"}),
        help_text="empty: an untimed game; 0.5 is twelve hours; from one hour to 30 days",
    )
    vacation_days = forms.FloatField(
        required=False, min_value=0, max_value=clock.MAX_VACATION_DAYS, label="Vacation days per player",
        widget=forms.NumberInput(attrs={"step": "any", "inputmode": "decimal"}),
        help_text="spent automatically when a deadline passes",
    )
    policy = forms.ChoiceField(
        choices=[("forfeit", "the seat forfeits the game"), ("bot", "a bot plays the turn")],
        initial="forfeit", required=False, label="When a deadline passes",
    )
    rated = forms.ChoiceField(
        choices=[("", "rated when it can be"), ("no", "unrated")], required=False, label="Ratings",
        help_text="never rated: hot seat (you in several seats), or no human seat",
    )
    timeout_bot = forms.ChoiceField(choices=[(level, level) for level in LEVELS], initial="random", required=False,
                                    label="Bot level for a timed-out turn")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(name, name) for name in available()]
        for n in range(MAX_SEATS):
            self.fields[f"seat_{n}"] = forms.ChoiceField(
                choices=seat_choices(), initial="me" if n == 0 else "open", label=f"Seat {n + 1}", required=False
            )
            self.fields[f"seat_{n}_user"] = forms.CharField(required=False, label=f"Seat {n + 1} invited user")

    def seat_rows(self):
        """(choice field, user field) per seat row, for the template."""
        return [(self[f"seat_{n}"], self[f"seat_{n}_user"]) for n in range(MAX_SEATS)]

    def clean_options(self):
        text = self.cleaned_data.get("options", "").strip()
        if not text:
            return {}
        try:
            options = parsers.loads(text.encode())  # read as the API reads it: bounded, no NUL
            if not isinstance(options, dict):
                raise forms.ValidationError("options must be a JSON object, like {\"name\": value}")
            parsers.check(options)
        except InvalidRequest as exc:
            raise forms.ValidationError(f"options must be a JSON object: {exc.message}") from exc
        return options

    def clean(self):
        data = super().clean()
        if "game" not in data:
            return data
        players = data.get("players") or get_game(data["game"]).player_counts[0]
        data["players"] = players
        data["seats"] = [self._seat_spec(n) for n in range(min(players, MAX_SEATS))]
        data["time_control"] = self._time_control()
        data["rated"] = False if data.get("rated") == "no" else None  # None: the service's default
        return data

    def _time_control(self) -> dict:
        """The service's ``time_control``: empty (untimed) unless days per move are given."""
        days = self.cleaned_data.get("days_per_move")
        if days is None:
            return {}
        if days <= 0:
            self.add_error("days_per_move", "days per move must be above 0 (leave it empty for an untimed game)")
        elif days < clock.MIN_DAYS_PER_MOVE:
            self.add_error("days_per_move", "days per move must be at least one hour (1/24 of a day)")
        time_control = {"days_per_move": _whole(days), "vacation_days": _whole(self.cleaned_data.get("vacation_days") or 0),
                        "policy": self.cleaned_data.get("policy") or "forfeit"}
        if time_control["policy"] == "bot":
            time_control["bot"] = self.cleaned_data.get("timeout_bot") or "random"
        return time_control

    def _seat_spec(self, n: int) -> dict:
        """One seat as the service takes it: {"user": name}, {"bot": level} or {} (open)."""
        choice = self.cleaned_data.get(f"seat_{n}") or "open"
        if choice == "me":
            return {"user": self.user_name}
        if choice == "invite":
            name = (self.cleaned_data.get(f"seat_{n}_user") or "").strip()
            if not name:
                self.add_error(f"seat_{n}_user", f"seat {n + 1}: name the user you invite")
            return {"user": name}
        if choice.startswith("bot:"):
            return {"bot": choice[4:]}
        return {}

    user_name = ""  # set by the view: the creator's username, for "me"

    def time_control_fields(self):
        return [self[name] for name in ("days_per_move", "vacation_days", "policy", "timeout_bot")]


def _whole(days: float) -> int | float:
    """3.0 days is stored as 3: the time control reads as it was meant."""
    return int(days) if float(days).is_integer() else days


class ReportForm(forms.Form):
    """A report about a game, a player, or a player in a game (``moderation.file_report``).

    ``about`` lists the players one may name from this page; empty: the user field is hidden and
    carries the page's own player, if any.
    """

    game = forms.IntegerField(required=False, widget=forms.HiddenInput)
    user = forms.CharField(required=False, widget=forms.HiddenInput)
    reason = forms.CharField(max_length=moderation.MAX_REASON, label="What is wrong?",
                             widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, about: list[str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if about:
            self.fields["user"] = forms.ChoiceField(
                required=False, label="Report", choices=[("", "the game itself"), *[(n, f"player {n}") for n in about]]
            )
