// Live updates: the game's WebSocket, reconnecting with backoff and resyncing after a drop; polling
// the REST API whenever the socket is down or WebSockets are unavailable. Either way the page gets
// the same message: {seq, seat, view, legal, game}.
import { getJSON } from "./api.js";

const POLL_MS = 3000;
const MAX_BACKOFF_MS = 30000;
const SILENCE_MS = 4000; // a socket that opens but says nothing this long is not trusted alone
const LAYER_AWAY = 4503; // the server's live layer is away: poll until it is back
const HEARTBEAT_MS = 30000; // "this page is still open" (games/presence.py): nobody is e-mailed what they saw

export class Live {
  constructor(gameId, { onState, onStatus, onUnreachable = () => {}, onChat = () => {}, onOpen = () => {}, forcePoll = false }) {
    this.gameId = gameId;
    this.onChat = onChat;
    this.onOpen = onOpen;
    this.onUnreachable = onUnreachable;
    this.failures = 0;
    this.onState = onState;
    this.onStatus = onStatus;
    this.forcePoll = forcePoll || !("WebSocket" in window);
    this.seq = -1;
    this.backoff = 1000;
    this.pollTimer = null;
    this.socket = null;
  }

  start() {
    if (this.forcePoll) {
      this.onStatus("Updates by polling every few seconds (WebSockets are unavailable).", "poll");
      this.startPolling();
    } else {
      this.connect();
    }
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    let socket;
    try {
      socket = new WebSocket(`${scheme}://${location.host}/ws/games/${this.gameId}/`);
    } catch {
      this.dropped();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.backoff = 1000;
      this.onStatus("Live.", "live");
      // Keep polling until the socket has said something: an open but silent socket (a proxy that
      // swallows frames) must not leave the page on "Loading…".
      clearTimeout(this.silence);
      this.silence = setTimeout(() => {
        if (this.socket === socket && !socket.heard) {
          this.onStatus(`The live connection is silent: checking for moves every ${POLL_MS / 1000} s.`, "poll");
          this.startPolling();
        }
      }, SILENCE_MS);
      // The server sends the state on connect; after a drop this also covers anything missed.
      socket.send(JSON.stringify({ type: "resync" }));
      this.onOpen(); // e.g. the chat reloads what it missed while the socket was down
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping" }));
      }, HEARTBEAT_MS);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (!socket.heard) {
        socket.heard = true;
        this.stopPolling();
        this.onStatus("Live.", "live");
      }
      if (message.type === "state") this.deliver(message);
      else if (message.type === "chat") this.onChat(message);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.dropped(event.code);
    };
  }

  // The socket is gone: poll meanwhile, and try the socket again later.
  dropped(code) {
    this.socket = null;
    clearInterval(this.heartbeat);
    const why = code === LAYER_AWAY ? "Live updates are paused on the server" : "Connection lost";
    this.onStatus(`${why}: reconnecting (checking for moves every ${POLL_MS / 1000} s meanwhile).`, "reconnecting");
    this.startPolling();
    setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  // Ask for the current state now (after our own move, or a refused one).
  refresh() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "resync" }));
    } else {
      this.poll(true);
    }
  }

  deliver(message) {
    if (message.seq < this.seq) return; // an older answer overtaken by a newer one
    this.seq = message.seq;
    this.onState(message);
  }

  startPolling() {
    if (this.pollTimer) return;
    this.poll(true);
    this.pollTimer = setInterval(() => this.poll(false), POLL_MS);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  async poll(force) {
    const base = `/api/games/${this.gameId}`;
    try {
      const game = await getJSON(base);
      const wasDown = this.failures > 0;
      this.failures = 0;
      if (!force && !wasDown && game.seq === this.seq) return;
      const [state, legal, now] = await Promise.all([getJSON(`${base}/state`), getJSON(`${base}/legal`), getJSON(base)]);
      // A move landed between the reads: leave seq as it was, so the next tick reads again.
      if (state.seq !== legal.seq || now.seq !== state.seq) return;
      this.deliver({ type: "state", game: now, ...state, legal: legal.actions });
    } catch {
      // The server is unreachable: say so after two misses; the next tick tries again.
      this.failures += 1;
      if (this.failures >= 2) this.onUnreachable(true);
    }
  }
}
