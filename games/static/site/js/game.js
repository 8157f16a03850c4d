// The game page: draws the position, offers the legal actions, sends the chosen one, and follows
// the game live. Everything it shows comes from the server (REST API and WebSocket).
import { errorText, getJSON, postJSON } from "./api.js";
import { narrow, renderChoices, words } from "./choices.js";
import { Live } from "./live.js";
import { DeadlineLine } from "./clock.js";
import * as receipts from "./receipts.js";
import * as generic from "./boards/generic.js";
import * as mandara from "./boards/mandara.js";
import * as nakatha from "./boards/nakatha.js";
import * as paso from "./boards/paso.js";
import * as tibetana from "./boards/tibetana.js";

const RENDERERS = { paso, tibetana, nakatha, mandara };

const root = document.getElementById("game-page");
const gameId = root.dataset.gameId;
const renderer = RENDERERS[root.dataset.gameName] || generic;
const $ = (id) => document.getElementById(id);
const boardEl = $("board");
const statusEl = $("status");
const errorEl = $("error");
const selectionEl = $("selection");
const choicesEl = $("choices-body");
const slider = $("replay");
const sliderOut = $("replay-at");
const movesEl = $("moves");
const deadline = new DeadlineLine($("clock"));

let current = null; // the last live message: {seq, seat, view, legal, game}
let picks = []; // board parts clicked so far: [{refs, label}]
let filterText = "";
let replaySeq = null; // null: the live position
let historySeq = -1;
let busy = false;

// --- live state ---------------------------------------------------------------------------------
function onState(message) {
  const moved = !current || message.seq !== current.seq;
  current = message;
  if (moved) picks = [];
  root.dataset.seq = message.seq;
  slider.max = message.seq;
  if (replaySeq === null) {
    slider.value = message.seq;
    draw(message.view);
  }
  sliderOut.textContent = slider.value;
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

function showStatus() {
  const game = current.game;
  let text;
  if (replaySeq !== null) {
    text = `Replay: the position after event ${replaySeq} of ${current.seq}.`;
  } else if (game.status === "open") {
    const open = game.seats.filter((s) => s.open).length;
    text = `Waiting for ${open} more player${open === 1 ? "" : "s"} to join.`;
  } else if (game.outcome) {
    const o = game.outcome;
    const who = o.winners && o.winners.length ? `${o.winners.join(" and ")} won` : "nobody won";
    text = `Game over: ${who} (${o.reason}).`;
  } else if (current.legal.length) {
    const prompt = renderer.prompt ? renderer.prompt(current.view, current.legal, current.seat) : null;
    text = `Your move (${current.seat}): ${prompt || `choose one of ${current.legal.length} actions`}.`;
  } else {
    text = `Waiting for ${game.to_act || "the next event"}.`;
  }
  if (game.draw_offer && game.draw_offer.length && !game.outcome) text += ` Draw offered by ${game.draw_offer.join(", ")}.`;
  statusEl.textContent = text;
  root.dataset.status = game.status;
  const actions = document.querySelector(".game-actions");
  if (actions) actions.hidden = game.status !== "active";
}

// --- the board ----------------------------------------------------------------------------------
function draw(view) {
  const { svg, panel, caption } = renderer.render(view, { seat: current ? current.seat : null, game: current && current.game });
  boardEl.replaceChildren(svg);
  $("panel-body").replaceChildren(panel);
  $("board-caption").textContent = caption || "";
  highlight();
}

function pickFrom(event) {
  const node = event.target.closest("[data-refs]");
  if (!node || replaySeq !== null) return;
  event.preventDefault();
  pick(node.dataset.refs.split(" "), node.getAttribute("aria-label") || node.dataset.refs);
}

boardEl.addEventListener("click", pickFrom);
boardEl.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") pickFrom(event);
});

function pick(refs, label) {
  if (!current || !current.legal.length) {
    selectionEl.textContent = "You have nothing to do now.";
    return;
  }
  let next = [...picks, { refs, label }];
  let matching = narrow(current.legal, next.map((p) => p.refs));
  if (!matching.length) {
    // Not a continuation of the selection: start a new one from this part.
    next = [{ refs, label }];
    matching = narrow(current.legal, [refs]);
  }
  if (!matching.length) {
    picks = [];
    showChoices(`No legal action involves ${label}.`);
    return;
  }
  picks = next;
  if (matching.length === 1 && picks.length >= 2) {
    act(matching[0]);
    return;
  }
  showChoices();
}

function highlight() {
  const matching = current && replaySeq === null ? visibleActions() : [];
  const targets = new Set(matching.flatMap(words));
  const chosen = new Set(picks.map((p) => p.refs.join(" ")));
  for (const node of boardEl.querySelectorAll("[data-refs]")) {
    node.classList.toggle("selected", chosen.has(node.dataset.refs));
    node.classList.toggle("target", picks.length > 0 && node.dataset.refs.split(" ").some((r) => targets.has(r)));
  }
}

// --- choices ------------------------------------------------------------------------------------
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
$("choices").insertBefore(Object.assign(document.createElement("div"), { className: "filter" }), selectionEl)
  .append(filterLabel, filterInput, clearButton);

function visibleActions() {
  let actions = narrow(current.legal, picks.map((p) => p.refs));
  if (filterText) {
    const parts = filterText.split(/\s+/);
    actions = actions.filter((a) => parts.every((p) => a.toLowerCase().includes(p)));
  }
  return actions;
}

function showChoices(note) {
  const live = replaySeq === null && current;
  const actions = live ? visibleActions() : [];
  $("choices").hidden = !live || !current.legal.length;
  let text = note || "";
  if (!note && picks.length) text = `Selected ${picks.map((p) => p.label).join(", then ")}: ${actions.length} matching action${actions.length === 1 ? "" : "s"}.`;
  selectionEl.textContent = text;
  renderChoices(choicesEl, actions, { narrowed: picks.length > 0 || !!filterText, onChoose: act });
  highlight();
}

function key() {
  return window.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

async function act(action) {
  if (busy || !current) return;
  busy = true;
  hideError();
  choicesEl.replaceChildren(); // no second click on a list that is about to change
  selectionEl.textContent = `Sending ${action}…`;
  try {
    const answer = await postJSON(`/api/games/${gameId}/actions`, { action, expected_seq: current.seq }, { "Idempotency-Key": key() });
    receipts.keep(answer && answer.receipt);
    picks = [];
    selectionEl.textContent = `You played ${action}.`;
  } catch (err) {
    picks = [];
    showError(`The server refused “${action}”: ${errorText(err)}`);
  } finally {
    busy = false;
    live.refresh();
  }
}

function showError(text) {
  errorEl.textContent = text;
  errorEl.hidden = false;
}

function hideError() {
  errorEl.hidden = true;
  errorEl.textContent = "";
}

// --- history and replay -------------------------------------------------------------------------
let historyTicket = 0;

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
  movesEl.replaceChildren(...rows.map(moveRow));
  movesEl.scrollTop = movesEl.scrollHeight;
}

function moveRow(row) {
  const li = document.createElement("li");
  li.className = `event kind-${row.kind}`;
  li.value = row.seq;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link";
  button.textContent = row.text;
  button.setAttribute("aria-label", `show the position after event ${row.seq}: ${row.text}`);
  button.addEventListener("click", () => { slider.value = row.seq; replayTo(row.seq); });
  const time = document.createElement("time");
  time.dateTime = row.at;
  time.textContent = new Date(row.at).toLocaleString();
  li.append(button, " ", time);
  return li;
}

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
    if (current) { draw(current.view); showStatus(); showChoices(); }
    return;
  }
  replaySeq = seq;
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

// --- resign and draw ----------------------------------------------------------------------------
$("resign")?.addEventListener("click", async () => {
  if (!window.confirm("Resign this game?")) return;
  try { receipts.keep((await postJSON(`/api/games/${gameId}/resign`, {})).receipt); } catch (err) { showError(errorText(err)); }
  live.refresh();
});
$("draw-offer")?.addEventListener("click", async () => {
  const offered = current && current.game.draw_offer.length && !current.game.draw_offer.includes(current.seat);
  try { receipts.keep((await postJSON(`/api/games/${gameId}/draw`, { action: offered ? "accept" : "offer" })).receipt); } catch (err) { showError(errorText(err)); }
  live.refresh();
});

const forcePoll = new URLSearchParams(location.search).get("transport") === "poll";
const live = new Live(gameId, { onState, onStatus: onConnection, forcePoll });
live.start();

// --- receipts -----------------------------------------------------------------------------------
const receiptsButton = $("receipts-download");
if (receiptsButton) receiptsButton.addEventListener("click", () => receipts.download(gameId));
