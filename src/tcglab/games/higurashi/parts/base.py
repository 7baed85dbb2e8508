"""What every effect part is: one kind of effect with its legality, its application,
its text in English and Japanese written from its parameters (with `wording.py`), and
its value for the heuristic agent. An event card is a timing and a list of parts
(G4-6.1, G4-GAP-3).

A part's `area` says what it acts on: one of the player's own characters
(`own_char`), one enemy character (`enemy_char`), all of the player's characters
(`all_own`), the roll in flight (`roll`) or the player (`self`). The parts of a card
that act on one character act on the same one, chosen as the card is played, and
describe it alike (`target`: any, face_up, face_down or sideways; `max_defence`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NamedTuple

if TYPE_CHECKING:
    from tcglab.games.higurashi.parts.survey import Survey
    from tcglab.games.higurashi.parts.wording import Wording
    from tcglab.games.higurashi.state import HigurashiState

TIMINGS = ("main", "own_roll", "enemy_roll")
AREAS = ("own_char", "enemy_char", "all_own", "roll", "self")
CHOSEN = ("own_char", "enemy_char")  # areas whose character is chosen on playing
TARGETS = ("any", "face_up", "face_down", "sideways")


class Number(NamedTuple):
    """A whole-number parameter of a part, from `low` to `high`."""

    low: int
    high: int
    default: int | None = None


class Choice(NamedTuple):
    """A parameter of a part that is one of a few words."""

    allowed: tuple[str, ...]
    default: str | None = None


@dataclass(frozen=True, kw_only=True)
class Part:
    """One effect of an event card. Subclasses set the class attributes and override
    `apply` and `text`; the rest has sensible defaults."""

    kind: ClassVar[str]
    timings: ClassVar[tuple[str, ...]] = ("main",)  # when a card with this part is played
    areas: ClassVar[tuple[str, ...]] = ("self",)  # the first is the default
    params: ClassVar[dict[str, Number | Choice]] = {}  # its own fields in the card file
    keep: ClassVar[int] = 0  # agent: how much a card with this part is worth holding
    eager: ClassVar[bool] = False  # agent: play it as soon as it may be played
    leads: ClassVar[bool] = False  # its clause runs straight into the next one's
    #: The clause of a part whose text names the chosen character once and says no
    #: more of it: English and Japanese, `{chosen}` where it is named (`text` writes it).
    clause: ClassVar[tuple[str, str] | None] = None

    area: str
    target: str = "any"
    max_defence: int | None = None

    # -- legality (G4-6.1 timing and area of effect) ------------------------------

    @property
    def chooses(self) -> bool:
        """True where the part acts on a character chosen as the card is played."""
        return self.area in CHOSEN

    def fits(self, st: HigurashiState, inst: int) -> bool:
        """Whether a character may be the chosen one."""
        want = self.target
        if want == "face_up" and not st.up[inst]:
            return False
        if want == "face_down" and st.up[inst]:
            return False
        if want == "sideways" and not st.side[inst]:
            return False
        return self.max_defence is None or (st.up[inst] and st.defence(inst) <= self.max_defence)

    def usable(self, st: HigurashiState, seat: int, table: Survey | None) -> bool:
        """Whether the part has something to act on now; `table` is the seat's survey
        where the part acts on a chosen character (None may be given otherwise)."""
        area = self.area
        if area in CHOSEN:
            own = area == "own_char"
            if self.target not in (table.own if own else table.enemy):
                return False
            if self.max_defence is None:
                return True
            if not own and self.target in ("any", "face_up"):  # the weakest face-up enemy
                return table.weakest is not None and table.weakest <= self.max_defence
            pool = st.rows[seat] if own else st.enemies(seat)
            return any(self.fits(st, i) for i in pool)
        if area == "all_own":
            return bool(st.rows[seat])
        if area == "roll":
            return st.roll is not None
        return True

    def problem(self) -> str | None:
        """What is wrong with the part's parameters, if anything (checked on load)."""
        return None

    # -- what it does --------------------------------------------------------------

    def apply(self, st: HigurashiState, seat: int, event: int, target: int | None) -> bool:
        """Carry the part out for `seat`, who played the event instance `event` on
        `target` (a character instance, or None). False stops the card's later parts."""
        raise NotImplementedError(self.kind)

    def text(self, words: Wording) -> str:
        """The part's clause of the card text, in `words.lang`."""
        if self.clause is None:
            raise NotImplementedError(self.kind)
        chosen = words.target(self)
        return words.say(*self.clause).format(chosen=chosen)

    # -- its value for the heuristic agent -------------------------------------------

    def worth(self, target: dict) -> float:
        """How much aiming the part at a character (as an observation shows it) gains."""
        return 0.0

    @property
    def roll_change(self) -> int:
        """How much the part changes the roll in flight."""
        return 0

    def opening(self) -> tuple[int, int] | None:
        """(attack gain, enemy defence change) this turn, where the part can open an attack."""
        return None

    @property
    def guards(self) -> bool:
        """True where the part's help lasts into the opponents' turns."""
        return False


@dataclass(frozen=True, kw_only=True)
class Counted(Part):
    """A part done `amount` times: drawing events, recruiting characters."""

    params = {"amount": Number(1, 9)}  # noqa: RUF012
    keep = 6
    eager = True

    amount: int = 1


def own_view(st: HigurashiState, chosen: list[int], seat: int) -> dict | None:
    """The secret part of an event naming characters: the player's own names for them,
    where it knows more than the table does."""
    own = [st.name(i, seat) for i in chosen]
    return None if own == [st.name(i, None) for i in chosen] else {seat: {"targets": own}}
