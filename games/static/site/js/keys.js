// Arrow keys on the board: from the focused part to the nearest part in that direction.
const DIRECTION = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function centre(node) {
  const r = node.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

export function arrowTarget(board, focused, key) {
  const dir = DIRECTION[key];
  if (!dir) return null;
  const parts = [...board.querySelectorAll("[data-refs]")];
  if (!parts.length) return null;
  if (!focused || !board.contains(focused) || !focused.dataset.refs) return parts[0];
  const [fx, fy] = centre(focused);
  let best = null;
  let bestScore = Infinity;
  for (const node of parts) {
    if (node === focused) continue;
    const [x, y] = centre(node);
    const along = (x - fx) * dir[0] + (y - fy) * dir[1];
    if (along <= 1) continue;
    const across = Math.abs((x - fx) * dir[1] - (y - fy) * dir[0]);
    const score = along + 2 * across; // prefer straight ahead
    if (score < bestScore) { best = node; bestScore = score; }
  }
  return best;
}
