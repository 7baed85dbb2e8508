// The table view: one websocket to the server, the board drawn from this seat's
// observation, the legal actions as buttons (and as clickable cards where an action
// names a card), the dice as they fall, the game log and the result.

import { api, cardsOf, seats } from "./api.js";
import { boardFor } from "./boards/index.js";
import { clear, h, toast } from "./dom.js";
import { gameName, language, onLanguage, t } from "./i18n.js";

const DICE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

// The dice an event shows, if it is a roll: one die, several faces, or one per seat.
export function diceOf(event) {
  if (Number.isInteger(event.die)) return [event.die];
  for (const key of ["faces", "dice", "rolls"]) {
    if (Array.isArray(event[key]) && event[key].every(Number.isInteger)) return event[key];
  }
  return null;
}

export function diceTray(event) {
  const dice = event ? diceOf(event) : null;
  if (!dice) return h("div", { class: "dice", hidden: true });
  return h(
    "div",
    { class: "dice rolled", "data-dice": dice.join(",") },
    dice.map((d) => h("span", { class: "die", title: String(d) }, DICE_FACES[d] || String(d))),
    h("span", { class: "dice-text" }, event.message),
  );
}

export function logList(events) {
  return h(
    "ol",
    { class: "log" },
    events.map((e) => h("li", { class: `ev ev-${e.kind}` }, e.message)),
  );
}

export function seatNamer(seatsInfo, me) {
  return (n) => {
    const seat = seatsInfo[n] || {};
    const name = seat.name || `P${n + 1}`;
    return n === me ? `${name} (${t("you")})` : name;
  };
}

// Why a game ended: the game's own reason as it gives it, or the server's cap in words.
function reasonText(reason) {
  return reason === "action_limit" ? t("reasonActionLimit") : reason;
}

export function resultPanel(result, seatsInfo, me, tableId, inReplay = false) {
  const name = seatNamer(seatsInfo, me);
  const winners = result.winners.length ? result.winners.map(name).join(", ") : t("draw");
  return h(
    "section",
    { id: "result", class: "result" },
    h("h2", {}, t("result")),
    h("p", { class: "winners" }, `${t("winners")}: ${winners}`),
    result.scores.length
      ? h("p", {}, `${t("scores")}: `, result.scores.map((s, i) => `${name(i)} ${s}`).join(" · "))
      : null,
    h("p", {}, `${t("reason")}: ${reasonText(result.reason)}`),
    h(
      "p",
      { class: "buttons" },
      h("a", { href: "/", "data-link": true, class: "button" }, t("toLobby")),
      inReplay
        ? null
        : h("a", { href: `/replay/${tableId}`, "data-link": true, class: "button" }, t("watchReplay")),
    ),
  );
}

// Where a legal action names a card on the board, the card can be clicked for it.
function linkCards(boardEl, legal, refsOf, me, act, actionsEl) {
  const byRef = new Map();
  for (const action of legal) {
    for (const ref of refsOf(action.id, me)) {
      if (!byRef.has(ref)) byRef.set(ref, []);
      byRef.get(ref).push(action);
    }
  }
  for (const el of boardEl.querySelectorAll("[data-ref]")) {
    const actions = byRef.get(el.dataset.ref);
    if (!actions) continue;
    el.classList.add("playable");
    el.title = actions.map((a) => a.label).join("\n");
    el.addEventListener("click", () => {
      if (actions.length === 1) return act(actions[0].id);
      for (const b of actionsEl.querySelectorAll("button")) {
        b.classList.toggle("hint", actions.some((a) => a.id === b.dataset.action));
      }
      actionsEl.scrollIntoView({ behavior: "smooth", block: "nearest" });
    });
  }
}

export async function showTable(main, tableId, params) {
  let mine = seats.get(tableId);
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token") && hash.get("seat")) {
    mine = { seat: Number(hash.get("seat")), token: hash.get("token") };
    seats.set(tableId, mine.seat, mine.token);
    history.replaceState(null, "", location.pathname);
  }
  const joinSeat = params.get("join");
  if (joinSeat !== null && !mine) {
    try {
      const joined = await api.join(tableId, Number(joinSeat), params.get("name") || "");
      mine = { seat: joined.seat, token: joined.token };
      seats.set(tableId, mine.seat, mine.token);
    } catch (error) {
      toast(error.message);
    }
    history.replaceState(null, "", location.pathname);
  }
  const summary = await api.table(tableId);
  const cards = await cardsOf(summary.game);
  const board = boardFor(summary.game);
  const me = mine ? mine.seat : null;
  let view = null;
  let events = [];
  let lastRoll = null;
  let socket = null;
  let closed = false;
  let waiting = false;

  const status = h("div", { class: "status" }, t("connecting"));
  const boardBox = h("div", { class: "board-box" });
  const side = h("aside", { class: "side-box" });
  const page = h("div", { class: "table-page", "data-game": summary.game }, status, boardBox, side);
  clear(main, page);

  function act(actionId) {
    if (!view || waiting || !socket || socket.readyState !== WebSocket.OPEN) return;
    waiting = true;
    for (const b of page.querySelectorAll("#actions button")) b.disabled = true;
    socket.send(
      JSON.stringify({
        type: "act",
        seat: me,
        token: mine.token,
        action: actionId,
        expected_version: view.version,
      }),
    );
  }

  function links() {
    const origin = location.origin;
    const items = [];
    if (mine) {
      const url = `${origin}/table/${tableId}#seat=${mine.seat}&token=${mine.token}`;
      items.push(h("li", {}, t("myLink"), h("input", { readOnly: true, value: url, class: "link" })));
    }
    for (const seat of view.seats) {
      if (!seat.open) continue;
      const url = `${origin}/table/${tableId}?join=${seat.seat}`;
      items.push(
        h("li", {}, t("joinLink", { n: seat.seat + 1 }), h("input", { readOnly: true, value: url, class: "link" })),
      );
    }
    if (!items.length) return null;
    return h("details", { class: "links" }, h("summary", {}, t("links")), h("ul", {}, items));
  }

  function render() {
    if (!view) return;
    const seatName = seatNamer(view.seats, me);
    const myTurn = view.legal.length > 0;
    const who =
      view.to_move === null || view.to_move === undefined ? "" : seatName(view.to_move);
    clear(
      status,
      h("strong", {}, gameName(gameTitle)),
      ` · ${mine ? `${t("seat")} ${me + 1}` : t("spectator")} · `,
      view.result
        ? t("result")
        : myTurn
          ? h("span", { class: "your-turn" }, t("yourTurn"))
          : t("waitingFor", { who }),
    );
    const boardEl = board.board(view.observation, { cards, me, seatName });
    const actionsEl = h(
      "section",
      { id: "actions", class: "actions" },
      myTurn ? h("h3", {}, t("actions")) : null,
      view.legal.map((a) =>
        h("button", { type: "button", class: "action", "data-action": a.id, onclick: () => act(a.id) }, a.label),
      ),
    );
    if (myTurn) linkCards(boardEl, view.legal, board.refsOf, me, act, actionsEl);
    clear(boardBox, diceTray(lastRoll), boardEl);
    const log = logList(events);
    clear(
      side,
      view.result ? resultPanel(view.result, view.seats, me, tableId) : null,
      actionsEl,
      summaryError(),
      h("h3", {}, t("log")),
      log,
      links(),
      mine && !view.result
        ? h("button", { type: "button", class: "quiet", onclick: leave }, t("leave"))
        : null,
    );
    log.scrollTop = log.scrollHeight;
  }

  function summaryError() {
    return view.ai_error ? h("p", { class: "error" }, t("aiError", { e: view.ai_error })) : null;
  }

  async function leave() {
    try {
      await api.leave(tableId, mine.seat, mine.token);
    } catch (error) {
      toast(error.message);
    }
    seats.drop(tableId);
    closed = true;
    socket.close();
    history.pushState(null, "", "/");
    window.dispatchEvent(new PopStateEvent("popstate"));
  }

  // Labels and log messages come from the server in the chosen language: a new hello
  // in the other language has the whole log sent again.
  function hello(since) {
    const message = { type: "hello", since, seat: me, token: mine && mine.token, lang: language() };
    socket.send(JSON.stringify(message));
  }

  function relanguage() {
    render();
    if (socket && socket.readyState === WebSocket.OPEN) hello(0);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    socket.onopen = () => hello(events.length);
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.type === "view") {
        if (data.since < events.length) events = events.slice(0, data.since);
        events = events.concat(data.events);
        for (const e of data.events) if (diceOf(e)) lastRoll = e;
        view = data;
        waiting = false;
        render();
      } else if (data.type === "error") {
        waiting = false;
        toast(data.error);
        if (view) render();
      }
    };
    socket.onclose = () => {
      if (closed || !page.isConnected) return;
      clear(status, t("lost"));
      setTimeout(() => page.isConnected && connect(), 1000);
    };
  }

  const games = await api.games();
  const gameTitle = (games.find((g) => g.id === summary.game) || {}).name || summary.game;
  const unlisten = onLanguage(relanguage);
  const watcher = new MutationObserver(() => {
    if (!page.isConnected) {
      closed = true;
      unlisten();
      watcher.disconnect();
      if (socket) socket.close();
    }
  });
  watcher.observe(main, { childList: true });
  connect();
}
