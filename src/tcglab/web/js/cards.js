// Card faces and backs. A face shows the card's name, its printed numbers and its
// text; `stats` replaces printed numbers with the current ones. Tapped, rested,
// exhausted and sideways cards are drawn turned.

import { h } from "./dom.js";
import { nameOf, t, textOf } from "./i18n.js";

const STATS = [
  ["level", "Lv"],
  ["cost", "C"],
  ["source", "S"],
  ["attack", "A"],
  ["defence", "D"],
  ["ap", "AP"],
  ["dp", "DP"],
  ["technique", "T"],
  ["sense", "Se"],
  ["life", "L"],
  ["pdef", "P"],
  ["mdef", "M"],
  ["score", "★"],
  ["points", "pt"],
];

const COLOURS = new Set(["red", "blue", "green", "yellow", "purple", "white", "black"]);

export function statLine(info, stats = {}) {
  const parts = [];
  for (const [key, label] of STATS) {
    const value = key in stats ? stats[key] : info[key];
    if (value === undefined || value === null || value === "") continue;
    parts.push(h("span", { class: "stat", title: key }, `${label}${value}`));
  }
  return parts;
}

export function cardEl(info, options = {}) {
  const { ref, turned, faceDown, stats, badges, extra, title } = options;
  const classes = ["card"];
  if (turned) classes.push("turned");
  if (!info) classes.push("back");
  if (faceDown && info) classes.push("known-down");
  const colour = info && (info.colour || info.attribute);
  if (colour && COLOURS.has(colour)) classes.push(`c-${colour}`);
  const attrs = { class: classes.join(" "), "data-ref": ref, title };
  if (!info) {
    return h("div", attrs, h("div", { class: "back-mark" }, "tcg"), badges);
  }
  const kind = info.kind ? h("span", { class: "kind" }, info.kind) : null;
  const attribute = info.attribute ? h("span", { class: "attr" }, info.attribute) : null;
  const work = typeof info.work === "string" ? h("div", { class: "work" }, info.work) : null;
  return h(
    "div",
    { ...attrs, "data-card": info.id },
    h("div", { class: "name" }, nameOf(info)),
    h("div", { class: "stats" }, statLine(info, stats || {}), attribute, kind),
    work,
    h("div", { class: "text" }, textOf(info)),
    faceDown ? h("div", { class: "ribbon" }, t("faceDown")) : null,
    extra,
    badges,
  );
}

// A card known only by its id: looked up in the game's printed set.
// A card given by its id (looked up in the game's printed set) or as its face data.
export function cardById(cards, id, options = {}) {
  if (id && typeof id === "object") return cardEl(id.id && cards[id.id] ? { ...cards[id.id], ...id } : id, options);
  const info = cards[id] || (id ? { id, name: id } : null);
  return cardEl(info, options);
}

export function pile(label, count, top = null) {
  return h(
    "div",
    { class: "pile" },
    top || h("div", { class: "card back mini" }, h("div", { class: "back-mark" }, "tcg")),
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
