// Pretty Good Tactics: each side has a front row (F1-F3) facing the enemy and a back
// row (B1-B3) behind it; tapped characters are turned, face-down ones shown as backs.

import { cardById, cardEl, zone } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

const OWN = new Set(["flip", "keep", "use", "attack", "guard"]);

export function refsOf(id, me) {
  const [verb, arg] = id.split(" ");
  if (verb === "put" && arg) return [`hand:${arg}`];
  if (verb === "target") return [arg];
  if (OWN.has(verb) && /^[FB][1-3]$/.test(arg || "")) return [`P${me + 1}.${arg}`];
  return [];
}

function slot(side, name, unit) {
  const ref = `P${side.seat + 1}.${name}`;
  if (!unit) return h("div", { class: "slot empty-slot", "data-ref": ref }, name);
  const counters = Object.entries(unit.counters || {}).map(([k, v]) => `${k}×${v}`);
  const mods = unit.mods && (unit.mods[0] || unit.mods[1]) ? `P${unit.mods[0]}/M${unit.mods[1]}` : "";
  const badge = [...counters, mods].filter(Boolean).join(" ");
  return h(
    "div",
    { class: "slot" },
    h("div", { class: "slot-name" }, name),
    cardEl(unit.card, {
      ref,
      turned: unit.tapped,
      faceDown: unit.card && !unit.face_up,
      stats: unit.face_up ? { pdef: unit.pdef, mdef: unit.mdef } : {},
      badges: badge ? h("div", { class: "badge" }, badge) : null,
    }),
  );
}

function row(side, names) {
  return h("div", { class: "pgt-row" }, names.map((n) => slot(side, n, side.field[n])));
}

function sidePanel(obs, side, ctx, mine) {
  const front = row(side, ["F1", "F2", "F3"]);
  const back = row(side, ["B1", "B2", "B3"]);
  const head = h(
    "div",
    { class: "seat-head" },
    h("strong", {}, ctx.seatName(side.seat)),
    ` · ${t("score")} ${side.score} · ${t("hand")} ${side.hand_size} · ${t("deck")} ${side.deck_size}`,
  );
  const retired = side.retired_enemies.length
    ? zone(t("retired"), side.retired_enemies.map((id) => cardById(ctx.cards, id)), "small")
    : null;
  const active = obs.turn_player === side.seat;
  const rows = mine ? [front, back] : [back, front];
  return h("section", { class: `seat-panel side${active ? " active" : ""}` }, head, rows, retired);
}

export function board(obs, ctx) {
  const me = ctx.me ?? 0;
  const mine = obs.sides.find((s) => s.seat === me) || obs.sides[0];
  const theirs = obs.sides.filter((s) => s !== mine);
  const parts = theirs.map((s) => sidePanel(obs, s, ctx, false));
  parts.push(
    h("div", { class: "info mid" }, `${t("round")} ${obs.round} · ${t("turn")} ${obs.turn}`),
  );
  parts.push(sidePanel(obs, mine, ctx, true));
  if (obs.hand) {
    parts.push(
      zone(
        t("hand"),
        obs.hand.map((card, i) => cardEl(card, { ref: `hand:H${i + 1}` })),
        "hand",
      ),
    );
  }
  return h("div", { class: "board pgt" }, parts);
}
