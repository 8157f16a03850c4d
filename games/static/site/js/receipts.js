// The receipts of this browser's player: every accepted write answers with the transparency log's
// signed receipt of the game's new head; we keep them in localStorage, per game, so the player can
// later prove (with `python -m transparency.audit`) that the history shown is the one that was played.
const PREFIX = "receipts:game:";

export function keep(receipt) {
  if (!receipt || receipt.game === undefined) return;
  const name = PREFIX + receipt.game;
  let kept = [];
  try { kept = JSON.parse(localStorage.getItem(name) || "[]"); } catch { kept = []; }
  if (!kept.some((r) => r.seq === receipt.seq && r.signature === receipt.signature)) {
    kept.push(receipt);
    kept.sort((a, b) => a.seq - b.seq);
    try { localStorage.setItem(name, JSON.stringify(kept)); } catch { /* storage full or off: nothing kept */ }
  }
}

export function kept(gameId) {
  try { return JSON.parse(localStorage.getItem(PREFIX + gameId) || "[]"); } catch { return []; }
}

export function download(gameId) {
  const blob = new Blob([JSON.stringify(kept(gameId), null, 2) + "\n"], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `receipts-game-${gameId}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
