// Conditional moves: the player's own tree as text ("their move -> your answer; ..." a line), saved,
// shown and cleared through /api/games/{id}/conditional. Nobody else's tree is ever sent here.
import { deleteJSON, errorText, getJSON, putJSON } from "./api.js";

const $ = (id) => document.getElementById(id);

export function conditionalPanel(gameId) {
  const section = $("conditional");
  if (!section) return { update() {} };
  const area = $("conditional-text"), status = $("conditional-status");
  let loadedFor = null;
  // The box is the player's while they type: a read in flight (started by a new position) must not
  // put the stored tree back over an unsaved edit, nor an answer older than a save over the save's.
  let edited = false;
  let asked = 0; // the number of the latest request
  area.addEventListener("input", () => { edited = true; });

  function show(answer, said) {
    area.value = answer.text;
    edited = false;
    status.textContent = said || (answer.tree.length ? `${answer.tree.length} line(s) of play waiting.` : "No conditional moves.");
  }

  // Each request is numbered and only the latest one's answer (or error) is shown.
  async function send(request, onAnswer) {
    const mine = ++asked;
    try {
      const answer = await request();
      if (mine === asked) onAnswer(answer);
    } catch (err) {
      if (mine === asked) status.textContent = errorText(err);
    }
  }

  const url = `/api/games/${gameId}/conditional`;
  const load = () => send(() => getJSON(url), (answer) => {
    if (!edited) show(answer);
    else status.textContent = `${answer.tree.length} line(s) of play stored; your edit is not saved yet.`;
  });
  $("conditional-save").addEventListener("click", () =>
    send(() => putJSON(url, { text: area.value }), (answer) => show(answer, "Saved.")));
  $("conditional-clear").addEventListener("click", () =>
    send(() => deleteJSON(url), (answer) => show(answer, "Cleared.")));

  return {
    // A tree that fired or was discarded changed on the server: read it again on each new position.
    update(game, seq) {
      section.hidden = game.status !== "active";
      if (!section.hidden && loadedFor !== seq) { loadedFor = seq; load(); }
    },
  };
}
