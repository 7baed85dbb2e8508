// Pretty Good Tactics: each side has a front row (F1-F3) facing the enemy and a back
// row (B1-B3) behind it; tapped characters lie down, face-down ones are backs to the enemy.
// A draft table (3-4 players) shows the draft (your pack to click, your picks, the
// others' pack sizes), then the whole knockout bracket and the game being played,
// which a seat not playing it watches as a spectator (or hides).

import { cardById, cardEl, mark, zone } from "../cards.js";
import { h } from "../dom.js";
import { local, signed } from "../faces.js";
import { nameOf, t } from "../i18n.js";

const OWN = new Set(["flip", "keep", "use", "attack", "guard"]);

// At a draft table the actions of a game name that game's own seats (P1, P2), so the
// board drawn last remembers which of them the viewer is.
let gameSeat = null;

export function refsOf(id, me) {
  const [verb, arg] = id.split(" ");
  if (verb === "pick" && arg) return [`pack:${arg}`];
  if (verb === "put" && arg) return [`hand:${arg}`];
  if (verb === "target") return [arg];
  const seat = gameSeat ?? me;
  if (OWN.has(verb) && /^[FB][1-3]$/.test(arg || "")) return [`P${seat + 1}.${arg}`];
  return [];
}

// What a seat answers during another's turn, in words: the innermost attack or effect
// of another seat ("P1's attack by Rin (P1.F2) on Mio (P2.B2)").
export function answering(obs, ctx) {
  if (obs.format === "draft") {
    const match = obs.match;
    if (!match) return null;
    return answering(match.view, { ...ctx, me: match.local_seat, seatName: (n) => ctx.seatName(match.players[n]) });
  }
  const proc = [...(obs.procs || [])].reverse().find((p) => p.seat !== ctx.me);
  if (!proc) return null;
  const actor = proc.actor ? nameAt(obs, proc.actor) : t("aHiddenCard");
  const targets = (proc.targets || []).filter(Boolean).map((ref) => nameAt(obs, ref)).join(", ");
  const key = proc.kind === "effect" ? "ansEffect" : `ans${proc.kind === "attack" ? "Attack" : "Strike"}${targets ? "" : "By"}`;
  return t(key, { who: ctx.seatName(proc.seat), actor, targets });
}

function nameAt(obs, ref) {
  const [seat, slotName] = ref.split(".");
  const side = obs.sides[Number(seat.slice(1)) - 1];
  const unit = side && side.field[slotName];
  return `${unit && unit.card ? nameOf(unit.card) : t("aHiddenCard")} (${ref})`;
}

// What the attack or effect being resolved now (the innermost of obs.procs) does to
// a slot.
function procMarks(obs, ref) {
  const proc = (obs.procs || [])[(obs.procs || []).length - 1];
  const marks = [];
  if (!proc) return marks;
  if (proc.actor === ref) marks.push(mark(proc.kind === "attack" ? "attack" : "ability", t(`proc_${proc.kind}`)));
  if ((proc.targets || []).includes(ref)) marks.push(mark("target", t("targeted")));
  return marks;
}

// The slot a formation in progress fills next (the viewer's own: obs.formation).
function nextSlot(obs, side) {
  return obs.formation && obs.seat === side.seat ? obs.formation.slot : null;
}

// A place of the party. While a party is re-formed, "keep F1" names a character by the
// slot it left: when F1 already shows the new formation and its old character waits
// (side.waiting), the ref belongs to the waiting one and the place takes none.
function slot(obs, side, name, unit, waiting = false) {
  const own = `P${side.seat + 1}.${name}`;
  const ref = !waiting && side.waiting && side.waiting[name] ? undefined : own;
  const next = !waiting && nextSlot(obs, side) === name ? " next-slot" : "";
  if (!unit) return h("div", { class: `slot empty-slot${next}`, "data-ref": ref }, name);
  const marks = Object.entries(unit.counters || {}).map(([k, v]) => mark("tokens", `${local(k)}×${v}`, `×${v}`));
  if (unit.mods && (unit.mods[0] || unit.mods[1])) {
    const mods = `P${signed(unit.mods[0])} M${signed(unit.mods[1])}`;
    marks.push(mark("guard", mods, mods));
  }
  return h(
    "div",
    { class: `slot${next}` },
    h("div", { class: "slot-name" }, name),
    cardEl(unit.card, {
      ref,
      turned: unit.tapped,
      turnedLabel: t("tapped"),
      faceDown: unit.card && !unit.face_up,
      stats: unit.face_up ? { pdef: unit.pdef, mdef: unit.mdef } : {},
      marks: [...marks, ...procMarks(obs, ref)],
    }),
  );
}

// A party being formed: its points against the cap (PGT-8.1.1), "7/10 points".
function partyPoints(formation) {
  const full = formation.points >= formation.limit ? " full" : "";
  return h(
    "span",
    { class: `party-points${full}`, title: t("partyPointsTitle") },
    t("partyPoints", { n: formation.points, limit: formation.limit }),
  );
}

function row(obs, side, names) {
  return h("div", { class: "pgt-row" }, names.map((n) => slot(obs, side, n, side.field[n])));
}

// The characters of a party being re-formed that still wait for a place, each under the
// slot it left.
function waitingRow(obs, side) {
  const names = Object.keys(side.waiting || {});
  if (!names.length) return null;
  const places = names.map((n) => slot(obs, side, n, side.waiting[n], true));
  return h("div", { class: "zone waiting" }, h("div", { class: "zone-label" }, t("toPlace")), h("div", { class: "pgt-row" }, places));
}

function sidePanel(obs, side, ctx, mine) {
  const front = row(obs, side, ["F1", "F2", "F3"]);
  const back = row(obs, side, ["B1", "B2", "B3"]);
  const head = h(
    "div",
    { class: "seat-head" },
    h("strong", {}, ctx.seatName(side.seat)),
    ` · ${t("score")} ${side.score} · ${t("hand")} ${side.hand_size} · ${t("deck")} ${side.deck_size}`,
    mine && obs.formation ? partyPoints(obs.formation) : null,
  );
  const retired = side.retired_enemies.length
    ? zone(t("retired"), side.retired_enemies.map((id) => cardById(ctx.cards, id)), "small")
    : null;
  const active = obs.turn_player === side.seat;
  const rows = mine ? [front, back] : [back, front];
  const waiting = waitingRow(obs, side);
  return h("section", { class: `seat-panel side${active ? " active" : ""}` }, head, rows, waiting, retired);
}

export function board(obs, ctx) {
  if (obs.format === "draft") return draftTable(obs, ctx);
  gameSeat = null;
  return gameBoard(obs, ctx);
}

function gameBoard(obs, ctx) {
  const me = ctx.me ?? 0;
  const mine = obs.sides.find((s) => s.seat === me) || obs.sides[0];
  const theirs = obs.sides.filter((s) => s !== mine);
  const parts = theirs.map((s) => sidePanel(obs, s, ctx, false));
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

// -- the draft table ------------------------------------------------------------------

// Whether a seat that does not play the match under way watches it (as a spectator
// sees it): on until it switches it off, kept from one view to the next.
let watching = true;

function draftTable(obs, ctx) {
  const match = obs.match;
  gameSeat = match ? match.local_seat : null;
  const parts = [obs.phase === "draft" ? draftPhase(obs, ctx) : bracket(obs, ctx)];
  if (match) {
    const seatName = (n) => ctx.seatName(match.players[n]);
    const me = match.local_seat ?? 0;
    const hidden = match.local_seat === null && !watching;
    parts.push(h("div", { class: "match-board", hidden }, gameBoard(match.view, { ...ctx, me, seatName })));
  }
  if (obs.seat !== null && obs.seat !== undefined) {
    const title = obs.phase === "draft" ? t("draftPicks") : t("draftDeck");
    parts.push(zone(`${title} (${obs.picks.length})`, obs.picks.map((id) => cardById(ctx.cards, id)), "small picks"));
  }
  return h("div", { class: "board pgt draft-table", "data-phase": obs.phase }, parts);
}

function draftPhase(obs, ctx) {
  const arrow = obs.direction === "left" ? "⟲" : "⟳";
  const seats = obs.seating.map((s) =>
    h(
      "li",
      { class: `draft-seat${obs.to_move === s ? " active" : ""}`, "data-seat": s },
      h("strong", {}, ctx.seatName(s)),
      ` · ${t("draftPack", { n: obs.pack_sizes[s] })} · ${t("draftPicked", { n: obs.pick_counts[s] })}`,
    ),
  );
  const mine = obs.seat !== null && obs.seat !== undefined;
  return h(
    "section",
    { class: "draft-info" },
    h(
      "div",
      { class: "info" },
      `${t("draftDeal", { n: obs.deal })} · ${arrow} ${t(obs.direction === "left" ? "draftLeft" : "draftRight")}`,
      mine ? ` · ${t("draftPassesTo", { who: ctx.seatName(obs.passes_to) })}` : "",
    ),
    h("ol", { class: "draft-seats" }, seats),
    mine
      ? zone(t("draftPackTitle"), obs.pack.map((id) => cardById(ctx.cards, id, { ref: `pack:${id}` })), "hand pack")
      : null,
  );
}

// One match of the bracket: its seats (a winner still to come where one is not known)
// and its state: the result, the score so far of the one being played, or still to come.
function matchLine(m, ctx, obs) {
  const who = (n) => (n === null || n === undefined ? t("draftTbd") : ctx.seatName(n));
  if (m.state === "bye") return h("li", { class: "bye" }, `${who(m.bye)}: ${t("draftBye")}`);
  const [a, b] = m.players;
  if (m.state === "done") {
    return h("li", { class: "match-done" }, `${who(a)} ${m.wins[0]} – ${m.wins[1]} ${who(b)} → `, h("strong", {}, who(m.winner)));
  }
  if (m.state === "waiting") return h("li", { class: "match-waiting" }, `${who(a)} – ${who(b)} · ${t("draftToCome")}`);
  const playing = obs.match && obs.match.local_seat !== null;
  const watch = (event) => {
    watching = !watching;
    event.target.textContent = t(watching ? "draftStopWatching" : "draftWatch");
    event.target.setAttribute("aria-pressed", String(watching));
    for (const el of event.target.closest(".draft-table").querySelectorAll(".match-board")) el.hidden = !watching;
  };
  return h(
    "li",
    { class: "match-playing current-match" },
    h("strong", {}, `${who(a)} ${m.wins[0]} – ${m.wins[1]} ${who(b)}`),
    ` · ${t("draftGame", { n: m.game })} · ${t("draftPlaying")}`,
    playing
      ? null
      : h(
          "button",
          { type: "button", id: "watch-match", class: "quiet", "aria-pressed": String(watching), onclick: watch },
          t(watching ? "draftStopWatching" : "draftWatch"),
        ),
  );
}

// The whole knockout: every round, every match in it with its seats and state.
function bracket(obs, ctx) {
  const rounds = (obs.bracket || []).map((matches, r) =>
    h(
      "li",
      {},
      h("div", { class: "round-name" }, t("draftRound", { n: r + 1 })),
      h("ul", {}, matches.map((m) => matchLine(m, ctx, obs))),
    ),
  );
  const champion = obs.result
    ? h("div", { class: "info champion" }, t("draftChampion", { who: ctx.seatName(obs.result.winners[0]) }))
    : null;
  return h("section", { class: "bracket" }, h("h3", {}, t("draftBracket")), h("ol", { class: "rounds" }, rounds), champion);
}
