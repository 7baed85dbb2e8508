// The replay viewer: a finished game seen as a spectator, one action at a time.

import { api, cardsOf } from "./api.js";
import { boardFor } from "./boards/index.js";
import { clear, h, toast } from "./dom.js";
import { language, onLanguage, t } from "./i18n.js";
import { diceOf, diceTray, logList, resultPanel, seatNamer } from "./table.js";

export async function showReplay(main, tableId) {
  const summary = await api.table(tableId);
  const cards = await cardsOf(summary.game);
  const board = boardFor(summary.game);
  let step = 0;
  let data = null;
  const counter = h("span", { class: "counter" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "slider" });
  const boardBox = h("div", { class: "board-box" });
  const side = h("aside", { class: "side-box" });
  const button = (label, id, to) =>
    h("button", { type: "button", id, onclick: () => load(to()) }, label);
  const controls = h(
    "div",
    { class: "replay-controls" },
    button(t("first"), "replay-first", () => 0),
    button(t("prev"), "replay-prev", () => step - 1),
    slider,
    button(t("next"), "replay-next", () => step + 1),
    button(t("last"), "replay-last", () => (data ? data.steps : 0)),
    counter,
  );
  slider.addEventListener("change", () => load(Number(slider.value)));
  const page = h("div", { class: "table-page replay", "data-game": summary.game }, controls, boardBox, side);
  clear(main, page);

  function render() {
    if (!data) return;
    counter.textContent = t("step", { i: data.step, n: data.steps });
    slider.max = String(data.steps);
    slider.value = String(data.step);
    const seatName = seatNamer(data.seats, null);
    const rolls = data.events.filter(diceOf);
    clear(
      boardBox,
      diceTray(rolls[rolls.length - 1]),
      board.board(data.observation, { cards, me: null, seatName }),
    );
    const log = logList(data.events);
    clear(
      side,
      data.result ? resultPanel(data.result, data.seats, null, tableId, true) : null,
      h("h3", {}, t("log")),
      log,
    );
    log.scrollTop = log.scrollHeight;
  }

  async function load(next) {
    const max = data ? data.steps : Infinity;
    next = Math.max(0, Math.min(next, max));
    try {
      data = await api.replayStep(tableId, next, language());
      step = data.step;
      render();
    } catch (error) {
      toast(error.message);
    }
  }

  const unlisten = onLanguage(() => (page.isConnected ? load(step) : unlisten()));
  await load(0);
}
