"""The embedded default's secret key: random, generated once into a file only its owner can read."""

import os
import secrets
from pathlib import Path


def load_or_create(path: Path, make=lambda: secrets.token_urlsafe(64)) -> str:
    """The key in ``path``, ``make()`` written there first if there is none (safe when several processes start at
    once: the key is written to a private temporary file, then linked into place, which fails if another
    process got there first)."""
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(make().strip() + "\n")
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        temporary.unlink()
    return _read(path)


def _read(path: Path) -> str:
    key = path.read_text().strip()
    if len(key) < 50:
        raise ValueError(f"{path} holds no usable secret key: delete it and a new one is made")
    return key
