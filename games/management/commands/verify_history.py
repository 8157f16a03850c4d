"""``manage.py verify_history [--game ID | --all]``: prove each game's history is what happened.

Checks the hash chain, replays every game with the current engine against its stored snapshots and
result, and checks the seed commitment and every CHANCE outcome derived from it. Prints each game
that fails and why; exits non-zero if any does.
"""

from django.core.management.base import BaseCommand, CommandError

from games import audit
from games.management.commands._progress import progress, selected_games


class Command(BaseCommand):
    help = "Verify the hash chain, replay, result and seed commitment of one game or all games."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="the id of one game")
        parser.add_argument("--all", action="store_true", help="every game")

    def handle(self, *args, game=None, all=False, **options):
        games = selected_games(game, all)
        failed = checked = 0
        for each in progress(games, self.stderr, "verifying"):
            checked += 1
            problems = audit.verify_game(each)
            if problems:
                failed += 1
                self.stdout.write(f"FAIL game {each.pk} ({each.name}): " + "; ".join(problems))
        if failed:
            raise CommandError(f"{failed} of {checked} games failed verification")
        self.stdout.write(f"OK {checked} games verified")
