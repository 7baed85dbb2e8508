// What a card face shows, read from the printed card data the server sends
// (`/api/games/<game>/cards`): the numbers in its corners and foot, its keywords and
// abilities as short chips, its text as lines, and the tint of its frame. The four
// games' cards carry different fields, so each describer is chosen by the fields a
// face has.

import { language, t } from "./i18n.js";

// Pretty Good Tactics writes attributes and counter kinds as one kanji each; English
// readers get the word.
const KANJI_EN = {
  火: "Fire",
  水: "Water",
  風: "Wind",
  地: "Earth",
  光: "Light",
  闇: "Dark",
  星: "Star",
  月: "Moon",
  花: "Flower",
  霊: "Spirit",
};
const KANJI = new RegExp(`[${Object.keys(KANJI_EN).join("")}]`, "g");

// In English, the kanji above become words; Japanese stays as printed.
export function local(text) {
  if (!text || language() === "ja") return text || "";
  return String(text).replace(KANJI, (k) => KANJI_EN[k]);
}

const ATTRIBUTE_TINT = { 火: "red", 水: "blue", 風: "green", 地: "brown", 光: "yellow", 闇: "purple" };
const WORK_TINT = { moonlit: "purple", skyport: "blue", starlight: "yellow" };

// A change as players write it: +2, -1.
export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// A chip: its icon, its short label on the field, its full wording (a tooltip, and
// what the inspector shows when `large` is set).
function chip(kind, label, title = "", large = null) {
  return { kind, label, title: title || label, large: large || label };
}

// -- Pretty Good Tactics: abilities ("Ａ：P3D+1 レンジ2", "カウンター P2D+1", "護衛") --

const PGT_KINDS = [
  [/^Ａ：/, "attack"],
  [/^Ｔ：/, "tap"],
  [/^Ｒ：/, "flip"],
  [/^０：/, "free"],
  [/^カウンター/, "counter"],
  [/^イノセンス/, "innocence"],
  [/^護衛/, "guard"],
  [/^耐性/, "resist"],
  [/^.cnt\(/, "tokens"],
];

function pgtKind(ja) {
  for (const [pattern, kind] of PGT_KINDS) if (pattern.test(ja)) return kind;
  return "ability";
}

// The dice part of an ability, compact: "P3D+1 R2 ×2".
function pgtCode(ja) {
  const dice = /[PM](\(.\))?\d+D([+-]\d+)?/.exec(ja);
  if (!dice) return "";
  const range = /レンジ(\d)/.exec(ja);
  const targets = /対象(\d)/.exec(ja);
  return [local(dice[0]), range ? `R${range[1]}` : "", targets ? `×${targets[1]}` : ""].filter(Boolean).join(" ");
}

function pgtChip(ja, en) {
  const kind = pgtKind(ja);
  const ownWords = language() === "ja" ? ja : local(en);
  const after = (text) => text.split(/[：:]/).slice(1).join(":").trim();
  switch (kind) {
    case "attack":
      return chip(kind, pgtCode(ja), ownWords, ownWords);
    case "counter":
    case "innocence":
      return chip(kind, `${t(`kw_${kind}`)} ${pgtCode(ja)}`, ownWords, ownWords);
    case "guard":
      return chip(kind, t("kw_guard"), ownWords, ownWords);
    case "resist": {
      const m = /耐性\((.)\)([+-]\d+)/.exec(ja);
      return chip(kind, m ? `${t("kw_resist")} ${local(m[1])}${m[2]}` : t("kw_resist"), ownWords, ownWords);
    }
    case "tokens": {
      const m = /^(.)cnt\((\d)\)/.exec(ja);
      const what = language() === "ja" ? after(ja) : after(local(en));
      return chip(kind, m ? `${local(m[1])}×${m[2]}: ${what}` : what, ownWords, ownWords);
    }
    default:
      return chip(kind, language() === "ja" ? after(ja) : after(local(en)) || ownWords, ownWords, ownWords);
  }
}

const pgt = {
  tint: (info) => ATTRIBUTE_TINT[info.attribute] || "grey",
  corners: (info) => [num("score", info.score, "★")],
  foot: (info, stats) => [num("pdef", pick(stats, info, "pdef"), "P"), num("mdef", pick(stats, info, "mdef"), "M")],
  // Each ability is a chip; its full wording is the chip's title (and the inspector's
  // text), so the abilities are not repeated as lines.
  chips: (info) => info.abilities.map((ja, i) => pgtChip(ja, (info.abilities_en || [])[i] || ja)),
  lines: () => [],
  sub: (info) => local(info.attribute || ""),
};

// -- Precious Memories: keywords in brackets, a [phase/turn] tag, work and traits ------

const PM_COST = /^〔(赤|青|黄|緑)?\d+〕$|^〔休息〕$/;

function pmChips(info) {
  const text = language() === "ja" ? info.text_ja || "" : info.text || "";
  const chips = [];
  if (info.kind && info.kind !== "character") chips.push(chip(info.kind === "event" ? "event" : "support", t(`kind_${info.kind}`)));
  const keywords = language() === "ja" ? text.match(/〔[^〕]+〕/g) || [] : text.match(/\[[^\]/]+\]/g) || [];
  for (const k of keywords) if (!PM_COST.test(k)) chips.push(chip("keyword", k.slice(1, -1)));
  const tag = /\[([^\]]+\/[^\]]+)\]/.exec(text);
  if (tag) chips.push(chip("clock", tag[1]));
  return chips;
}

const pm = {
  tint: (info) => info.colour || "grey",
  corners: (info, stats) => [num("cost", pick(stats, info, "cost"), "")],
  foot: (info, stats) => [
    num("source", info.source, "S"),
    num("ap", pick(stats, info, "ap"), "AP"),
    num("dp", pick(stats, info, "dp"), "DP"),
  ],
  chips: pmChips,
  // On the field the keywords are chips already: the text shows what is left.
  lines: (info, large) => {
    const text = language() === "ja" ? info.text_ja || "" : info.text || "";
    const rest = large ? text : text.replace(/〔[^〕]+〕|\[[^\]/]+\]/g, (k) => (PM_COST.test(k) ? k : "")).trim();
    return [rest].filter(Boolean);
  },
  sub: (info) => [info.work, (info.traits || []).join(" · ")].filter(Boolean).join(" — "),
};

// -- Princess Scramble: an ability with its cost, support tiers, timings --------------

function tiers(info) {
  return (info.support || []).map((s, i) => `${i + 1}: T+${s.technique} G+${s.guard}`).join("  ");
}

function psChips(info) {
  const chips = [];
  const ja = language() === "ja";
  if (info.kind === "event") chips.push(chip("event", t(`timing_${info.timing}`) || info.timing));
  if (info.ability) {
    const a = info.ability;
    const kind = a.cost === "exhaust" ? "tap" : a.timing === "battle" ? "attack" : "ability";
    chips.push(chip(kind, ja ? a.name_ja || a.name : a.name, ja ? a.text_ja || a.text : a.text));
  }
  if (info.support && info.support.length) {
    const words = `${t("kw_support")} ${tiers(info)}`;
    chips.push(chip("support", tiers(info), words, words));
  }
  return chips;
}

const ps = {
  tint: (info) => WORK_TINT[info.work] || "grey",
  corners: (info) => [num("level", info.level, "Lv")],
  foot: (info, stats) => [
    num("technique", pick(stats, info, "technique"), "T"),
    num("sense", pick(stats, info, "sense"), "S"),
    num("life", pick(stats, info, "life"), "♥"),
  ],
  chips: psChips,
  lines: (info) => {
    const ja = language() === "ja";
    const lines = [];
    if (info.ability) {
      const a = info.ability;
      lines.push(`${ja ? a.name_ja || a.name : a.name}: ${ja ? a.text_ja || a.text : a.text}`);
    }
    const text = ja ? info.text_ja || info.text : info.text || info.text_ja;
    if (text) lines.push(text);
    return lines;
  },
  sub: (info) => (language() === "ja" ? info.title_ja || info.title : info.title) || "",
};

// -- Higurashi: characters with attack, defence and points; events with a timing ------

const higurashi = {
  tint: (info) => info.colour || "grey",
  corners: (info) => [num("points", info.points, "pt")],
  foot: (info, stats) => [num("attack", pick(stats, info, "attack"), "A"), num("defence", pick(stats, info, "defence"), "D")],
  chips: (info) =>
    info.timing
      ? [chip("clock", t(`timing_${info.timing}`)), chip("target", t(`area_${info.area}`))].filter((c) => c.label)
      : [],
  lines: (info) => [language() === "ja" ? info.text_ja || info.text : info.text || info.text_ja].filter(Boolean),
  sub: () => "",
};

const generic = {
  tint: (info) => info.colour || "grey",
  corners: () => [],
  foot: () => [],
  chips: () => [],
  lines: (info) => [info.text || ""].filter(Boolean),
  sub: () => "",
};

function pick(stats, info, key) {
  return stats && key in stats && stats[key] !== undefined ? stats[key] : info[key];
}

// A number on a face: where it is printed and what it is now.
function num(key, value, label) {
  if (value === undefined || value === null || value === "") return null;
  return { key, value, label };
}

export function describe(info) {
  if (Array.isArray(info.abilities)) return pgt;
  if ("source" in info) return pm;
  if ("technique" in info || "ability" in info || "effects" in info) return ps;
  if ("points" in info || "area" in info) return higurashi;
  return generic;
}
