// Paso del Brahmán: a 5×5 grid of spaces; each path tile is 2×2 sub-squares of stone or water
// (rulings P2, P4), temples sit on the south and north edges (P5). Drawn from the player's side:
// north sees its own temple at the bottom.
import { board, facts, html, pickable, svg, text } from "../svg.js";
import { humanWords } from "../words.js";

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

const PHASES = { temples: "Placing the temples", play: "Play", over: "Over" }; // the engine's phase codes, worded

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
      // The notation says `temple` for the mover's own temple (a start, shown by the token) and for
      // the rival's (the Brahmin's goal): only the rival's is a place to click for it.
      const refs = seat && owner !== seat ? ["rival-temple", space] : [space];
      const g = pickable(svg("g", { class: `temple temple-${owner}` }), refs, `${owner} temple on ${space}`);
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
      // It stands for the whole space (a meditation turns the tile, a levitation lifts it).
      const tag = pickable(svg("g", { class: "tile-tag" }), [space], `${space}: tile ${tile.type} turned ${tile.rot}°`);
      tag.append(svg("rect", { x: x + S / 2 - 20, y: y + S / 2 - 11, width: 40, height: 22, rx: 11 }),
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
        // A character in the notation; on a stone it stands for that stone as well, so that a tap on
        // it is also the way there for another of the player's characters (they may share a stone).
        const under = loc.includes(".") ? [loc, loc.split(".")[0]] : [];
        g = pickable(svg("g", { class: classes }), [name, ...under], label);
      } else if (loc.includes(".")) {
        g = pickable(svg("g", { class: classes }), [loc, loc.split(".")[0]], label); // a target square
      } else {
        // A rival token in a temple: a click goes through to the temple (the Brahmin's goal).
        g = svg("g", { class: `${classes} passive`, role: "img", "aria-label": label }, [Object.assign(svg("title"), { textContent: label })]);
      }
      // South's tokens are discs, north's diamonds: the seats differ in shape as well as colour.
      const body = who === "south" ? svg("circle", { cx, cy, r: 13 })
        : svg("rect", { x: cx - 10, y: cy - 10, width: 20, height: 20, transform: `rotate(45 ${cx} ${cy})` });
      // An unpainted disc a little wider than the token takes the finger (44 px and more, zoomed).
      const hit = g.classList.contains("pick") ? [svg("circle", { cx, cy, r: 18, class: "hit" })] : [];
      g.append(...hit, body, text(cx, cy, LETTER[name] || name[0].toUpperCase()));
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
    ["Phase", PHASES[view.phase] || humanWords(view.phase)],
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
  if (view.phase === "temples") return "click a marked edge space to place your temple";
  if (legal.length === 1 && legal[0] === "end") return "nothing left to do: end the turn under the board";
  return "click one of your marked tokens, then where it should go";
}

// The words of an action that name board parts. `temple` as a walk's start is the token's own
// temple (the token is clicked instead); as its end it is the rival's temple.
export function words(action) {
  const w = action.toLowerCase().split(/\s+/);
  if (w[1] === "walk" || w[1] === "levitate") {
    const [from, to] = w[2].split("-");
    return [w[0], w[1], ...(from === "temple" ? [] : [from]), to === "temple" ? "rival-temple" : to];
  }
  return w;
}

// A tile of type `type` turned `rot` degrees, drawn small: the pictures a summon or meditation offers.
function tilePicture(type, rot, label) {
  const root = svg("svg", { viewBox: "0 0 60 60", class: "option-picture", role: "img", "aria-label": label });
  const title = svg("title");
  title.textContent = label;
  root.append(title);
  const stoneSet = new Set(stones({ type, rot }));
  const at = { nw: [0, 0], ne: [30, 0], se: [30, 30], sw: [0, 30] };
  for (const c of CORNERS) {
    const kind = stoneSet.has(c) ? "stone" : "water";
    const [x, y] = at[c];
    root.append(svg("rect", { x: x + 1, y: y + 1, width: 28, height: 28, rx: kind === "stone" ? 7 : 1, class: `sub-${kind}` }));
    if (kind === "water") root.append(svg("path", { d: `M${x + 5} ${y + 12} q5 -5 10 0 t10 0 M${x + 5} ${y + 20} q5 -5 10 0 t10 0`, class: "wave" }));
  }
  return root;
}

export function picture(action, view) {
  const w = action.split(/\s+/);
  if (w[1] === "summon") return tilePicture(w[2], Number(w[4].slice(1)), `tile ${w[2]} turned ${w[4].slice(1)}°`);
  if (w[1] === "meditate") {
    const tile = view.spaces[w[2]];
    if (tile) return tilePicture(tile.type, Number(w[3].slice(1)), `turn the tile on ${w[2]} to ${w[3].slice(1)}°`);
  }
  return null;
}
