// The table view: one websocket to the server, the board drawn from this seat's
// observation, the legal actions as buttons (and as clickable cards where an action
// names a card), the dice as they fall, the game log and the result. The header says
// in words whose turn it is, what is being decided and, when a seat answers during
// another's turn, what it answers. What another seat's action touched is lit up on the
// board for a few seconds; the tab says when it is your turn (attention.js). On a
// phone the actions sit in a bar fixed to the bottom of the screen and the log opens
// as a drawer from it.

import { api, cardsOf, seats } from "./api.js";
import { soundToggle, turnSignal } from "./attention.js";
import { boardFor } from "./boards/index.js";
import { ask, clear, h, toast } from "./dom.js";
import { gameName, language, onLanguage, reasonPhrase, stepPhrase, t } from "./i18n.js";
import { closeInspector, hidePeek, inspectCards } from "./inspect.js";
import { askSeat, seatControls } from "./seat.js";

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

// The log, numbered by CSS counters so numbers of any length show whole.
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

// Where the game stands, from the observation: the step being decided, whose turn it
// is (a seat of the table), the turn and round numbers. A draft table's game names
// its own seats, mapped back to the table's.
export function situation(obs) {
  if (obs.format === "draft") {
    const match = obs.match;
    if (obs.phase === "draft" || !match) return { step: obs.phase, turnSeat: null };
    const inner = situation(match.view);
    return { ...inner, turnSeat: inner.turnSeat === null ? null : match.players[inner.turnSeat] };
  }
  if (obs.format === "championship") {
    const game = obs.current;
    if (!game) return { step: null, turnSeat: null };
    const inner = situation(game.view);
    return { ...inner, turnSeat: inner.turnSeat === null ? null : game.seats[inner.turnSeat] };
  }
  const seat = obs.turn_player ?? obs.current ?? null;
  const turnSeat = seat !== null && seat >= 0 ? seat : null; // -1: nobody's turn yet (setup)
  return { step: obs.step, turnSeat, turn: obs.turn, round: obs.round };
}

// The status line above the board: game, seat, turn, whose turn, the rules; and the
// decision being made in words, with what it answers (`answering`) if anything.
export function statusLine({ game, where, obs, toMove, myTurn, result, seatName, me = null, answering = null }) {
  const now = situation(obs);
  const facts = [where];
  if (now.round) facts.push(t("roundNumber", { n: now.round }));
  if (now.turn) facts.push(t("turnNumber", { n: now.turn }));
  if (now.turnSeat !== null && now.turnSeat !== undefined && !result) {
    facts.push(now.turnSeat === me ? t("yourTurnNow") : t("turnOf", { who: seatName(now.turnSeat) }));
  }
  const what = stepPhrase(game, now.step);
  let decision = null;
  if (result) decision = h("div", { class: "decision" }, t("result"));
  else if (myTurn) {
    decision = h(
      "div",
      { class: "decision your-turn" },
      t("yourMove", { what }),
      answering ? h("span", { class: "answering" }, ` — ${t("answering", { what: answering })}`) : null,
    );
  }
  else if (toMove !== null && toMove !== undefined) {
    decision = h("div", { class: "decision" }, t("waitingMove", { who: seatName(toMove), what }));
  }
  return [h("div", { class: "status-line" }, facts.filter(Boolean).map((f) => h("span", { class: "fact" }, f))), decision];
}

// A puzzle's goal under the status line and, once decided, whether it was met.
export function goalLine(goal) {
  if (!goal) return null;
  const decided = goal.met !== null && goal.met !== undefined;
  const verdict = decided ? (goal.met ? t("goalMet") : t("goalMissed", { why: goal.missed })) : null;
  return h(
    "div",
    { id: "goal", class: decided ? `goal ${goal.met ? "met" : "missed"}` : "goal" },
    h("span", { class: "goal-text" }, t("goalIs", { text: goal.text })),
    verdict ? h("strong", { class: "goal-verdict" }, verdict) : null,
  );
}

// The page header names the game and links its rules page (in the chosen language).
export function headerFor(game, title) {
  clear(
    document.getElementById("where"),
    h("strong", { class: "game-name" }, gameName(title)),
    h(
      "a",
      {
        class: "rules-link",
        id: "rules-link",
        href: `/static/help/index.html?game=${game}&lang=${language()}`,
        target: "_blank",
        rel: "noopener",
        title: t("rulesTitle", { game: gameName(title) }),
      },
      t("rules"),
    ),
  );
}

export function resultPanel({ result, outcome, seats: seatsInfo, me, tableId, inReplay = false, game = "" }) {
  const name = seatNamer(seatsInfo, me);
  const winners = result.winners.length ? result.winners.map(name).join(", ") : t("draw");
  const standings = outcome ? outcome.seats.filter((s) => s.score) : [];
  const why = (outcome && outcome.reason) || reasonPhrase(game, result.reason);
  return h(
    "section",
    { id: "result", class: "result" },
    h("h2", {}, t("result")),
    h("p", { class: "winners" }, `${t("winners")}: ${winners}`),
    h("p", { class: "reason", id: "outcome-reason" }, `${t("reason")}: ${why}`),
    standings.length
      ? h("ul", { class: "standings", id: "standings" }, standings.map((s) => h("li", {}, `${name(s.seat)}: ${s.score}`)))
      : null,
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

// The options this seat cannot take now (`view.unavailable`: id, label, why), under the
// legal ones: each a disabled button with the rules' reason written under it (phones
// have no hover), behind a toggle that says how many there are. On a wide screen the
// list is open below the actions; on a phone the toggle sits in the action bar and the
// list opens as a drawer above it, so the real choices always stay in view.
export function unavailableBlock(options, open, onToggle) {
  if (!options || !options.length) return null;
  const n = options.length;
  const toggle = h(
    "button",
    {
      type: "button",
      class: "unavailable-toggle",
      "aria-expanded": String(open),
      "aria-controls": "unavailable-list",
      "aria-label": n === 1 ? t("unavailableOne") : t("unavailableCount", { n }),
      onclick: (event) => onToggle(event.currentTarget.getAttribute("aria-expanded") !== "true"),
    },
    // the whole phrase on a wide screen; a count and a word in a phone's action bar
    h("span", { class: "long" }, n === 1 ? t("unavailableOne") : t("unavailableCount", { n })),
    h("span", { class: "short", "aria-hidden": "true" }, h("b", {}, `⊘ ${n}`), h("small", {}, t("unavailableShort"))),
  );
  const list = h(
    "ul",
    { id: "unavailable-list", class: "unavailable-list", "aria-label": t("unavailableTitle"), hidden: !open },
    h("li", { class: "unavailable-title", "aria-hidden": "true" }, t("unavailableTitle")),
    options.map((option, k) =>
      h(
        "li",
        { class: "unavailable-item" },
        h(
          "button",
          {
            type: "button",
            class: "action off",
            disabled: true,
            "aria-disabled": "true",
            "data-action": option.id,
            "aria-describedby": `why-${k}`,
          },
          option.label,
        ),
        h("span", { class: "why", id: `why-${k}` }, option.why),
      ),
    ),
  );
  return h("div", { id: "unavailable", class: open ? "unavailable open" : "unavailable" }, toggle, list);
}

// Whether the list of unavailable options starts open: on a wide screen when it is
// short (a long one would push the game log away), on a phone (where it would cover the
// board) only once asked for.
const PHONE = "(max-width: 760px)";
const OPEN_AT_MOST = 3;

// Which legal actions name each card on the board (by its data-ref).
function actionsByRef(legal, refsOf, me) {
  const byRef = new Map();
  for (const action of legal) {
    for (const ref of refsOf(action.id, me)) {
      if (!byRef.has(ref)) byRef.set(ref, []);
      byRef.get(ref).push(action);
    }
  }
  return byRef;
}

// The board refs an event names: its positions (at, actor, target ...) as the boards
// name them, and whatever the game's board adds (`eventRefs`).
const PLACES = ["at", "actor", "actors", "target", "targets", "guard", "attacker", "defender"];

export function eventRefs(event, board) {
  const refs = [];
  for (const key of PLACES) {
    for (const value of [event[key]].flat()) if (typeof value === "string") refs.push(value);
  }
  return refs.concat(board.eventRefs ? board.eventRefs(event) : []);
}

const TOUCHED_MS = 4000;

function markTouched(boardEl, refs) {
  for (const el of boardEl.querySelectorAll("[data-ref]")) {
    if (refs.has(el.dataset.ref)) el.classList.add("touched");
  }
}

function markPlayable(boardEl, byRef) {
  for (const el of boardEl.querySelectorAll("[data-ref]")) {
    const actions = byRef.get(el.dataset.ref);
    if (!actions) continue;
    el.classList.add("playable");
    el.title = actions.map((a) => a.label).join("\n");
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
  const summary = await api.table(tableId);
  const games = await api.games();
  const game = games.find((g) => g.id === summary.game) || { id: summary.game, name: summary.game, decks: [] };
  const joinSeat = params.get("join");
  if (joinSeat !== null && !mine) {
    // A table still to be dealt takes the deck each person brings as they join.
    const named = params.get("name");
    const asked = (named ? { name: named, deck: null } : await askSeat(summary.dealt === false ? game : null)) || { name: "", deck: null };
    try {
      const joined = await api.join(tableId, Number(joinSeat), asked.name, asked.deck);
      mine = { seat: joined.seat, token: joined.token };
      seats.set(tableId, mine.seat, mine.token);
    } catch (error) {
      toast(error.message);
    }
    history.replaceState(null, "", location.pathname);
  }
  const cards = await cardsOf(summary.game);
  const board = boardFor(summary.game);
  const me = mine ? mine.seat : null;
  let view = null;
  let events = [];
  let lastRoll = null;
  let socket = null;
  let closed = false;
  let waiting = false;
  let byRef = new Map();
  let logOpen = false;
  let unavailableOpen = null; // null: as the screen suggests, until the player toggles it
  // What another seat's latest action touched, lit up until `until` or our own action.
  let touched = { refs: new Set(), until: 0 };
  let touchedTimer = null;
  const signal = turnSignal();
  // The log and the dice tray persist between views: new events are appended, and the
  // tray (with its rolling animation) is made again only for a new roll.
  const log = logList([]);
  let logged = 0;
  let tray = diceTray(null);
  let trayRoll = null;

  const status = h("div", { class: "status", "aria-live": "polite" }, t("connecting"));
  const boardBox = h("div", { class: "board-box" });
  const side = h("aside", { class: "side-box" });
  const page = h("div", { class: "table-page", "data-game": summary.game }, status, boardBox, side);
  clear(main, page);

  function act(actionId) {
    if (!view || waiting || !socket || socket.readyState !== WebSocket.OPEN) return;
    waiting = true;
    if (phone()) unavailableOpen = null; // a phone's drawer closes with each choice made
    touched = { refs: new Set(), until: 0 };
    for (const el of page.querySelectorAll(".board .touched")) el.classList.remove("touched");
    for (const b of page.querySelectorAll("#actions button.action")) b.disabled = true;
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

  // A click on a playable card: its one action at once, or its actions highlighted.
  function play(card, actions) {
    if (actions.length === 1) return act(actions[0].id);
    for (const b of page.querySelectorAll("#actions button.action:not(.off)")) {
      b.classList.toggle("hint", actions.some((a) => a.id === b.dataset.action));
    }
    const first = page.querySelector("#actions button.hint");
    if (first) first.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "nearest" });
  }

  // The bar's height (it grows with the number of actions) is kept clear below the board.
  let barHeight = null;
  const barWatch = new ResizeObserver(() => {
    const bar = page.querySelector("#actions");
    if (!bar || bar.offsetHeight === barHeight) return;
    barHeight = bar.offsetHeight;
    page.style.setProperty("--bar-h", `${barHeight}px`);
  });

  inspectCards(boardBox, { actionsOf: (card) => byRef.get(card.dataset.ref) || [], play, act });

  function links(open = false) {
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
    return h("details", { class: "links", open }, h("summary", {}, t("links")), h("ul", {}, items));
  }

  // Before the deal there is no game to show: who sits where, the links that invite
  // the others, and the seat controls. The game is dealt when the last seat is taken.
  function renderWaiting() {
    signal.update(false);
    const seatName = seatNamer(view.seats, me);
    const where = mine ? `${t("seat")} ${me + 1}` : t("spectator");
    clear(status, h("div", { class: "status-line" }, h("span", { class: "fact" }, where), h("span", { class: "fact" }, t("waitingPlayers"))));
    clear(
      boardBox,
      h(
        "section",
        { id: "waiting", class: "waiting" },
        h("h2", {}, t("waitingPlayers")),
        h("p", {}, t("waitingDeal")),
        h(
          "ul",
          { class: "waiting-seats" },
          view.seats.map((s) => h("li", { class: s.open ? "open" : "" }, `${t("seat")} ${s.seat + 1}: ${s.open ? t("seatOpen") : seatName(s.seat)}`)),
        ),
      ),
    );
    clear(
      side,
      seatControls({ tableId, view, mine }),
      links(true),
      mine ? h("button", { type: "button", id: "leave", class: "quiet", onclick: leave }, t("leave")) : null,
    );
  }

  function render() {
    if (!view) return;
    page.dataset.version = String(view.version); // which view is shown: for tests and tools
    hidePeek();
    headerFor(summary.game, gameTitle);
    if (view.dealt === false) return renderWaiting();
    const seatName = seatNamer(view.seats, me);
    const myTurn = view.legal.length > 0;
    signal.update(myTurn);
    const now = situation(view.observation);
    const aside = myTurn && now.turnSeat !== null && now.turnSeat !== undefined && now.turnSeat !== me;
    clear(
      status,
      statusLine({
        game: summary.game,
        me,
        where: mine ? `${t("seat")} ${me + 1}` : t("spectator"),
        obs: view.observation,
        toMove: view.to_move,
        myTurn,
        result: view.result,
        seatName,
        answering: aside && board.answering ? board.answering(view.observation, { cards, me, seatName }) : null,
      }),
      goalLine(view.goal),
    );
    const boardEl = board.board(view.observation, { cards, me, seatName });
    byRef = myTurn ? actionsByRef(view.legal, board.refsOf, me) : new Map();
    markPlayable(boardEl, byRef);
    if (Date.now() < touched.until) markTouched(boardEl, touched.refs);
    const logToggle = h(
      "button",
      {
        type: "button",
        class: "log-toggle",
        "aria-expanded": String(logOpen),
        "aria-controls": "log-box",
        onclick: () => {
          logOpen = !logOpen;
          if (logOpen && phone()) showUnavailable(false);
          page.classList.toggle("log-open", logOpen);
          logToggle.setAttribute("aria-expanded", String(logOpen));
          logToggle.textContent = logOpen ? t("hideLog") : t("showLog");
          if (logOpen) log.scrollTop = log.scrollHeight;
        },
      },
      logOpen ? t("hideLog") : t("showLog"),
    );
    const short = (view.unavailable || []).length <= OPEN_AT_MOST;
    const open = unavailableOpen === null ? !phone() && short : unavailableOpen;
    const actionsEl = h(
      "section",
      { id: "actions", class: "actions", "aria-label": t("actions") },
      myTurn ? h("h3", {}, t("actions")) : null,
      h(
        "div",
        { class: view.legal.length === 1 ? "action-list single" : "action-list" },
        myTurn
          ? view.legal.map((a) =>
              h("button", { type: "button", class: "action", "data-action": a.id, onclick: () => act(a.id) }, a.label),
            )
          : h("span", { class: "idle" }, view.result ? t("result") : t("noActions")),
      ),
      h(
        "div",
        { class: "bar-side" },
        myTurn ? unavailableBlock(view.unavailable, open, showUnavailable) : null,
        logToggle,
      ),
    );
    if (lastRoll !== trayRoll) {
      tray = diceTray(lastRoll);
      trayRoll = lastRoll;
    }
    clear(boardBox, tray, boardEl);
    log.append(...logList(events.slice(logged)).children);
    logged = events.length;
    log.style.setProperty("--digits", String(String(logged).length));
    clear(
      side,
      view.result
        ? resultPanel({ result: view.result, outcome: view.outcome, seats: view.seats, me, tableId, game: summary.game })
        : null,
      seatControls({ tableId, view, mine }),
      actionsEl,
      summaryError(),
      h("section", { id: "log-box", class: "log-box" }, h("h3", {}, t("log")), log),
      links(),
      mine && !view.result ? soundToggle() : null,
      mine && !view.result
        ? h("button", { type: "button", id: "leave", class: "quiet", onclick: leave }, t("leave"))
        : null,
    );
    page.classList.toggle("log-open", logOpen);
    page.classList.toggle("has-result", Boolean(view.result));
    barWatch.disconnect();
    barWatch.observe(actionsEl);
    log.scrollTop = log.scrollHeight;
  }

  function phone() {
    return window.matchMedia(PHONE).matches;
  }

  // Open or close the list of unavailable options (on a phone, the log drawer closes).
  function showUnavailable(open) {
    unavailableOpen = open;
    if (open && phone() && logOpen) {
      logOpen = false;
      page.classList.remove("log-open");
      const logToggle = page.querySelector(".log-toggle");
      logToggle.setAttribute("aria-expanded", "false");
      logToggle.textContent = t("showLog");
    }
    const block = page.querySelector("#unavailable");
    if (!block) return;
    block.classList.toggle("open", open);
    block.querySelector(".unavailable-toggle").setAttribute("aria-expanded", String(open));
    block.querySelector(".unavailable-list").hidden = !open;
  }

  // A view after another seat acted: light up what its events name, for a few seconds.
  function noteTouched(next) {
    const actor = view ? view.to_move : null;
    if (actor === null || actor === undefined || actor === me) return;
    const refs = new Set(next.events.flatMap((e) => eventRefs(e, board)));
    if (!refs.size) return;
    touched = { refs, until: Date.now() + TOUCHED_MS };
    clearTimeout(touchedTimer);
    touchedTimer = setTimeout(() => {
      if (!page.isConnected) return;
      for (const el of page.querySelectorAll(".board .touched")) el.classList.remove("touched");
    }, TOUCHED_MS);
  }

  function summaryError() {
    return view.ai_error ? h("p", { class: "error" }, t("aiError", { e: view.ai_error })) : null;
  }

  async function leave() {
    const sure = await ask({
      id: "leave-dialog",
      title: t("leaveTitle"),
      text: view.status === "open" ? t("leaveOpenText") : t("leaveText", { grace: view.grace }),
      yes: t("leaveGo"),
      no: t("stay"),
    });
    if (!sure) return;
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
        const retold = data.since < events.length;
        if (retold) {
          events = events.slice(0, data.since); // retold (a new language): from `since` on
          while (log.children.length > data.since) log.lastChild.remove();
          logged = Math.min(logged, data.since);
        }
        events = events.concat(data.events);
        for (const e of data.events) if (diceOf(e)) lastRoll = e;
        if (!retold) noteTouched(data);
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

  const gameTitle = game.name;
  const unlisten = onLanguage(relanguage);
  const watcher = new MutationObserver(() => {
    if (!page.isConnected) {
      closed = true;
      unlisten();
      watcher.disconnect();
      closeInspector();
      hidePeek();
      barWatch.disconnect();
      clearTimeout(touchedTimer);
      signal.stop();
      if (socket) socket.close();
    }
  });
  watcher.observe(main, { childList: true });
  connect();
}
