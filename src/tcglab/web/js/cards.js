// Card faces and backs, drawn as framed cards (tinted by colour, attribute or work):
// the numbers in round badges, keywords and abilities as chips with icons, the text
// below. `stats` gives the current numbers (changed ones are marked); `marks` are the
// card's state (rested, new, counters ...) shown as badges, over the foot of the face
// or, when there are many (`CROWDED`), in a strip of their own. A rested, tapped,
// exhausted or sideways card is drawn lying down: its frame turns, its text stays
// upright. Every card can be focused and opened in the inspector (inspect.js), which
// reads what the card element keeps in `face`.

import { h } from "./dom.js";
import { describe } from "./faces.js";
import { icon } from "./icons.js";
import { nameOf, t } from "./i18n.js";

// A state badge on a card: `kind` picks its icon; `short` is what a phone shows beside
// the icon (the number, if any: "0/2", "+1"), the label is shown elsewhere.
export function mark(kind, label, short = "") {
  return { kind, label, short };
}

// From this many badges on, a card grows a strip for them rather than cover its text.
const CROWDED = 3;

function numberBadge(n, printed, where) {
  if (!n) return null;
  const changed = printed !== undefined && printed !== null && String(printed) !== String(n.value);
  const up = changed && Number(n.value) > Number(printed);
  const classes = `num num-${n.key} ${where}${changed ? (up ? " up" : " down") : ""}`;
  return h(
    "span",
    { class: classes, title: `${t(`stat_${n.key}`)} ${n.value}${changed ? ` (${t("printed")} ${printed})` : ""}` },
    n.label ? h("small", {}, n.label) : null,
    String(n.value),
  );
}

function chipEl(c, large) {
  return h("span", { class: `chip chip-${c.kind}`, title: c.title }, icon(c.kind), h("span", {}, large ? c.large : c.label));
}

function markEl(m) {
  return h(
    "span",
    { class: `mark mark-${m.kind}`, title: m.label },
    icon(m.kind),
    h("span", { class: "mark-label" }, m.label),
    m.short ? h("span", { class: "mark-short" }, m.short) : null,
  );
}

// The face of a known card. `large` is the inspector's: every chip and line in full.
function face(info, options) {
  const d = describe(info);
  const stats = options.stats || {};
  const corners = d.corners(info, stats);
  const foot = d.foot(info, stats);
  const sub = d.sub(info);
  const lines = d.lines(info, options.large);
  return [
    h(
      "div",
      { class: "top" },
      numberBadge(corners[0], info[corners[0] && corners[0].key], "corner"),
      h("span", { class: "name" }, nameOf(info)),
    ),
    sub ? h("div", { class: "sub" }, sub) : null,
    h("div", { class: "chips" }, d.chips(info).map((c) => chipEl(c, options.large))),
    lines.length ? h("div", { class: "text" }, lines.map((line) => h("p", {}, line))) : null,
    foot.some(Boolean) ? h("div", { class: "foot" }, foot.map((n) => numberBadge(n, n && info[n.key], "stat"))) : null,
  ];
}

export function cardEl(info, options = {}) {
  const { ref, turned, faceDown, title, large } = options;
  const marks = [...(options.marks || [])];
  if (turned) marks.unshift(mark("rested", options.turnedLabel || t("rested")));
  if (faceDown) marks.unshift(mark("down", t("faceDown")));
  const classes = ["card"];
  if (turned) classes.push("turned");
  if (large) classes.push("large");
  if (!info) classes.push("back");
  else classes.push(`tint-${describe(info).tint(info)}`);
  if (faceDown && info) classes.push("known-down");
  if (marks.length >= CROWDED && !large) classes.push("crowded");
  const label = info ? nameOf(info) : t("hiddenCard");
  const attrs = {
    class: classes.join(" "),
    "data-ref": ref,
    title: title ?? label,
    tabindex: large ? null : "0",
    role: large ? null : "button",
    "aria-label": label,
    "data-card": info ? info.id : null,
  };
  const attached = options.attached || [];
  const el = h(
    "div",
    attrs,
    h(
      "div",
      { class: "frame" },
      info ? face(info, options) : h("div", { class: "back-mark" }, "tcg"),
      attached.length
        ? h("div", { class: "attached" }, attached.map((a) => h("span", {}, icon(a.kind || "equip"), nameOf(a.info))))
        : null,
    ),
    marks.length && !large ? h("div", { class: "marks" }, marks.map(markEl)) : null,
  );
  el.face = { info, options: { ...options, marks } };
  return el;
}

// A card given by its id (looked up in the game's printed set) or as its face data.
export function cardById(cards, id, options = {}) {
  return cardEl(cardInfo(cards, id), options);
}

export function cardInfo(cards, id) {
  if (id && typeof id === "object") return id.id && cards[id.id] ? { ...cards[id.id], ...id } : id;
  return cards[id] || (id ? { id, name: id } : null);
}

export function pile(label, count, top = null) {
  return h(
    "div",
    { class: "pile" },
    top || h("div", { class: "card back mini", "aria-hidden": "true" }, h("div", { class: "back-mark" }, "tcg")),
    h("div", { class: "pile-label" }, `${label}: ${count}`),
  );
}

export function zone(label, cards, classes = "") {
  return h(
    "div",
    { class: `zone ${classes}` },
    h("div", { class: "zone-label" }, label),
    h("div", { class: "zone-cards" }, cards.length ? cards : h("span", { class: "empty" }, "—")),
  );
}

// What the inspector shows of a card element: its face at full size, every state
// badge, and the cards attached to it with their text.
export function inspectView(el) {
  const { info, options } = el.face;
  const big = cardEl(info, { ...options, large: true, turned: false, marks: [] });
  const marks = options.marks || [];
  const attached = (options.attached || []).filter((a) => a.info);
  return h(
    "div",
    { class: "inspect-view" },
    big,
    h(
      "div",
      { class: "inspect-info" },
      h("h2", { id: "inspector-title" }, info ? nameOf(info) : t("hiddenCard")),
      info ? null : h("p", {}, t("hiddenCardText")),
      marks.length ? h("ul", { class: "inspect-marks" }, marks.map((m) => h("li", {}, markEl(m)))) : null,
      attached.length
        ? h(
            "section",
            { class: "inspect-attached" },
            h("h3", {}, t("attached")),
            attached.map((a) => h("div", { class: "attached-card" }, cardEl(a.info, { large: true }))),
          )
        : null,
    ),
  );
}
