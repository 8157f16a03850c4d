"""The event store: a game is its append-only list of events; snapshots only make reads fast.

``Game`` and ``Seat`` rows hold what the lobby needs to list and filter games (status, whose turn,
who sits where); every fact about play is an ``Event``. Events are never updated or deleted: the
model refuses it here, and on PostgreSQL a trigger refuses it for any client (migration 0002).
"""

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone


class AppendOnlyError(Exception):
    """Raised on any attempt to change or delete a stored event."""


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "waiting for players"
        ACTIVE = "active", "in play"
        FINISHED = "finished", "finished"
        ABORTED = "aborted", "aborted"

    name = models.CharField(max_length=20, db_index=True)  # the engine's game key, e.g. "paso"
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict)
    #: The engine's rules version the game was created under (its create event says so too): a
    #: game goes on, and replays, under it.
    rules_version = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    #: Sequence number of the last event; a write must name it (optimistic concurrency).
    seq = models.PositiveIntegerField(default=0)
    #: Seat number to act now (None: nobody, CHANCE is never left pending between requests).
    to_act = models.SmallIntegerField(null=True, blank=True)
    outcome = models.JSONField(null=True, blank=True)
    #: Seats (numbers) that currently agree to a draw.
    draw_offer = models.JSONField(default=list, blank=True)
    #: Correspondence time control: {"days_per_move", "vacation_days", "policy": "forfeit" | "bot"}
    #: (empty: untimed). A service setting, not a rule of the game: the engine never sees it.
    time_control = models.JSONField(default=dict, blank=True)
    #: When the seat to act runs out of time (null: untimed, or nobody to act).
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    #: Whether the result counts for ratings (scored once, by the end-of-game task). Chosen at creation
    #: (the create event's payload says it); a moderator's seat change turns it off, by an event.
    rated = models.BooleanField(default=True)
    scored = models.BooleanField(default=False)
    #: How many conditional-move trees wait in this game (``ConditionalTree``): on the row so that the
    #: one-statement optimistic write, which must not store a move a tree would answer, sees it under
    #: the row lock it takes (``games.optimistic``).
    conditionals = models.PositiveSmallIntegerField(default=0)
    #: The secret chance seed (hex); published by the event that ends the game.
    seed = models.CharField(max_length=64, editable=False)
    seed_hash = models.CharField(max_length=64, editable=False)
    #: Hash of the last event: the next event chains onto it.
    head_hash = models.CharField(max_length=64, default="0" * 64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="created_games"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self):
        return f"{self.name} #{self.pk} ({self.status})"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    bot = models.CharField(max_length=20, blank=True, default="")  # bot level, e.g. "random"
    client_seed = models.CharField(max_length=128, blank=True, default="")
    taken_at = models.DateTimeField(null=True, blank=True)
    #: The user this seat was offered to by the game's creator. Until they accept (``taken_at`` set)
    #: the seat is theirs alone to take; it stays set afterwards, a record of how the seat was filled.
    invited = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="invitations"
    )
    #: When a pending invitation lapses: the periodic sweep then cancels the game (``games.invitations``).
    invited_until = models.DateTimeField(null=True, blank=True, db_index=True)
    #: Vacation time this seat has left, in seconds (time control), spent before a timeout applies.
    vacation_left = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_row_per_seat")]

    def __str__(self):
        return f"seat {self.number} of game {self.game_id}"

    @property
    def is_taken(self) -> bool:
        return self.taken_at is not None

    @property
    def is_invitation(self) -> bool:
        """Offered to one user, who has not taken it yet: nobody else may join it."""
        return self.invited_id is not None and self.taken_at is None

    @property
    def is_open(self) -> bool:
        """Free for anyone to join."""
        return self.taken_at is None and self.invited_id is None

    @property
    def player_name(self) -> str | None:
        if self.bot:
            return f"bot:{self.bot}"
        return self.user.username if self.user_id else None


class EventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnlyError("events are append-only: a stored event is never changed")

    def delete(self):
        raise AppendOnlyError("events are append-only: a stored event is never deleted")


class Event(models.Model):
    class Kind(models.TextChoices):
        CREATE = "create"  # the commitment to the seed, the game's rules and options
        JOIN = "join"  # a seat taken (created, joined or invitation accepted), with its client seed
        START = "start"  # every seat taken: play begins
        MOVE = "move"  # an engine action of a seat, in notation
        CHANCE = "chance"  # an engine action of CHANCE, derived from the seed
        RESIGN = "resign"
        DRAW_OFFER = "draw_offer"
        DRAW_DECLINE = "draw_decline"
        TIMEOUT = "timeout"  # a seat ran out of time; the payload says what the policy did
        DECLINE = "decline"  # an invited user refused the seat offered to them: the game is cancelled
        OPEN_SEAT = "open_seat"  # the creator withdrew an invitation: the seat is open to anyone
        EXPIRE = "expire"  # invitations nobody answered in time: the game is cancelled
        MODERATION = "moderation"  # a moderator's act: payload names the act, moderator and reason
        END = "end"  # the game is over: outcome, and the seed revealed

    objects = EventQuerySet.as_manager()

    #: No index of its own: the unique (game, seq) constraint's index serves every lookup by game,
    #: and each index costs every append.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices)
    actor = models.CharField(max_length=40)  # a seat name, "chance" or "service"
    notation = models.TextField(blank=True, default="")
    payload = models.JSONField(default=dict, blank=True)
    #: A CHANCE outcome withheld from every seat until the game ends (COMMON section 4.3).
    secret = models.BooleanField(default=False)
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_event_per_seq")]

    def __str__(self):
        # Never the text of a secret outcome: this string shows up in logs, shells and admin titles.
        shown = "(hidden)" if self.secret else self.notation
        return f"{self.game_id}:{self.seq} {self.kind} {shown}".strip()

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("events are append-only: a stored event is never changed")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("events are append-only: a stored event is never deleted")


class Snapshot(models.Model):
    """The canonical position document after event ``seq``: a cache, rebuilt from events at will."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    #: The document as JSON text, decoded with orjson (JSON decoding dominates a read's cost).
    document = models.TextField()
    #: The engine's rules version that wrote the document: a snapshot of another version is ignored.
    rules_version = models.PositiveSmallIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="one_snapshot_per_seq")]


class IdempotencyRecord(models.Model):
    """The first answer to a write sent with an ``Idempotency-Key``: a retry gets it again."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=200)
    #: SHA-256 of what the request asked (its kind, game and body): the same key with another
    #: request is refused (422), as the IETF Idempotency-Key draft asks.
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    game = models.ForeignKey(Game, on_delete=models.CASCADE)
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_answer_per_key")]


class Rating(models.Model):
    """A Glicko-2 rating per player per game; bots are players too (``bot`` = level)."""

    game_name = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE)
    bot = models.CharField(max_length=20, blank=True, default="")
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game_name", "-rating"]
        # Two partial constraints: a bot's row has no user, and NULLs never collide in one constraint.
        constraints = [
            models.UniqueConstraint(
                fields=["game_name", "user"], condition=models.Q(user__isnull=False), name="one_rating_per_user_and_game"
            ),
            models.UniqueConstraint(
                fields=["game_name", "bot"], condition=models.Q(user__isnull=True), name="one_rating_per_bot_and_game"
            ),
        ]


class Report(models.Model):
    """A player's report of a game or an opponent, worked by moderators from a queue."""

    class Status(models.TextChoices):
        OPEN = "open"
        CLOSED = "closed"

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_made")
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="reports")
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="reports_against"
    )
    reason = models.TextField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    outcome = models.TextField(blank=True, default="")
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="reports_handled"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["status", "created_at"]


class Sanction(models.Model):
    """A suspension or reinstatement of a user: kept as a history, never edited."""

    class Act(models.TextChoices):
        SUSPEND = "suspend"
        REINSTATE = "reinstate"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions")
    act = models.CharField(max_length=10, choices=Act.choices)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="sanctions_given"
    )
    reason = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class SocketTicket(models.Model):
    """A WebSocket's admission (``POST /api/auth/ws-ticket``): short-lived, good once, kept as a hash.

    It remembers the credential it was bought with (a token's digest or a session's key), so the
    socket stops writing when that credential is revoked or expires.
    """

    digest = models.CharField(max_length=64, primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token_digest = models.CharField(max_length=128, blank=True, default="")
    session_key = models.CharField(max_length=40, blank=True, default="")
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)


class Outbox(models.Model):
    """Follow-up work of a write (a live update, a bot's turn, a scoring), stored with its events.

    Written in the write's own transaction, so work exists exactly when the write committed; the
    relay (``games.relay``) hands each row to the channel layer or to Celery after the commit and
    deletes it once handed off. A row whose hand-off failed (a broker away) stays and is tried
    again with backoff. Every hand-off is idempotent (a bot turn names its seq, scoring happens
    once, clients drop an update they have), so a row handed off twice does no harm.
    """

    class Kind(models.TextChoices):
        BROADCAST = "broadcast"
        BOT_TURN = "bot_turn"
        SCORE = "score"
        CHAT = "chat"  # a chat line to the sockets that may read it; ``seq`` is the line's id
        INBOX = "inbox"  # the unread counts of the users the write at ``seq`` notified
        CHAT_INBOX = "chat_inbox"  # the unread counts of the users chat line ``seq`` notified
        DELIVER = "deliver"  # the notifications written at (game, seq): e-mail and Web Push (games.delivery)

    # Nothing but the primary key is indexed: the relay finds rows by id (its due rows too, in id
    # order; the outbox holds only what waits, a few rows but in an outage), never by game or age.
    # No foreign-key constraint in the database either: its check ran at every move's commit, for a
    # row that lives a second and whose game cannot be deleted (its events are append-only). Both
    # were measured in bench/store.py's move.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", db_index=False, db_constraint=False)
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices)
    created_at = models.DateTimeField(default=timezone.now)
    #: When the relay tries again after a failed hand-off (None: after the grace period).
    due_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=200, blank=True, default="")

    def __str__(self):
        return f"{self.kind} of game {self.game_id} at {self.seq}"


class Preferences(models.Model):
    """A player's settings for the play site, one row per user (``GET``/``PUT /api/me/preferences``).

    No row means the defaults: a user who never changed a setting has none.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="preferences")
    confirm_moves = models.BooleanField(default=False, help_text="preview every move with Confirm and Cancel")
    #: Off: no e-mail at all, whatever ``email`` says (an unsubscribe link's "all e-mail").
    email_enabled = models.BooleanField(default=True, help_text="send e-mail at all")
    #: How each notification kind is e-mailed, ``{kind: "immediately" | "digest" | "never"}``; a kind
    #: not named has its default (``games.mailprefs.DEFAULTS``).
    email = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    #: The settings a client may read and write, with their defaults.
    FIELDS = ("confirm_moves", "email_enabled", "email")

    @classmethod
    def of(cls, user) -> dict:
        """The user's settings (the defaults for a user without a row or a visitor)."""
        row = cls.objects.filter(user_id=user.pk).first() if user.is_authenticated else None
        return {name: getattr(row or cls(), name) for name in cls.FIELDS}

    @classmethod
    def change(cls, user, values: dict) -> dict:
        """Store the given settings (the others keep their values; ``email`` names only the kinds it
        changes) and answer them all."""
        with transaction.atomic():
            row, _ = cls.objects.select_for_update().get_or_create(user_id=user.pk)
            for name in cls.FIELDS:
                if name in values:
                    setattr(row, name, {**row.email, **values[name]} if name == "email" else values[name])
            row.save()
        return {name: getattr(row, name) for name in cls.FIELDS}


class Notification(models.Model):
    """Something a user is told about a game of theirs: a row per user, read in the inbox.

    Written in the same transaction as the events that cause it, by the write pipeline itself
    (``games.notifications.for_plan``, stored by both executors), so a rolled-back write tells
    nobody anything. Deadline reminders come from the beat sweep, once per (game, kind, deadline):
    the unique constraint makes two concurrent sweeps write one row.
    """

    class Kind(models.TextChoices):
        YOUR_MOVE = "your_move"
        INVITATION = "invitation"  # offered a seat (or the offer withdrawn)
        INVITATION_ANSWERED = "invitation_answered"  # an invited player accepted or declined
        ENDED = "ended"  # the game ended, with its result
        MODERATION = "moderation"  # a moderator acted on the game
        DEADLINE_24H = "deadline_24h"
        DEADLINE_2H = "deadline_2h"
        REMATCH_OFFER = "rematch_offer"  # another player of a finished game offers a rematch
        REMATCH_ANSWER = "rematch_answer"  # a rematch offer accepted (the new game named) or declined
        CHAT = "chat"  # a chat line written while the user was away from the game's page

    # Found by user through ``inbox_newest_first`` (user first): no second index to keep up per move.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications",
                             db_index=False)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    #: The game's seq once the write that caused it was stored: where the game page should be.
    seq = models.PositiveIntegerField()
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    #: A reminder's deadline (null for every other kind): what makes a reminder once per deadline.
    deadline = models.DateTimeField(null=True, blank=True)
    #: When its immediate delivery (e-mail, Web Push: ``games.delivery``) was done: it runs once.
    delivered_at = models.DateTimeField(null=True, blank=True)
    #: The user had the game's page open when it was delivered: no e-mail, push or digest for it.
    seen_live = models.BooleanField(default=False, db_default=False)  # db_default: optimistic.py inserts rows in SQL
    #: When an e-mail carrying it was sent (alone or in a digest): nothing is mailed twice.
    mailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "-created_at"], name="inbox_newest_first"),
                   # the unread counts (every page's badge, the live inbox count): unread rows only
                   models.Index(fields=["user"], condition=models.Q(read_at__isnull=True), name="unread_by_user")]
        constraints = [
            models.UniqueConstraint(fields=["game", "kind", "deadline"], condition=models.Q(deadline__isnull=False),
                                    name="one_reminder_per_deadline"),
            # Two lines written at once by two writers still leave one unread "chat" per user and game.
            models.UniqueConstraint(fields=["user", "game"], condition=models.Q(kind="chat", read_at__isnull=True),
                                    name="one_unread_chat_notice_per_game"),
        ]

    def __str__(self):
        return f"{self.kind} for user {self.user_id} in game {self.game_id}"


class Rematch(models.Model):
    """The rematch of a finished game: who offered it, who accepted, the answer and the new game.

    A row of its own, not an event: a history ends with its end event. The new game is an ordinary
    game, created and started by the usual services (``games.rematch``).
    """

    class Answer(models.TextChoices):
        WAITING = "", "waiting"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    game = models.OneToOneField(Game, primary_key=True, on_delete=models.CASCADE, related_name="rematch")
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    offered_at = models.DateTimeField(default=timezone.now)
    #: The users (ids) who agree so far, the offerer first: the new game starts once every human has.
    accepted = models.JSONField(default=list)
    answer = models.CharField(max_length=10, choices=Answer.choices, blank=True, default="")
    answered_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    answered_at = models.DateTimeField(null=True, blank=True)
    new_game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")


class ConditionalTree(models.Model):
    """A player's conditional moves in a running game: "if they play X, I answer Y, then ...".

    Seen by its owner only (no admin, no API for anyone else, never in a log line). Changed only
    under the game's row lock, by the write plan (``games.plan``, ``games.conditional``).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    #: The branches: ``[{"if": [action, ...], "then": [action, ...], "next": [branch, ...]}, ...]``.
    tree = models.JSONField(default=list)
    #: The opponent's actions of the turn under way (Tibetana: a turn has several actions).
    partial = models.JSONField(default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_tree_per_seat")]

    def __str__(self):
        return f"conditional moves of seat {self.seat} in game {self.game_id}"  # never the tree itself
class ChatMessage(models.Model):
    """A line of a game's chat (``games.chat``): stored and ordered by id, never an event of the game.

    A moderator hides a line rather than deleting it: the text is kept (moderators read it), the
    line is marked with who hid it, when and why, and players see it no more.
    """

    class Room(models.TextChoices):
        PLAYERS = "players"  # the seated players
        SPECTATORS = "spectators"  # everyone else logged in (the players too once the game is over)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    room = models.CharField(max_length=10, choices=Room.choices)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_lines")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)
    hidden = models.BooleanField(default=False)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="chat_hidden"
    )
    hidden_reason = models.TextField(blank=True, default="")
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["game", "room", "id"], name="chat_room_in_order")]

    def __str__(self):
        return f"chat {self.pk} in game {self.game_id} ({self.room})"


class ChatReport(models.Model):
    """A player's report of a chat line: one per reporter and line."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports")
    reason = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="one_chat_report_per_reporter")]


class ChatMute(models.Model):
    """A user muted in every game's chat, until ``until`` (None: until a moderator unmutes them)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="chat_mute")
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="chat_mutes_given"
    )
    reason = models.TextField()
    until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)


class ChatModeration(models.Model):
    """The audit log of chat moderation: every hide, mute and unmute, kept and never edited."""

    class Act(models.TextChoices):
        HIDE = "hide"
        MUTE = "mute"
        UNMUTE = "unmute"

    act = models.CharField(max_length=10, choices=Act.choices)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="chat_acts"
    )
    message = models.ForeignKey(ChatMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="chat_acts_on")
    reason = models.TextField()
    until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
class Digest(models.Model):
    """One user's daily digest e-mail, a row per (user, UTC day): the unique constraint makes two
    concurrent digest runs send it once (``games.digest``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    sent_at = models.DateTimeField(default=timezone.now)
    #: How many notifications it carried.
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="one_digest_per_user_and_day")]


class PushSubscription(models.Model):
    """A browser's Web Push subscription (``POST /api/me/push-subscriptions``): where to push, and
    the keys its messages are encrypted to (RFC 8291). Deleted when the push service says it is gone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    #: The push service's URL for this browser; one browser, one subscription (another user taking it over moves it).
    endpoint = models.CharField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # the browser's P-256 public key, base64url
    auth = models.CharField(max_length=40)  # the shared authentication secret, base64url
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"push subscription {self.pk} of user {self.user_id}"
