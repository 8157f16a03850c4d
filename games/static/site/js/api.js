// The REST API as the page uses it: session cookie auth, CSRF token on writes.
const csrf = () => document.querySelector('meta[name="csrf-token"]')?.content || "";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error || `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function parse(response) {
  let body = null;
  try { body = await response.json(); } catch { body = null; }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

export async function getJSON(url) {
  return parse(await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } }));
}

export async function postJSON(url, data, headers = {}) {
  return sendJSON("POST", url, data, headers);
}

export async function putJSON(url, data, headers = {}) {
  return sendJSON("PUT", url, data, headers);
}

export async function deleteJSON(url) {
  return sendJSON("DELETE", url, {}, {});
}

async function sendJSON(method, url, data, headers) {
  return parse(await fetch(url, {
    method,
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf(), ...headers },
    body: JSON.stringify(data),
  }));
}

export function errorText(err) {
  if (err instanceof ApiError) {
    const detail = err.body.detail ? ` ${err.body.detail}` : "";
    return err.message + (err.body.error ? "" : detail);
  }
  return `Could not reach the server (${err.message}).`;
}
