"""Princess Scramble positions as scenario files (docs/scenarios/ps.md): the `scenario`
tool capability. `read.py` reads the `[position]` table into a state, `write.py` writes
one back, `steps.py` says where in the turn it stands; the zones and values that
expectations check are here."""

from __future__ import annotations

from typing import ClassVar

from tcglab.engine.capabilities import Capability
from tcglab.engine.scenario import Fields, ScenarioFormat
from tcglab.games.ps import values as rules
from tcglab.games.ps.battle import NOBODY, PLAYER
from tcglab.games.ps.scenario import steps
from tcglab.games.ps.scenario.read import SEATS, read_position
from tcglab.games.ps.scenario.write import write_position
from tcglab.games.ps.state import PSState
from tcglab.games.ps.zones import FIELD_LIMIT


class PSScenario(ScenarioFormat):
    points = steps.POINTS
    purposes: ClassVar[dict[str, str]] = {
        "first_player": "who goes first when a game is dealt: 0 for p1, 1 for p2 (PS-GAP-5)",
    }
    results: ClassVar[dict[str, tuple[int, int]]] = {"first_player": (0, 1)}
    rule_prefix = "PS"

    def build(self, game, position: Fields, *, seed: int, options: dict, players: int):
        if players != 2:
            raise position.fail("", f"{players} players; ps is played by 2 (PS-6.3)")
        return read_position(game, position, seed, options)

    def export(self, state: PSState) -> dict:
        return write_position(state)

    def zones(self, state: PSState) -> dict[str, list[str]]:
        """Each player's hand, deck (top first), trash (oldest first), energy, the
        characters and events on the field, and each slot C1-C4, E1 ... by itself."""
        ids = [card.id for card in state.cards.cards]
        out = {}
        for seat, who in enumerate(SEATS):
            units, placed = state.units[seat], state.events[seat]
            out[f"{who}.hand"] = [ids[n] for n in state.hand[seat]]
            out[f"{who}.deck"] = [ids[n] for n in reversed(state.deck[seat])]
            out[f"{who}.trash"] = [ids[n] for n in state.trash[seat]]
            out[f"{who}.energy"] = [ids[n] for n in state.energy[seat]]
            out[f"{who}.characters"] = [ids[u.card] for u in units]
            out[f"{who}.events"] = [ids[e.card] for e in placed]
            for slot in range(1, FIELD_LIMIT + 1):
                out[f"{who}.C{slot}"] = [ids[units[slot - 1].card]] if slot <= len(units) else []
            for slot, piece in enumerate(placed, 1):
                out[f"{who}.E{slot}"] = [ids[piece.card]]
        return out

    def values(self, state: PSState) -> dict:
        """The numbers of a ruling, named as docs/scenarios/ps.md lists them."""
        st = state
        out = {
            "turn": st.turn,
            "active": SEATS[st.first if st.turn == 0 else st.current],
            "at": steps.point_of(st.stack, st.result is not None),
            "energy_placed": st.energy_placed,
        }
        for seat, who in enumerate(SEATS):
            out[f"{who}.damage"] = st.hurt[seat]
            out[f"{who}.hand_size"] = len(st.hand[seat])
            out[f"{who}.deck_size"] = len(st.deck[seat])
            out[f"{who}.trash_size"] = len(st.trash[seat])
            out[f"{who}.energy"] = len(st.energy[seat])
            out[f"{who}.free_energy"] = st.free_energy(seat)
            for slot, unit in enumerate(st.units[seat], 1):
                out.update(_character(st, seat, f"{who}.C{slot}", unit))
            for slot, piece in enumerate(st.events[seat], 1):
                out[f"{who}.E{slot}.card"] = st.card(piece.card).id
                out[f"{who}.E{slot}.energy"] = piece.occ
        if st.battle is not None:
            out.update(_battle(st))
        return out


def _character(st: PSState, seat: int, key: str, unit) -> dict:
    card = st.card(unit.card)
    return {
        f"{key}.card": card.id,
        f"{key}.technique": rules.technique(st, seat, unit),  # PS-GAP-9 current technique
        f"{key}.guard": rules.bonuses(st, seat, unit)[1],
        f"{key}.sense": card.sense.text,
        f"{key}.life": card.life,
        f"{key}.damage": unit.damage,
        f"{key}.support": rules.support_count(st, seat, unit),
        f"{key}.exhausted": unit.exhausted,
        f"{key}.sick": unit.sick,
        f"{key}.energy": unit.occ,
        f"{key}.used": unit.used,
    }


def _battle(st: PSState) -> dict:
    """Who fights whom, and what each declared defender still on the field would take
    from the attacker (PS-9.5.1) and deal it back (PS-9.7.3)."""
    attacker_uid, defenders, target = st.battle
    seat, other = st.current, 1 - st.current

    def name(side: int, uid: int) -> str:
        where = st.find(uid)
        return "gone" if where[0] < 0 else f"{SEATS[side]}.C{where[1] + 1}"

    out = {
        "battle.attacker": name(seat, attacker_uid),
        "battle.defenders": [name(other, uid) for uid in defenders],
        "battle.target": {PLAYER: "player", NOBODY: "nobody"}.get(target) or name(other, target),
    }
    attacker = st.unit(attacker_uid)
    for uid in defenders:
        defender = st.unit(uid)
        if attacker is not None and defender is not None:
            key = name(other, uid)
            out[f"{key}.would_take"] = rules.battle_damage(st, seat, attacker, defender)
            out[f"{key}.would_deal"] = rules.battle_damage(st, other, defender, attacker)
    return out


FORMAT = PSScenario()
CAPABILITY = Capability(
    name="scenario",
    title="scenario files",
    summary="Princess Scramble positions as TOML files: zones, field, battle, pending steps",
    run=FORMAT,
    title_ja="シナリオファイル",
    summary_ja="プリンセススクランブルの局面をTOMLファイルで書く：各領域、場、バトル、処理中の手順",
)
