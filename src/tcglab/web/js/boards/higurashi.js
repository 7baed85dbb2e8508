// Higurashi: the players sit around the character pile and the event deck (drawn in
// clockwise order from the viewer's left, the viewer at the bottom); each has a row of
// five characters (face-down ones as backs, sideways ones lying down, the scout, attack
// or counter under way marked), the cards they captured and, for the viewer, the event
// cards in hand.

import { cardById, cardEl, cardInfo, mark, pile, zone } from "../cards.js";
import { h } from "../dom.js";
import { signed } from "../faces.js";
import { nameOf, t } from "../i18n.js";

// Where the players sit, counted clockwise from the viewer (always at the bottom).
const RING = {
  2: ["b", "t"],
  3: ["b", "tl", "tr"],
  4: ["b", "l", "t", "r"],
  5: ["b", "l", "tl", "tr", "r"],
};

// At a championship table the game under way names its own seats (a playoff seats only
// the tied leaders), so the board drawn last remembers which of them the viewer is.
let gameSeat = null;

export function refsOf(id, me) {
  const [verb, arg] = id.split(" ");
  me = gameSeat ?? me;
  if (verb === "target") return [arg];
  if (verb === "scout" || verb === "attack") return [`${me}.${arg}`];
  if (verb === "play" || verb === "discard") return [`hand:${arg}`];
  return [];
}

// The roll under way (or the scout or attack choosing its target) on a character.
function rollMarks(obs, ref) {
  const marks = [];
  const roll = obs.roll;
  if (roll && roll.actor === ref) marks.push(mark(roll.kind === "scout" ? "target" : "attack", t(`roll_${roll.kind}`)));
  if (roll && roll.target === ref) marks.push(mark("target", t("targeted")));
  if (!roll && obs.pending && obs.pending.actor === ref) marks.push(mark("attack", t("acting")));
  return marks;
}

function character(obs, seat, ch, cards) {
  const known = ch.card;
  const ref = `${seat}.${ch.slot}`;
  const stats = known ? { attack: ch.attack, defence: ch.defence } : {};
  const marks = [];
  if (ch.attack_mod) marks.push(mark("attack", `A${signed(ch.attack_mod)}`, `A${signed(ch.attack_mod)}`));
  if (ch.defence_mod) marks.push(mark("guard", `D${signed(ch.defence_mod)}`, `D${signed(ch.defence_mod)}`));
  return cardEl(known, {
    ref,
    turned: ch.sideways,
    turnedLabel: t("sideways"),
    faceDown: known && !ch.face_up,
    stats,
    marks: [...marks, ...rollMarks(obs, ref)],
    attached: (ch.equipment || []).map((e) => ({ kind: "equip", info: cardInfo(cards, e.card || e) })),
  });
}

function seatPanel(obs, seat, ctx) {
  const active = obs.current === seat.seat;
  const head = h(
    "div",
    { class: "seat-head" },
    h("strong", {}, ctx.seatName(seat.seat)),
    seat.alive ? null : h("span", { class: "out" }, " ✕"),
    ` · ${t("hand")} ${seat.hand_size} · ${t("captured")} ${seat.captured_points}pt`,
  );
  return h(
    "section",
    {
      class: `seat-panel${active ? " active" : ""}${seat.alive ? "" : " dead"}`,
      "data-seat": seat.seat,
    },
    head,
    h(
      "div",
      { class: "row" },
      seat.characters.map((ch) => character(obs, seat.seat, ch, ctx.cards)),
    ),
    seat.captured.length
      ? zone(
          t("captured"),
          seat.captured.map((id) => cardById(ctx.cards, id)),
          "small",
        )
      : null,
  );
}

function centre(obs, ctx) {
  const discardTop = obs.event_discard.length
    ? cardById(ctx.cards, obs.event_discard[obs.event_discard.length - 1])
    : null;
  const pending = obs.pending && obs.pending.card ? cardById(ctx.cards, obs.pending.card) : null;
  return h(
    "div",
    { class: "centre" },
    h(
      "div",
      { class: "piles" },
      pile(t("pile"), obs.character_pile),
      pile(t("eventDeck"), obs.event_deck),
      pile(t("discard"), obs.event_discard.length, discardTop),
      pending ? h("div", { class: "pile" }, pending, h("div", { class: "pile-label" }, t("inPlay"))) : null,
    ),
  );
}

// What a seat answers during another's turn: the scout or attack under way, or the
// attack it may counter.
export function answering(obs, ctx) {
  if (obs.format === "championship") {
    const game = obs.current;
    if (!game) return null;
    return answering(game.view, { ...ctx, me: game.local_seat, seatName: (n) => ctx.seatName(game.seats[n]) });
  }
  const roll = obs.roll;
  if (roll && roll.roller !== ctx.me) {
    const key = roll.kind === "scout" ? "ansScout" : "ansAttack";
    return t(key, { who: ctx.seatName(roll.roller), actor: nameAt(obs, roll.actor), targets: nameAt(obs, roll.target) });
  }
  const pending = obs.pending;
  if (pending && pending.attacker && pending.attacker.split(".")[0] !== String(ctx.me)) {
    const who = ctx.seatName(Number(pending.attacker.split(".")[0]));
    return t("ansAttack", { who, actor: nameAt(obs, pending.attacker), targets: nameAt(obs, pending.defender) });
  }
  return null;
}

function nameAt(obs, ref) {
  if (!ref) return "?";
  const [seat, slot] = ref.split(".").map(Number);
  const side = obs.seats.find((s) => s.seat === seat);
  const ch = side && side.characters.find((c) => c.slot === slot);
  return ch && ch.card ? nameOf(ch.card) : t("aHiddenCard");
}

// Higurashi's events name a revealed character by its seat and slot.
export function eventRefs(event) {
  return event.kind === "reveal" && Number.isInteger(event.slot) ? [`${event.seat}.${event.slot}`] : [];
}

// How far a championship has come: its planned games, then (G4-GAP-13) the games the
// tied leaders play on after them, which are told apart rather than counted past the plan.
export function championshipTitle(played, planned) {
  if (played <= planned) return t("champTitle", { played, planned });
  return t("champTitleTied", { planned, n: played - planned });
}

// The name of the championship's n-th game: a planned game, or a tie-break after them.
export function championshipGame(n, planned) {
  return n <= planned ? t("champGame", { n }) : t("champDecider", { n: n - planned });
}

// A championship (G4-2.6): the standings (each seat's total, every game played), then
// the game under way, its seats named as the table's.
function championship(obs, ctx) {
  const game = obs.current;
  gameSeat = game ? game.local_seat : null;
  const rows = obs.totals.map((total, seat) =>
    h("li", { "data-seat": seat }, h("strong", {}, ctx.seatName(seat)), ` · ${t("champTotal", { n: total })}`),
  );
  const played = obs.games.map((g, i) =>
    h("li", {}, `${championshipGame(i + 1, obs.planned)}: `, g.seats.map((s, k) => `${ctx.seatName(s)} ${g.scores[k]}`).join(" · ")),
  );
  const standings = h(
    "section",
    { class: "standings-box", id: "championship" },
    h("h3", {}, championshipTitle(obs.played, obs.planned)),
    h("ol", { class: "totals" }, rows),
    played.length ? h("ul", { class: "games-played" }, played) : null,
  );
  const parts = [standings];
  if (game && !obs.result) {
    const seatName = (n) => ctx.seatName(game.seats[n]);
    parts.push(board(game.view, { ...ctx, me: game.local_seat ?? 0, seatName }));
  }
  return h("div", { class: "board higurashi championship" }, parts);
}

export function board(obs, ctx) {
  if (obs.format === "championship") return championship(obs, ctx);
  gameSeat = null;
  const n = obs.players;
  const me = ctx.me ?? 0;
  const spots = RING[n] || RING[5];
  const ring = h("div", { class: `ring ring-${n}` }, h("div", { class: "spot-c" }, centre(obs, ctx)));
  for (const seat of obs.seats) {
    const k = (seat.seat - me + n) % n;
    ring.append(h("div", { class: `spot spot-${spots[k]}` }, seatPanel(obs, seat, ctx)));
  }
  const parts = [ring];
  if (obs.hand) {
    parts.push(
      zone(
        t("hand"),
        obs.hand.map((card) => cardById(ctx.cards, card, { ref: `hand:${card.id || card}` })),
        "hand",
      ),
    );
  }
  return h("div", { class: "board higurashi" }, parts);
}
