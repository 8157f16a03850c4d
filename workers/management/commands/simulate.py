"""``manage.py simulate GAME``: the balance simulator (``python -m engine.sim``) with ``--celery``."""

from __future__ import annotations

from argparse import Namespace

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from engine.sim.cli import add_arguments, run
from engine.sim.spec import SpecError


class Command(BaseCommand):
    help = "Play bot games in bulk and summarise win rates, reasons and lengths (see python -m engine.sim -h)."

    def add_arguments(self, parser):
        add_arguments(parser)
        parser.add_argument("--celery", action="store_true",
                            help="fan the games out as Celery tasks across the workers, gather the results")

    def handle(self, *args, **options):
        if options["celery"] and options["jobs"] != 1:
            raise CommandError("choose --jobs (local processes) or --celery (workers), not both")
        executor, where = None, None
        if options["celery"]:
            from workers.simulation import celery_executor

            executor = celery_executor()
            where = "Celery workers" if settings.REDIS_URL else "Celery, eager (REDIS_URL is not set)"
        try:
            # The bar writes carriage returns: it needs the raw stream, not the line-ending wrapper.
            err = getattr(self.stderr, "_out", self.stderr)
            run(Namespace(**options), out=self.stdout, err=err, executor=executor, where=where)
        except SpecError as exc:
            raise CommandError(str(exc)) from None
