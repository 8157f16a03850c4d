"""bench/load.py runs for a few seconds on the production shape and prints every figure the issue
asks for (issue 16, item 7). No timing is asserted: only the output's shape, and that it ran."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from tests.conftest import require, test_database_url

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(settings.BASE_DIR)
PERCENTILES = {"n", "p50", "p95", "p99"}


def test_the_load_generator_prints_every_figure(tmp_path):
    require(shutil.which("redis-server") is not None, "no redis-server binary: bench/load.py starts its own Redis")
    require(connection.vendor == "postgresql", "bench/load.py runs on PostgreSQL")
    out = tmp_path / "load.json"
    env = {**os.environ, "DATABASE_URL": test_database_url()}
    done = subprocess.run([sys.executable, "bench/load.py", "--servers", "2", "--games", "16", "--clients", "2",
                           "--seconds", "1.5", "--ping-seconds", "1", "--rounds", "2", "--no-migrate", "--json", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    for words in ("moves/s", "POST p50/p95/p99", "GET legal p50/p95/p99", "append -> socket p50/p95/p99",
                  "channel layer broadcast round trip", "GET /api/me/ping", "s/move", "errors", "ratio"):
        assert words in done.stdout, (words, done.stdout)

    result = json.loads(out.read_text())
    assert set(result["layer_rtt_ms"]) == PERCENTILES and result["layer_rtt_ms"]["n"] > 0
    assert result["warm_up"]["moves"] == 16  # one untimed move of every game before anything is timed
    without, with_sockets, one_client = result["moves"]
    for phase in (without, with_sockets):  # pings in turn with the moves, on the same servers
        assert phase["ping"]["requests"] > 0 and set(phase["ping"]["ms"]) == PERCENTILES
        assert phase["rounds"] == 2 and len(phase["move_cpu_over_ping_cpu_by_round"]) == 2
    assert "ping" not in one_client
    assert not without["websockets"] and with_sockets["websockets"] and one_client["websockets"]
    assert (without["clients"], with_sockets["clients"], one_client["clients"]) == (2, 2, 1)
    assert set(one_client["append_to_socket_ms"]) == PERCENTILES
    for phase in (without, with_sockets, one_client):
        assert phase["moves"] > 0 and phase["cpu_seconds_per_move"] > 0
        assert set(phase["post_ms"]) == set(phase["get_ms"]) == PERCENTILES
        assert isinstance(phase["errors_by_status"], dict)
    assert set(with_sockets["append_to_socket_ms"]) == PERCENTILES and with_sockets["sockets_connected"] == 16
    # Commit -> socket where PostgreSQL keeps commit times, and at one client split by where the
    # socket was: every other game's on the other server.
    with connection.cursor() as cursor:
        cursor.execute("SHOW track_commit_timestamp")
        measure = "commit" if cursor.fetchone()[0] == "on" else "append"
    assert ("commit_to_socket_ms" in one_client) == (measure == "commit")
    for where in ("same_server", "other_server"):
        assert one_client[f"{measure}_to_socket_ms_{where}"]["n"] > 0, one_client
        assert f"socket on the {where.replace('_', ' ')}" in done.stdout
    assert {"move_cpu_over_ping_cpu_without_sockets", "move_cpu_over_ping_cpu_with_sockets",
            f"socket_p50_over_layer_rtt_p50_{measure}", f"socket_p50_over_layer_rtt_p50_one_client_{measure}",
            f"socket_p50_over_layer_rtt_p50_one_client_{measure}_same_server",
            f"socket_p50_over_layer_rtt_p50_one_client_{measure}_other_server"} <= set(result["ratios"])
