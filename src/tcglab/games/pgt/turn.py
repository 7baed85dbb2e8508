"""Rounds, turns and phases (PGT-7), retirement and score (PGT-13.2, PGT-GAP-1) and the
end of a game (PGT-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.state import Result
from tcglab.games.pgt.formation import draw, roll_off
from tcglab.games.pgt.procedure import automatic

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

WIN_SCORE = 10  # PGT-5.1


@automatic("round_start")
def start_round(st: PgtState) -> None:
    """PGT-7.1 a round begins with the first player's turn (PGT-7.2)."""
    st.round += 1
    limit = st.options["round_limit"]
    if limit and st.round > limit:
        end_by_score(st)
        return
    if checked_at_round_start(st) and check_empty_parties(st):
        return
    st.emit("round", round=st.round, first=st.first)
    st.turn_player = st.first
    st.streak = 0
    st.stack.append(("turn", st.first))


def checked_at_round_start(st: PgtState) -> bool:
    """PGT-5.2 applies at every round start. PGT-GAP-11: after re-formation by default,
    so at the start itself; `before_reformation` checks at the end of the round before,
    which round 1 does not have, so round 1 is checked at its start either way."""
    return st.options["empty_party_check"] == "after_reformation" or st.round == 1


def check_empty_parties(st: PgtState) -> bool:
    """PGT-5.2 a player with no character on the field at round start loses
    (PGT-GAP-11 checked after re-formation by default)."""
    empty = [seat for seat in (0, 1) if not st.characters(seat)]
    if not empty:
        return False
    winners = tuple(seat for seat in (0, 1) if seat not in empty)
    end_game(st, winners, "empty_party")
    return True


@automatic("turn")
def start_turn(st: PgtState, seat: int) -> None:
    """PGT-7.4 pre-combat, combat and post-combat phases; PGT-9.8 in the pre- and
    post-combat phases both players may use abilities, the turn player first."""
    st.turn += 1
    st.turn_player = seat
    st.attacked = False
    st.emit("turn", seat=seat, turn=st.turn, round=st.round)
    st.stack += [("turn_end", seat), ("win", seat, 0, "normal", -1), ("combat", seat)]
    st.stack.append(("win", seat, 0, "normal", -1))


@automatic("turn_end")
def end_turn(st: PgtState, seat: int) -> None:
    """PGT-7.7 two turns in a row without an attack end the round."""
    st.streak = 0 if st.attacked else st.streak + 1
    if st.streak >= 2:
        st.stack.append(("round_end",))
    else:
        st.stack.append(("turn", 1 - seat))


@automatic("round_end")
def end_round(st: PgtState) -> None:
    """PGT-7.8 next-round preparation, in its order: (1) roll for first player,
    (2) untap everything and draw one each, (3) the first player re-forms, (4) then
    the second."""
    st.emit("round_over", round=st.round)
    st.first = roll_off(st)  # (1)
    st.emit("first_player", seat=st.first, round=st.round + 1)
    for seat in (0, 1):  # (2)
        for inst in st.field[seat]:
            if inst >= 0:
                st.tapped[inst] = False
    st.mods = {}  # modifiers last "this round"
    st.used = ()
    for seat in (st.first, 1 - st.first):
        draw(st, seat)
    if st.options["empty_party_check"] == "before_reformation" and check_empty_parties(st):
        return
    st.stack += [("round_start",), ("form", 1 - st.first, False), ("form", st.first, False)]


# -- retirement and the end ---------------------------------------------------------------


def leave_field(st: PgtState, inst: int) -> int:
    """Take a character off the field; returns the seat it belonged to."""
    seat = st.owner(inst)
    st.field[seat][st.slot(inst)] = -1
    st.loc[inst] = -1
    st.tapped[inst] = False
    st.counters.pop(inst, None)
    st.mods.pop(inst, None)
    return seat


def retire(st: PgtState, inst: int, how: str) -> None:
    """PGT-12.8 a retiring character is turned face-up and becomes the opponent's score
    (PGT-13.2), worth its printed score (PGT-GAP-1); PGT-5.1 10 or more wins at once."""
    ref = st.ref(inst)
    seat = leave_field(st, inst)
    st.up[inst] = True
    st.known[inst] = 0xFF
    gainer = 1 - seat
    st.won[gainer].append(inst)
    card = st.card(inst)
    st.score[gainer] += card.score
    st.emit(
        "retire",
        seat=seat,
        at=ref,
        card=card.id,
        name=card.name_en,
        points=card.score,
        by=gainer,
        score=list(st.score),
        how=how,
    )
    if st.score[gainer] >= WIN_SCORE:
        end_game(st, (gainer,), "score")


def end_by_score(st: PgtState) -> None:
    """The round limit (a tcglab option): the higher score wins, equal scores draw."""
    a, b = st.score
    end_game(st, () if a == b else ((0,) if a > b else (1,)), "round_limit")


def end_game(st: PgtState, winners: tuple[int, ...], reason: str) -> None:
    st.result = Result(winners, tuple(st.score), reason)
    st.stack.clear()
    st.procs.clear()
    st.emit("game_over", winners=list(winners), scores=list(st.score), reason=reason)
