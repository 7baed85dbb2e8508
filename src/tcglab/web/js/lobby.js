// The lobby: open, running and finished tables, the form that creates a table
// (game, seats, rule options from the server, decks with an inline legality check),
// and the one that starts a table from a position (a shipped puzzle or a pasted
// scenario file).

import { api, seats } from "./api.js";
import { deckOf, deckOptions, say } from "./builder.js";
import { clear, h, toast } from "./dom.js";
import { gameName, language, onLanguage, t } from "./i18n.js";

function tableRow(table, games, go) {
  const game = games.find((g) => g.id === table.game);
  const mine = seats.get(table.id);
  const seatText = table.seats
    .map((s) => (s.open ? `[${t("seatOpen")}]` : s.kind === "ai" ? `${t("ai")} (${t(s.level)})` : s.name))
    .join(" · ");
  const buttons = [];
  if (table.status === "finished") {
    buttons.push(h("a", { href: `/replay/${table.id}`, "data-link": true, class: "button" }, t("replay")));
  } else {
    if (mine) buttons.push(h("a", { href: `/table/${table.id}`, "data-link": true, class: "button" }, t("resume")));
    for (const s of table.seats) {
      if (s.open && !mine) {
        buttons.push(
          h("a", { href: `/table/${table.id}?join=${s.seat}`, "data-link": true, class: "button" }, `${t("join")} ${s.seat + 1}`),
        );
      }
    }
    buttons.push(h("a", { href: `/table/${table.id}`, "data-link": true, class: "button quiet" }, t("watch")));
  }
  const result = table.result
    ? ` · ${t("winners")}: ${table.result.winners.map((w) => table.seats[w].name || `P${w + 1}`).join(", ") || t("draw")}`
    : "";
  return h(
    "li",
    { class: "table-row", "data-table": table.id },
    h("div", {}, h("strong", {}, game ? gameName(game.name) : table.game), table.title ? ` — ${table.title}` : ""),
    h("div", { class: "small" }, seatText, result),
    h("div", { class: "buttons" }, buttons),
  );
}

function optionInput(option, values) {
  const id = `opt-${option.name}`;
  const set = (value) => (values[option.name] = value);
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, checked: option.default, onchange: (e) => set(e.target.checked) });
  } else if (option.kind === "int") {
    input = h("input", {
      type: "number", id, value: String(option.default),
      min: option.minimum ?? undefined, max: option.maximum ?? undefined,
      onchange: (e) => set(Number(e.target.value)),
    });
  } else if (option.kind === "choice") {
    input = h("select", { id, onchange: (e) => set(e.target.value) },
      option.choices.map((c) => h("option", { value: c, selected: c === option.default }, c)));
  } else {
    input = h("input", { type: "text", id, value: option.default, onchange: (e) => set(e.target.value) });
  }
  return h("div", { class: "option" }, h("label", { for: id }, option.name), input, h("div", { class: "help" }, `${option.help} (${option.rule})`));
}

function deckInput(game, seat, decks) {
  const problems = h("ul", { class: "problems" });
  const text = h("textarea", { rows: 6, hidden: true, class: "deck-text", placeholder: "4 CARD-ID" });
  const check = h("button", {
    type: "button", hidden: true, class: "check-deck",
    onclick: async () => {
      try {
        const reply = await api.checkDeck(game.id, text.value);
        clear(problems, reply.ok ? h("li", { class: "ok" }, t("deckOk", { n: reply.cards })) : reply.problems.map((p) => h("li", {}, p)));
      } catch (error) {
        clear(problems, h("li", {}, error.message));
      }
    },
  }, t("check"));
  const select = h(
    "select",
    {
      class: "deck-choice",
      onchange: () => {
        const paste = select.value === "__paste__";
        text.hidden = check.hidden = !paste;
        decks[seat] = paste ? { text: text.value } : deckOf(select.value);
        clear(problems);
      },
    },
    h("option", { value: "" }, t("deckDefault")),
    deckOptions(game),
    h("option", { value: "__paste__" }, t("deckPaste")),
  );
  text.addEventListener("input", () => (decks[seat] = { text: text.value }));
  return h("div", { class: "deck" }, h("label", {}, `${t("seat")} ${seat + 1}`), select, text, check, problems);
}

function createForm(games, go) {
  let game = games[0];
  const form = h("form", { id: "create", class: "create" });
  const state = { options: {}, seats: [], decks: [], format: null };

  function draw() {
    const count = state.seats.length;
    const chosen = chosenAt(game, count);
    if (!chosen.some((f) => f.name === state.format)) state.format = null;
    const named = chosen.find((f) => f.name === state.format);
    const format = named || formatAt(game, count);
    const seatRows = state.seats.map((seat, n) =>
      h(
        "div",
        { class: "seat-choice" },
        h("span", {}, `${t("seat")} ${n + 1}`),
        h("select", { class: "seat-kind", onchange: (e) => { seat.kind = e.target.value; draw(); } },
          h("option", { value: "human", selected: seat.kind === "human" }, t("human")),
          h("option", { value: "ai", selected: seat.kind === "ai" }, t("ai"))),
        seat.kind === "ai"
          ? h("select", { class: "seat-level", onchange: (e) => (seat.level = e.target.value) },
              game.levels.map((l) => h("option", { value: l, selected: l === seat.level }, t(l))))
          : null,
      ),
    );
    clear(
      form,
      h("h2", {}, t("create")),
      h("label", {}, t("game"), h("select", { id: "game", onchange: (e) => { game = games.find((g) => g.id === e.target.value); reset(); } },
        games.map((g) => h("option", { value: g.id, selected: g === game }, gameName(g.name))))),
      game.min_players < game.max_players
        ? h("label", {}, t("players"), h("select", { id: "players", onchange: (e) => { resize(Number(e.target.value)); draw(); } },
            range(game.min_players, game.max_players).map((n) => h("option", { value: n, selected: n === count }, playersLabel(game, n)))))
        : null,
      chosen.length
        ? h("label", {}, t("tableFormat"), h("select", { id: "table-format", onchange: (e) => { state.format = e.target.value || null; draw(); } },
            h("option", { value: "", selected: !named }, inLanguage(formatAt(game, count).title)),
            chosen.map((f) => h("option", { value: f.name, selected: f === named }, inLanguage(f.title)))))
        : null,
      format.summary ? h("p", { class: "help draft-note" }, inLanguage(format.summary)) : null,
      named && named.settings.length
        ? h("div", { class: "format-settings" }, named.settings.map((o) => optionInput(o, state.options)))
        : null,
      h("fieldset", {}, h("legend", {}, t("seat")), seatRows),
      game.options.length
        ? h("details", { class: "options" }, h("summary", {}, t("options")), game.options.map((o) => optionInput(o, state.options)))
        : null,
      format.decks
        ? h("fieldset", { class: "decks" }, h("legend", {}, t("decks")), state.seats.map((_, n) => deckInput(game, n, state.decks)),
            h("a", { href: `/cards/${game.id}`, class: "build-deck" }, say("buildDeck")))
        : null,
      h("label", {}, t("title"), h("input", { type: "text", id: "title", maxLength: 80 })),
      h("label", {}, t("yourName"), h("input", { type: "text", id: "name", maxLength: 40, value: localStorage.getItem("tcglab.name") || "" })),
      h("button", { type: "submit", id: "create-go" }, t("createGo")),
    );
  }

  function resize(n) {
    while (state.seats.length < n) state.seats.push({ kind: "ai", level: game.levels.includes("normal") ? "normal" : game.levels[0] });
    state.seats.length = n;
    state.decks = state.seats.map(() => null);
  }

  function reset() {
    state.options = {};
    state.seats = [];
    resize(game.default_players);
    state.seats[0].kind = "human";
    draw();
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = form.querySelector("#name").value.trim();
    localStorage.setItem("tcglab.name", name);
    const join = state.seats.findIndex((s) => s.kind === "human");
    const body = {
      game: game.id,
      seats: state.seats.map((s) => (s.kind === "ai" ? { kind: "ai", level: s.level } : { kind: "human" })),
      options: state.options,
      title: form.querySelector("#title").value,
      name,
    };
    if (join >= 0) body.join = join;
    const named = chosenAt(game, state.seats.length).find((f) => f.name === state.format);
    if (named) body.format = named.name;
    else for (const f of game.table_formats || []) for (const o of f.settings) delete body.options[o.name];
    if (state.decks.some((d) => d) && (named || formatAt(game, state.seats.length)).decks) body.decks = state.decks;
    try {
      const created = await api.create(body);
      if (created.joined) seats.set(created.table.id, created.joined.seat, created.joined.token);
      go(`/table/${created.table.id}`);
    } catch (error) {
      toast(error.message);
    }
  });
  reset();
  return { form, redraw: draw };
}

// Starting from a position: a shipped puzzle of the chosen game (its title and goal
// shown) or a pasted scenario file. The server seats you as the solver and the
// computer, at the level chosen, in the other seats; a refusal is its one line.
function positionForm(games, go) {
  let game = games[0];
  let puzzles = [];
  let level = "normal";
  const box = h("section", { id: "from-position", class: "create position" });
  const text = h("textarea", { id: "scenario-text", rows: 6, placeholder: 'game = "pm"', spellcheck: false });
  const error = h("p", { class: "error", id: "position-error", role: "alert", hidden: true });

  async function start(scenario) {
    const named = document.getElementById("name");
    const name = (named ? named.value : localStorage.getItem("tcglab.name") || "").trim();
    error.hidden = true;
    try {
      const created = await api.create({ scenario, level, name });
      if (created.joined) seats.set(created.table.id, created.joined.seat, created.joined.token);
      go(`/table/${created.table.id}`);
    } catch (failure) {
      error.textContent = failure.message;
      error.hidden = false;
    }
  }

  function puzzleItem(puzzle) {
    return h(
      "li",
      { class: "puzzle", "data-puzzle": puzzle.name, title: puzzle.about },
      h("strong", {}, puzzle.title),
      puzzle.goal ? h("div", { class: "small goal-text" }, t("goalIs", { text: inLanguage(puzzle.goal.text) })) : null,
      h("button", { type: "button", class: "puzzle-go", onclick: () => start({ puzzle: puzzle.name }) }, t("puzzleGo")),
    );
  }

  function draw() {
    if (!game.levels.includes(level)) level = game.levels[0];
    clear(
      box,
      h("h2", {}, t("fromPosition")),
      h("label", {}, t("game"), h("select", { id: "position-game", onchange: (e) => { game = games.find((g) => g.id === e.target.value); load(); } },
        games.map((g) => h("option", { value: g.id, selected: g === game }, gameName(g.name))))),
      h("label", {}, t("computerLevel"), h("select", { id: "position-level", onchange: (e) => (level = e.target.value) },
        game.levels.map((l) => h("option", { value: l, selected: l === level }, t(l))))),
      h("h3", {}, t("puzzles")),
      puzzles.length ? h("ul", { class: "puzzles" }, puzzles.map(puzzleItem)) : h("p", { class: "empty" }, t("noPuzzles")),
      h("label", {}, t("pasteScenario"), text),
      h("button", { type: "button", id: "scenario-go", onclick: () => start({ text: text.value }) }, t("scenarioGo")),
      error,
    );
  }

  async function load() {
    try {
      puzzles = await api.puzzles(game.id);
    } catch (failure) {
      puzzles = [];
      toast(failure.message);
    }
    draw();
  }

  load();
  return { box, redraw: draw };
}

// What a table of `players` plays, as the server declares it: one game, or a format
// played as one table (a Pretty Good Tactics draft), and whether it takes decks.
function formatAt(game, players) {
  return game.formats.find((f) => f.players === players);
}

// The table formats a table of `players` may be played as when asked for by name
// (Higurashi's championship), beside what the count plays anyway.
function chosenAt(game, players) {
  return (game.table_formats || []).filter((f) => f.players.includes(players));
}

// A player count, with what it plays where the counts of this game play different things.
function playersLabel(game, n) {
  if (game.formats.every((f) => f.name === game.formats[0].name)) return String(n);
  return `${n} — ${inLanguage(formatAt(game, n).title)}`;
}

function inLanguage(text) {
  return text[language()] ?? text.en;
}

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

const PAGE = 10; // tables shown per list

// One list of the lobby (open, running or finished tables): a page of them at a time,
// newest first, with buttons to the newer and older pages.
function tableList(status, games, go) {
  const box = h("section", { class: `list-${status}` });
  let offset = 0;
  let shown = null;

  function draw() {
    const { tables, total } = shown;
    const pager =
      total > PAGE
        ? h(
            "div",
            { class: "pager" },
            h("button", { type: "button", class: "newer", disabled: offset === 0, onclick: () => turn(-PAGE) }, t("newer")),
            h("span", { class: "small page-of" }, t("pageOf", { from: offset + 1, to: offset + tables.length, n: total })),
            h("button", { type: "button", class: "older", disabled: offset + PAGE >= total, onclick: () => turn(PAGE) }, t("older")),
          )
        : null;
    clear(
      box,
      h("h2", {}, t(status), total ? h("span", { class: "count" }, ` (${total})`) : null),
      tables.length ? h("ul", { class: "tables" }, tables.map((tb) => tableRow(tb, games, go))) : h("p", { class: "empty" }, t("none")),
      pager,
    );
  }

  async function load(game) {
    let page = await api.tables({ status, game, offset, limit: PAGE });
    if (offset > 0 && offset >= page.total) {
      offset = Math.max(0, Math.floor((page.total - 1) / PAGE) * PAGE); // tables left: the last page
      page = await api.tables({ status, game, offset, limit: PAGE });
    }
    shown = page;
    draw();
  }

  function turn(by) {
    offset = Math.max(0, offset + by);
    list.refresh().catch((error) => toast(error.message));
  }

  const list = {
    box,
    game: "",
    reset() {
      offset = 0;
    },
    async refresh() {
      await load(list.game);
    },
    redraw() {
      if (shown) draw();
    },
  };
  return list;
}

export async function showLobby(main, go) {
  const games = await api.games();
  const lists = ["open", "running", "finished"].map((status) => tableList(status, games, go));
  const filter = h(
    "select",
    {
      id: "list-game",
      "aria-label": t("game"),
      onchange: () => {
        for (const list of lists) {
          list.game = filter.value;
          list.reset();
        }
        refresh();
      },
    },
    h("option", { value: "" }, t("allGames")),
    games.map((g) => h("option", { value: g.id }, gameName(g.name))),
  );
  const listBox = h("div", { class: "lists" }, h("div", { class: "list-filter" }, filter), lists.map((l) => l.box));
  const { form, redraw } = createForm(games, go);
  const position = positionForm(games, go);
  const page = h("div", { class: "lobby" }, h("div", { class: "lobby-forms" }, form, position.box), listBox);
  clear(main, page);

  let failed = false;
  async function refresh() {
    try {
      await Promise.all(lists.map((list) => list.refresh()));
      failed = false;
    } catch (error) {
      if (!failed) toast(error.message); // once, not every few seconds while it lasts
      failed = true;
    }
  }
  await refresh();
  const timer = setInterval(() => (page.isConnected ? refresh() : stop()), 4000);
  const unlisten = onLanguage(() => {
    if (!page.isConnected) return stop();
    redraw();
    position.redraw();
    filter.options[0].textContent = t("allGames");
    for (const option of [...filter.options].slice(1)) {
      option.textContent = gameName(games.find((g) => g.id === option.value).name);
    }
    for (const list of lists) list.redraw();
  });
  function stop() {
    clearInterval(timer);
    unlisten();
  }
}
