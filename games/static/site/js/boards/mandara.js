// Mandara: the 3×3 board of tile spaces (M4), each tile a 3×3 grid of cells turned by its
// orientation (M5, M7); the tile being played and the Six Realms cards beside it.
import { board, facts, html, pickable, svg, text } from "../svg.js";

const C = 34; // one cell
const SPACE = 3 * C + 12;
const NAMES = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];

// Where printed cell (x, y) lies after turning the tile clockwise (M7).
function turn(x, y, orientation) {
  if (orientation === 90) return [2 - y, x];
  if (orientation === 180) return [2 - x, 2 - y];
  if (orientation === 270) return [y, 2 - x];
  return [x, y];
}

// Each colour has its own shape too, so stacks read without colour vision.
function stone(colour, cx, cy, r) {
  const cls = `piece colour-${colour}`;
  if (colour === "black") return svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, class: cls });
  if (colour === "grey") return svg("path", { d: `M${cx} ${cy - r - 1} L${cx + r + 1} ${cy + r} L${cx - r - 1} ${cy + r} Z`, class: cls });
  if (colour === "brown") return svg("path", { d: `M${cx} ${cy - r - 1} L${cx + r + 1} ${cy} L${cx} ${cy + r + 1} L${cx - r - 1} ${cy} Z`, class: cls });
  return svg("circle", { cx, cy, r, class: cls });
}

function stack(g, x, y, colours) {
  colours.forEach((colour, i) => {
    g.append(stone(colour, x + 8 + (i % 3) * 9, y + 10 + Math.floor(i / 3) * 9, 4.5));
  });
}

function drawTile(g, tile, left, top, where, passive = false) {
  for (const name of NAMES) {
    if (!(name in tile.cells)) continue; // a void cell
    const [x, y] = turn("abc".indexOf(name[0]), Number(name[1]) - 1, tile.orientation || 0);
    const colours = tile.cells[name] || [];
    const label = `${where} tile ${tile.tile} cell ${name}: ${colours.length ? colours.join(", ") : "empty"}`;
    const cell = passive ? svg("g", { class: "md-cell" }, [Object.assign(svg("title"), { textContent: label })])
      : pickable(svg("g", { class: "md-cell" }), [`t${tile.tile}.${name}`, `t${tile.tile}`], label);
    cell.append(svg("rect", { x: left + x * C + 1, y: top + y * C + 1, width: C - 2, height: C - 2, rx: 4 }));
    stack(cell, left + x * C, top + y * C, colours);
    g.append(cell);
  }
}

export function render(view, { game } = {}) {
  const width = 3 * SPACE + 3 * C + 40;
  const cards = Object.entries(view.cards || {}).filter(([, card]) => card); // null: no card dealt there
  const height = Math.max(3 * SPACE, 3 * C + 40 + cards.length * 44);
  const root = board(width, height, "Mandara board", 10);
  for (let s = 1; s <= 9; s++) {
    const left = ((s - 1) % 3) * SPACE;
    const top = Math.floor((s - 1) / 3) * SPACE;
    const placed = (view.board || {})[String(s)];
    const g = svg("g", { class: "md-space" });
    const frame = pickable(svg("g", {}), [String(s)], `tile space ${s}${placed ? `: tile ${placed.tile}` : ", empty"}`);
    frame.append(svg("rect", { x: left, y: top, width: 3 * C, height: 3 * C, class: placed ? "frame" : "frame empty" }));
    if (!placed) frame.append(text(left + 1.5 * C, top + 1.5 * C, String(s), { class: "coord" }));
    g.append(frame);
    if (placed) drawTile(g, placed, left, top, `space ${s}`);
    root.append(g);
  }
  const side = 3 * SPACE + 10;
  root.append(text(side + 1.5 * C, 10, "in play", { class: "label" }));
  if (view.turned) drawTile(root, view.turned, side, 24, "turned");
  cards.forEach(([k, card], i) => {
    const top = 3 * C + 50 + i * 44;
    const holders = Object.values(card.spaces || {}).flat();
    const g = pickable(svg("g", { class: `md-card card-${card.card}` }), [`card${k}.1`, `card${k}`, card.card],
      `card ${k}, ${card.card}: ${holders.length ? holders.join(", ") : "empty"}`);
    g.append(svg("rect", { x: side, y: top, width: 3 * C + 20, height: 38, rx: 6 }), text(side + 1.5 * C + 10, top + 12, card.card.replace("_", " ")));
    stack(g, side + 4, top + 16, holders);
    root.append(g);
  });

  const over = !!(game && game.outcome) || view.actor === null || view.actor === undefined;
  const rows = [["Round", view.round], ["Phase", humanPhase(view.phase)]];
  if (!over) rows.push(["To act", view.actor]);
  rows.push(["Track", (view.track || []).join(" → ")]);
  for (const [colour, p] of Object.entries(view.players || {})) {
    rows.push([colour, `score ${p.score}; hand ${p.hand}; reserve ${p.reserve}; stock ${p.stock}`]);
  }
  rows.push(["Neutral stock", view.neutral_stock]);
  const pile = view.tile_pile;
  rows.push(["Tiles left in the pile", Array.isArray(pile) ? pile.length : pile ?? "?"]);
  return { svg: root, panel: html("div", {}, [facts(rows)]), caption: `Mandara board, round ${view.round}` };
}

function humanPhase(phase) {
  const text = String(phase || "").replace(/[_-]+/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function prompt(view) {
  return view.phase ? `${humanPhase(view.phase).toLowerCase()}: click a marked space, cell or card, or a choice under the board` : null;
}

// An orientation offered in the tray: the tile in play drawn turned that way.
export function picture(action, view) {
  const w = action.split(/\s+/);
  if (w[0] !== "orient" || !view.turned) return null;
  const label = `tile ${view.turned.tile} turned ${w[1]}°`;
  const root = svg("svg", { viewBox: `-2 -2 ${3 * C + 4} ${3 * C + 4}`, class: "option-picture", role: "img", "aria-label": label });
  root.append(Object.assign(svg("title"), { textContent: label }));
  drawTile(root, { ...view.turned, orientation: Number(w[1]) }, 0, 0, "turned", true);
  return root;
}
