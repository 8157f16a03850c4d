"""User names and passwords: one canonical form of a name, used by every path that reads or writes one.

A name is stored in its canonical form: NFKC, then case-folded, then NFKC again (Unicode's
NFKC_Casefold). ``ＢＯＢ``, ``BOB`` and ``bob`` are one name, stored as ``bob``; so the database's own
unique constraint on ``username`` refuses a second spelling, even from two concurrent sign-ups.
New names also pass a character policy (letters of one script, marks, ASCII digits, ``. _ -``).
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError
from django.db.models.signals import pre_save
from django.dispatch import receiver

MAX_NAME = 30
MAX_PASSWORD = 128
PUNCTUATION = "._-"
#: Scripts that are written together (UTS 39's "highly restrictive" sets); any other mix is refused.
MIXES = ({"HAN", "HIRAGANA", "KATAKANA"}, {"HAN", "HANGUL"}, {"HAN", "BOPOMOFO"})
#: Shared by every script (digits, punctuation) or by the letter they follow (combining marks).
NEUTRAL = {"COMMON", "INHERITED"}


def canonical(name: str) -> str:
    """The stored and compared form of a user name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()).strip()


def name_problem(name: str) -> str | None:
    """Why a (canonical) name cannot be a new user's, or None."""
    if not name:
        return "a username needs at least one letter or digit"
    if len(name) > MAX_NAME:
        return f"a username has at most {MAX_NAME} characters"
    for char in name:
        kind = unicodedata.category(char)
        if not (kind[0] in "LM" or "0" <= char <= "9" or char in PUNCTUATION):
            return f"a username has letters, digits and {' '.join(PUNCTUATION)} only (not {char!r})"
    if unicodedata.category(name[0])[0] == "M" or name[0] in PUNCTUATION:
        return "a username starts with a letter or a digit"
    scripts = categories.unique_aliases(name) - NEUTRAL
    if len(scripts) > 1 and not any(scripts <= mix for mix in MIXES):
        return f"a username is written in one script, not a mix ({', '.join(sorted(scripts)).lower()})"
    return None


def clean_new_name(name) -> str:
    """The canonical form of a name offered for a new account; ValidationError if it breaks the policy."""
    if not isinstance(name, str):
        raise ValidationError("a username is a string")
    name = canonical(name[: MAX_NAME * 4])  # NFKC may expand a character; more than this is too long anyway
    if problem := name_problem(name):
        raise ValidationError(problem)
    if get_user_model().objects.filter(username=name).exists():
        raise ValidationError("that username is taken")
    return name


def find_user(name):
    """The user a name denotes, whatever its width or case; None if there is none."""
    if not isinstance(name, str) or not name or len(name) > MAX_NAME * 4:
        return None
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in name):
        return None  # no name has one; PostgreSQL text refuses NUL (a 500, not an answer)
    return get_user_model().objects.filter(username=canonical(name)).first()


@receiver(pre_save, sender=get_user_model())
def _store_canonical(sender, instance, **kwargs):
    """Every path that saves a user (admin, createsuperuser, create_user) stores the canonical name."""
    if instance.username:
        instance.username = canonical(instance.username)


class CanonicalNameBackend(ModelBackend):
    """Django's model backend, finding the user by the canonical form of the name typed."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            return None  # refused before any hashing: a megabyte password costs nothing
        user = find_user(username)
        if user is None:
            get_user_model()().set_password(password)  # as ModelBackend: the same time with or without a user
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None


class MaximumLengthValidator:
    """Django has no upper bound on passwords; this one refuses long ones before anything hashes them."""

    def __init__(self, max_length: int = MAX_PASSWORD):
        self.max_length = max_length

    def validate(self, password, user=None):
        if len(password) > self.max_length:
            raise ValidationError(
                f"This password is too long. It must contain at most {self.max_length} characters.",
                code="password_too_long",
            )

    def get_help_text(self):
        return f"Your password must contain at most {self.max_length} characters."


def validate_new_password(password, username: str) -> None:
    """Every configured validator, the user name included; a too long password stops at once."""
    from django.contrib.auth import password_validation

    if isinstance(password, str) and len(password) > MAX_PASSWORD:
        MaximumLengthValidator().validate(password)
    if isinstance(password, str) and canonical(password) == canonical(username):
        raise ValidationError("The password cannot be the username.", code="password_is_username")
    password_validation.validate_password(password, user=get_user_model()(username=username))


def create_account(username: str, password: str):
    """A new user under the canonical name; a concurrent sign-up of the same name is a clear 400."""
    from django.db import IntegrityError, transaction

    from games.errors import InvalidRequest

    try:
        with transaction.atomic():
            return get_user_model().objects.create_user(canonical(username), password=password)
    except IntegrityError as exc:
        raise InvalidRequest("that username is taken", field="username") from exc
