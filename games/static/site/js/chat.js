// The game's chat panel: one list per room the user may read (games/chat.py decides which), loaded
// over the API and kept current by the game's socket ({"type": "chat"} messages). Every piece of a
// line is set with textContent: no line's text is ever read as HTML. A link is clickable only when
// its author's account is old enough (line.links, decided by the server); it then opens with
// rel="nofollow ugc noopener". A new account's links stay plain text.
import { errorText, getJSON, postJSON } from "./api.js";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const ROOM_NAMES = { players: "Players' chat", spectators: "Spectators' chat" };

export function lineText(target, text, links) {
  target.textContent = "";
  let at = 0;
  for (const found of links ? text.matchAll(URL_PATTERN) : []) {
    target.append(document.createTextNode(text.slice(at, found.index)));
    const a = document.createElement("a");
    a.href = found[0];
    a.rel = "nofollow ugc noopener";
    a.target = "_blank";
    a.textContent = found[0];
    target.append(a);
    at = found.index + found[0].length;
  }
  target.append(document.createTextNode(text.slice(at)));
}

export class Chat {
  constructor(gameId, rooms, root) {
    this.gameId = gameId;
    this.root = root;
    this.lists = {};
    for (const { room, write } of rooms) this.lists[room] = this.build(room, write);
  }

  build(room, write) {
    const section = document.createElement("section");
    section.className = "chat-room";
    section.dataset.room = room;
    const heading = document.createElement("h3");
    heading.textContent = ROOM_NAMES[room] || room;
    const list = document.createElement("ol");
    list.className = "chat-lines";
    list.setAttribute("aria-live", "polite");
    list.setAttribute("aria-label", ROOM_NAMES[room] || room);
    section.append(heading, list);
    if (write) section.append(this.form(room));
    this.root.append(section);
    return list;
  }

  form(room) {
    const form = document.createElement("form");
    form.className = "chat-form";
    const input = document.createElement("input");
    input.type = "text";
    input.name = "text";
    input.maxLength = 500;
    input.required = true;
    input.setAttribute("aria-label", `Write in the ${ROOM_NAMES[room] || room}`);
    const button = document.createElement("button");
    button.type = "submit";
    button.textContent = "Send";
    const error = document.createElement("p");
    error.className = "chat-error";
    error.setAttribute("role", "alert");
    error.hidden = true;
    form.append(input, button, error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.hidden = true;
      try {
        const line = await postJSON(`/api/games/${this.gameId}/chat`, { room, text: input.value });
        input.value = "";
        this.show(line); // the socket brings it too: show() keeps one copy
      } catch (exc) {
        error.textContent = errorText(exc);
        error.hidden = false;
      }
    });
    return form;
  }

  async load() {
    await Promise.all(Object.keys(this.lists).map(async (room) => {
      try {
        const page = await getJSON(`/api/games/${this.gameId}/chat?room=${room}`);
        page.results.forEach((line) => this.show(line));
      } catch {
        // the server away: the socket's lines still arrive, and the next reconnect reloads
      }
    }));
  }

  show(line) {
    const list = this.lists[line.room];
    if (!list) return;
    let item = list.querySelector(`li[data-id="${Number(line.id)}"]`);
    if (!item) {
      item = document.createElement("li");
      item.dataset.id = String(Number(line.id));
      const later = [...list.children].find((li) => Number(li.dataset.id) > line.id);
      list.insertBefore(item, later || null);
    }
    item.textContent = "";
    const author = document.createElement("strong");
    author.className = "chat-author";
    author.textContent = line.author;
    const text = document.createElement("span");
    text.className = "chat-text";
    if (line.hidden) {
      item.classList.add("hidden-line");
      text.textContent = line.text ? `(hidden: ${line.text})` : "(hidden by a moderator)";
    } else {
      lineText(text, line.text, line.links);
    }
    item.append(author, document.createTextNode(": "), text);
  }
}
