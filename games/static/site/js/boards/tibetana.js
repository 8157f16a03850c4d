// Tibetana: the 19 territories of the standard map as flat-topped hexes (ruling T3), with energy,
// each colour's guardians (G) and priestesses (P), pagodas with their rings, demons, the portal.
import { board, facts, hexPoints, html, pickable, svg, text } from "../svg.js";
import { humanWords } from "../words.js";

const R = 60; // hex corner radius
// Terrain of the standard map (T3 table): D desert, F forest, M mountain.
const TERRAIN = {
  a1: "D", a2: "F", a3: "D", b1: "D", b2: "M", b3: "F", b4: "M", c1: "M", c2: "F", c3: "M", c4: "F", c5: "M",
  d1: "D", d2: "M", d3: "F", d4: "M", e1: "D", e2: "F", e3: "D",
};
const TERRAIN_NAME = { D: "desert", F: "forest", M: "mountain" };

// Axial (q, r) of a territory name: file a..e is q -2..2; rank 1 is the largest r of its file.
function centre(name) {
  const q = "abcde".indexOf(name[0]) - 2;
  const r = 2 - Math.max(0, q) - (Number(name.slice(1)) - 1);
  return [1.5 * R * q, Math.sqrt(3) * R * (r + q / 2)];
}

// Owners told apart by shape as well as colour: pink's marks sit in a circle, green's in a square.
function ownerShape(x, y, colour, size) {
  return colour === "pink"
    ? svg("circle", { cx: x, cy: y, r: size / 2, class: `owner owner-${colour}` })
    : svg("rect", { x: x - size / 2, y: y - size / 2, width: size, height: size, class: `owner owner-${colour}` });
}

function piecesMark(x, y, p) {
  const g = svg("g", { class: `pieces colour-${p.colour}`, "aria-hidden": "true" });
  g.append(ownerShape(x - 30, y, p.colour, 12), text(x + 4, y, p.text, { class: `count colour-${p.colour}` }));
  return g;
}

// A pagoda: a roof over its rings' count, in its owner's shape.
function pagodaMark(x, y, pagoda) {
  const g = svg("g", { class: `pagoda-mark colour-${pagoda.owner}`, "aria-hidden": "true" });
  g.append(ownerShape(x - 22, y, pagoda.owner, 10),
    svg("path", { d: `M${x - 12} ${y - 2} l12 -10 l12 10 z`, class: `roof owner-${pagoda.owner}` }),
    text(x, y + 7, `${pagoda.rings}`, { class: `pagoda colour-${pagoda.owner}` }));
  return g;
}

function piecesText(pieces) {
  const parts = [];
  for (const [colour, p] of Object.entries(pieces || {})) {
    const bits = [];
    if (p.guardian) bits.push(`${p.guardian}G`);
    if (p.priestess) bits.push(`${p.priestess}P`);
    if (bits.length) parts.push({ colour, text: bits.join(" ") });
  }
  return parts;
}

export function render(view, { game } = {}) {
  // The map spans x = ±1.5·R·2 and y = ±√3·R·2.5, plus one hex radius all round.
  const halfX = 4 * R;
  const halfY = 4.4 * R;
  const root = board(2 * halfX, 2 * halfY, "Tibetana map", 10);
  const g = svg("g", { transform: `translate(${halfX} ${halfY})` });
  const territories = view.territories || {};
  const portal = view.portal;
  for (const name of Object.keys(TERRAIN)) {
    const [x, y] = centre(name);
    const t = territories[name];
    if (!t) {
      g.append(svg("polygon", { points: hexPoints(x, y, R - 2), class: "hex destroyed" }), text(x, y, `${name} destroyed`, { class: "coord" }));
      continue;
    }
    const pieces = piecesText(t.pieces);
    const bits = [`${name}, ${TERRAIN_NAME[TERRAIN[name]]}, energy ${t.energy}`];
    for (const p of pieces) bits.push(`${p.colour} ${p.text}`);
    if (t.pagoda) bits.push(`${t.pagoda.owner} pagoda with ${t.pagoda.rings} rings`);
    if (t.demon) bits.push(`${t.demon.level} ${t.demon.name}`);
    if (portal && portal.includes(name)) bits.push("a portal half");
    const refs = [name];
    if (t.demon) refs.push(t.demon.name);
    const cell = pickable(svg("g", { class: `territory terrain-${TERRAIN[name]}` }), refs, bits.join("; "));
    cell.append(svg("polygon", { points: hexPoints(x, y, R - 2), class: "hex" }));
    // The drawing repeats the label's facts in short, over the territory (clicks pass through it):
    // screen readers read the label instead.
    const marks = svg("g", { class: "marks", "aria-hidden": "true" });
    marks.append(text(x, y - R * 0.62, name, { class: "coord" }));
    marks.append(text(x + R * 0.55, y - R * 0.35, `⚡${t.energy}`, { class: "energy" }));
    pieces.forEach((p, i) => marks.append(piecesMark(x, y - 10 + i * 20, p)));
    if (t.pagoda) marks.append(pagodaMark(x, y + R * 0.55, t.pagoda));
    if (t.demon) marks.append(text(x, y + R * 0.55, t.demon.name, { class: `demon ${t.demon.level}` }));
    g.append(cell, marks);
  }
  // Each portal half is a ring on the territory it touches (T4: the two become adjacent).
  for (const name of portal || []) {
    const [x, y] = centre(name);
    const other = portal.find((n) => n !== name);
    const ring = svg("circle", { cx: x - R * 0.55, cy: y - R * 0.35, r: 9, class: "portal" });
    g.append(svg("g", { class: "portal-half" }, [Object.assign(svg("title"), { textContent: `portal half on ${name}, joined to ${other}` }), ring]));
  }
  root.append(g);

  const rows = [];
  for (const [colour, p] of Object.entries(view.players || {})) {
    const reserve = Object.entries(p.reserve || {}).map(([k, n]) => `${k} ${n}`).join(", ");
    rows.push([colour, `pool ${p.pool}; reserve ${reserve}`]);
  }
  const turn = view.turn || {};
  if (game && game.outcome) rows.push(["Turn", `${turn.number} (the game is over)`]);
  else rows.push(["Turn", `${turn.number}, ${turn.active} to act, ${turn.actions_left} action${turn.actions_left === 1 ? "" : "s"} left`]);
  if (turn.specials && turn.specials.length) rows.push(["Specials used", turn.specials.join(", ")]);
  rows.push(["Portal", portal ? portal.join(" ↔ ") : "disabled"]);
  rows.push(["Altar", (view.altar || []).join(", ")], ["Die", view.die]);
  if (view.pending && !(game && game.outcome)) rows.push(["To decide", pendingWords(view.pending)]);
  return { svg: root, panel: html("div", {}, [facts(rows)]), caption: `Tibetana map, turn ${turn.number}` };
}

// The engine's pending decisions (demons.py, turn.py) in a player's words, never its own codes.
const PENDING = {
  roll: "roll the die for the demon", place: "place the demon", kuberan: "Kuberan: build or take energy",
  explosion: "the demon explodes: choose where", free_build: "a free build", draw_offer: "answer the draw offer",
  citipati_end: "Citipati: finish the turn",
};

function pendingWords(pending) {
  return PENDING[pending.kind] || humanWords(pending.kind || "a choice").toLowerCase();
}

export function prompt(view) {
  if (view.pending && view.pending.kind) return `${pendingWords(view.pending)}: click a marked territory, or a choice under the board`;
  return "click a marked territory, or a choice under the board";
}
