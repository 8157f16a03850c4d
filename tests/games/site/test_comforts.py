"""The game page's rematch buttons and conditional-move form, and the move list's mark of a move
played from conditional moves (issue 19 items 6 and 7)."""

import pytest

from games import conditional, rematch, services
from tests.conftest import accepted_game

pytestmark = pytest.mark.django_db


def paso(alice, bob):
    return accepted_game(creator=alice, name="paso", seats=[{"user": "alice"}, {"user": "bob"}])


def test_the_move_list_marks_a_move_played_from_conditional_moves(client, alice, bob):
    game = paso(alice, bob)
    conditional.store(user=bob, game_id=game.pk, tree=[{"if": "temple a1", "then": "temple a5"}])
    services.submit_action(user=alice, game_id=game.pk, text="temple a1", expected_seq=game.seq)
    rows = [r for r in client.get(f"/games/{game.pk}/history").json() if r["kind"] == "move"]
    assert [(r["text"], r["conditional"]) for r in rows] == [
        ("south: temple a1", False), ("north: temple a5 (played from conditional moves)", True)]


def test_a_players_page_has_the_conditional_form_and_the_rematch_panel(client, alice, bob, make_user):
    game = paso(alice, bob)
    client.force_login(bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="conditional-text"' in page and 'id="rematch-offer"' in page
    client.force_login(make_user("carol"))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="conditional-text"' not in page and 'id="rematch"' not in page


def test_the_rematch_link_leads_to_the_new_game(client, alice, bob):
    game = paso(alice, bob)
    services.resign(user=alice, game_id=game.pk)
    rematch.answer(user=alice, game_id=game.pk, choice="offer")
    new = rematch.answer(user=bob, game_id=game.pk, choice="accept")["new_game"]
    client.force_login(alice)
    assert client.get(f"/api/games/{game.pk}/rematch").json()["new_game"] == new
    assert client.get(f"/games/{new}/").status_code == 200
