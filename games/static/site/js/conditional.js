// Conditional moves: the player's own tree as text ("their move -> your answer; ..." a line), saved,
// shown and cleared through /api/games/{id}/conditional. Nobody else's tree is ever sent here.
import { deleteJSON, errorText, getJSON, putJSON } from "./api.js";

const $ = (id) => document.getElementById(id);

export function conditionalPanel(gameId) {
  const section = $("conditional");
  if (!section) return { update() {} };
  const area = $("conditional-text"), status = $("conditional-status");
  let loadedFor = null;

  function show(answer, said) {
    area.value = answer.text;
    status.textContent = said || (answer.tree.length ? `${answer.tree.length} line(s) of play waiting.` : "No conditional moves.");
  }

  async function load() {
    try { show(await getJSON(`/api/games/${gameId}/conditional`)); } catch (err) { status.textContent = errorText(err); }
  }

  $("conditional-save").addEventListener("click", async () => {
    try { show(await putJSON(`/api/games/${gameId}/conditional`, { text: area.value }), "Saved."); }
    catch (err) { status.textContent = errorText(err); }
  });
  $("conditional-clear").addEventListener("click", async () => {
    try { show(await deleteJSON(`/api/games/${gameId}/conditional`), "Cleared."); }
    catch (err) { status.textContent = errorText(err); }
  });

  return {
    // A tree that fired or was discarded changed on the server: read it again on each new position.
    update(game, seq) {
      section.hidden = game.status !== "active";
      if (!section.hidden && loadedFor !== seq) { loadedFor = seq; load(); }
    },
  };
}
