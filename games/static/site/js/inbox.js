// The header's inbox badge: the unread count, polled while the page is visible. A short poll is the
// honest simple option: notifications are written by every kind of write (a move, the deadline
// sweep, a moderator), not only by the game whose socket a page may hold.
const POLL_MS = 20_000;
const link = document.getElementById("inbox-link");
const badge = document.getElementById("inbox-badge");

async function refresh() {
  if (!link || !badge || document.hidden) return;
  try {
    const answer = await fetch(link.dataset.unreadUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!answer.ok) return;
    const { unread } = await answer.json();
    badge.textContent = String(unread);
    badge.setAttribute("aria-label", `${unread} unread`);
    badge.hidden = unread === 0;
  } catch {
    // offline or the server away: the next tick tries again
  }
}

if (link && badge) {
  setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", refresh);
}
