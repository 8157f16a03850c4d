"""Through a real worker on Redis: a bot game to its end and its scoring; deadlines on a set clock."""

from datetime import timedelta

import pytest

from games import services
from games.models import Event, Game, Rating
from tests.conftest import accepted_game
from tests.workers.conftest import wait_for
from workers.tasks import game_timeout, score_game, sweep_deadlines

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_bot_game_runs_to_the_end_through_the_queue_and_is_scored_once_moving_no_rating(celery_worker, staff_user):
    game = services.create_game(
        creator=staff_user, name="paso", options={"quiet_turn_limit": 6}, seats=[{"bot": "random"}, {"bot": "greedy"}]
    )
    wait_for(lambda: Game.objects.get(pk=game.pk).scored, timeout=120, what="the bots to finish and the scoring")
    game.refresh_from_db()
    assert game.status == "finished" and game.outcome is not None
    seqs = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.seq + 1)) and Event.objects.filter(game=game, kind="move").count() > 2
    # No human seat: the game is unrated (issue 14), so scoring marks it done and rates nobody.
    assert game.rated is False and not Rating.objects.filter(game_name="paso").exists()
    again = score_game.delay(game.pk)  # a second delivery of the scoring task
    assert finished(celery_worker, [again]) == ["False"]
    assert not Rating.objects.filter(game_name="paso").exists()


def finished(worker, results) -> list[str]:
    """Wait until the worker logged each task as done; return what each returned."""
    def outcome(result):
        line = next((x for x in worker["log"] if result.id in x and " succeeded in " in x), None)
        return line.rsplit(": ", 1)[-1].strip() if line else None

    wait_for(lambda: all(outcome(r) is not None for r in results), what="the tasks to run")
    return [outcome(r) for r in results]


def timeouts_done(worker, start: int, returned: str = "") -> int:
    return sum("game_timeout[" in x and " succeeded in " in x and x.rstrip().endswith(returned)
               for x in worker["log"][start:])


def timed_game(alice, bob, **time_control):
    return accepted_game(
        creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}],
        time_control={"days_per_move": 1, **time_control},
    )


def test_a_deadline_passes_on_a_set_clock_and_forfeit_applies_once(celery_worker, alice, bob):
    game = timed_game(alice, bob)
    late = (game.deadline_at + timedelta(minutes=5)).isoformat()
    early = (game.deadline_at - timedelta(minutes=5)).isoformat()
    assert finished(celery_worker, [sweep_deadlines.delay(early)]) == ["0"]  # not yet: nothing due
    start = len(celery_worker["log"])
    sweeps = [sweep_deadlines.delay(late) for _ in range(2)]  # the sweep delivered twice
    direct = [game_timeout.delay(game.pk, late) for _ in range(2)]  # and two timeouts besides
    queued_by_sweeps = sum(int(n) for n in finished(celery_worker, sweeps))
    finished(celery_worker, direct)
    wait_for(lambda: timeouts_done(celery_worker, start) == 2 + queued_by_sweeps, what="every timeout task")
    assert timeouts_done(celery_worker, start, "'forfeit'") == 1
    wait_for(lambda: Game.objects.get(pk=game.pk).scored, what="the scoring")
    game.refresh_from_db()
    assert game.outcome == {"winners": ["north"], "reason": "timeout", "scores": None}
    assert Event.objects.filter(game=game, kind="timeout").count() == 1
    assert Rating.objects.get(user=bob).rating > Rating.objects.get(user=alice).rating


def test_a_deadline_passes_and_the_bot_plays_for_the_absent_seat_once(celery_worker, alice, bob):
    game = timed_game(alice, bob, policy="bot")
    seq = game.seq
    late = game.deadline_at + timedelta(hours=1)
    start = len(celery_worker["log"])
    queued = sum(int(n) for n in finished(celery_worker, [sweep_deadlines.delay(late.isoformat()) for _ in range(3)]))
    wait_for(lambda: timeouts_done(celery_worker, start) == queued, what="every timeout task")
    assert timeouts_done(celery_worker, start, "'bot'") == 1
    kinds = list(Event.objects.filter(game=game, seq__gt=seq).order_by("seq").values_list("kind", "actor"))
    assert kinds == [("timeout", "service"), ("move", "south")]
    game.refresh_from_db()
    assert game.status == "active" and game.to_act == 1
