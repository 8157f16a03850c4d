// The choices panel: the legal actions in notation, grouped by their first word, narrowed by what
// the player clicked on the board and by a text filter. The browser knows no rules: every button
// is one string the server listed, and a click sends that string back.

// The words of an action: "brahmin walk temple-c2.sw" -> brahmin, walk, temple, c2.sw.
export function words(action) {
  return action.toLowerCase().split(/[\s>-]+/).filter(Boolean);
}

// The actions that contain, for every picked board part, at least one of its refs.
export function narrow(actions, picks) {
  return actions.filter((a) => {
    const w = new Set(words(a));
    return picks.every((refs) => refs.some((r) => w.has(r)));
  });
}

export function groupByFirstWord(actions) {
  const groups = new Map();
  for (const a of actions) {
    const first = words(a)[0] || a;
    if (!groups.has(first)) groups.set(first, []);
    groups.get(first).push(a);
  }
  return groups;
}

const OPEN_LIMIT = 24; // a group this small, or any narrowed list, is shown unfolded

export function renderChoices(container, actions, { narrowed, onChoose }) {
  container.replaceChildren();
  if (!actions.length) return;
  for (const [first, list] of groupByFirstWord(actions)) {
    const details = document.createElement("details");
    details.className = "choice-group";
    details.open = narrowed || list.length <= OPEN_LIMIT;
    const summary = document.createElement("summary");
    summary.textContent = `${first} (${list.length})`;
    const ul = document.createElement("ul");
    for (const action of list) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.dataset.action = action;
      button.textContent = action;
      button.addEventListener("click", () => onChoose(action));
      li.append(button);
      ul.append(li);
    }
    details.append(summary, ul);
    container.append(details);
  }
}
