"""The caller's Web Push subscriptions: ``POST`` registers this browser's, ``DELETE`` forgets it
(``games.push`` checks and stores them); ``GET`` says whether the site pushes, and its VAPID key."""

from django.conf import settings
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games import push

_Keys = inline_serializer("PushKeys", {"p256dh": serializers.CharField(), "auth": serializers.CharField()})
_Subscription = inline_serializer("PushSubscriptionIn", {"endpoint": serializers.URLField(), "keys": _Keys})
_Registered = inline_serializer("PushSubscriptionOut", {"id": serializers.IntegerField(), "endpoint": serializers.CharField()})
_Setup = inline_serializer("PushSetup", {"enabled": serializers.BooleanField(), "public_key": serializers.CharField(),
                                         "subscriptions": serializers.IntegerField()})
_Endpoint = inline_serializer("PushSubscriptionEndpoint", {"endpoint": serializers.CharField()})


class MyPushSubscriptions(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: _Setup})
    def get(self, request):
        return Response({"enabled": push.enabled(), "public_key": settings.VAPID_PUBLIC_KEY,
                         "subscriptions": request.user.push_subscriptions.count()})

    @extend_schema(request=_Subscription, responses={201: _Registered})
    def post(self, request):
        row = push.subscribe(request.user, request.data)
        return Response({"id": row.pk, "endpoint": row.endpoint}, status=status.HTTP_201_CREATED)

    @extend_schema(request=_Endpoint, responses={204: None})
    def delete(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        push.unsubscribe(request.user, data.get("endpoint"))
        return Response(status=status.HTTP_204_NO_CONTENT)
