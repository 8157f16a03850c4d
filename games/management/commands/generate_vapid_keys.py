"""Print a new VAPID key pair for Web Push, as environment lines (``VAPID_PUBLIC_KEY``, ``VAPID_PRIVATE_KEY``).

Keep the private key secret and the pair for good: a new public key invalidates every browser's
subscription (each was made for the old one)."""

from django.core.management.base import BaseCommand

from games import vapid


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)."

    def handle(self, *args, **options):
        public, private = vapid.new_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n")
