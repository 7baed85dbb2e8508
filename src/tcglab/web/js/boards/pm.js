// Precious Memories: per side a main area, a support area and a point area, with the
// deck, hand and discard counts; rested characters lie down, a support card is shown
// attached to the character it supports, approaching and obstructing ones are marked.

import { cardById, cardEl, cardInfo, mark, pile, zone } from "../cards.js";
import { h } from "../dom.js";
import { nameOf, phaseName, t } from "../i18n.js";

export function refsOf(id, me) {
  const [verb, arg] = id.split(" ");
  if (["pay", "play", "discard"].includes(verb)) return [`hand:${arg}`];
  if (verb === "approach" || verb === "obstruct") return [`p${me + 1}.${arg}`];
  if (["use", "target", "flip"].includes(verb)) return [arg];
  return [];
}

function unit(obs, ctx, seat, area, k, u) {
  const ref = `p${seat + 1}.${area}${k + 1}`;
  const info = ctx.cards[u.card] || { id: u.card, name: u.name };
  const marks = [];
  if (u.new) marks.push(mark("sick", t("newCharacter")));
  if ((obs.approach || []).includes(ref)) marks.push(mark("attack", t("approaching")));
  if (obs.obstructor === ref) marks.push(mark("guard", t("obstructing")));
  return h(
    "div",
    { class: "pm-unit" },
    cardEl(info, {
      ref,
      turned: u.rested,
      stats: u.ap === null ? { cost: u.cost } : { ap: u.ap, dp: u.dp, cost: u.cost },
      marks,
      attached: (u.supports || []).map((id) => ({ kind: "support", info: cardInfo(ctx.cards, id) })),
    }),
  );
}

function sidePanel(obs, side, ctx, mine) {
  const s = side.seat;
  const points = side.points.map((p, k) =>
    p.face_up ? cardById(ctx.cards, p.card, { ref: `p${s + 1}.P${k + 1}` }) : cardEl(null, { ref: `p${s + 1}.P${k + 1}` }),
  );
  const discardTop = side.discard.length ? cardById(ctx.cards, side.discard[side.discard.length - 1]) : null;
  const head = h(
    "div",
    { class: "seat-head" },
    h("strong", {}, ctx.seatName(s)),
    ` · ${t("points")} ${side.points.length}/7 · ${t("hand")} ${side.hand_size}`,
  );
  const areas = [
    zone(t("main"), side.main.map((u, k) => unit(obs, ctx, s, "M", k, u)), "main-area"),
    zone(t("support"), side.support.map((u, k) => unit(obs, ctx, s, "S", k, u)), "support-area"),
  ];
  const piles = h(
    "div",
    { class: "piles" },
    pile(t("deck"), side.deck),
    pile(t("discard"), side.discard.length, discardTop),
  );
  const body = h(
    "div",
    { class: "pm-side" },
    h("div", { class: "pm-areas" }, mine ? areas : areas.reverse()),
    h("div", { class: "pm-aside" }, zone(t("points"), points, "small points"), piles),
  );
  const active = obs.current === s;
  return h("section", { class: `seat-panel side${active ? " active" : ""}` }, head, body);
}

// What a seat answers during another's turn: the approach under way, or the card
// another seat is playing.
export function answering(obs, ctx) {
  const who = ctx.seatName(obs.current);
  if ((obs.approach || []).length) {
    return t("ansApproach", { who, actors: obs.approach.map((ref) => nameAt(obs, ctx, ref)).join(", ") });
  }
  const playing = obs.playing || [];
  if (playing.length && !(obs.paying && obs.paying.seat === ctx.me)) {
    const card = playing[playing.length - 1];
    return t("ansPlaying", { who, cards: nameOf(cardInfo(ctx.cards, card.card || card)) });
  }
  return null;
}

function nameAt(obs, ctx, ref) {
  const match = /^p(\d+)\.([MS])(\d+)$/.exec(ref);
  const side = match && obs.seats[Number(match[1]) - 1];
  const u = side && (match[2] === "M" ? side.main : side.support)[Number(match[3]) - 1];
  return u ? nameOf(ctx.cards[u.card] || { id: u.card, name: u.name }) : ref;
}

export function board(obs, ctx) {
  const me = ctx.me ?? 0;
  const mine = obs.seats.find((s) => s.seat === me) || obs.seats[0];
  const parts = obs.seats.filter((s) => s !== mine).map((s) => sidePanel(obs, s, ctx, false));
  const playing = (obs.playing || []).map((p) => cardById(ctx.cards, p.card || p));
  parts.push(
    h(
      "div",
      { class: "info mid" },
      phaseName("pm", obs.phase),
      obs.paying ? ` · ${t("paying", { n: obs.paying.left })}` : "",
      playing.length ? zone(t("inPlay"), playing, "small") : null,
    ),
  );
  parts.push(sidePanel(obs, mine, ctx, true));
  if (obs.hand) {
    parts.push(
      zone(t("hand"), obs.hand.map((id) => cardById(ctx.cards, id, { ref: `hand:${id}` })), "hand"),
    );
  }
  if (obs.deck_bottom && obs.deck_bottom.length) {
    parts.push(zone(t("deckBottom"), obs.deck_bottom.map((id) => cardById(ctx.cards, id)), "small"));
  }
  return h("div", { class: "board pm" }, parts);
}
