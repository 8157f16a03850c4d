// Human words for what the server says in its own terms: outcomes, seats, the tab's title.
const GAME_NAMES = { paso: "Paso del Brahmán", tibetana: "Tibetana", nakatha: "Nakatha", mandara: "Mandara" };

export function gameName(name) {
  return GAME_NAMES[name] || name.charAt(0).toUpperCase() + name.slice(1);
}

// "mandala_complete" -> "Mandala complete"
export function humanWords(code) {
  const text = String(code || "").replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// Seats an engine names by number (Nakatha's p0, p1) read "player 1", "player 2"; named seats (south,
// pink, red) keep their names. The server's move list says the same (games/site/events.py).
export function seatLabels(names) {
  const list = [...names];
  if (!list.length || !list.every((n) => /^p\d+$/.test(n))) return {};
  return Object.fromEntries(list.map((n) => [n, `player ${Number(n.slice(1)) + 1}`]));
}

export function seatWord(name, labels) {
  return (labels && labels[name]) || name;
}

export function seatLabel(seat) {
  if (!seat.player) return seat.name;
  return seat.player.startsWith("bot:") ? `the ${seat.player.slice(4)} bot` : seat.player;
}

// A seat as the page names it everywhere: its word (never Nakatha's p0) and who plays it,
// "player 1 (alice)", "south (the random bot)".
export function seatName(name, seats) {
  return seatWord(name, seatLabels((seats || []).map((s) => s.name)));
}

export function seatAndPlayer(name, seats) {
  const seat = (seats || []).find((s) => s.name === name);
  const word = seatName(name, seats);
  return seat && seat.player ? `${word} (${seatLabel(seat)})` : word;
}

export function outcomeText(outcome, seats) {
  const who = (name) => seatAndPlayer(name, seats);
  const winners = outcome.winners || [];
  const result = winners.length ? `${winners.map(who).join(" and ")} won` : "a draw";
  return `${result} — ${humanWords(outcome.reason)}`;
}

export function gameTitle(name, id, { mine, over, toAct }) {
  const game = `${gameName(name)} #${id}`;
  if (over) return `Game over — ${game}`;
  if (mine) return `● Your move — ${game}`;
  return toAct ? `${game} — ${toAct} to move` : game;
}

// A dot on the tab's icon: green when it is the player's move.
const DOTS = { move: "#1e8a3c", wait: "#8a8f99", over: "#20242c" };

export function setFavicon(state) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#20242c"/><circle cx="16" cy="16" r="10" fill="${DOTS[state]}"/></svg>`;
  const href = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.state = state;
}
