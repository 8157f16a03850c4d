// The game page's deadline line, kept current between live updates. Display only: the deadline
// itself comes from the server (game.deadline_at); the words match games/site/timeleft.py. The seat
// to act is named as on the rest of the page (words.js), never by its engine id (Nakatha's p0).
import { seatAndPlayer, seatName } from "./words.js";

const UNITS = [["day", 86400], ["hour", 3600], ["minute", 60]];
const URGENT = 24 * 3600;

export function durationText(seconds) {
  let rest = Math.floor(seconds);
  const parts = [];
  for (const [name, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count || parts.length) parts.push([count, name]);
  }
  const words = parts.slice(0, 2).filter(([n]) => n).map(([n, name]) => `${n} ${name}${n === 1 ? "" : "s"}`);
  return words.join(" ") || "under a minute";
}

export function timeLeftText(seconds) {
  return seconds <= 0 ? "out of time" : `${durationText(seconds)} left`;
}

export class DeadlineLine {
  // el: the #clock paragraph; its data-server-now corrects for a client clock that is off.
  constructor(el) {
    this.el = el;
    this.skew = el.dataset.serverNow ? Date.parse(el.dataset.serverNow) - Date.now() : 0;
    this.vacation = el.dataset.vacation || "";
    this.game = null;
    this.mySeat = null;
    setInterval(() => this.show(), 30_000);
  }

  update(game, mySeat) {
    this.game = game;
    this.mySeat = mySeat;
    this.show();
  }

  show() {
    const game = this.game;
    if (!game) return;
    if (game.status !== "active" || !game.deadline_at || !game.to_act) {
      this.el.replaceChildren();
      this.el.classList.remove("urgent");
      return;
    }
    const deadline = new Date(game.deadline_at);
    const seconds = (deadline.getTime() - (Date.now() + this.skew)) / 1000;
    const time = document.createElement("time");
    time.dateTime = game.deadline_at;
    time.textContent = deadline.toLocaleString();
    const mine = this.mySeat && this.mySeat === game.to_act;
    const vacation = mine && this.vacation ? `; your vacation left: ${this.vacation}` : "";
    const who = mine ? `${seatName(game.to_act, game.seats)} (you)` : seatAndPlayer(game.to_act, game.seats);
    this.el.replaceChildren(`Deadline for ${who}: `, time, ` (${timeLeftText(seconds)})${vacation}.`);
    this.el.classList.toggle("urgent", seconds < URGENT);
  }
}
