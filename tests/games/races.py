"""Races on real PostgreSQL: the same call from several threads, released together."""

from __future__ import annotations

import threading

from django.db import connections


def at_once(call, times: int) -> list:
    """Run ``call()`` in ``times`` threads that start together; what each returned or raised.

    Each thread gets its own database connection (Django's are per thread) and closes it.
    """
    barrier, results, lock = threading.Barrier(times), [], threading.Lock()

    def run():
        barrier.wait()
        try:
            result = call()
        except Exception as exc:  # the caller asserts on what was raised
            result = exc
        finally:
            connections.close_all()
        with lock:
            results.append(result)

    threads = [threading.Thread(target=run) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
