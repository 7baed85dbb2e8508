// The deck builder beside the gallery: a deck as counts of card ids, checked live by
// the game's own rules (the server's check_deck), its cost or level curve and its mix
// of works or colours as bars, the `count card-id` list the command line reads in and
// out, a start from a prebuilt deck, and the deck kept on the server (POST to keep,
// PUT with the edit token to change it, DELETE with it to delete it; the token stays
// in this browser).

import { api, deckTrials, keptDecks, seats } from "./api.js";
import { ask, clear, h, toast } from "./dom.js";
import { language, nameOf } from "./i18n.js";

// The words of the gallery and the builder.
const WORDS = {
  en: {
    cards: "Cards",
    search: "Search names and texts",
    any: "any",
    group: "Work / attribute",
    type: "Card type",
    cost: "Cost / level",
    keyword: "Keyword",
    sort: "Sort",
    byCost: "by cost",
    byName: "by name",
    shown: "{n} of {all} cards",
    open: "Open large",
    back: "◀ All cards",
    add: "Add to the deck",
    deck: "Deck",
    deckName: "Deck name",
    untitled: "My deck",
    startFrom: "Start from…",
    empty: "Click cards to add them.",
    cardsIn: "{n} cards",
    legal: "Legal deck: {n} cards",
    curve: "Curve",
    mix: "Mix",
    text: "Deck list (count card-id)",
    importText: "Import",
    save: "Save",
    saved: "Saved",
    draft: "Saved as a draft: it cannot be played until it is legal.",
    shareLink: "Share link (read-only)",
    editLink: "Your edit link (keep it secret)",
    play: "Play against the computer",
    test: "Test this deck",
    testing: "Testing: {done} of {total} games",
    tested: "Against each prebuilt deck, {games} games each (both sides the computer's normal player):",
    testRow: "vs {deck}: {rate} ({low}–{high}, n={n})",
    testSkipped: "vs {deck}: not played ({why})",
    cancel: "Cancel",
    cancelled: "Test cancelled after {done} games.",
    copy: "Copy into a new deck",
    delete: "Delete",
    deleteTitle: "Delete this deck?",
    deleteText: "The deck is deleted from the server: its share and edit links stop working. Tables already playing it play on. Its cards stay here until you leave the page.",
    deleteGo: "Delete the deck",
    keepIt: "Keep it",
    deleted: "Deck deleted. Save keeps these cards as a new deck.",
    readOnly: "A shared deck: copy it to change it.",
    clearDeck: "Empty",
    fewer: "one fewer",
    more: "one more",
    entries: "{n} different cards",
    keptDecks: "Decks you kept",
    draftDeck: "draft",
    buildDeck: "Build a deck…",
  },
  ja: {
    cards: "カード",
    search: "名前とテキストを検索",
    any: "すべて",
    group: "作品・属性",
    type: "カードの種類",
    cost: "コスト・レベル",
    keyword: "キーワード",
    sort: "並べ替え",
    byCost: "コスト順",
    byName: "名前順",
    shown: "{all}枚中{n}枚",
    open: "大きく表示",
    back: "◀ カード一覧",
    add: "デッキに入れる",
    deck: "デッキ",
    deckName: "デッキ名",
    untitled: "マイデッキ",
    startFrom: "構築済みデッキから…",
    empty: "カードをクリックするとデッキに入ります。",
    cardsIn: "{n}枚",
    legal: "使えるデッキ：{n}枚",
    curve: "コスト分布",
    mix: "構成",
    text: "デッキリスト（枚数 カードID）",
    importText: "読み込む",
    save: "保存",
    saved: "保存しました",
    draft: "下書きとして保存しました。正しいデッキになるまで対戦には使えません。",
    shareLink: "共有リンク（閲覧のみ）",
    editLink: "編集リンク（他人に教えないこと）",
    play: "コンピューターと対戦",
    test: "このデッキを試す",
    testing: "試験中：{total}戦のうち{done}戦",
    tested: "各構築済みデッキと{games}戦ずつ（両者ともコンピューターの標準の打ち手）：",
    testRow: "{deck}戦：{rate}（{low}〜{high}、{n}戦）",
    testSkipped: "{deck}戦：対戦できません（{why}）",
    cancel: "中止",
    cancelled: "{done}戦で試験を中止しました。",
    copy: "コピーして新しいデッキに",
    delete: "削除",
    deleteTitle: "このデッキを削除しますか？",
    deleteText: "デッキをサーバーから削除します。共有リンクと編集リンクは使えなくなります。このデッキで対戦中の卓はそのまま続きます。カードはこのページを離れるまで残ります。",
    deleteGo: "デッキを削除",
    keepIt: "残す",
    deleted: "デッキを削除しました。保存すると、このカードで新しいデッキになります。",
    readOnly: "共有されたデッキです。変えるにはコピーしてください。",
    clearDeck: "空にする",
    fewer: "1枚減らす",
    more: "1枚増やす",
    entries: "{n}種類のカード",
    keptDecks: "保存したデッキ",
    draftDeck: "下書き",
    buildDeck: "デッキを組む…",
  },
};

export function say(key, values = {}) {
  const text = WORDS[language()][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");
}

// The decks a seat may be given, as a select's options: the game's prebuilt decks and
// the decks this browser kept for it (a draft shown, not chosen). `deckOf` reads the
// value chosen as the server takes it: null (the default), a name or {kept: id}.
export function deckOptions(game) {
  const kept = keptDecks.all(game.id);
  return [
    game.decks.map((name) => h("option", { value: name }, name)),
    kept.length
      ? h(
          "optgroup",
          { label: say("keptDecks") },
          kept.map((d) => h("option", { value: `kept:${d.id}`, disabled: !d.legal }, d.legal ? d.name : `${d.name} (${say("draftDeck")})`)),
        )
      : null,
  ];
}

export function deckOf(value) {
  if (!value) return null;
  return value.startsWith("kept:") ? { kept: value.slice(5) } : value;
}

// A deck list's counts by card id, in the order of its lines (ids as the cards name
// them; a line that names no card is left for the server's check to word).
export function readList(text, cards) {
  const counts = new Map();
  for (const raw of text.split("\n")) {
    const parts = raw.split("#")[0].trim().split(/\s+/).filter(Boolean);
    if (!parts.length) continue;
    const [count, written] = parts.length === 1 ? ["1", parts[0]] : parts;
    const id = cards[written] ? written : written.toUpperCase();
    const n = Number(count);
    if (!cards[id] || !Number.isInteger(n) || n < 1) continue;
    counts.set(id, (counts.get(id) || 0) + Math.min(n, 99));
  }
  return counts;
}

export function writeList(counts) {
  return [...counts].map(([id, n]) => `${n} ${id}`).join("\n");
}

function bars(title, rows, cls) {
  const most = Math.max(1, ...rows.map((r) => r.n));
  return h(
    "figure",
    { class: `deck-chart ${cls}` },
    h("figcaption", {}, title),
    h(
      "div",
      { class: "bars" },
      rows.map((r) =>
        h(
          "div",
          { class: "bar", title: `${r.label}: ${r.n}` },
          h("span", { class: "bar-n" }, r.n ? String(r.n) : ""),
          h("span", { class: `bar-fill ${r.tint ? `tint-${r.tint}` : ""}`, style: `--share: ${r.n / most}` }),
          h("span", { class: "bar-label" }, r.label),
        ),
      ),
    ),
  );
}

// The builder of one game: `facets` tells which fields are a card's cost and group,
// `kept` is the kept deck opened ({id, name, text, legal, problems}) with its `token`
// when this browser may edit it. `changed()` is told after every change of the deck.
export function deckBuilder(game, cards, facets, { kept = null, token = null, prebuilt = {}, changed = () => {} }) {
  const deck = {
    counts: kept ? readList(kept.text, cards) : new Map(),
    name: kept ? kept.name : "",
    id: kept ? kept.id : null,
    token,
    readOnly: Boolean(kept) && !token,
  };
  const panel = h("aside", { class: "builder", id: "builder", "aria-label": say("deck") });
  const problems = h("ul", { class: "problems deck-problems", "aria-live": "polite" });
  let checking = null;
  // The list of the deck's cards starts open where there is room beside the gallery.
  let listOpen = matchMedia("(min-width: 761px)").matches;

  function add(id, by = 1) {
    if (deck.readOnly || !cards[id]) return;
    const n = (deck.counts.get(id) || 0) + by;
    if (n > 0) deck.counts.set(id, n);
    else deck.counts.delete(id);
    draw();
  }

  function size() {
    let n = 0;
    for (const count of deck.counts.values()) n += count;
    return n;
  }

  function sorted() {
    const cost = (id) => Number(cards[id][facets.cost] ?? 0);
    return [...deck.counts].sort(([a], [b]) => cost(a) - cost(b) || nameOf(cards[a]).localeCompare(nameOf(cards[b])));
  }

  // The game's own check, a moment after the last change: every problem in words.
  function check() {
    clearTimeout(checking);
    checking = setTimeout(async () => {
      try {
        const reply = await api.checkDeck(game.id, writeList(deck.counts));
        clear(problems, reply.ok ? h("li", { class: "ok" }, say("legal", { n: reply.cards })) : reply.problems.map((p) => h("li", {}, p)));
        panel.dataset.legal = String(reply.ok);
      } catch (error) {
        clear(problems, h("li", {}, error.message));
      }
    }, 150);
  }

  function charts() {
    const values = [...new Set(Object.values(cards).map((c) => c[facets.cost]).filter((v) => v !== undefined))];
    values.sort((a, b) => Number(a) - Number(b));
    const curve = new Map(values.map((v) => [v, 0]));
    const mix = new Map();
    for (const [id, n] of deck.counts) {
      const info = cards[id];
      curve.set(info[facets.cost], (curve.get(info[facets.cost]) || 0) + n);
      const group = facets.groupLabel(info);
      const entry = mix.get(group) || { label: group, n: 0, tint: facets.tint(info) };
      if (entry.tint !== facets.tint(info)) entry.tint = null; // a group of mixed colours
      entry.n += n;
      mix.set(group, entry);
    }
    return h(
      "div",
      { class: "deck-charts" },
      bars(say("curve"), [...curve].map(([v, n]) => ({ label: String(v), n })), "curve"),
      bars(say("mix"), [...mix.values()].sort((a, b) => b.n - a.n), "mix"),
    );
  }

  async function save() {
    const body = { name: deck.name.trim() || say("untitled"), text: writeList(deck.counts) };
    try {
      const reply = deck.id
        ? await api.editDeck(deck.id, { ...body, token: deck.token })
        : await api.keepDeck({ ...body, game: game.id });
      if (reply.token) {
        deck.id = reply.id;
        deck.token = reply.token;
        history.replaceState(null, "", `/decks/${reply.id}#token=${reply.token}`);
      }
      keptDecks.set({ id: reply.id, game: game.id, name: reply.name, token: deck.token, legal: reply.legal });
      toast(reply.legal ? say("saved") : say("draft"));
      draw();
    } catch (error) {
      toast(error.message);
    }
  }

  async function play() {
    try {
      const name = localStorage.getItem("tcglab.name") || "";
      const created = await api.create({
        game: game.id,
        seats: [{ kind: "human" }, { kind: "ai", level: "normal" }],
        join: 0,
        name,
        decks: [{ kept: deck.id }, null],
      });
      seats.set(created.table.id, created.joined.seat, created.joined.token);
      location.assign(`/table/${created.table.id}`);
    } catch (error) {
      toast(error.message);
    }
  }

  // "Test this deck": computer games against each prebuilt deck, run by the server
  // (POST /api/decks/<id>/trials), polled while it plays, cancellable. The test is
  // remembered for the deck, so a person who left the page finds it here again.
  const trialBox = h("div", { class: "deck-trial", "aria-live": "polite" });
  let trial = null;

  async function test() {
    try {
      trial = await api.testDeck(deck.id, 50);
      deckTrials.set(deck.id, trial.id);
      follow();
    } catch (error) {
      toast(error.message);
    }
  }

  async function follow() {
    const shown = trial;
    showTrial();
    if (trial.state !== "waiting" && trial.state !== "running") return;
    await new Promise((done) => setTimeout(done, 400));
    if (trial !== shown) return; // another test, or none, is shown now
    try {
      trial = await api.trial(trial.id);
    } catch (error) {
      toast(error.message);
      return;
    }
    follow();
  }

  // The deck's last test, if the server still keeps it (it forgets old ones).
  async function resume() {
    const id = deck.id && deckTrials.get(deck.id);
    if (!id) return;
    try {
      trial = await api.trial(id);
    } catch {
      deckTrials.drop(deck.id);
      return;
    }
    follow();
  }

  async function cancelTrial() {
    try {
      trial = await api.cancelTrial(trial.id);
    } catch (error) {
      toast(error.message);
      return;
    }
    follow(); // a running test stops after its current game
  }

  function showTrial() {
    const pct = (x) => `${Math.round(x * 100)}%`;
    const running = trial.state === "waiting" || trial.state === "running";
    const rows = trial.opponents.filter((r) => r.games).map((r) =>
      h("li", {}, say("testRow", { deck: r.deck, rate: pct(r.rate), low: pct(r.low), high: pct(r.high), n: r.games })));
    // decks it cannot meet (in pgt two decks may share no card), with the game's reason
    const skipped = (trial.skipped || []).map((r) => h("li", { class: "skipped" }, say("testSkipped", r)));
    clear(
      trialBox,
      running
        ? [h("progress", { max: trial.total, value: trial.done }), h("span", { class: "small" }, ` ${say("testing", trial)} `),
           h("button", { type: "button", class: "cancel-test", onclick: cancelTrial }, say("cancel"))]
        : h("p", { class: "help" }, trial.state === "cancelled" ? say("cancelled", trial) : trial.error || say("tested", { games: trial.total / trial.opponents.length })),
      h("ul", { class: "trial-rows" }, rows, skipped),
    );
  }

  function copy() {
    trial = null; // the test was the kept deck's, not this copy's
    clear(trialBox);
    deck.id = deck.token = null;
    deck.readOnly = false;
    history.replaceState(null, "", `/cards/${game.id}`);
    draw();
  }

  // "Delete", after a confirmation: the deck leaves the server and this browser's list;
  // its cards stay in the builder as a deck not kept yet.
  async function remove() {
    const sure = await ask({ id: "delete-deck-dialog", title: say("deleteTitle"), text: say("deleteText"), yes: say("deleteGo"), no: say("keepIt") });
    if (!sure) return;
    try {
      await api.deleteDeck(deck.id, deck.token);
    } catch (error) {
      toast(error.message);
      return;
    }
    keptDecks.drop(deck.id);
    deckTrials.drop(deck.id);
    copy();
    toast(say("deleted"));
  }

  function links() {
    if (!deck.id) return null;
    const share = `${location.origin}/decks/${deck.id}`;
    return h(
      "div",
      { class: "deck-links" },
      h("label", {}, say("shareLink"), h("input", { type: "text", readOnly: true, class: "share-link", value: share })),
      deck.token
        ? h("label", {}, say("editLink"), h("input", { type: "text", readOnly: true, class: "edit-link", value: `${share}#token=${deck.token}` }))
        : null,
    );
  }

  function draw() {
    const text = h("textarea", { rows: 6, class: "deck-list-text", value: writeList(deck.counts), readOnly: deck.readOnly });
    const entries = sorted().map(([id, n]) =>
      h(
        "li",
        { class: "deck-entry", "data-card": id },
        h("span", { class: "deck-count" }, `${n}×`),
        h("span", { class: "deck-card-name" }, nameOf(cards[id])),
        h("span", { class: "small" }, `${facets.cost ? cards[id][facets.cost] ?? "" : ""}`),
        deck.readOnly
          ? null
          : [
              h("button", { type: "button", class: "fewer", "aria-label": say("fewer"), onclick: () => add(id, -1) }, "−"),
              h("button", { type: "button", class: "more", "aria-label": say("more"), onclick: () => add(id, 1) }, "+"),
            ],
      ),
    );
    clear(
      panel,
      h("h2", {}, say("deck"), h("span", { class: "deck-size" }, ` ${say("cardsIn", { n: size() })}`)),
      deck.readOnly ? h("p", { class: "help" }, say("readOnly")) : null,
      h("input", {
        type: "text", class: "deck-name", maxLength: 64, value: deck.name, placeholder: say("untitled"),
        "aria-label": say("deckName"), readOnly: deck.readOnly, oninput: (e) => (deck.name = e.target.value),
      }),
      deck.readOnly
        ? null
        : h("div", { class: "deck-tools" },
            h("select", {
              class: "start-from", "aria-label": say("startFrom"),
              onchange: (e) => {
                const ids = prebuilt[e.target.value] || [];
                deck.counts = new Map();
                for (const id of ids) deck.counts.set(id, (deck.counts.get(id) || 0) + 1);
                if (!deck.name) deck.name = e.target.value;
                draw();
              },
            }, h("option", { value: "" }, say("startFrom")), Object.keys(prebuilt).sort().map((n) => h("option", { value: n }, n))),
            h("button", { type: "button", class: "empty-deck", onclick: () => ((deck.counts = new Map()), draw()) }, say("clearDeck")),
          ),
      problems,
      charts(),
      entries.length
        ? h("details", { class: "deck-entries-box", open: listOpen, ontoggle: (e) => (listOpen = e.target.open) },
            h("summary", {}, say("entries", { n: entries.length })),
            h("ul", { class: "deck-entries" }, entries))
        : h("p", { class: "help" }, say("empty")),
      h("details", { class: "deck-text" },
        h("summary", {}, say("text")),
        text,
        deck.readOnly ? null : h("button", { type: "button", class: "import", onclick: () => ((deck.counts = readList(text.value, cards)), draw()) }, say("importText")),
      ),
      h("div", { class: "deck-buttons" },
        deck.readOnly ? h("button", { type: "button", class: "copy-deck", onclick: copy }, say("copy"))
          : h("button", { type: "button", class: "save-deck", onclick: save }, say("save")),
        deck.id ? h("button", { type: "button", class: "play-deck", onclick: play }, say("play")) : null,
        deck.id ? h("button", { type: "button", class: "test-deck", onclick: test }, say("test")) : null,
        deck.id && deck.token ? h("button", { type: "button", class: "delete-deck danger", onclick: remove }, say("delete")) : null,
      ),
      trialBox,
      links(),
    );
    check();
    changed();
  }

  draw();
  resume();
  return {
    panel,
    add,
    count: (id) => deck.counts.get(id) || 0,
    editable: () => !deck.readOnly,
    redraw: draw,
  };
}
