// The card inspector: any card on the board opens at a readable size with its full
// text, its state and what is attached to it, and the actions that name it.
//
// - a mouse hovering a card shows it in a peek panel (no click needed);
// - a click opens it, unless the card names legal actions: then the click plays as
//   the board always did (one action at once, several highlighted);
// - a tap (touch) always opens it: the card's actions are buttons inside;
// - a focused card (Tab) opens with Enter or Space.
// It closes with Esc, its close button or a tap outside, and gives focus back.

import { inspectView } from "./cards.js";
import { clear, h } from "./dom.js";
import { t } from "./i18n.js";

let dialog = null;
let peekBox = null;
let opener = null;
let peekTimer = null;

function ensure() {
  if (dialog) return;
  dialog = h("dialog", { id: "inspector", class: "inspector", "aria-labelledby": "inspector-title" });
  // A click on the dialog itself (not its content) is a click on the backdrop.
  dialog.addEventListener("click", (event) => event.target === dialog && closeInspector());
  dialog.addEventListener("close", () => {
    // The board may have been drawn again meanwhile: the same place's card then.
    const ref = opener && opener.dataset.ref;
    const back = opener && opener.isConnected ? opener : ref && document.querySelector(`.card[data-ref="${ref}"]`);
    if (back) back.focus({ preventScroll: true });
    opener = null;
  });
  peekBox = h("div", { id: "peek", class: "peek", hidden: true, "aria-hidden": "true" });
  document.body.append(dialog, peekBox);
}

export function closeInspector() {
  if (dialog && dialog.open) dialog.close();
}

export function openInspector(card, actions = [], act = null) {
  ensure();
  hidePeek();
  clear(
    dialog,
    h(
      "div",
      { class: "inspector-box" },
      h("button", { type: "button", class: "close", "aria-label": t("close"), onclick: closeInspector }, "✕"),
      inspectView(card),
      actions.length && act
        ? h(
            "div",
            { class: "inspect-actions" },
            actions.map((a) =>
              h("button", { type: "button", class: "inspect-action", onclick: () => (closeInspector(), act(a.id)) }, a.label),
            ),
          )
        : null,
    ),
  );
  opener = card;
  if (!dialog.open) dialog.showModal();
  dialog.querySelector(".close").focus({ preventScroll: true });
}

function showPeek(card) {
  ensure();
  if (dialog.open || !card.isConnected) return;
  clear(peekBox, inspectView(card));
  peekBox.querySelector("#inspector-title").removeAttribute("id"); // the dialog's own
  peekBox.hidden = false;
  // Beside the card, on the side of the screen with more room, kept on screen.
  const box = card.getBoundingClientRect();
  const room = peekBox.getBoundingClientRect();
  const left = box.left + box.width / 2 < innerWidth / 2 ? box.right + 12 : box.left - room.width - 12;
  peekBox.style.left = `${Math.max(8, Math.min(left, innerWidth - room.width - 8))}px`;
  peekBox.style.top = `${Math.max(8, Math.min(box.top, innerHeight - room.height - 8))}px`;
}

export function hidePeek() {
  clearTimeout(peekTimer);
  if (peekBox) peekBox.hidden = true;
}

// Cards inside `root` become inspectable. `actionsOf(card)` gives the legal actions a
// card names (none in a replay), `play(card, actions)` is the board's own click on a
// playable card, `act(id)` takes an action from the inspector.
export function inspectCards(root, { actionsOf = () => [], play = () => {}, act = null } = {}) {
  const cardAt = (event) => {
    const card = event.target.closest(".card");
    return card && card.face && root.contains(card) ? card : null;
  };
  root.addEventListener("click", (event) => {
    const card = cardAt(event);
    if (!card) return;
    const actions = actionsOf(card);
    if (actions.length && event.pointerType !== "touch") return play(card, actions);
    openInspector(card, actions, act);
  });
  root.addEventListener("keydown", (event) => {
    const card = cardAt(event);
    if (!card || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    openInspector(card, actionsOf(card), act);
  });
  root.addEventListener("pointerover", (event) => {
    const card = cardAt(event);
    if (!card || event.pointerType !== "mouse") return;
    clearTimeout(peekTimer);
    peekTimer = setTimeout(() => showPeek(card), 250);
  });
  root.addEventListener("pointerout", (event) => {
    const card = cardAt(event);
    if (card && !card.contains(event.relatedTarget)) hidePeek();
  });
}
