"""A read compiled once: the SQL of a queryset that runs on every request, built by the ORM once and
afterwards only executed.

Django turns a queryset into SQL each time it is evaluated. For the game row read with its seats and
their users (``select_related`` over four tables, on every legal-list request and every live update)
that compiling cost more than running the query (bench/load.py, profiled with py-spy: the
compiler's ``as_sql`` took two fifths of the legal-list view's time). A ``Compiled`` read asks the ORM once
per database alias for the compiler of its queryset, keeps its SQL, column map and converters, and
then only swaps the one parameter in and builds the objects as Django's ``ModelIterable`` does
(``from_db`` and the ``select_related`` populators), so what comes back is the same.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

#: Stands in for the parameter while compiling, found again among the compiled parameters: a value
#: any integer key column may hold (a value out of a column's range compiles to no query at all).
_STAND_IN = 1_999_999_973
_BIGINT = (-(2**63), 2**63 - 1)


class Compiled:
    """``Compiled(lambda value: Model.objects.filter(key=value)...)``; ``read(value)`` lists the
    objects that queryset would list for ``value`` (its one parameter, an integer key)."""

    def __init__(self, queryset_for: Callable[[int], QuerySet]):
        self._queryset_for = queryset_for
        self._by_alias: dict[tuple[str, str], _Plan] = {}
        self._lock = threading.Lock()

    def read(self, value: int, using: str = DEFAULT_DB_ALIAS) -> list:
        value = int(value)
        if not _BIGINT[0] <= value <= _BIGINT[1]:
            return []  # as the ORM answers a value no integer column holds (Django 5.0+)
        connection = connections[using]
        plan = self._plan(using, connection.vendor)
        if plan.for_update and connection.get_autocommit():
            raise TransactionManagementError("select_for_update cannot be used outside of a transaction.")
        params = tuple(value if n in plan.positions else p for n, p in enumerate(plan.params))
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows = cursor.fetchall()
        return plan.objects(rows, using)

    def _plan(self, using: str, vendor: str) -> _Plan:
        key = (using, vendor)
        plan = self._by_alias.get(key)
        if plan is None:
            with self._lock:
                plan = self._by_alias.get(key) or _Plan(self._queryset_for(_STAND_IN).using(using), using)
                self._by_alias[key] = plan
        return plan


class _Plan:
    """What ``ModelIterable`` works out before its first row, worked out once."""

    def __init__(self, queryset: QuerySet, using: str):
        compiler = queryset.query.get_compiler(using=using)
        self.sql, params = compiler.as_sql()
        self.params = tuple(params)
        self.positions = {n for n, p in enumerate(self.params) if p == _STAND_IN}
        if len(self.positions) != 1:
            raise ValueError("a compiled read takes exactly one parameter")
        self.for_update = queryset.query.select_for_update
        self.compiler = compiler
        klass_info, select = compiler.klass_info, compiler.select
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start:self.end]]
        self.populators = get_related_populators(klass_info, select, using)
        self.converters = compiler.get_converters([s[0] for s in select[:compiler.col_count]])

    def objects(self, rows: list, using: str) -> list:
        out = []
        for row in self.compiler.apply_converters(rows, self.converters) if self.converters else rows:
            obj = self.model.from_db(using, self.init_list, row[self.start:self.end])
            for populator in self.populators:
                populator.populate(row, obj)
            out.append(obj)
        return out
