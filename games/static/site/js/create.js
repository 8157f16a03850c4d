// The create-game form: show as many seat rows as the game has players, and the username box
// only for an invited seat, the timeout bot's level only for the "bot" policy. Without this script
// every row shows and the server uses what applies.
const form = document.getElementById("create-form");
const game = form.querySelector('[name="game"]');
const players = form.querySelector('[name="players"]');

function counts() {
  const row = document.querySelector(`tr[data-game="${game.value}"]`);
  return row ? row.dataset.counts.split(",").map(Number) : [2];
}

function update() {
  const allowed = counts();
  players.placeholder = allowed.join(" or ");
  const n = Number(players.value) || allowed[0];
  for (const row of form.querySelectorAll(".seat-row")) {
    row.hidden = Number(row.dataset.seat) >= n;
    const choice = row.querySelector("select");
    row.querySelector('input[type="text"]').hidden = choice.value !== "invite";
  }
  const policy = form.querySelector('[name="policy"]');
  form.querySelector('[data-field="timeout_bot"]').hidden = policy.value !== "bot";
}

form.addEventListener("change", update);
form.addEventListener("input", update);
update();
