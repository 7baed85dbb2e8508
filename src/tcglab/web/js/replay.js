// The replay viewer: a finished game one action at a time, seen as a spectator or, by
// a seat that played it (its token is in this browser), from that seat with its own
// hand (each step asked for with the token in the request's body; a reply names its
// `seat`, null for a spectator's). The buttons, the slider and the keyboard step it:
// ← and → one action, Home and End to the first and the last.

import { api, cardsOf, seats } from "./api.js";
import { boardFor } from "./boards/index.js";
import { clear, h, toast } from "./dom.js";
import { language, onLanguage, t } from "./i18n.js";
import { closeInspector, hidePeek, inspectCards } from "./inspect.js";
import { diceOf, diceTray, headerFor, logList, resultPanel, seatNamer, statusLine } from "./table.js";

const KEYS = { ArrowLeft: -1, ArrowRight: 1 };

export async function showReplay(main, tableId) {
  const summary = await api.table(tableId);
  const cards = await cardsOf(summary.game);
  const board = boardFor(summary.game);
  const games = await api.games();
  const gameTitle = (games.find((g) => g.id === summary.game) || {}).name || summary.game;
  let data = null;
  let wanted = 0; // the step last asked for: ahead of the one shown while loads are on the way
  const mine = seats.get(tableId);
  let fromSeat = Boolean(mine); // a seat that played sees the replay from its seat at first
  let seatRefused = false; // the server refused this seat's view (a token it no longer knows)
  const counter = h("span", { class: "counter", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "slider", "aria-label": t("replay") });
  const status = h("div", { class: "status" });
  const boardBox = h("div", { class: "board-box" });
  const side = h("aside", { class: "side-box" });
  const button = (label, id, to, name) =>
    h("button", { type: "button", id, "aria-label": name, onclick: () => load(to()) }, label);
  const controls = h(
    "div",
    { class: "replay-controls" },
    button(t("first"), "replay-first", () => 0, "Home"),
    button(t("prev"), "replay-prev", () => wanted - 1, "←"),
    slider,
    button(t("next"), "replay-next", () => wanted + 1, "→"),
    button(t("last"), "replay-last", () => (data ? data.steps : 0), "End"),
    counter,
    mine ? seatSwitch() : null,
  );

  // "From my seat": on, the steps come with this seat's observation (its hand).
  function seatSwitch() {
    const box = h("input", {
      type: "checkbox",
      id: "replay-seat",
      checked: fromSeat,
      onchange: () => {
        fromSeat = box.checked;
        load(wanted);
      },
    });
    return h("label", { class: "replay-seat" }, box, ` ${t("replayFromSeat", { n: mine.seat + 1 })}`);
  }
  slider.addEventListener("change", () => load(Number(slider.value)));
  const page = h("div", { class: "table-page replay", "data-game": summary.game }, controls, status, boardBox, side);
  inspectCards(boardBox);

  function render() {
    if (!data) return;
    hidePeek();
    headerFor(summary.game, gameTitle);
    counter.textContent = t("step", { i: data.step, n: data.steps });
    slider.max = String(data.steps);
    slider.value = String(data.step);
    const me = Number.isInteger(data.seat) ? data.seat : null;
    const seatName = seatNamer(data.seats, me);
    const seatBox = page.querySelector("#replay-seat");
    if (seatBox) {
      seatBox.checked = me !== null;
      seatBox.disabled = seatRefused;
      seatBox.parentElement.title = seatBox.disabled ? t("replaySeatRefused") : "";
    }
    clear(
      status,
      statusLine({
        game: summary.game,
        where: me === null ? t("replay") : `${t("replay")} · ${t("seat")} ${me + 1}`,
        obs: data.observation,
        toMove: data.observation.to_move,
        myTurn: false,
        result: data.result,
        seatName,
      }),
    );
    const rolls = data.events.filter(diceOf);
    clear(
      boardBox,
      diceTray(rolls[rolls.length - 1]),
      board.board(data.observation, { cards, me, seatName }),
    );
    const log = logList(data.events);
    log.style.setProperty("--digits", String(String(data.events.length).length));
    clear(
      side,
      data.result
        ? resultPanel({ result: data.result, outcome: data.outcome, seats: data.seats, me, tableId, inReplay: true, game: summary.game })
        : null,
      h("section", { class: "log-box" }, h("h3", {}, t("log")), log),
    );
    log.scrollTop = log.scrollHeight;
  }

  // Steps load one after the other, in the order they were asked for.
  let loading = Promise.resolve();
  function load(next) {
    const to = Math.max(0, Math.min(next, data ? data.steps : Infinity));
    wanted = to;
    loading = loading.then(async () => {
      try {
        data = await step(to);
        render();
      } catch (error) {
        toast(error.message);
      }
    });
    return loading;
  }

  // One step, from this seat where it is wanted and allowed, else as a spectator.
  async function step(to) {
    const asSeat = fromSeat && !seatRefused ? mine : null;
    if (!asSeat) return api.replayStep(tableId, to, language());
    try {
      return await api.replayStep(tableId, to, language(), asSeat);
    } catch {
      seatRefused = true;
      return api.replayStep(tableId, to, language());
    }
  }

  // The keys step the replay wherever the focus is, except in a text field or an
  // open dialog (the slider's own arrow keys are replaced by the same steps).
  function onKey(event) {
    if (!page.isConnected) return stop();
    if (event.altKey || event.ctrlKey || event.metaKey || document.querySelector("dialog[open]")) return;
    if (event.target.matches && event.target.matches("input:not([type=range]), textarea, select")) return;
    let to = null;
    if (event.key in KEYS) to = wanted + KEYS[event.key];
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = data ? data.steps : 0;
    if (to === null) return;
    event.preventDefault();
    load(to);
  }

  await load(0);
  clear(main, page); // shown once the first step is there
  document.addEventListener("keydown", onKey);
  const unlisten = onLanguage(() => (page.isConnected ? load(wanted) : stop()));
  function stop() {
    document.removeEventListener("keydown", onKey);
    unlisten();
    closeInspector();
  }
}
