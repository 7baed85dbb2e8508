// Princess Scramble: per side the characters (exhausted ones lie down) with their
// energy and damage, the events on the field, the energy pool and the damage taken;
// the battle's attacker, defenders and target are marked.

import { cardById, cardEl, mark, pile, zone } from "../cards.js";
import { h } from "../dom.js";
import { nameOf, t } from "../i18n.js";

export function refsOf(id, me) {
  const [verb, arg] = id.split(" ");
  if (verb === "play" || verb === "discard") return [`hand:${arg}`];
  if (["attack", "use", "defend"].includes(verb)) return [`s${me}.c${arg}`];
  return [];
}

function battleMarks(battle, seat, slot) {
  if (!battle) return [];
  const marks = [];
  if (battle.attacker_seat === seat && battle.attacker === slot) marks.push(mark("attack", t("attacking")));
  if (battle.attacker_seat !== seat && (battle.defenders || []).includes(slot)) marks.push(mark("guard", t("defending")));
  if (battle.attacker_seat !== seat && battle.target === slot) marks.push(mark("target", t("targeted")));
  return marks;
}

function character(obs, seat, c) {
  const marks = [
    mark("damage", `${t("damage")} ${c.damage}/${c.life}`, `${c.damage}/${c.life}`),
    mark("energy", `${t("energy")} ${c.energy}`, String(c.energy)),
  ];
  if (c.guard) marks.push(mark("guard", `${t("stat_guard")} +${c.guard}`, `+${c.guard}`));
  if (c.sick) marks.push(mark("sick", t("sick")));
  if (c.ability_used) marks.push(mark("tap", t("abilityUsed")));
  return cardEl(c.card, {
    ref: `s${seat}.c${c.slot}`,
    turned: c.exhausted,
    turnedLabel: t("exhausted"),
    stats: { technique: c.technique, sense: c.sense, life: c.life },
    marks: [...marks, ...battleMarks(obs.battle, seat, c.slot)],
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
    cardEl(e.card, { ref: `s${s}.e${e.slot}`, marks: [mark("energy", `${t("energy")} ${e.energy}`, String(e.energy))] }),
  );
  const active = obs.current === s;
  return h(
    "section",
    { class: `seat-panel side${active ? " active" : ""}` },
    head,
    h(
      "div",
      { class: "ps-side" },
      zone(t("characters"), side.characters.map((c) => character(obs, s, c)), "grow"),
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

// What a seat answers during another's turn: the battle another seat started.
export function answering(obs, ctx) {
  const battle = obs.battle;
  if (!battle || battle.attacker_seat === ctx.me) return null;
  const side = obs.seats[battle.attacker_seat];
  const attacker = side && side.characters.find((c) => c.slot === battle.attacker);
  return t("ansBattle", { who: ctx.seatName(battle.attacker_seat), actor: attacker ? nameOf(attacker.card) : "?" });
}

// Princess Scramble's events name a character by its side and slot.
export function eventRefs(event) {
  return Number.isInteger(event.slot) && Number.isInteger(event.seat) ? [`s${event.seat}.c${event.slot}`] : [];
}

export function board(obs, ctx) {
  const me = ctx.me ?? 0;
  const mine = obs.seats.find((s) => s.seat === me) || obs.seats[0];
  const parts = obs.seats.filter((s) => s !== mine).map((s) => sidePanel(obs, s, ctx));
  const pending = obs.pending && obs.pending.card ? [cardById(ctx.cards, obs.pending.card)] : [];
  if (pending.length) parts.push(h("div", { class: "info mid" }, zone(t("inPlay"), pending, "small")));
  parts.push(sidePanel(obs, mine, ctx));
  if (obs.hand) {
    parts.push(zone(t("hand"), obs.hand.map((c) => cardEl(c, { ref: `hand:${c.id}` })), "hand"));
  }
  return h("div", { class: "board ps" }, parts);
}
