"""``manage.py replay_all``: replay every stored game with the current engine before a release.

Reports each game whose replay now fails, reaches a position other than a stored snapshot, or ends
differently, so a rules change that breaks old games is caught. Exits non-zero if any does. Snapshots
written under another rules version than the game's engine are reported too: every read ignores them
(``store.replay`` starts from an older snapshot or from the events), so they only cost time.
"""

from django.core.management.base import BaseCommand, CommandError

from games import audit, store
from games.management.commands._progress import progress, selected_games


class Command(BaseCommand):
    help = "Replay every game with the current engine; report those that fail or end differently."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="only this game")

    def handle(self, *args, game=None, **options):
        games = selected_games(game, True)
        broken = replayed = stale = 0
        for each in progress(games, self.stderr, "replaying"):
            replayed += 1
            if ignored := store.stale_snapshots(each):
                stale += 1
                self.stdout.write(f"STALE game {each.pk} ({each.name}): snapshots after events "
                                  f"{', '.join(map(str, ignored))} were written under another rules version: ignored")
            problems = audit.replay_game(each)
            if problems:
                broken += 1
                self.stdout.write(f"BROKEN game {each.pk} ({each.name}): " + "; ".join(problems))
        if broken:
            raise CommandError(f"{broken} of {replayed} games no longer replay as stored")
        self.stdout.write(f"OK {replayed} games replay as stored"
                          + (f" ({stale} with snapshots of another rules version, ignored)" if stale else ""))
