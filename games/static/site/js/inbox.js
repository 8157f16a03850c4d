// The header's inbox badge: the unread count, live over the user's own socket (/ws/me/: one message
// whenever a write notifies this user) and polled every 20 s as the fallback when that socket is
// down (the server's live layer away, a proxy without WebSockets).
const POLL_MS = 20_000;
const MAX_BACKOFF_MS = 60_000;
const link = document.getElementById("inbox-link");
const badge = document.getElementById("inbox-badge");

function show(unread) {
  badge.textContent = String(unread);
  badge.setAttribute("aria-label", `${unread} unread`);
  badge.hidden = unread === 0;
}

let backoff = 2000;
function listen() {
  if (!("WebSocket" in window)) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  let socket;
  try {
    socket = new WebSocket(`${scheme}://${location.host}/ws/me/`);
  } catch {
    return;
  }
  socket.onopen = () => {
    backoff = 2000;
    link.dataset.live = "true";
    refresh(); // what arrived while it was down
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "inbox" && Number.isInteger(message.unread)) show(message.unread);
  };
  socket.onclose = (event) => {
    link.dataset.live = "false";
    if (event.code === 4403) return; // logged out: nothing to listen for
    setTimeout(listen, backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };
}

async function refresh() {
  if (!link || !badge || document.hidden) return;
  try {
    const answer = await fetch(link.dataset.unreadUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!answer.ok) return;
    const { unread } = await answer.json();
    show(unread);
  } catch {
    // offline or the server away: the next tick tries again
  }
}

if (link && badge) {
  listen();
  setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", refresh);
}
