// The move list, grouped by turn: one row per turn (a run of one seat's moves: Tibetana's and
// Paso's several actions, Mandara's), its actions nested under it in notation; chance and system
// events folded away unless asked for (the "show chance and system events" toggle); the row being
// replayed marked with aria-current. Rows come from the server's history (games/site/events.py):
// {seq, kind, actor, who, notation, text, at}.
const SYSTEM = new Set(["create", "join", "start", "decline", "open_seat", "expire", "system"]);

function timeOf(row) {
  const time = document.createElement("time");
  time.dateTime = row.at;
  time.textContent = new Date(row.at).toLocaleString();
  return time;
}

// One event's row: a button that replays the position after it. Within a turn a move reads as its
// notation; its seat is there for screen readers and for copying ("south: walk c2"), not to the eye.
function eventRow(row, { replaySeq, onShow, inTurn }) {
  const li = document.createElement("li");
  li.className = `event kind-${row.kind}`;
  li.value = row.seq;
  li.dataset.seq = row.seq;
  if (row.kind === "chance" || SYSTEM.has(row.kind)) li.classList.add("folded");
  if (replaySeq === row.seq) { li.classList.add("replayed"); li.setAttribute("aria-current", "step"); }
  if (row.conditional) li.classList.add("conditional"); // played from its seat's conditional moves
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link";
  if (inTurn && row.kind === "move" && row.notation) {
    button.append(Object.assign(document.createElement("span"), { className: "sr-only", textContent: `${row.who}: ` }), row.notation,
      row.conditional ? " (played from conditional moves)" : "");
  } else {
    button.textContent = row.text;
  }
  button.setAttribute("aria-label", `show the position after event ${row.seq}: ${row.text}`);
  button.addEventListener("click", () => onShow(row.seq));
  li.append(button, " ", timeOf(row));
  return li;
}

function turnRow(number, row) {
  const li = document.createElement("li");
  li.className = "turn turn-start";
  li.dataset.turn = number;
  li.dataset.seat = row.actor;
  const head = document.createElement("span");
  head.className = "turn-head";
  head.append(Object.assign(document.createElement("span"), { className: "turn-no", textContent: `Turn ${number}` }), " ",
    Object.assign(document.createElement("span"), { className: "turn-who", textContent: row.who || row.actor }));
  const actions = document.createElement("ol");
  actions.className = "turn-actions";
  actions.setAttribute("aria-label", `turn ${number}: ${row.who || row.actor}`);
  li.append(head, " ", actions);
  return li;
}

export function moveRows(rows, { replaySeq, onShow }) {
  const out = [];
  let turn = null; // the open turn's row, while its seat keeps moving
  let number = 0;
  for (const row of rows) {
    if (row.kind === "move") {
      if (!turn || turn.dataset.seat !== row.actor) {
        number += 1;
        turn = turnRow(number, row);
        out.push(turn);
      }
      turn.lastChild.append(eventRow(row, { replaySeq, onShow, inTurn: true }));
    } else if (row.kind === "chance" && turn) {
      turn.lastChild.append(eventRow(row, { replaySeq, onShow, inTurn: true })); // a roll within the turn
    } else {
      turn = null; // a system event (a seat taken, a timeout, the end) stands between turns
      out.push(eventRow(row, { replaySeq, onShow, inTurn: false }));
    }
  }
  for (const li of out) {
    if (li.querySelector(".replayed")) li.classList.add("has-replayed");
  }
  return out;
}
