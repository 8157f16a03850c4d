// Nakatha: the hexagonal board of radius 6 around the Dais (rulings N1-N3): claims colour the
// tiles, pieces are labelled by faction and number.
import { board, facts, hexPoints, html, pickable, svg, text } from "../svg.js";
import { humanWords, seatLabels, seatWord } from "../words.js";

const R = 17; // hex corner radius
const DIRECTIONS = { n: [0, -1], ne: [1, -1], se: [1, 0], s: [0, 1], sw: [-1, 1], nw: [-1, 0] };
const SEGMENTS = { a: ["nw", "n"], b: ["n", "ne"], c: ["ne", "se"], d: ["se", "s"], e: ["s", "sw"], f: ["sw", "nw"] };
const SHORT = { humans: "Hu", dae: "Da", fae: "Fa", dragons: "Dr", makabi: "Mk", outerlands: "Ou" };

// Every tile name with its axial (q, r), as N3 names them.
function tiles() {
  const out = { dais: [0, 0] };
  for (const [d, [dq, dr]] of Object.entries(DIRECTIONS)) {
    for (let k = 0; k < 6; k++) out[`${d}${k}`] = [(k + 1) * dq, (k + 1) * dr];
  }
  for (const [g, [d1, d2]] of Object.entries(SEGMENTS)) {
    const [aq, ar] = DIRECTIONS[d1];
    const [bq, br] = DIRECTIONS[d2];
    for (let k = 2; k <= 6; k++) {
      for (let j = 1; j < k; j++) {
        const index = ((k - 1) * (k - 2)) / 2 + j;
        out[`${g}${index}`] = [k * aq + j * (bq - aq), k * ar + j * (br - ar)];
      }
    }
  }
  return out;
}
const TILES = tiles();

// Numbered pieces read "Da1"; named ones (Fae courts, Makabi, Outerlands) by their name's start.
function shortName(faction, id) {
  return /^\d+$/.test(id) ? `${SHORT[faction] || faction.slice(0, 2)}${id}` : id.slice(0, 3);
}

const xy = ([q, r]) => [1.5 * R * q, Math.sqrt(3) * R * (r + q / 2)];

export function render(view) {
  const halfX = 10 * R;
  const halfY = Math.sqrt(3) * R * 6 + R;
  const root = board(2 * halfX, 2 * halfY, "Nakatha board", 6);
  const g = svg("g", { transform: `translate(${halfX} ${halfY})` });
  const claims = view.claims || {};
  const onTile = {};
  const offBoard = [];
  for (const [faction, pieces] of Object.entries(view.pieces || {})) {
    for (const [id, p] of Object.entries(pieces)) {
      if (p && p.tile && TILES[p.tile]) (onTile[p.tile] ||= []).push({ faction, id, ...p });
      else offBoard.push(`${faction}.${id}`);
    }
  }
  for (const [name, qr] of Object.entries(TILES)) {
    const [x, y] = xy(qr);
    const claim = claims[name];
    const here = onTile[name] || [];
    const kind = name === "dais" ? "dais" : /^(n|ne|se|s|sw|nw)\d$/.test(name) ? (name.endsWith("0") ? "divine" : "barrier") : "grey";
    const bits = [`${name} (${kind})`];
    if (claim) bits.push(`claimed by ${claim}`);
    for (const p of here) bits.push(`${p.faction}.${p.id}${p.turned ? " turned" : ""}${p.owned ? " owned" : ""}`);
    // A grey tile also stands for its segment (deploy notation names segments: "deploy dae b").
    const refs = kind === "grey" ? [name, name[0]] : [name];
    const cell = pickable(svg("g", { class: `nk-tile ${kind}${claim ? ` claim-${claim}` : ""}` }), refs, bits.join("; "));
    cell.append(svg("polygon", { points: hexPoints(x, y, R - 1), class: "hex" }));
    if (!here.length) cell.append(text(x, y, name, { class: "coord tiny" }));
    g.append(cell);
    for (const p of here) {
      const label = `${p.faction}.${p.id}${p.turned ? " (turned)" : ""} on ${name}`;
      const piece = pickable(svg("g", { class: `piece faction-${p.faction}${p.turned ? " turned" : ""}` }), [`${p.faction}.${p.id}`, name], label);
      // The disc is drawn small to leave its tile's colour in view; a wider, unpainted ring around it
      // takes the finger (at least 44 px with the board zoomed on a phone).
      piece.append(svg("circle", { cx: x, cy: y, r: R * 0.8, class: "hit" }), svg("circle", { cx: x, cy: y, r: R * 0.6 }),
        text(x, y, shortName(p.faction, p.id), { class: "tiny" }));
      g.append(piece);
    }
  }
  root.append(g);

  const labels = seatLabels((view.seats || []).map((s) => s.name));
  const legend = html("ul", { class: "legend", "aria-label": "factions by player" });
  for (const s of view.seats || []) {
    for (const f of s.factions || []) {
      const swatch = svg("svg", { viewBox: "0 0 20 20", class: "legend-swatch", "aria-hidden": "true" });
      swatch.append(svg("g", { class: `faction-${f}` }, [svg("circle", { cx: 10, cy: 10, r: 8 })]));
      legend.append(html("li", {}, [swatch, `${SHORT[f] || f}: ${f}, played by ${seatWord(s.name, labels)}`]));
    }
  }
  const rows = (view.seats || []).map((s) => [humanWords(seatWord(s.name, labels)), (s.factions || []).join(", ")]);
  rows.push(["Phase", PHASES[view.phase] || humanWords(view.phase)], ["Round", view.round], ["Turn", view.turn]);
  const active = Number.isInteger(view.active) && (view.seats || [])[view.active]; // the engine's seat index
  if (active) rows.push(["Active", seatWord(active.name, labels)]);
  if (view.pending && view.phase !== "over") rows.push(["To decide", PENDING[view.pending.kind] || humanWords(view.pending.kind || "a choice")]);
  if (view.sword) rows.push(["Sword", view.sword.found ? "found" : "not found yet"]);
  if (offBoard.length) rows.push(["Off the board", offBoard.join(", ")]);
  return { svg: root, panel: html("div", {}, [legend, facts(rows)]), caption: `Nakatha board, round ${view.round}` };
}

// What the player is asked, in words (the engine's pending kinds and phases).
const PENDING = {
  draft: "draft a faction", deal: "deal", deploy: "deploy a faction", activate: "activate a faction",
  step: "move the active piece", land: "land the piece", ambush: "ambush or let pass", sword: "search for the sword",
  roll: "roll",
};
const PHASES = { draft: "Draft", deal: "Deal", deploy: "Deployment", sword: "The sword", over: "Over" };

export function prompt(view) {
  const what = view.pending && view.pending.kind ? PENDING[view.pending.kind] || humanWords(view.pending.kind) : null;
  const how = "click a marked piece or tile, or a choice under the board";
  return what ? `${what}: ${how}` : how;
}
