// Paso del Brahmán: a 5×5 grid of spaces; each path tile is 2×2 sub-squares of stone or water
// (rulings P2, P4), temples sit on the south and north edges (P5). Drawn from the player's side:
// north sees its own temple at the bottom.
import { board, facts, html, pickable, svg, text } from "../svg.js";

const S = 100; // one space
const FILES = "abcde";
const CORNERS = ["nw", "ne", "se", "sw"];
// Stones of each tile type at r0 (P4); one quarter turn moves each corner nw -> ne -> se -> sw.
const STONES_R0 = { S: ["nw"], I: ["nw", "ne"], D: ["nw", "se"], L: ["nw", "ne", "sw"] };
const LETTER = { brahmin: "B", tiger: "T", cobra: "C" };
const SEATS = ["south", "north"];

function stones(tile) {
  const turns = (tile.rot / 90) % 4;
  return STONES_R0[tile.type].map((c) => CORNERS[(CORNERS.indexOf(c) + turns) % 4]);
}

export function render(view, { seat }) {
  const flip = seat === "north";
  // Top-left corner of a space on screen; rank 5 is at the top unless the board is flipped.
  const origin = (space) => {
    const f = FILES.indexOf(space[0]);
    const r = Number(space.slice(1)) - 1;
    return flip ? [(4 - f) * S, r * S] : [f * S, (4 - r) * S];
  };
  const corner = (space, c) => {
    const [x, y] = origin(space);
    let east = c.endsWith("e");
    let north = c.startsWith("n");
    if (flip) { east = !east; north = !north; }
    return [x + (east ? S / 2 : 0), y + (north ? 0 : S / 2)];
  };
  const root = board(5 * S, 5 * S, `Paso del Brahmán board, seen from ${flip ? "north" : "south"}`, 22);
  const temples = view.temples || {};
  const templeOf = Object.fromEntries(Object.entries(temples).filter(([, sp]) => sp).map(([who, sp]) => [sp, who]));
  const layer = svg("g", { class: "spaces" });
  const tokenLayer = svg("g", { class: "tokens" });

  for (const space of Object.keys(view.spaces)) {
    const [x, y] = origin(space);
    const tile = view.spaces[space];
    const owner = templeOf[space];
    if (owner) {
      const g = pickable(svg("g", { class: `temple temple-${owner}` }), ["temple", space], `${owner} temple on ${space}`);
      g.append(svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, rx: 14 }), text(x + S / 2, y + 18, `${owner} temple`, { class: "label" }));
      layer.append(g);
    } else if (!tile) {
      const g = pickable(svg("g", { class: "space empty" }), [space], `${space}, empty`);
      g.append(svg("rect", { x: x + 1, y: y + 1, width: S - 2, height: S - 2 }), text(x + S / 2, y + S / 2, space, { class: "coord" }));
      layer.append(g);
    } else {
      const g = svg("g", { class: "space tile", "data-space": space });
      const stoneSet = new Set(stones(tile));
      for (const c of CORNERS) {
        const [cx, cy] = corner(space, c);
        const kind = stoneSet.has(c) ? "stone" : "water";
        const part = pickable(svg("g", { class: `sub ${kind}` }), [`${space}.${c}`, space], `${space}.${c}, ${kind} (tile ${tile.type} r${tile.rot})`);
        part.append(svg("rect", { x: cx + 1, y: cy + 1, width: S / 2 - 2, height: S / 2 - 2, rx: kind === "stone" ? 8 : 2 }));
        g.append(part);
      }
      // The tile's type and turn on a small pill where its four sub-squares meet.
      const tag = svg("g", { class: "tile-tag", "aria-hidden": "true" });
      tag.append(svg("rect", { x: x + S / 2 - 17, y: y + S / 2 - 9, width: 34, height: 18, rx: 9 }),
        text(x + S / 2, y + S / 2, `${tile.type} r${tile.rot}`, { class: "tile-label" }));
      g.append(tag);
      layer.append(g);
    }
  }

  // Tokens: on their stone, or lined up inside their temple.
  const inTemple = { south: 0, north: 0 };
  const gone = [];
  for (const who of SEATS) {
    for (const [name, token] of Object.entries(view.tokens[who] || {})) {
      const loc = token.location;
      let cx; let cy;
      const rival = SEATS.find((s) => s !== who);
      const home = loc === "temple" ? temples[who] : loc === "rival_temple" ? temples[rival] : null;
      if (home) {
        // In a temple: its own, or the rival's for the Brahmin that reached it (P19).
        const owner = loc === "temple" ? who : rival;
        const [x, y] = origin(home);
        cx = x + 22 + inTemple[owner]++ * 28;
        cy = y + S / 2 + 12;
      } else if (loc.includes(".")) {
        const [sx, sy] = corner(loc.split(".")[0], loc.split(".")[1]);
        cx = sx + S / 4;
        cy = sy + S / 4;
      } else {
        gone.push(`${who} ${name}: ${loc === "out" ? "eliminated" : "waiting for its temple"}`);
        continue;
      }
      const mine = seat === who;
      const where = loc === "temple" ? "in its temple" : loc === "rival_temple" ? "in the rival temple" : `on ${loc}`;
      const label = `${who} ${name}${token.exhausted ? " (exhausted)" : ""} ${where}`;
      const classes = `token token-${who}${token.exhausted ? " exhausted" : ""}`;
      let g;
      if (mine) {
        g = pickable(svg("g", { class: classes }), [name], label); // a character in the notation
      } else if (loc.includes(".")) {
        g = pickable(svg("g", { class: classes }), [loc, loc.split(".")[0]], label); // a target square
      } else {
        // A rival token in a temple: a click goes through to the temple (the Brahmin's goal).
        g = svg("g", { class: `${classes} passive`, role: "img", "aria-label": label });
      }
      g.append(svg("circle", { cx, cy, r: 13 }), text(cx, cy, LETTER[name] || name[0].toUpperCase()));
      tokenLayer.append(g);
    }
  }

  // Coordinates around the board.
  const coords = svg("g", { class: "coords", "aria-hidden": "true" });
  for (let i = 0; i < 5; i++) {
    const file = flip ? FILES[4 - i] : FILES[i];
    const rank = flip ? i + 1 : 5 - i;
    coords.append(text(i * S + S / 2, 5 * S + 12, file), text(-12, i * S + S / 2, String(rank)));
  }
  root.append(layer, tokenLayer, coords);

  const ts = view.turn_state || {};
  const rows = [
    ["Phase", view.phase],
    ["Turn", view.phase === "over" ? view.turn : `${view.turn}, ${view.current} to act`],
    ["This turn", ts.character ? `${ts.character}: ${ts.basic.join(", ") || "no action yet"}` : "no character chosen yet"],
    ["Tiles in reserve", Object.entries(view.reserve).map(([t, n]) => `${t} ${n}`).join(" · ")],
    ["Quiet turns", `${view.quiet_turns} of ${view.options?.quiet_turn_limit || "no limit"}`],
  ];
  if (gone.length) rows.push(["Off the board", gone.join("; ")]);
  const panel = html("div", {}, [facts(rows)]);
  return { svg: root, panel, caption: `Paso board, turn ${view.turn}` };
}

export function prompt(view, legal) {
  if (view.phase === "temples") return "click an edge space to place your temple";
  if (legal.length === 1 && legal[0] === "end") return "nothing left to do: end the turn";
  return "click one of your tokens, then where it should go (or pick from the list)";
}
