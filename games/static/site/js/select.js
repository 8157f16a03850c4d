// Choosing an action on the board: each click on a board part narrows the legal actions to those
// that name it; the parts that would narrow further are marked; what the board cannot tell apart
// (a tile's type and turn, an orientation, a faction) is offered as pictures in the board's tray.
// The browser still knows no rules: every choice ends as one string the server listed.
import { words } from "./choices.js";

// The words of an action that name board parts. A renderer may say it better (Paso's `temple`).
export function tokenizer(renderer, context) {
  const cache = new Map();
  return (action) => {
    if (!cache.has(action)) cache.set(action, renderer.words ? renderer.words(action, context) : words(action));
    return cache.get(action);
  };
}

// A part's refs are ordered most specific first ("c2.se" before "c2"; a piece before its tile): the
// first ref that narrows the actions is the one the click means, else the first that some name.
export function narrowBy(actions, refs, tokens) {
  let fallback = [];
  for (const ref of refs) {
    const hits = actions.filter((a) => tokens(a).includes(ref));
    if (hits.length && hits.length < actions.length) return hits;
    if (hits.length && !fallback.length) fallback = hits;
  }
  return fallback;
}

export function narrowAll(actions, picks, tokens) {
  let out = actions;
  for (const refs of picks) out = narrowBy(out, refs, tokens);
  return out;
}

// For the actions left: which parts narrow them (the targets, each with what it leaves), and which
// actions no part leads to (offered in the tray).
export function plan(matching, parts, tokens) {
  const targets = new Map();
  const covered = new Set();
  for (const refs of parts) {
    const key = refs.join(" ");
    if (targets.has(key)) continue;
    const hits = narrowBy(matching, refs, tokens);
    if (hits.length && hits.length < matching.length) {
      targets.set(key, hits);
      for (const a of hits) covered.add(a);
    } else if (hits.length && matching.length === 1) {
      targets.set(key, hits);
    }
  }
  const tray = matching.filter((a) => !covered.has(a));
  return { targets, tray };
}

// The words of an action that its neighbours in the tray do not share: "D r90" of a summon.
export function difference(action, others) {
  const all = others.map((o) => new Set(o.split(/\s+/)));
  const own = action.split(/\s+/);
  if (others.length < 2) return action;
  const rest = own.filter((w) => !all.every((s) => s.has(w)));
  return rest.length ? rest.join(" ") : action;
}

// Acts that lose or end the game for the player, or bind them to a draw: always asked first. The
// engine's own concession actions (Tibetana's concede and offer draw, sent with the page) first,
// then the words any game's notation would use for them.
export function dangerous(action, concessions = new Set()) {
  if (concessions.has(action)) return true;
  const first = action.split(/\s+/)[0];
  return ["concede", "resign"].includes(first) || /^(offer|accept) draw$/.test(action);
}
