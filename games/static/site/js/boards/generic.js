// Fallback for a game without its own renderer: the position document as text.
import { board, html, text } from "../svg.js";

export function render(view) {
  const svg = board(300, 40, "no drawing of this board yet");
  svg.append(text(150, 20, "No board drawing for this game yet: see the document below."));
  const panel = html("pre", { class: "document", text: JSON.stringify(view, null, 1) });
  return { svg, panel, caption: "The position document" };
}
