"""A bot seat's whole turn is one write by one bot (issue 20, item 5): a turn of several actions
(Tibetana) shares the bot's thinking budget per turn and its search tree."""

import random

import pytest

from engine import get_game
from engine.bots.random_bot import RandomBot
from games import selectors, services
from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)  # the outbox hands the bot its turn on commit

TIBETANA = get_game("tibetana")


class CountingBot(RandomBot):
    """Plays on (never one of the engine's concession actions); each bot made counts its choices."""

    made: list = []

    def __init__(self):
        super().__init__()
        CountingBot.made.append(self)
        self.chosen = 0

    def choose(self, game, view, legal, rng):
        self.chosen += 1
        playing_on = [a for a in legal if game.format(a) not in game.concession_actions] or legal
        return rng.choice(playing_on)


@pytest.fixture
def counting_bot(monkeypatch):
    CountingBot.made = []
    monkeypatch.setattr(services, "get_bot", lambda level: CountingBot())
    return CountingBot


def play_human_turns(game: Game, user, turns: int, rng: random.Random) -> Game:
    """``user`` plays ``turns`` whole turns (never conceding); the bot answers each in between."""
    for _ in range(turns):
        game.refresh_from_db()
        while game.status == Game.Status.ACTIVE and game.to_act == 0:
            legal = [a for a in selectors.legal_for(game, user)["actions"]
                     if a not in TIBETANA.concession_actions]
            services.submit_action(user=user, game_id=game.pk, text=rng.choice(legal), expected_seq=game.seq)
            game.refresh_from_db()
        while game.status == Game.Status.ACTIVE and game.to_act == 1:  # the outbox may not have run it yet
            services.play_bot_turn(game.pk, game.seq)
            game.refresh_from_db()
    return game


def bot_turns(game: Game) -> list[list]:
    """The bot's turns in ``game``: runs of its move events with nothing between them (a CHANCE
    event ends a run), each as the list of its events' times."""
    bot_name = TIBETANA.seat_name(2, 1)
    turns, previous = [], False
    for kind, actor, at in game.events.order_by("seq").values_list("kind", "actor", "created_at"):
        bot_move = kind == "move" and actor == bot_name
        if bot_move:
            if not previous:
                turns.append([])
            turns[-1].append(at)
        previous = bot_move
    return turns


def test_each_bot_turn_is_one_write_by_one_bot_however_many_actions_it_has(alice, counting_bot):
    rng, turns = random.Random(3), []
    for _ in range(6):  # random play may end a game within a few turns: play games until enough turns
        game = services.create_game(creator=alice, name="tibetana", seats=[{"user": "alice"}, {"bot": "random"}])
        turns += bot_turns(play_human_turns(game, alice, 6, rng))
        if len(turns) >= 5 and max(map(len, turns)) >= 2:
            break
    assert len(turns) >= 5 and max(map(len, turns)) >= 2  # turns of several actions among them
    assert all(len(set(stamps)) == 1 for stamps in turns)  # each turn stored by one write
    # One bot chose each turn's every action (a retried write may have made a bot whose turn was
    # not stored: so each stored turn is matched by a bot that chose exactly that many actions).
    unmatched = sorted(bot.chosen for bot in counting_bot.made)
    for stamps in turns:
        assert len(stamps) in unmatched, (len(stamps), unmatched)
        unmatched.remove(len(stamps))
