// The rematch panel of a finished game: offer, accept or decline, then a link to the new game.
import { errorText, getJSON, postJSON } from "./api.js";

const $ = (id) => document.getElementById(id);

export function rematchPanel(gameId, showError) {
  const section = $("rematch");
  if (!section) return { update() {} };
  const text = $("rematch-text"), link = $("rematch-link");
  const buttons = { offer: $("rematch-offer"), accept: $("rematch-accept"), decline: $("rematch-decline") };
  let loadedFor = null;
  let waiting = false; // nothing answered yet: an offer or an answer from the others is read every 20 s

  function show(state) {
    waiting = !state.answer;
    buttons.offer.hidden = !state.can_offer;
    buttons.accept.hidden = buttons.decline.hidden = !state.can_answer;
    link.hidden = !state.new_game;
    if (state.new_game) link.href = `/games/${state.new_game}/`;
    text.textContent = !state.offered ? "Play again, seats swapped?"
      : state.answer === "declined" ? `${state.offered_by} offered a rematch: declined.`
      : state.new_game ? "The rematch has started."
      : state.can_answer ? `${state.offered_by} offers a rematch.` : "Rematch offered: waiting for the answer.";
  }

  async function load() {
    try { show(await getJSON(`/api/games/${gameId}/rematch`)); } catch (err) { showError(errorText(err)); }
  }

  for (const [choice, button] of Object.entries(buttons)) {
    button.addEventListener("click", async () => {
      try { show(await postJSON(`/api/games/${gameId}/rematch`, { choice })); } catch (err) { showError(errorText(err)); }
    });
  }

  // No event moves a finished game's seq when a rematch is offered or answered: poll while one waits.
  setInterval(() => { if (waiting && !section.hidden && document.visibilityState === "visible") load(); }, 20000);

  return {
    // Shown once the game is over; read again on each new position of a finished game.
    update(game, seq) {
      section.hidden = game.status !== "finished";
      if (!section.hidden && loadedFor !== seq) { loadedFor = seq; load(); }
    },
  };
}
