"""Pretty Good Tactics positions as scenario files (docs/scenarios/pgt.md).

`[position]` says where the game stands (`turn`, `round`, `active`, `at`, the round's
`first` player, turns without an attack), where every card is (`table.py`) and, in the
middle of an ability, its pending steps (`steps.py`). `PgtScenario` builds a state from
it through the state's own constructor and writes any state back out.
"""

from __future__ import annotations

from typing import ClassVar

from tcglab.engine.scenario import Fields, ScenarioFormat
from tcglab.engine.state import Result
from tcglab.games.pgt.formation import SLOTS
from tcglab.games.pgt.scenario.steps import (
    NONE,
    PLAIN_POINTS,
    POINTS,
    SEATS,
    plain_stack,
    point,
    read_abilities,
    read_steps,
    seat_key,
    write_ability,
    write_step,
)
from tcglab.games.pgt.scenario.table import (
    SEAT_KEYS,
    check_parties,
    place,
    read_cards,
    write_cards,
)
from tcglab.games.pgt.state import PgtState
from tcglab.games.pgt.turn import WIN_SCORE

TOP_KEYS = (
    *("turn", "round", "active", "at", "first", "no_attack_turns", "attacked", "once_used"),
    *("decks", "deck", "deck_shuffled", "pending", "abilities", "winners", "reason"),
    *SEATS,
)
REASONS = ("score", "empty_party", "round_limit")  # PGT-5.1, PGT-5.2, the round limit


class PgtScenario(ScenarioFormat):
    """The `scenario` capability of Pretty Good Tactics."""

    points = POINTS
    purposes: ClassVar[dict[str, str]] = {
        "dice": "the dice a player rolls for a check, in order (PGT-11)",
        "reroll": "the dice of a rerolled check, in order (PGT-14.2.7)",
        "first_player": "the dice rolled for first player, P1's then P2's; a tie rolls "
        "again (PGT-6.3, PGT-7.8(1), PGT-GAP-5)",
    }
    # every draw a scenario forces is a six-sided die
    results: ClassVar[dict[str, tuple[int, int]]] = dict.fromkeys(purposes, (1, 6))
    rule_prefix = "PGT"

    def build(self, game, position: Fields, *, seed: int, options: dict, players: int):
        if players != 2:
            raise position.source.fail("players", "a Pretty Good Tactics game has 2 players")
        position.only(*TOP_KEYS)
        sides = [position.table(seat, {}) for seat in SEATS]
        for side in sides:
            side.only(*SEAT_KEYS)
        at = position.one_of("at", tuple(POINTS))
        cards = read_cards(game, position, sides)
        cids = [game.cards.by_id[card] for card in cards.instances]
        st = PgtState(game, seed, options, cids, cards.origin)
        inst_of = {card: inst for inst, card in enumerate(cards.instances)}
        place(st, cards, inst_of)
        check_parties(st, sides)
        _read_turn(st, position, at, sides, inst_of)
        if at == "over":
            _read_result(st, position)
        elif position.has("pending"):
            read_abilities(st, position, inst_of)
            st.stack = read_steps(position, inst_of, len(st.procs))
        elif at not in PLAIN_POINTS:
            raise position.fail("at", f"{at!r} needs its steps in `pending`")
        else:
            if position.has("abilities"):
                raise position.fail("abilities", "abilities in progress need `pending`")
            st.stack = plain_stack(at, st.turn_player, st.first)
        if st.result is None:
            st.advance()
            if position.has("pending") and point(st) != at:
                raise position.fail("at", f"the pending steps stand at {point(st)!r}, not {at!r}")
        return st

    def export(self, state: PgtState) -> dict:
        st = state
        at = point(st)
        shared, sides = write_cards(st)
        out: dict = {"turn": st.turn, "round": st.round, "active": seat_key(st.turn_player)}
        out["at"] = at
        if st.first != st.turn_player:
            out["first"] = seat_key(st.first)
        if st.streak:
            out["no_attack_turns"] = st.streak
        if st.attacked:
            out["attacked"] = True
        if st.used:
            out["once_used"] = [{"card": st.card(i).id, "ability": ab + 1} for i, ab in st.used]
        out.update(shared)
        if st.result is not None:
            out["winners"] = [seat_key(s) for s in st.result.winners]
            out["reason"] = st.result.reason
        elif (
            st.procs
            or at not in PLAIN_POINTS
            or (st.stack != plain_stack(at, st.turn_player, st.first))
        ):
            out["pending"] = [write_step(st, step) for step in st.stack]
            if st.procs:
                out["abilities"] = [write_ability(st, p) for p in st.procs]
        out["p1"], out["p2"] = sides
        return out

    def zones(self, state: PgtState) -> dict[str, list[str]]:
        st = state
        ids = [c.id for c in (st.card(i) for i in range(len(st.cid)))]
        out = {}
        for seat, key in enumerate(SEATS):
            out[f"{key}.hand"] = sorted(ids[i] for i in st.hands[seat])
            out[f"{key}.points"] = [ids[i] for i in st.won[seat]]
            for slot, inst in enumerate(st.field[seat]):
                out[f"{key}.{SLOTS[slot]}"] = [] if inst < 0 else [ids[inst]]
            if len(st.decks) > 1:
                out[f"{key}.deck"] = [ids[i] for i in st.decks[seat][::-1]]
        if len(st.decks) == 1:
            out["deck"] = [ids[i] for i in st.decks[0][::-1]]
        return out

    def values(self, state: PgtState) -> dict:
        st = state
        out = {
            "turn": st.turn,
            "round": st.round,
            "at": point(st),
            "active": seat_key(st.turn_player),
            "first": seat_key(st.first),
            "no_attack_turns": st.streak,
            "attacked": st.attacked,
        }
        for seat, key in enumerate(SEATS):
            party = st.characters(seat)
            out[f"{key}.score"] = st.score[seat]
            out[f"{key}.party_points"] = sum(st.card(i).score for i in party)
            out[f"{key}.characters"] = len(party)
            out[f"{key}.hand_size"] = len(st.hands[seat])
            out[f"{key}.deck_size"] = len(st.deck_of(seat))
            for inst in party:
                out.update(_character_values(st, inst, f"{key}.{SLOTS[st.slot(inst)]}"))
        checks = [p for p in st.procs if "dice" in p and p["faces"] is None]
        if checks:  # the check still to be rolled, boosts folded in (PGT-11.5)
            out["check.dice"], out["check.modifier"] = checks[-1]["dice"], checks[-1]["mod"]
        rolled = [e.data for e in st.log if e.kind == "check"]
        if rolled:
            last = rolled[-1]
            out["last_check.value"] = last["value"]
            out["last_check.faces"] = list(last["faces"])
            for fact in ("fumble", "critical", "invalid"):
                out[f"last_check.{fact}"] = last[fact]
        return out


def _character_values(st: PgtState, inst: int, where: str) -> dict:
    card = st.card(inst)
    out = {
        f"{where}.face": "up" if st.up[inst] else "down",
        f"{where}.tapped": st.tapped[inst],
        f"{where}.score": card.score,
        f"{where}.pdef": st.defence(inst, "P"),  # PGT-12.2 0 while face-down
        f"{where}.mdef": st.defence(inst, "M"),
    }
    for name, count in st.counters.get(inst, ()):
        out[f"{where}.counters.{name}"] = count
    return out


def _read_turn(st: PgtState, position: Fields, at: str, sides, inst_of) -> None:
    """Turn, round and the round's facts; what the rules would have ended is refused."""
    forming = at == "formation"
    st.turn = position.number("turn", lo=0)
    last = st.options["round_limit"] + (at == "over")  # the limit ends the round after it
    st.round = position.number("round", 0 if forming else 1, lo=0, hi=last)
    seats = (*SEATS, NONE)
    active = position.one_of("active", seats, NONE) if forming else position.one_of("active", seats)
    st.turn_player = seats.index(active) if active != NONE else -1
    first = position.one_of("first", seats, active)
    st.first = seats.index(first) if first != NONE else -1
    if not forming and (st.turn_player < 0 or st.first < 0 or st.round < 1):
        raise position.fail("active", "after the first formation a turn has a player and round")
    if forming and any(st.characters(seat) for seat in (0, 1)):
        raise position.fail("at", "at the first formation every card is still in a hand")
    st.streak = position.number("no_attack_turns", 0, lo=0, hi=2)  # PGT-7.7 2 end the round
    st.attacked = position.flag("attacked", False)
    used = []
    for table in position.tables("once_used", []):
        table.only("card", "ability")
        card = table.text("card")
        if card not in inst_of:
            raise table.fail("card", f"card {card!r} is not in this game")
        count = len(st.card(inst_of[card]).abilities)
        used.append((inst_of[card], table.number("ability", lo=1, hi=count) - 1))
    st.used = tuple(used)
    if at != "over":
        for seat, side in enumerate(sides):
            if st.score[seat] >= WIN_SCORE:
                raise side.fail(
                    "points", f"{st.score[seat]} points: the game is over at 10 (PGT-5.1)"
                )


def _read_result(st: PgtState, position: Fields) -> None:
    winners = position.items("winners")
    if not all(w in SEATS for w in winners):
        raise position.fail("winners", "expected a list of seats such as ['p1']")
    reason = position.one_of("reason", REASONS)
    st.result = Result(tuple(SEATS.index(w) for w in winners), tuple(st.score), reason)


SCENARIO = PgtScenario()
