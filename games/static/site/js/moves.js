// The move list: grouped by turn (a run of one seat's moves), chance and system events folded
// away unless asked for, the row being replayed marked.
const FOLDED = new Set(["chance", "create", "join", "decline", "open_seat", "expire", "system"]);

export function moveRows(rows, { replaySeq, onShow }) {
  const out = [];
  let turn = 0;
  let lastActor = null;
  for (const row of rows) {
    const li = document.createElement("li");
    li.className = `event kind-${row.kind}`;
    li.value = row.seq;
    if (FOLDED.has(row.kind)) li.classList.add("folded");
    if (row.kind === "move" && row.actor !== lastActor) {
      turn += 1;
      lastActor = row.actor;
      li.classList.add("turn-start");
      li.dataset.turn = turn;
      li.append(Object.assign(document.createElement("span"), { className: "turn-no", textContent: `Turn ${turn}` }), " ");
    }
    if (replaySeq === row.seq) { li.classList.add("replayed"); li.setAttribute("aria-current", "step"); }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = row.text;
    button.setAttribute("aria-label", `show the position after event ${row.seq}: ${row.text}`);
    button.addEventListener("click", () => onShow(row.seq));
    const time = document.createElement("time");
    time.dateTime = row.at;
    time.textContent = new Date(row.at).toLocaleString();
    li.append(button, " ", time);
    out.push(li);
  }
  return out;
}
