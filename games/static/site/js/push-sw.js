// The Web Push service worker (served at /push-sw.js): shows each push as a notification, and opens
// (or focuses) the game's page when it is clicked. A push carries the notification's own text and
// link, never a move (games/push.py).
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data?.text() || "" }; }
  const title = data.title || "Board games";
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || "", tag: data.tag, data: { url: data.url || "/inbox/" }, renotify: Boolean(data.tag),
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url || "/inbox/";
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => c.url === url);
    if (same) return same.focus();
    return self.clients.openWindow(url);
  })());
});
