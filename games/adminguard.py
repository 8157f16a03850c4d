"""No oracle in the admin: a changelist filters, searches and sorts only on fields known to be public.

A staff user who may view a list could otherwise put a lookup on a hidden field in its URL
(``?seed__startswith=4``, ``?events__notation=sword d10``, ``?seats__game__seed__regex=...``) and read
the answer off the row count, one character at a time. So every admin on the site (ours, Django's
User and Group, any a library or a later change registers) is guarded the same way, by the site
itself (``GuardedAdminSite.register``):

- a lookup in the URL is allowed only on an allow-list of field paths: the primary key, the model's
  own foreign keys (by the related row's key), what ``list_filter`` and ``date_hierarchy`` offer, and
  what the admin declares in ``public_lookups``; anything else answers 400
  (``DisallowedModelAdminLookup``), whatever the value, so a true and a false guess look alike;
- nothing that touches a hidden field is ever filtered, searched, sorted or offered as a filter, even
  if an admin lists it by mistake (the system check ``games.E101`` also reports that at start-up).
"""

from django.contrib import admin
from django.contrib.admin.views.main import ChangeList
from django.core import checks
from django.core.exceptions import FieldDoesNotExist
from django.db.models import F
from django.db.models.constants import LOOKUP_SEP

#: Hidden while a game runs (and refused as lookups always: a lookup's answer is a count over rows
#: of any status). Credentials too: a count answers for them as well as for a seed.
HIDDEN = {
    "games.Game": {"seed", "conditionals"},  # conditionals: whether a player left conditional moves
    "games.Event": {"notation", "payload"},
    "games.Snapshot": {"document"},
    "games.IdempotencyRecord": {"response"},  # a seat's own view, its hand included
    "games.ConditionalTree": {"tree", "partial"},  # a player's plan; not registered in the admin at all
    "auth.User": {"password"},
    "authtoken.Token": {"key"},
    "knox.AuthToken": {"digest", "token_key"},
}
#: The hidden game information proper: never shown in a list or form of a running game either.
GAME_HIDDEN = {label: HIDDEN[label]
               for label in ("games.Game", "games.Event", "games.Snapshot", "games.IdempotencyRecord")}


def is_hidden(model, field_name: str, hidden=None) -> bool:
    return field_name in (hidden or HIDDEN).get(model._meta.concrete_model._meta.label, ())


def field_path(model, lookup: str) -> list[tuple] | None:
    """The fields a lookup walks, as (model, field) pairs, up to the first non-relation field; the
    remaining parts are transforms and lookups. None if its first part names no field."""
    path = []
    for part in lookup.split(LOOKUP_SEP):
        try:
            field = model._meta.pk if part == "pk" else model._meta.get_field(part)
        except FieldDoesNotExist:
            break
        path.append((model, field))
        if not getattr(field, "path_infos", None):
            break
        model = field.path_infos[-1].to_opts.model
    return path or None


def touches_hidden(model, lookup: str, hidden=None) -> bool:
    return any(is_hidden(m, f.name, hidden) for m, f in field_path(model, lookup) or ())


def _names(path) -> str:
    return LOOKUP_SEP.join(f.name for _m, f in path)


def _search_field(name: str) -> str:
    return name.lstrip("^=@")


def _filter_paths(list_filter) -> set[str]:
    """Field paths a changelist's filters stand on (a custom filter class is named by its parameter)."""
    paths = set()
    for item in list_filter:
        if isinstance(item, (list, tuple)):
            item = item[0]
        if isinstance(item, str):
            paths.add(item)
    return paths


def _orders_by_hidden(model, order) -> bool:
    """Whether an ordering (a field path, or an expression over fields) stands on a hidden field."""
    if isinstance(order, str):
        return touches_hidden(model, order.lstrip("-?"))
    if isinstance(order, F):
        return touches_hidden(model, order.name)
    if hasattr(order, "flatten"):
        return any(isinstance(node, F) and touches_hidden(model, node.name) for node in order.flatten())
    return False


class NoOracleChangeList(ChangeList):
    def get_ordering_field(self, field_name):
        # ``?o=`` sorts by list_display columns: never by one that stands on a hidden field.
        order_field = super().get_ordering_field(field_name)
        return None if order_field is not None and _orders_by_hidden(self.model, order_field) else order_field


class NoOracleAdmin:
    """Mixed into every registered ModelAdmin by the site (see the module's docstring)."""

    #: Field paths (``"game__name"``) this admin's changelist may also be filtered on: public fields only.
    public_lookups: tuple[str, ...] = ()

    def allowed_lookup_paths(self, request) -> set[str]:
        opts = self.model._meta
        allowed = {"pk", opts.pk.name, *self.public_lookups, *_filter_paths(self.get_list_filter(request))}
        if self.date_hierarchy:
            allowed.add(self.date_hierarchy)
        for field in opts.concrete_fields:
            if field.many_to_one or field.one_to_one:
                allowed.add(field.name)
        return {path for path in allowed if not touches_hidden(self.model, path)}

    def lookup_allowed(self, lookup, value, request=None):
        if touches_hidden(self.model, lookup):
            return False
        simple = {f.parameter_name for f in self.get_list_filter(request)
                  if isinstance(f, type) and hasattr(f, "parameter_name")}
        if lookup in simple:
            return super().lookup_allowed(lookup, value, request)
        path = field_path(self.model, lookup)
        if path is None:
            return False
        allowed = self.allowed_lookup_paths(request)
        names = _names(path)
        # A related row named by its key is the relation itself (game__id is game).
        by_key = len(path) > 1 and path[-1][1].primary_key and _names(path[:-1]) in allowed
        if names not in allowed and not by_key:
            return False
        return super().lookup_allowed(lookup, value, request)

    def to_field_allowed(self, request, to_field):
        return not touches_hidden(self.model, to_field) and super().to_field_allowed(request, to_field)

    def get_search_fields(self, request):
        return [f for f in super().get_search_fields(request)
                if not touches_hidden(self.model, _search_field(f))]

    def get_list_filter(self, request):
        # A filter on a hidden field would list its values as choices.
        return [f for f in super().get_list_filter(request)
                if not any(touches_hidden(self.model, path) for path in _filter_paths([f]))]

    def get_ordering(self, request):
        return [o for o in super().get_ordering(request) or () if not _orders_by_hidden(self.model, o)]

    def get_sortable_by(self, request):
        return [name for name in super().get_sortable_by(request)
                if not (isinstance(name, str) and touches_hidden(self.model, name))]

    def get_changelist(self, request, **kwargs):
        base = super().get_changelist(request, **kwargs)
        if issubclass(base, NoOracleChangeList):
            return base
        return type(f"NoOracle{base.__name__}", (NoOracleChangeList, base), {})


def guarded(admin_class):
    """``admin_class`` with the guard in front of it (once)."""
    if issubclass(admin_class, NoOracleAdmin):
        return admin_class
    return type(admin_class.__name__, (NoOracleAdmin, admin_class),
                {"__module__": admin_class.__module__, "__qualname__": admin_class.__qualname__})


class GuardedAdminSite(admin.AdminSite):
    """The default admin site (``games.apps.GuardedAdminConfig``): every admin registered is guarded."""

    def register(self, model_or_iterable, admin_class=None, **options):
        super().register(model_or_iterable, guarded(admin_class or admin.ModelAdmin), **options)


def _named_paths(model_admin) -> list[str]:
    """Every field path an admin names for lists, filters, search, ordering and forms."""
    display = [getattr(getattr(model_admin, name, None), "admin_order_field", name)
               for name in model_admin.list_display]
    return [
        *display, *_filter_paths(model_admin.list_filter), *(model_admin.ordering or ()),
        *map(_search_field, model_admin.search_fields), model_admin.date_hierarchy or "",
        *(model_admin.fields or ()), *model_admin.readonly_fields,
    ]


def hidden_field_errors(site) -> list[checks.CheckMessage]:
    errors = []
    for model, model_admin in site._registry.items():
        name = type(model_admin).__name__
        if not isinstance(model_admin, NoOracleAdmin):
            errors.append(checks.Error(f"{name} is not guarded against lookups on hidden fields",
                                       hint="register it on the default site (games.adminguard)",
                                       obj=type(model_admin), id="games.E100"))
        for path in _named_paths(model_admin):
            if isinstance(path, str) and path and touches_hidden(model, path.lstrip("-?"), GAME_HIDDEN):
                errors.append(checks.Error(f"{name} names the hidden field {path!r}",
                                           hint="show it through a method that withholds it",
                                           obj=type(model_admin), id="games.E101"))
    return errors


@checks.register(checks.Tags.admin)
def check_no_hidden_field_exposed(app_configs=None, **kwargs):
    """An admin that names a hidden field in a list, filter, search, ordering or form is a mistake."""
    return hidden_field_errors(admin.site)
