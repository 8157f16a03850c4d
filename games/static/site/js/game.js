// The game page: draws the position, lets the player choose an action on the board (the list of
// legal actions stays as a secondary view), sends it, and follows the game live. Everything it
// shows comes from the server (REST API and WebSocket).
import { ApiError, errorText, getJSON, postJSON, putJSON } from "./api.js";
import { renderChoices } from "./choices.js";
import { Live } from "./live.js";
import { Chat } from "./chat.js";
import { DeadlineLine } from "./clock.js";
import * as receipts from "./receipts.js";
import { dangerous, difference, narrowAll, narrowBy, plan, tokenizer } from "./select.js";
import { moveRows } from "./moves.js";
import { gameTitle, outcomeText, seatLabel, seatLabels, seatWord, setFavicon } from "./words.js";
import { arrowTarget } from "./keys.js";
import { rematchPanel } from "./rematch.js";
import { conditionalPanel } from "./conditional.js";
import * as generic from "./boards/generic.js";
import * as mandara from "./boards/mandara.js";
import * as nakatha from "./boards/nakatha.js";
import * as paso from "./boards/paso.js";
import * as tibetana from "./boards/tibetana.js";

const RENDERERS = { paso, tibetana, nakatha, mandara };
const TRAY_LIMIT = 40; // more than this and the tray says where the rest are
const PLAIN = { end: "End the turn", pass: "Pass", exert: "Exert", summon: "Summon", concede: "Concede…", "offer draw": "Offer a draw…", "accept draw": "Accept the draw…", "decline draw": "Decline the draw" };

const root = document.getElementById("game-page");
const gameId = root.dataset.gameId;
const gameName = root.dataset.gameName;
const renderer = RENDERERS[gameName] || generic;
const concessions = new Set(JSON.parse(root.dataset.concessions || "[]")); // the engine's concession_actions
const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const trayEl = $("board-tray");
const confirmEl = $("confirm-bar");
const statusEl = $("status");
const errorEl = $("error");
const selectionEl = $("selection");
const choicesEl = $("choices-body");
const slider = $("replay");
const sliderOut = $("replay-at");
const movesEl = $("moves");
const confirmPref = $("confirm-moves");
const deadline = new DeadlineLine($("clock"));
const rematch = rematchPanel(gameId, (text) => showError(text));
const conditional = conditionalPanel(gameId);

let current = null; // the last live message: {seq, seat, view, legal, game}
let picks = []; // board parts clicked so far: [{refs, label}]
let filterText = "";
let replaySeq = null; // null: the live position
let historySeq = -1;
let sendingAt = null; // the seq of the position a move is on its way for: one move per position
let tokens = tokenizer(renderer, {});
let errorKind = null; // "down": cleared by the next state; "stale", "refused": by the next click,
// or once the page has caught up and the game moved on again (the message is about a past position)
let errorCaughtUp = false;

// --- the player's preference: confirm every move (kept on the server, /api/me/preferences) -------
confirmPref.checked = root.dataset.confirmMoves === "true";
confirmPref.addEventListener("change", async () => {
  const wanted = confirmPref.checked;
  confirmPref.disabled = true;
  try {
    const stored = await putJSON("/api/me/preferences", { confirm_moves: wanted });
    confirmPref.checked = !!stored.confirm_moves;
    root.dataset.confirmMoves = String(confirmPref.checked);
  } catch (err) {
    confirmPref.checked = !wanted;
    showError(`Your preference was not saved: ${errorText(err)}`, "refused");
  } finally {
    confirmPref.disabled = false;
  }
});

// --- live state ---------------------------------------------------------------------------------
let labels = {}; // people's words for numbered seats: p0 -> "player 1"
const say = (seat) => seatWord(seat, labels);

function onState(message) {
  const moved = !current || message.seq !== current.seq;
  current = message;
  labels = seatLabels(message.game.seats.map((s) => s.name));
  tokens = tokenizer(renderer, { seat: message.seat });
  if (moved) { picks = []; hidePreview(); }
  if (errorKind === "down") hideError(); // the page caught up: the board is what the server holds
  else if (errorKind && moved) {
    if (errorCaughtUp) hideError(); // a later move: the refusal is about a position long gone
    else errorCaughtUp = true; // the position the refusal was about, caught up: it stays to be read
  }
  root.dataset.seq = message.seq;
  slider.max = message.seq;
  if (replaySeq === null) {
    slider.value = message.seq;
    draw(message.view);
  }
  sliderOut.textContent = slider.value;
  showSeats();
  showStatus();
  showChoices();
  deadline.update(message.game, message.seat);
  if (message.seq !== historySeq) {
    historySeq = message.seq;
    loadHistory();
  }
}

function onConnection(text, mode) {
  $("connection").textContent = text;
  if (mode === "live" && root.dataset.connection === "reconnecting") {
    root.dataset.reconnects = Number(root.dataset.reconnects || 0) + 1;
  }
  root.dataset.connection = mode;
}

function onUnreachable(down) {
  if (down && errorEl.hidden) showError("The server cannot be reached: the board may be behind. It catches up when the server is back.", "down");
}

// The seat line and legend, redrawn from each message: a seat that fills shows at once.
function showSeats() {
  const line = $("seats");
  const spans = current.game.seats.map((s) => {
    const span = document.createElement("span");
    span.className = `seat seat-${s.number}`;
    span.dataset.seat = s.name;
    span.dataset.player = s.open ? "" : s.player || "";
    const swatch = document.createElement("span");
    swatch.className = `swatch swatch-${s.number}`;
    swatch.setAttribute("aria-hidden", "true");
    span.append(swatch, `${say(s.name)}: `);
    if (s.open) span.append(Object.assign(document.createElement("em"), { textContent: "open" }));
    else if (s.invited) span.append(Object.assign(document.createElement("em"), { textContent: `${s.player} (invited)` }));
    else if (s.player && s.player.startsWith("bot:")) span.append(`${s.player.slice(4)} bot`);
    else if (s.player) span.append(Object.assign(document.createElement("a"), { href: `/players/${encodeURIComponent(s.player)}/`, textContent: s.player }));
    if (s.name === current.seat) span.append(" (you)");
    if (current.game.to_act === s.name) span.classList.add("to-act");
    return span;
  });
  line.replaceChildren(...spans.flatMap((s, i) => (i ? [" · ", s] : [s])));
}

function botToAct() {
  const game = current.game;
  const seat = game.seats.find((s) => s.name === game.to_act);
  return seat && seat.player && seat.player.startsWith("bot:") ? seat : null;
}

function showStatus() {
  const game = current.game;
  let text;
  let mine = false;
  root.dataset.thinking = "false";
  if (replaySeq !== null) {
    text = `Replay: the position after event ${replaySeq} of ${current.seq}.`;
  } else if (game.status === "open") {
    const open = game.seats.filter((s) => s.open || s.invited).length;
    text = `Waiting for ${open} more player${open === 1 ? "" : "s"} to join.`;
  } else if (game.outcome) {
    text = `Game over: ${outcomeText(game.outcome, game.seats)}.`;
  } else if (current.legal.length) {
    mine = true;
    const prompt = renderer.prompt ? renderer.prompt(current.view, current.legal, current.seat) : null;
    text = `Your move (${say(current.seat)}): ${prompt || `choose one of ${current.legal.length} actions`}.`;
  } else if (botToAct()) {
    root.dataset.thinking = "true";
    text = `Waiting for ${say(game.to_act)}: ${seatLabel(botToAct())} is thinking…`;
  } else {
    text = game.to_act ? `Waiting for ${say(game.to_act)}.` : "Waiting for the next event.";
  }
  if (game.draw_offer && game.draw_offer.length && !game.outcome) text += ` Draw offered by ${game.draw_offer.map(say).join(", ")}.`;
  statusEl.textContent = text;
  root.dataset.status = game.status;
  root.dataset.mine = mine ? "true" : "false";
  document.title = gameTitle(gameName, gameId, { mine, over: !!game.outcome, toAct: game.to_act && say(game.to_act) });
  setFavicon(mine ? "move" : game.outcome ? "over" : "wait");
  const actions = document.querySelector(".game-actions");
  if (actions) actions.hidden = game.status !== "active";
  rematch.update(game, current.seq);
  conditional.update(game, current.seq);
}

// --- the board ----------------------------------------------------------------------------------
function draw(view) {
  const focused = boardEl.contains(document.activeElement) ? document.activeElement.dataset.refs : null;
  const { svg, panel, caption } = renderer.render(view, { seat: current ? current.seat : null, game: current && current.game });
  boardEl.replaceChildren(svg);
  $("panel-body").replaceChildren(panel);
  $("board-caption").textContent = caption || "";
  highlight();
  if (focused !== null) refocus(focused);
}

// Focus stays on the board after a move: on the same part if it is still there, else the first
// part that starts an action, else the board itself.
function refocus(refs) {
  const same = [...boardEl.querySelectorAll("[data-refs]")].find((n) => n.dataset.refs === refs);
  const next = same || boardEl.querySelector(".pick.target") || boardEl.querySelector(".pick");
  (next || boardEl).focus({ preventScroll: true });
}

function boardParts() {
  return [...boardEl.querySelectorAll("[data-refs]")].map((n) => n.dataset.refs.split(" "));
}

function selection() {
  if (!current || replaySeq !== null || !current.legal.length) return { matching: [], targets: new Map(), tray: [] };
  const matching = narrowAll(current.legal, picks.map((p) => p.refs), tokens);
  return { matching, ...plan(matching, boardParts(), tokens) };
}

function pickFrom(event) {
  const node = event.target.closest("[data-refs]");
  if (!node || replaySeq !== null) return;
  event.preventDefault();
  pick(node.dataset.refs.split(" "), node.getAttribute("aria-label") || node.dataset.refs);
}

boardEl.addEventListener("click", pickFrom);
boardEl.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") { pickFrom(event); return; }
  const next = arrowTarget(boardEl, document.activeElement, event.key);
  if (next) { event.preventDefault(); next.focus(); }
});

function pick(refs, label) {
  if (errorKind && errorKind !== "down") hideError();
  if (!current || !current.legal.length) {
    selectionEl.textContent = current && current.game.outcome ? "The game is over." : "It is not your move yet.";
    return;
  }
  const { matching } = selection();
  let next = [...picks, { refs, label }];
  let left = narrowBy(matching, refs, tokens);
  if (!left.length || left.length === matching.length) {
    // Not a step further: start a new selection from this part.
    next = [{ refs, label }];
    left = narrowBy(current.legal, refs, tokens);
  }
  if (!left.length) {
    picks = [];
    showChoices(`No legal action starts with ${label}.`);
    return;
  }
  picks = next;
  if (left.length === 1) {
    choose(left[0]);
    return;
  }
  showChoices();
}

function highlight() {
  const { targets } = selection();
  const chosen = new Set(picks.map((p) => p.refs.join(" ")));
  for (const node of boardEl.querySelectorAll("[data-refs]")) {
    node.classList.toggle("selected", chosen.has(node.dataset.refs));
    node.classList.toggle("target", !chosen.has(node.dataset.refs) && targets.has(node.dataset.refs));
  }
  boardEl.dataset.picks = picks.length;
}

// The tray under the board: the choices no board part leads to, as pictures where the game draws
// them (a tile's type and turn, an orientation), else as words.
function showTray(tray) {
  trayEl.replaceChildren();
  if (!tray.length) return;
  for (const action of tray.slice(0, TRAY_LIMIT)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = `tray-choice${dangerous(action, concessions) ? " danger" : ""}`;
    button.dataset.action = action;
    const label = difference(action, tray);
    const picture = renderer.picture ? renderer.picture(action, current.view) : null;
    if (picture) button.append(picture);
    const words = PLAIN[label] || (renderer.optionLabel ? renderer.optionLabel(label) : label);
    button.append(Object.assign(document.createElement("span"), { textContent: words }));
    button.title = action;
    button.addEventListener("click", () => choose(action));
    trayEl.append(button);
  }
  if (tray.length > TRAY_LIMIT) trayEl.append(Object.assign(document.createElement("p"), { textContent: `${tray.length - TRAY_LIMIT} more in the list of actions.` }));
}

// --- choosing and confirming --------------------------------------------------------------------
let onConfirm = null;

function preview(question, run) {
  onConfirm = run;
  $("confirm-text").textContent = question;
  confirmEl.hidden = false;
  $("confirm-yes").focus();
}

function hidePreview() {
  onConfirm = null;
  confirmEl.hidden = true;
}

$("confirm-yes").addEventListener("click", () => { const run = onConfirm; hidePreview(); if (run) run(); });
$("confirm-no").addEventListener("click", () => { hidePreview(); picks = []; showChoices("Cancelled."); refocus(""); });

function choose(action) {
  if (dangerous(action, concessions)) {
    const what = action.startsWith("concede") ? "Concede this game? You lose it." : `${action[0].toUpperCase()}${action.slice(1)}?`;
    preview(what, () => act(action));
  } else if (confirmPref.checked) {
    preview(`Play “${action}”?`, () => act(action));
  } else {
    act(action);
  }
}

// --- choices list (secondary) -------------------------------------------------------------------
const filterInput = document.createElement("input");
filterInput.type = "search";
filterInput.id = "choice-filter";
filterInput.placeholder = "type to filter, e.g. walk c2";
const filterLabel = document.createElement("label");
filterLabel.htmlFor = "choice-filter";
filterLabel.textContent = "Filter the actions";
const clearButton = document.createElement("button");
clearButton.type = "button";
clearButton.textContent = "Clear selection";
clearButton.addEventListener("click", () => { picks = []; filterInput.value = ""; filterText = ""; showChoices(); });
filterInput.addEventListener("input", () => { filterText = filterInput.value.trim().toLowerCase(); showChoices(); });
$("choices").insertBefore(Object.assign(document.createElement("div"), { className: "filter" }), choicesEl)
  .append(filterLabel, filterInput, clearButton);

function listed(matching) {
  if (!filterText) return matching;
  const parts = filterText.split(/\s+/);
  return matching.filter((a) => parts.every((p) => a.toLowerCase().includes(p)));
}

function showChoices(note) {
  const live = replaySeq === null && current;
  const sel = selection();
  const actions = live ? listed(sel.matching) : [];
  $("choices").hidden = !live || !current.legal.length;
  let text = note || "";
  if (!note && live && current.legal.length) {
    text = picks.length
      ? `Selected ${picks.map((p) => p.label).join(", then ")}: ${sel.matching.length} matching actions. Click a marked place${sel.tray.length ? " or a choice below" : ""}.`
      : "Marked places start an action: click one.";
  }
  selectionEl.textContent = text;
  renderChoices(choicesEl, actions, { narrowed: picks.length > 0 || !!filterText, onChoose: choose });
  showTray(live ? sel.tray : []);
  highlight();
}

function key() {
  return window.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

async function act(action) {
  // A second click on the position already being answered is not a second move; a newer position
  // (the server's update can overtake the answer to our own move) takes a move at once.
  if (!current || sendingAt === current.seq) return;
  const at = current.seq;
  sendingAt = at;
  hideError();
  root.dataset.sent = Number(root.dataset.sent || 0) + 1;
  root.dataset.lastAction = action;
  const boardHadFocus = boardEl.contains(document.activeElement) || document.activeElement === document.body;
  choicesEl.replaceChildren(); // no second click on a list that is about to change
  trayEl.replaceChildren();
  selectionEl.textContent = `Sending ${action}…`;
  // What the answer clears is the selection made on the position it answers: once the game has
  // moved on, the player may already be choosing the next move, and that selection stays.
  const samePosition = () => current.seq === at;
  try {
    const answer = await postJSON(`/api/games/${gameId}/actions`, { action, expected_seq: at }, { "Idempotency-Key": key() });
    receipts.keep(answer && answer.receipt);
    if (samePosition()) {
      picks = [];
      selectionEl.textContent = `You played ${action}.`;
    }
  } catch (err) {
    if (samePosition()) picks = [];
    showError(refusal(action, err), err instanceof ApiError ? (err.status === 409 ? "stale" : "refused") : "down");
  } finally {
    if (sendingAt === at) sendingAt = null;
    live.refresh();
    if (boardHadFocus) refocus("");
  }
}

function refusal(action, err) {
  if (err instanceof ApiError && err.status === 409) return "Your opponent moved first — the board is up to date.";
  if (err instanceof ApiError) return `“${action}” was not played: ${errorText(err)}`;
  return `“${action}” was not sent: the server cannot be reached. The board catches up when it is back.`;
}

function showError(text, kind = "refused") {
  errorKind = kind;
  errorCaughtUp = false;
  errorEl.dataset.kind = kind;
  errorEl.textContent = text;
  errorEl.hidden = false;
}

function hideError() {
  errorEl.hidden = true;
  errorEl.textContent = "";
  errorKind = null;
}

// --- history and replay -------------------------------------------------------------------------
let historyTicket = 0;
let historyRows = [];

async function loadHistory() {
  const ticket = ++historyTicket;
  let rows;
  try {
    rows = await getJSON(`/games/${gameId}/history`); // the site's: each row worded by the server
    if (ticket !== historyTicket) return; // a later load is on its way
  } catch {
    historySeq = -1; // the next update tries again
    return;
  }
  historyRows = rows;
  showMoves();
  movesEl.scrollTop = movesEl.scrollHeight;
}

function showMoves() {
  movesEl.replaceChildren(...moveRows(historyRows, { replaySeq, onShow: (seq) => { slider.value = seq; replayTo(seq); } }));
}

$("show-all-events").addEventListener("change", (event) => { movesEl.dataset.all = event.target.checked ? "true" : "false"; });

let replayTimer = null;
slider.addEventListener("input", () => {
  sliderOut.textContent = slider.value;
  clearTimeout(replayTimer);
  replayTimer = setTimeout(() => replayTo(Number(slider.value)), 150);
});
$("replay-live").addEventListener("click", () => { slider.value = slider.max; replayTo(Number(slider.max)); });

async function replayTo(seq) {
  sliderOut.textContent = seq;
  if (!current || seq >= current.seq) {
    replaySeq = null;
    if (current) { draw(current.view); showStatus(); showChoices(); showMoves(); }
    return;
  }
  replaySeq = seq;
  showMoves();
  try {
    const position = await getJSON(`/games/${gameId}/position?seq=${seq}`);
    if (replaySeq !== seq) return; // the slider moved on meanwhile
    draw(position.view);
  } catch (err) {
    showError(`Could not load that position: ${errorText(err)}`);
  }
  showStatus();
  showChoices();
}

// --- resign and draw: asked first ---------------------------------------------------------------
$("resign")?.addEventListener("click", () => {
  preview("Resign this game? You lose it.", async () => {
    try { receipts.keep((await postJSON(`/api/games/${gameId}/resign`, {})).receipt); } catch (err) { showError(errorText(err)); }
    live.refresh();
  });
});
$("draw-offer")?.addEventListener("click", () => {
  const offered = current && current.game.draw_offer.length && !current.game.draw_offer.includes(current.seat);
  preview(offered ? "Accept the draw? The game ends as a draw." : "Offer a draw?", async () => {
    try { receipts.keep((await postJSON(`/api/games/${gameId}/draw`, { action: offered ? "accept" : "offer" })).receipt); } catch (err) { showError(errorText(err)); }
    live.refresh();
  });
});

// Zoom for dense boards on small screens: the board doubles in size and pans by scrolling.
$("zoom").addEventListener("click", (event) => {
  const on = !boardEl.classList.contains("zoomed");
  boardEl.classList.toggle("zoomed", on);
  event.currentTarget.setAttribute("aria-pressed", String(on));
  event.currentTarget.textContent = on ? "Fit the board" : "Zoom the board";
});

// For the browser tests and for anyone curious: the board parts that lead towards an action.
window.boardGuide = {
  legal() { return current && replaySeq === null ? current.legal : []; },
  partsFor(action) {
    const { targets, tray } = selection();
    if (tray.includes(action)) return { tray: true, parts: [] };
    return { tray: false, parts: [...targets].filter(([, hits]) => hits.includes(action)).sort((a, b) => a[1].length - b[1].length).map(([k]) => k) };
  },
};

const forcePoll = new URLSearchParams(location.search).get("transport") === "poll";
const chatRooms = document.getElementById("chat-rooms");
const chat = chatRooms ? new Chat(gameId, JSON.parse(chatRooms.textContent), $("chat-body")) : null;
const onChat = (line) => chat?.show(line);
const onOpen = () => chat?.load();
const live = new Live(gameId, { onState, onStatus: onConnection, onUnreachable, onChat, onOpen, forcePoll });
live.start();
if (forcePoll) chat?.load();

// --- receipts -----------------------------------------------------------------------------------
const receiptsButton = $("receipts-download");
if (receiptsButton) receiptsButton.addEventListener("click", () => receipts.download(gameId));
