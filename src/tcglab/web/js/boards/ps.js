// Princess Scramble: per side the characters (exhausted ones turned) with their energy
// and damage, the events on the field, the energy pool and the damage taken.

import { cardById, cardEl, pile, zone } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";

export function refsOf(id, me) {
  const [verb, arg] = id.split(" ");
  if (verb === "play" || verb === "discard") return [`hand:${arg}`];
  if (["attack", "use", "defend"].includes(verb)) return [`s${me}.c${arg}`];
  return [];
}

function character(seat, c) {
  const badge = `${t("damage")} ${c.damage}/${c.life} · ${t("energy")} ${c.energy}`;
  return cardEl(c.card, {
    ref: `s${seat}.c${c.slot}`,
    turned: c.exhausted,
    stats: { technique: c.technique, sense: c.sense, life: c.life },
    badges: h("div", { class: "badge" }, badge, c.sick ? " · zzz" : ""),
  });
}

function sidePanel(obs, side, ctx) {
  const s = side.seat;
  const trashTop = side.trash.length ? cardById(ctx.cards, side.trash[side.trash.length - 1]) : null;
  const head = h(
    "div",
    { class: "seat-head" },
    h("strong", {}, ctx.seatName(s)),
    ` · ${t("damage")} ${side.damage}/${side.life} · ${t("energy")} ${side.free_energy}/${side.energy} · ${t("hand")} ${side.hand_size}`,
  );
  const events = side.events.map((e) =>
    cardEl(e.card, { ref: `s${s}.e${e.slot}`, badges: h("div", { class: "badge" }, `${t("energy")} ${e.energy}`) }),
  );
  const active = obs.current === s;
  return h(
    "section",
    { class: `seat-panel side${active ? " active" : ""}` },
    head,
    h(
      "div",
      { class: "ps-side" },
      zone(t("characters"), side.characters.map((c) => character(s, c)), "grow"),
      zone(t("events"), events, "small"),
      h(
        "div",
        { class: "piles" },
        pile(t("deck"), side.deck),
        pile(t("trash"), side.trash.length, trashTop),
        h("div", { class: "energy", title: t("energy") }, "◆".repeat(side.free_energy) + "◇".repeat(Math.max(0, side.energy - side.free_energy))),
      ),
    ),
  );
}

export function board(obs, ctx) {
  const me = ctx.me ?? 0;
  const mine = obs.seats.find((s) => s.seat === me) || obs.seats[0];
  const parts = obs.seats.filter((s) => s !== mine).map((s) => sidePanel(obs, s, ctx));
  parts.push(h("div", { class: "info mid" }, `${t("turn")} ${obs.turn} · ${obs.step || ""}`));
  parts.push(sidePanel(obs, mine, ctx));
  if (obs.hand) {
    parts.push(zone(t("hand"), obs.hand.map((c) => cardEl(c, { ref: `hand:${c.id}` })), "hand"));
  }
  return h("div", { class: "board ps" }, parts);
}
