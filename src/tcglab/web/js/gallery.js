// The card gallery: every card of a game's printed set as a readable face, with the
// table's faces and inspector, filtered by work or attribute, card type, cost or
// level, keyword and free text (names and texts in either language) and sorted by cost
// or name. Pages: /cards/<game>, one card large at /cards/<game>/<card-id>, and a kept
// deck at /decks/<id> (editable with its token in the fragment or this browser, else
// the share view). A game played with built decks gets the builder beside the cards.

import { api, cardsOf, keptDecks } from "./api.js";
import { deckBuilder, say } from "./builder.js";
import { cardEl } from "./cards.js";
import { clear, h, toast } from "./dom.js";
import { describe, local } from "./faces.js";
import { gameName, language, nameOf, onLanguage, setLanguage, t } from "./i18n.js";
import { inspectCards } from "./inspect.js";

const main = document.getElementById("main");
const where = document.getElementById("where");
const langButton = document.getElementById("lang");

// Which printed field is a card's group (work, attribute, colour) and its cost (cost,
// level, score, points): the first the game's cards carry.
const GROUP_FIELDS = ["work", "attribute", "colour"];
const COST_FIELDS = ["cost", "level", "score", "points"];
// Chips whose own words are the keyword; the others are named by their kind.
const WORDED_CHIPS = new Set(["keyword", "clock"]);

function facetsOf(cards) {
  const list = Object.values(cards);
  const first = (fields) => fields.find((f) => list.some((c) => c[f] !== undefined && c[f] !== ""));
  const group = first(GROUP_FIELDS);
  return {
    group,
    cost: first(COST_FIELDS),
    groupLabel: (info) => local(String(info[group] ?? "—")),
    tint: (info) => describe(info).tint(info),
  };
}

function typeOf(info) {
  return info.kind || (info.timing ? "event" : "character");
}

function typeLabel(type) {
  return t(`kind_${type}`);
}

function keywordsOf(info) {
  const chips = describe(info).chips(info);
  return [...new Set(chips.map((c) => (WORDED_CHIPS.has(c.kind) ? c.label : kindWord(c.kind))))];
}

function kindWord(kind) {
  const word = t(`kw_${kind}`);
  return word === `kw_${kind}` ? (t(`kind_${kind}`) === `kind_${kind}` ? kind : t(`kind_${kind}`)) : word;
}

// Everything a free-text search looks in: names and texts in both languages.
function searchText(info) {
  return JSON.stringify(info).toLowerCase();
}

function choices(values, label, current) {
  return [
    h("option", { value: "" }, `${label}: ${say("any")}`),
    values.map((v) => h("option", { value: v.value, selected: v.value === current }, v.label)),
  ];
}

function distinct(cards, read) {
  const seen = new Map();
  for (const info of Object.values(cards)) for (const v of [read(info)].flat()) if (v !== undefined && v !== "") seen.set(String(v), v);
  return [...seen.values()];
}

function filterBar(cards, facets, filter, redraw) {
  const field = (key, label, values) =>
    values.length > 1
      ? h(
          "select",
          { class: `filter-${key}`, "aria-label": label, onchange: (e) => ((filter[key] = e.target.value), redraw()) },
          choices(values, label, filter[key]),
        )
      : null;
  const groups = facets.group ? distinct(cards, (c) => c[facets.group]).sort() : [];
  const costs = facets.cost ? distinct(cards, (c) => c[facets.cost]).sort((a, b) => Number(a) - Number(b)) : [];
  const types = distinct(cards, typeOf).sort();
  const keywords = distinct(cards, keywordsOf).sort((a, b) => a.localeCompare(b));
  return h(
    "div",
    { class: "gallery-filters" },
    h("input", {
      type: "search", class: "filter-text", placeholder: say("search"), "aria-label": say("search"), value: filter.text,
      oninput: (e) => ((filter.text = e.target.value), redraw()),
    }),
    field("group", say("group"), groups.map((g) => ({ value: String(g), label: local(String(g)) }))),
    field("type", say("type"), types.map((v) => ({ value: v, label: typeLabel(v) }))),
    field("cost", say("cost"), costs.map((v) => ({ value: String(v), label: String(v) }))),
    field("keyword", say("keyword"), keywords.map((k) => ({ value: k, label: k }))),
    h(
      "select",
      { class: "sort", "aria-label": say("sort"), onchange: (e) => ((filter.sort = e.target.value), redraw()) },
      h("option", { value: "cost", selected: filter.sort === "cost" }, say("byCost")),
      h("option", { value: "name", selected: filter.sort === "name" }, say("byName")),
    ),
  );
}

function shownCards(cards, facets, filter) {
  const text = filter.text.trim().toLowerCase();
  const list = Object.values(cards).filter(
    (info) =>
      (!filter.group || String(info[facets.group]) === filter.group) &&
      (!filter.type || typeOf(info) === filter.type) &&
      (!filter.cost || String(info[facets.cost]) === filter.cost) &&
      (!filter.keyword || keywordsOf(info).includes(filter.keyword)) &&
      (!text || searchText(info).includes(text)),
  );
  const byName = (a, b) => nameOf(a).localeCompare(nameOf(b), language());
  const byCost = (a, b) => Number(a[facets.cost] ?? 0) - Number(b[facets.cost] ?? 0) || a.id.localeCompare(b.id);
  return list.sort(filter.sort === "name" ? byName : byCost);
}

function tile(game, info, builder) {
  const count = builder ? builder.count(info.id) : 0;
  return h(
    "div",
    { class: "gallery-tile", "data-card": info.id },
    cardEl(info, { ref: info.id }),
    h(
      "div",
      { class: "tile-foot" },
      h("a", { href: `/cards/${game.id}/${encodeURIComponent(info.id)}`, class: "tile-open", title: say("open") }, info.id),
      count ? h("span", { class: "tile-count" }, `×${count}`) : null,
    ),
  );
}

async function showGallery(game, cards, kept = null, token = null) {
  const facets = facetsOf(cards);
  const filter = { text: "", group: "", type: "", cost: "", keyword: "", sort: "cost" };
  const grid = h("div", { class: "gallery-grid" });
  const count = h("p", { class: "small gallery-count" });
  const bar = h("div");
  const prebuilt = game.decks.length ? await api.decks(game.id) : {};
  let builder = null;

  function drawGrid() {
    const shown = shownCards(cards, facets, filter);
    count.textContent = say("shown", { n: shown.length, all: Object.keys(cards).length });
    clear(grid, shown.map((info) => tile(game, info, builder)));
  }
  function drawAll() {
    clear(bar, filterBar(cards, facets, filter, drawGrid));
    drawGrid();
    if (builder) builder.redraw();
  }
  if (game.decks.length) {
    builder = deckBuilder(game, cards, facets, { kept, token, prebuilt, changed: () => drawGrid() });
  }
  // With the builder, a click adds the card; a tap opens it with an "add" button.
  let inspected = null;
  inspectCards(grid, {
    actionsOf: (card) => {
      inspected = card;
      return builder && builder.editable() ? [{ id: "add", label: say("add") }] : [];
    },
    play: (card) => builder.add(card.dataset.card),
    act: () => builder.add(inspected.dataset.card),
  });
  where.textContent = `${gameName(game.name)} — ${say("cards")}`;
  clear(
    main,
    h(
      "div",
      { class: `gallery-page${builder ? " with-builder" : ""}` },
      h("section", { class: "gallery", "aria-label": say("cards") }, bar, count, grid),
      builder ? builder.panel : null,
    ),
  );
  drawAll();
  return drawAll;
}

function showCard(game, cards, id) {
  const info = cards[id];
  if (!info) throw new Error(`no card ${id} in ${game.id}`);
  const facets = facetsOf(cards);
  const facts = [
    ["ID", info.id],
    [say("group"), facets.group ? local(String(info[facets.group] ?? "")) : ""],
    [say("type"), typeLabel(typeOf(info))],
    [say("cost"), facets.cost ? info[facets.cost] : ""],
    [say("keyword"), keywordsOf(info).join(", ")],
  ].filter(([, v]) => v !== "" && v !== undefined);
  where.textContent = `${gameName(game.name)} — ${nameOf(info)}`;
  clear(
    main,
    h(
      "div",
      { class: "card-page" },
      h("a", { href: `/cards/${game.id}`, class: "button back-to-gallery" }, say("back")),
      h(
        "div",
        { class: "inspect-view" },
        cardEl(info, { large: true }),
        h(
          "div",
          { class: "inspect-info" },
          h("h2", {}, nameOf(info)),
          h("p", { class: "small" }, language() === "ja" ? info.name : info.name_ja),
          h("dl", { class: "card-facts" }, facts.map(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v))])),
        ),
      ),
    ),
  );
}

async function route() {
  const games = await api.games();
  const cardPath = /^\/cards\/([\w-]+)(?:\/([^/]+))?$/.exec(location.pathname);
  const deckPath = /^\/decks\/([\w-]+)$/.exec(location.pathname);
  if (deckPath) {
    const kept = await api.keptDeck(deckPath[1]);
    const fragment = new URLSearchParams(location.hash.slice(1)).get("token");
    const mine = keptDecks.get(kept.id);
    const token = fragment || (mine && mine.token) || null;
    if (token) keptDecks.set({ id: kept.id, game: kept.game, name: kept.name, token, legal: kept.legal });
    const game = games.find((g) => g.id === kept.game);
    return showGallery(game, await cardsOf(game.id), kept, token);
  }
  const game = cardPath && games.find((g) => g.id === cardPath[1]);
  if (!game) throw new Error(`no game ${cardPath ? cardPath[1] : ""}; games: ${games.map((g) => g.id).join(", ")}`);
  const cards = await cardsOf(game.id);
  if (cardPath[2]) {
    const id = decodeURIComponent(cardPath[2]);
    showCard(game, cards, id);
    return () => showCard(game, cards, id);
  }
  return showGallery(game, cards);
}

function drawHeader() {
  langButton.textContent = language() === "ja" ? "English" : "日本語";
  document.documentElement.lang = language();
}

langButton.addEventListener("click", () => setLanguage(language() === "ja" ? "en" : "ja"));
drawHeader();
route()
  .then((redraw) => onLanguage(() => (drawHeader(), redraw())))
  .catch((error) => {
    clear(main, h("p", { class: "error" }, error.message), h("a", { href: "/" }, t("toLobby")));
    toast(error.message);
  });
