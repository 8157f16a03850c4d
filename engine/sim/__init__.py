"""The balance simulator: bot games in bulk, summarised with confidence intervals.

    python -m engine.sim GAME [--games N] [--players K[,K...]] [--bots LEVEL[,LEVEL...]]  (default policy)
                              [--set NAME=VALUE]... [--sweep NAME=V1,V2,...]... [--seed S]
                              [--jobs J] [--cap N] [--out DIR]

Pure engine: games are reached through the registry, bots through ``engine.bots``. Every game's
randomness derives from ``(seed, game index)`` alone, so one process, ``--jobs J`` and Celery
workers (``manage.py simulate --celery``) produce the same records.
"""

from engine.sim.run import simulate  # noqa: F401
from engine.sim.spec import SpecError, build_spec  # noqa: F401
