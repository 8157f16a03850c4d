"""Settings that refuse to be unsafe, checked in fresh processes with a controlled environment."""

import os
import secrets
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The production shape of the README (its "Production shape" section sets exactly these).
PRODUCTION = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/games",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "DEBUG": "false",
    "ALLOWED_HOSTS": "games.example.org",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
    "SECURE_HSTS_PRELOAD": "true",
}
SHOW = "from django.conf import settings as s; print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SECRET_KEY)"


def manage(*args: str, **environment: str) -> subprocess.CompletedProcess:
    """``manage.py`` with only PATH, HOME and the given variables: nothing from this test run leaks in."""
    clean = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), **environment}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True,
                          text=True, timeout=120)


def test_the_readme_names_every_production_variable():
    readme = (ROOT / "README.md").read_text()
    production = readme[readme.index("### Production shape"):]
    for name in PRODUCTION:
        assert f"{name}=" in production, name
    assert "SECRET_KEY=" in production


def test_check_deploy_is_clean_with_the_production_variables():
    key = secrets.token_urlsafe(64)
    done = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION, SECRET_KEY=key)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout and "WARNING" not in done.stdout + done.stderr


@pytest.mark.parametrize("key", [None, "", "...", "dev-only-insecure-key-change-me-in-production"])
def test_debug_false_without_a_real_secret_key_refuses_to_start(key):
    environment = {**PRODUCTION} if key is None else {**PRODUCTION, "SECRET_KEY": key}
    done = manage("check", **environment)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr and "DEBUG=false needs SECRET_KEY" in done.stderr


def test_the_embedded_default_starts_with_debug_off_and_keeps_its_generated_key(tmp_path):
    key_file = tmp_path / "var" / "secret_key"
    runs = [manage("shell", "-c", SHOW, SECRET_KEY_FILE=str(key_file)) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    first, second = (r.stdout.split()[-3:] for r in runs)
    assert first[:2] == ["False", "False"]  # DEBUG off, plain HTTP for the local server
    assert first[2] == second[2] == key_file.read_text().strip() and len(first[2]) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert manage("check", SECRET_KEY_FILE=str(key_file)).returncode == 0


def test_the_test_suites_environment_starts_too(tmp_path):
    """CI sets DATABASE_URL and REDIS_URL but neither DEBUG nor SECRET_KEY: a generated key, DEBUG off."""
    services = {name: PRODUCTION[name] for name in ("DATABASE_URL", "REDIS_URL")}
    done = manage("shell", "-c", SHOW, **services, CI="true", SECRET_KEY_FILE=str(tmp_path / "key"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-3:-1] == ["False", "False"]


def test_debug_true_is_only_when_asked(tmp_path):
    done = manage("shell", "-c", SHOW, DEBUG="true", SECRET_KEY_FILE=str(tmp_path / "key"))
    assert done.returncode == 0 and done.stdout.split()[-3] == "True"


def test_production_requires_https_everywhere():
    show = ("from django.conf import settings as s; print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, "
            "s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
            "s.SECURE_PROXY_SSL_HEADER)")
    done = manage("shell", "-c", show, **PRODUCTION, SECRET_KEY=secrets.token_urlsafe(64))
    assert done.returncode == 0, done.stderr
    expected = "True True True 31536000 True ('HTTP_X_FORWARDED_PROTO', 'https')"
    assert done.stdout.strip().splitlines()[-1] == expected
