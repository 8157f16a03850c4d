"""``manage.py replay_all``: replay every stored game with the current engine before a release.

Reports each game whose replay now fails, reaches a position other than a stored snapshot, or ends
differently, so a rules change that breaks old games is caught. Exits non-zero if any does.
"""

from django.core.management.base import BaseCommand, CommandError

from games import audit
from games.management.commands._progress import progress, selected_games


class Command(BaseCommand):
    help = "Replay every game with the current engine; report those that fail or end differently."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="only this game")

    def handle(self, *args, game=None, **options):
        games = selected_games(game, True)
        broken = replayed = 0
        for each in progress(games, self.stderr, "replaying"):
            replayed += 1
            problems = audit.replay_game(each)
            if problems:
                broken += 1
                self.stdout.write(f"BROKEN game {each.pk} ({each.name}): " + "; ".join(problems))
        if broken:
            raise CommandError(f"{broken} of {replayed} games no longer replay as stored")
        self.stdout.write(f"OK {replayed} games replay as stored")
