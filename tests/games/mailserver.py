"""A real SMTP server for the e-mail tests (aiosmtpd on a free local port), and the messages it received.

``smtp`` points Django's SMTP backend at it for one test; ``smtp.messages`` are the messages read
back as ``email.message.EmailMessage`` (with ``rcpt_tos``, the envelope's recipients)."""

from __future__ import annotations

import email
import socket
import threading
from email import policy

import pytest
from aiosmtpd.controller import Controller


class Inbox:
    def __init__(self):
        self._lock = threading.Lock()
        self._received: list = []

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=policy.default)
        message.rcpt_tos = list(envelope.rcpt_tos)
        with self._lock:
            self._received.append(message)
        return "250 OK"

    @property
    def messages(self) -> list:
        with self._lock:
            return list(self._received)

    def to(self, address: str) -> list:
        return [m for m in self.messages if address in m.rcpt_tos]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.SITE_URL = "http://testserver"
    try:
        yield inbox
    finally:
        controller.stop()


def body(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()
