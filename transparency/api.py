"""The log over HTTP: the public key, checkpoints, proofs, and a player's receipts. Read-only."""

from __future__ import annotations

import base64

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from engine import get_game
from games import selectors
from games.api.responses import ReceiptSerializer
from games.errors import InvalidRequest, NotFound
from games.inputs import MAX_ID, query_number
from games.models import Event
from transparency import keys, log, signing
from transparency.models import Checkpoint, LogEntry


# --- shapes --------------------------------------------------------------------------------------------
class KeySerializer(serializers.Serializer):
    algorithm = serializers.CharField()
    key_id = serializers.CharField()
    fingerprint = serializers.CharField(help_text="SHA-256 of the raw public key, hex")
    public_key = serializers.CharField(help_text="base64 of the 32 raw bytes")
    public_key_pem = serializers.CharField()
    verifier_key = serializers.CharField(help_text="the C2SP signed-note verifier key")
    origin = serializers.CharField()
    previous = serializers.ListField(child=serializers.DictField(), help_text="keys logged before this one")


class CheckpointSerializer(serializers.Serializer):
    size = serializers.IntegerField(min_value=1)
    root = serializers.CharField(help_text="hex")
    origin = serializers.CharField()
    key_id = serializers.CharField()
    at = serializers.DateTimeField()
    note = serializers.CharField(help_text="the signed note, as publish_checkpoint writes it")


class InclusionSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField()
    hash = serializers.CharField()
    leaf_index = serializers.IntegerField(min_value=0)
    size = serializers.IntegerField(min_value=1)
    root = serializers.CharField()
    path = serializers.ListField(child=serializers.CharField(), help_text="hex, from the leaf up")


class ConsistencySerializer(serializers.Serializer):
    first = serializers.IntegerField(min_value=1)
    second = serializers.IntegerField(min_value=1)
    first_root = serializers.CharField()
    second_root = serializers.CharField()
    path = serializers.ListField(child=serializers.CharField(), help_text="hex")


def checkpoint_data(checkpoint: Checkpoint) -> dict:
    return {
        "size": checkpoint.size, "root": checkpoint.root, "origin": checkpoint.origin,
        "key_id": checkpoint.key_id, "at": checkpoint.at, "note": checkpoint.note,
    }


def _checkpoint_of_size(size: int) -> Checkpoint:
    found = Checkpoint.objects.filter(size=size).first()
    if found is None:
        raise NotFound(f"no checkpoint has size {size}")
    return found


def _latest() -> Checkpoint:
    found = log.latest()
    if found is None:
        raise NotFound("the log has no checkpoint yet")
    return found


# --- views ---------------------------------------------------------------------------------------------
class PublicKey(APIView):
    @extend_schema(responses={200: KeySerializer})
    def get(self, request):
        public = signing.private_key().public_key()
        current = keys.key_id(public)
        previous = [
            {"key_id": keys.key_id(keys.public_from_text(e.public_key)), "fingerprint": e.hash,
             "public_key": e.public_key, "logged_at": e.index}
            for e in LogEntry.objects.filter(kind=LogEntry.Kind.KEY).order_by("index")
            if keys.key_id(keys.public_from_text(e.public_key)) != current
        ]
        return Response({
            "algorithm": "Ed25519", "key_id": current, "fingerprint": keys.fingerprint(public),
            "public_key": base64.b64encode(keys.raw_public(public)).decode(),
            "public_key_pem": keys.public_pem(public),
            "verifier_key": keys.verifier_key(signing.origin(), public),
            "origin": signing.origin(), "previous": previous,
        })


class Checkpoints(APIView):
    @extend_schema(parameters=[OpenApiParameter("size", int)], responses={200: CheckpointSerializer})
    def get(self, request):
        size = query_number(request.query_params, "size", 0, 1, 2**62)
        return Response(checkpoint_data(_checkpoint_of_size(size) if size else _latest()))


class Inclusion(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("game", int, required=True), OpenApiParameter("seq", int),
                    OpenApiParameter("size", int)],
        responses={200: InclusionSerializer},
    )
    def get(self, request):
        params = request.query_params
        if "game" not in params:
            raise InvalidRequest("game is required: the id of the game whose head to prove", field="game")
        game = query_number(params, "game", 0, 1, MAX_ID)
        seq = query_number(params, "seq", 0, 1, MAX_ID) or None
        size = query_number(params, "size", 0, 1, 2**62)
        checkpoint = _checkpoint_of_size(size) if size else _latest()
        entry = log.head_entry(game, checkpoint.size, seq)
        if entry is None:
            at = f" at seq {seq}" if seq else ""
            raise NotFound(f"no head of game {game}{at} is in the checkpoint of size {checkpoint.size}")
        path = log.inclusion(entry, checkpoint.size)
        return Response({
            "game": game, "seq": entry.seq, "hash": entry.hash, "leaf_index": entry.index,
            "size": checkpoint.size, "root": checkpoint.root, "path": [p.hex() for p in path],
        })


class Consistency(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("from", int, required=True), OpenApiParameter("to", int)],
        responses={200: ConsistencySerializer},
    )
    def get(self, request):
        params = request.query_params
        if "from" not in params:
            raise InvalidRequest("from is required: the size of the earlier checkpoint", field="from")
        first = _checkpoint_of_size(query_number(params, "from", 0, 1, 2**62))
        second_size = query_number(params, "to", 0, 1, 2**62)
        second = _checkpoint_of_size(second_size) if second_size else _latest()
        if second.size < first.size:
            raise InvalidRequest("to must be a checkpoint at least as large as from", field="to")
        path = log.consistency(first.size, second.size) if first.size < second.size else []
        return Response({
            "first": first.size, "second": second.size, "first_root": first.root, "second_root": second.root,
            "path": [p.hex() for p in path],
        })


class GameReceipts(APIView):
    """The receipts of a game's events a caller may ask for again: those of their own seats' acts;
    every event's once the game is over (a secret event's receipt carries its hash only)."""

    @extend_schema(responses={200: ReceiptSerializer(many=True)})
    def get(self, request, game_id):
        game = selectors.get(game_id)
        events = Event.objects.filter(game=game).order_by("seq")
        if not game.is_over:
            mine = selectors.seats_of(game, request.user) if request.user.is_authenticated else []
            if not mine:
                return Response([])
            engine = get_game(game.name)
            events = events.filter(actor__in=[engine.seat_name(game.players, n) for n in mine])
        rows = events.values_list("seq", "hash", "created_at")
        return Response([signing.receipt_for(game.pk, seq, h, at) for seq, h, at in rows])
