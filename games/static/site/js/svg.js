// Small helpers shared by the board renderers: build SVG and HTML elements, mark clickable parts.
const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

export function text(x, y, content, attrs = {}) {
  const t = svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", ...attrs });
  t.textContent = content;
  return t;
}

export function html(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

// A part of the board the player can click (or reach by Tab and press Enter): its refs are the
// words of the notation it stands for (a space, a sub-square, a piece), matched against legal actions.
export function pickable(node, refs, label) {
  node.setAttribute("data-refs", refs.join(" ").toLowerCase());
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("pick");
  const title = svg("title");
  title.textContent = label;
  node.prepend(title);
  return node;
}

export function board(width, height, label, margin = 10) {
  return svg("svg", {
    viewBox: `${-margin} ${-margin} ${width + 2 * margin} ${height + 2 * margin}`,
    role: "group", "aria-label": label, class: "board-svg", preserveAspectRatio: "xMidYMid meet",
  });
}

// A flat-topped hex of corner radius r centred on (x, y), as rulings T3 and N2 draw them.
export function hexPoints(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + r * Math.cos(a)).toFixed(2)},${(y + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

// A definition list of facts for the side panel: [[term, value], ...].
export function facts(rows) {
  const dl = html("dl", { class: "facts" });
  for (const [k, v] of rows) dl.append(html("dt", { text: k }), html("dd", { text: String(v) }));
  return dl;
}
