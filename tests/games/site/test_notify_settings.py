"""The profile page's notification settings (issue 19.2, 19.3): the owner alone sees how each kind is
e-mailed and the "Notify me in this browser" control, whose script the page loads."""

import pytest

from games import mailprefs

pytestmark = pytest.mark.django_db


def test_the_owner_sees_the_e_mail_modes_and_the_browser_control(client, alice):
    client.force_login(alice)
    page = client.get("/players/alice/").content.decode()
    assert 'id="notify-settings"' in page and "Notify me in this browser" in page
    assert all(f'data-kind="{kind}"' in page for kind in mailprefs.DEFAULTS)
    assert "site/js/notify-settings" in page


def test_nobody_else_sees_them(client, alice, bob):
    assert 'id="notify-settings"' not in client.get("/players/alice/").content.decode()
    client.force_login(bob)
    assert 'id="notify-settings"' not in client.get("/players/alice/").content.decode()
