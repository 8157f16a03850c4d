from django.apps import AppConfig


class WorkersConfig(AppConfig):
    """The Celery side: its tasks fill the game service's task port (``games.notify.provide``)."""

    name = "workers"
    verbose_name = "Celery tasks"

    def ready(self):
        from games import notify
        from workers import tasks

        notify.provide(bot_turn=tasks.bot_turn, score_game=tasks.score_game, sweep_deadlines=tasks.sweep_deadlines,
                       checkpoint_log=tasks.checkpoint_log, deliver_notifications=tasks.deliver_notifications,
                       send_digests=tasks.send_digests)
