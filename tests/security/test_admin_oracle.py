"""No oracle in the admin: a hidden value of a running game cannot be told from a wrong guess through any
changelist's filters, search or sorting, and no admin page of a running game shows it."""

import re

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission, User
from django.db.models import ForeignObjectRel
from django.test import Client, RequestFactory

from games import adminguard, services
from games.models import Event, Game, Snapshot
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db

#: Found by name on every model, independently of the guard's own list.
HIDDEN_NAMES = {"seed", "notation", "payload", "document"}
LOOKUPS = ["", "__exact", "__iexact", "__startswith", "__istartswith", "__contains", "__icontains", "__in",
           "__regex", "__iregex", "__gt", "__lt", "__isnull"]


def hidden_paths(model, hops: int = 3) -> list[tuple[str, str]]:
    """Every (lookup path, hidden field name) reachable from ``model`` in up to ``hops`` relations."""
    found = []

    def walk(current, prefix, seen, left):
        for field in current._meta.get_fields():
            name = field.name
            if field.name in HIDDEN_NAMES and not field.is_relation:
                found.append((prefix + name, name))
            elif field.is_relation and field.related_model is not None and left:
                target = field.related_model
                walkable = isinstance(field, ForeignObjectRel) or field.concrete or field.many_to_many
                if target not in seen and walkable:
                    walk(target, f"{prefix}{name}__", seen | {target}, left - 1)

    walk(model, "", {model}, hops)
    return found


def differ(value: str) -> str:
    """The same guess with its last character changed (same kind: digit for digit, letter for letter)."""
    last = value[-1]
    other = ("0" if last != "0" else "1") if last.isdigit() else ("a" if last != "a" else "b")
    return value[:-1] + other


@pytest.fixture
def staff(db):
    """A staff user who may view everything in the admin, and change nothing."""
    user = User.objects.create_user("watcher", password="s3cret-pass!", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def running(dice_game, alice, bob, settings):
    settings.SNAPSHOT_EVERY = 3
    game = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    services.submit_action(user=alice, game_id=game.pk, text="roll", expected_seq=game.seq)
    game.refresh_from_db()
    assert game.status == "active" and game.snapshots.exists()
    return game


def secrets_of(game) -> dict[str, tuple[str, str]]:
    """For each hidden field name: a true prefix (or whole value) of this running game and a wrong one."""
    deal = game.events.get(kind="chance", secret=True)
    document = game.snapshots.order_by("seq").first().document
    first_card = re.search(r'"deck": ?\["(\d)"', document)
    assert first_card, document
    cut = {
        "seed": game.seed[:10],
        "notation": deal.notation[:6],  # "deal N": the deck's first card
        "payload": deal.payload["salt"][:10],
        "document": document[: first_card.end(1)],
    }
    return {name: (true, differ(true)) for name, true in cut.items()}


def probe(client, url: str):
    response = client.get(url)
    assert response.status_code < 500, (url, response.status_code)
    count = response.context["cl"].result_count if response.status_code == 200 else None
    return response.status_code, count, response.get("Location")


def changelists():
    return [(model, f"/admin/{model._meta.app_label}/{model._meta.model_name}/")
            for model in admin.site._registry]


def test_the_walk_covers_every_model_with_hidden_data():
    models = {model for model, _url in changelists()}
    assert {Game, Event, Snapshot, User} <= models
    assert ("seats__game__seed", "seed") in hidden_paths(User)
    assert ("game__events__notation", "notation") in hidden_paths(Snapshot)


def test_no_lookup_on_a_hidden_field_tells_a_true_guess_from_a_wrong_one(staff, running):
    secrets = secrets_of(running)
    tried = refused = 0
    for model, url in changelists():
        for path, name in hidden_paths(model):
            true, wrong = secrets[name]
            for lookup in LOOKUPS:
                key = path + lookup
                guesses = {"__in": (true, wrong), "__isnull": ("False", "True")}.get(lookup, (true, wrong))
                if lookup in ("__regex", "__iregex"):
                    guesses = ("^" + re.escape(true), "^" + re.escape(wrong))
                answers = [probe(staff, f"{url}?{key}={value}") for value in guesses]
                assert answers[0] == answers[1], (key, answers)
                tried += 1
                refused += answers[0][0] == 400
    assert tried > 500 and refused == tried  # every one of them answered 400, whatever the value


@pytest.mark.parametrize("model,url", changelists())
def test_search_and_sorting_cannot_tell_a_secret_either(staff, running, model, url):
    for true, wrong in secrets_of(running).values():
        assert probe(staff, f"{url}?q={true}") == probe(staff, f"{url}?q={wrong}"), (url, true)
    columns = len(admin.site._registry[model].list_display)
    for index in range(columns):
        for order in (str(index), f"-{index}"):
            assert probe(staff, f"{url}?o={order}")[0] == 200


def test_public_filters_still_work_and_relations_by_key(staff, running):
    status, count, _ = probe(staff, f"/admin/games/event/?game__id__exact={running.pk}&kind__exact=chance")
    assert status == 200 and count == running.events.filter(kind="chance").count()
    assert probe(staff, f"/admin/games/game/?id={running.pk}&status__exact=active")[:2] == (200, 1)
    assert probe(staff, "/admin/games/seat/?game__status__exact=active&game__name=dice")[:2] == (200, 2)
    # A public field that no filter offers is refused too: the list is an allow-list.
    assert probe(staff, f"/admin/games/game/?head_hash__startswith={running.head_hash[:4]}")[0] == 400


class CarelessGameAdmin(admin.ModelAdmin):
    """An admin written without a thought for hidden data: the site guards it anyway."""

    list_display = ("id", "seed_column")
    list_filter = ("seed", "status")
    search_fields = ("seed", "name")
    ordering = ("seed",)

    @admin.display(ordering="seed")
    def seed_column(self, game):
        return "?"


def test_an_admin_added_later_is_guarded_by_the_site(staff, running, dice_game, alice, bob):
    other = accepted_game(creator=alice, name="dice", seats=[{"user": "alice"}, {"user": "bob"}])
    site = adminguard.GuardedAdminSite(name="probe")
    site.register(Game, CarelessGameAdmin)
    model_admin = site._registry[Game]
    request = RequestFactory().get("/", {"o": "1"})
    request.user = User.objects.get(username="watcher")
    assert not model_admin.lookup_allowed("seed__startswith", running.seed[:1], request)
    assert model_admin.get_search_fields(request) == ["name"]
    assert model_admin.get_list_filter(request) == ["status"]
    assert model_admin.get_ordering(request) == []
    changelist = model_admin.get_changelist_instance(request)
    assert changelist.queryset.query.order_by == ("-pk",)  # ?o=1 (the seed column) was dropped
    assert changelist.result_count == 2 and other.pk
    errors = adminguard.hidden_field_errors(site)
    assert {e.id for e in errors} == {"games.E101"} and len(errors) == 4  # display, filter, search, ordering
    assert adminguard.hidden_field_errors(admin.site) == []


def test_no_admin_list_shows_api_tokens(staff, alice):
    from knox.models import AuthToken

    record, token = AuthToken.objects.create(user=alice)
    assert not [model for model in admin.site._registry if model._meta.concrete_model is AuthToken]
    for _model, url in changelists():
        page = staff.get(url).content.decode()
        assert token not in page and record.token_key not in page and record.digest not in page, url


def test_no_admin_page_of_a_running_game_shows_its_secrets(staff, running):
    deal = running.events.get(kind="chance", secret=True)
    snapshot = running.snapshots.first()
    secret_texts = [running.seed, deal.notation, deal.payload["salt"], snapshot.document]
    pages = [
        f"/admin/games/game/{running.pk}/change/",
        "/admin/games/game/", "/admin/games/event/", "/admin/games/snapshot/",
        f"/admin/games/event/{deal.pk}/change/", f"/admin/games/event/{deal.pk}/history/",
        f"/admin/games/snapshot/{snapshot.pk}/change/",
        *(f"/admin/games/game/{running.pk}/position/?seq={seq}" for seq in range(running.seq + 1)),
    ]
    for url in pages:
        response = staff.get(url)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert not [text for text in secret_texts if text in page], url
    deck = re.search(r'"deck": ?\[[^\]]*\]', snapshot.document).group()
    last = staff.get(f"/admin/games/game/{running.pk}/position/?seq={running.seq}")
    assert deck not in last.content.decode()


def test_a_finished_games_seed_may_show(staff, running, alice):
    services.resign(user=alice, game_id=running.pk)
    running.refresh_from_db()
    assert running.seed in staff.get(f"/admin/games/game/{running.pk}/change/").content.decode()
    # Lookups stay refused: a count over games answers for the running ones too.
    assert staff.get(f"/admin/games/game/?seed={running.seed}").status_code == 400
