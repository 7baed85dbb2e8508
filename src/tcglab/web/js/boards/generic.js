// Any other game: its observation as readable data, until it has a board of its own.

import { h } from "../dom.js";

export function refsOf() {
  return [];
}

export function board(obs) {
  return h("pre", { class: "board generic" }, JSON.stringify(obs, null, 1));
}
