"""The peer: the ``eventsourcing`` library saving one new event per ``save()`` on PostgreSQL."""

from __future__ import annotations

import os

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from bench.database import eventsourcing_env


class Tally(Aggregate):
    """An aggregate with one event method: each ``count_one`` is one stored event."""

    def __init__(self):
        self.count = 0

    @event("Counted")
    def count_one(self):
        self.count += 1


class TallyApplication(Application):
    pass


def create_tables(url: str) -> None:
    """The library's tables, made once before the workers start (concurrent CREATEs collide)."""
    TallyApplication(env=eventsourcing_env(url)).close()


def tally_saves(index: int):
    """One ``count_one()`` then ``save()`` per step: one new event in one transaction."""
    app = TallyApplication(env={**eventsourcing_env(os.environ["DATABASE_URL"]), "CREATE_TABLE": "n"})
    tally = Tally()
    app.save(tally)  # the creation event is set-up, not a measured save

    def step():
        tally.count_one()
        app.save(tally)

    return step
