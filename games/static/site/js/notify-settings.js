// The profile page's notification settings (the owner's own page): how each kind is e-mailed
// (PUT /api/me/preferences) and "Notify me in this browser" (Web Push: asks the browser's
// permission, registers /push-sw.js, sends its subscription to POST /api/me/push-subscriptions).
import { errorText, getJSON, putJSON } from "./api.js";

const root = document.getElementById("notify-settings");
const say = (text) => { root.querySelector("[data-status]").textContent = text; };

async function sendJSON(method, url, data) {
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content || "";
  const response = await fetch(url, {
    method, credentials: "same-origin", body: JSON.stringify(data),
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf },
  });
  if (!response.ok && response.status !== 404) throw new Error((await response.json()).error || response.status);
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

async function showEmail() {
  const prefs = await getJSON("/api/me/preferences");
  root.querySelector("[name=email_enabled]").checked = prefs.email_enabled;
  for (const select of root.querySelectorAll("select[data-kind]")) select.value = prefs.email[select.dataset.kind];
}

async function saveEmail() {
  const email = {};
  for (const select of root.querySelectorAll("select[data-kind]")) email[select.dataset.kind] = select.value;
  try {
    await putJSON("/api/me/preferences", { email_enabled: root.querySelector("[name=email_enabled]").checked, email });
    say("E-mail settings saved.");
  } catch (err) { say(errorText(err)); }
}

async function setUpPush() {
  const button = root.querySelector("[data-push]");
  const setup = await getJSON("/api/me/push-subscriptions");
  if (!setup.enabled || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    button.hidden = true;
    return;
  }
  const registration = await navigator.serviceWorker.register("/push-sw.js", { scope: "/" });
  const current = await registration.pushManager.getSubscription();
  button.textContent = current ? "Stop notifying me in this browser" : "Notify me in this browser";
  button.onclick = async () => {
    try {
      const existing = await registration.pushManager.getSubscription();
      if (existing) {
        await sendJSON("DELETE", "/api/me/push-subscriptions", { endpoint: existing.endpoint });
        await existing.unsubscribe();
        say("This browser will not be notified.");
      } else {
        if ((await Notification.requestPermission()) !== "granted") { say("The browser did not allow notifications."); return; }
        const made = await registration.pushManager.subscribe({
          userVisibleOnly: true, applicationServerKey: keyBytes(setup.public_key) });
        await sendJSON("POST", "/api/me/push-subscriptions", made.toJSON());
        say("This browser will be notified of your moves and invitations.");
      }
      await setUpPush();
    } catch (err) { say(errorText(err)); }
  };
}

if (root) {
  showEmail().catch((err) => say(errorText(err)));
  root.querySelector("form").addEventListener("change", saveEmail);
  setUpPush().catch(() => { root.querySelector("[data-push]").hidden = true; });
}
