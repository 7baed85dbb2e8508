"""The random source a state owns: small, cloneable, seedable and forceable.

SplitMix64 keeps the whole generator in one integer, so cloning a state copies one
int and a tuple of forced results rather than a Mersenne Twister table.
"""

from __future__ import annotations

try:
    import cython  # the compiled build reads the types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython

# C unsigned 64-bit constants when compiled, plain integers otherwise.
_MASK = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
_GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_MIX1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_MIX2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)


@cython.cfunc
@cython.locals(s=cython.ulonglong, z=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _draw(rng):
    """One SplitMix64 draw: `rng` moves on by one step and the mixed output is returned
    (a C function, so that `below` draws without a method call)."""
    s = rng._s
    rng._s = s = (s + _GOLDEN) & _MASK
    z = ((s ^ (s >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


@cython.cfunc
@cython.locals(z=cython.ulonglong, n=cython.ulonglong)
@cython.returns(cython.ulonglong)
def _scaled(z, n):
    """`(z * n) >> 64` for n below 2**32 in C 64-bit arithmetic, from z's two 32-bit
    halves: the high half times n is below 2**64 - 2**33, and adding the low half's
    carry keeps it below 2**64, so nothing wraps and the result is exact (Python would
    build a 128-bit integer for the product)."""
    return ((z >> 32) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32


class Rng:
    """Deterministic generator. Results can be forced two ways: `force` queues die
    results for whatever rolls next, and `force_for(purpose, ...)` queues results for
    the draws a game tags with that purpose ("dice", "first_player"), leaving every
    other draw random. Scenarios use purposes, so a forced check roll is never eaten by
    an unrelated roll before it."""

    __slots__ = ("_by", "_forced", "_s")

    def __init__(self, seed: int = 0) -> None:
        self._s = seed & _MASK
        self._forced: tuple[int, ...] = ()
        self._by: dict[str, tuple[int, ...]] | None = None

    # Compiled, the arithmetic is on C unsigned 64-bit integers, which wrap exactly as
    # the masks below make Python's integers do.
    def next_u64(self) -> int:
        return _draw(self)

    def skip(self, draws: int) -> None:
        """Move on as if `draws` results had been drawn, in one step: SplitMix64 moves
        its state by one constant a draw (a batch of games jumps to game i this way)."""
        self._s = (self._s + draws * _GOLDEN) & _MASK

    def below(self, n: int, purpose: str | None = None) -> int:
        """A uniform integer in [0, n); the bias of the multiply-shift is below 2**-58.
        With a purpose, a result forced for it comes first."""
        if self._by is not None and purpose in self._by:
            value = self._take(purpose)
            if not 0 <= value < n:
                raise ValueError(f"forced {purpose} result {value} is not between 0 and {n - 1}")
            return value
        if cython.compiled and 0 < n < 0x100000000:
            return _scaled(_draw(self), n)
        return (_draw(self) * n) >> 64

    def roll(self, sides: int = 6, purpose: str | None = None) -> int:
        """One die, 1..sides. A result forced for `purpose` is used first, then one
        queued by `force`."""
        if self._by is not None and purpose in self._by:
            value = self._take(purpose)
            if not 1 <= value <= sides:
                raise ValueError(f"forced {purpose} result {value} is not between 1 and {sides}")
            return value
        if self._forced:
            value, self._forced = self._forced[0], self._forced[1:]
            if not 1 <= value <= sides:
                raise ValueError(f"forced die result {value} is not between 1 and {sides}")
            return value
        return self.below(sides) + 1

    def force(self, *values: int) -> None:
        """Queue the next die results, for tests: `rng.force(6, 6, 1)`."""
        self._forced = self._forced + tuple(values)

    def force_for(self, purpose: str, *values: int) -> None:
        """Queue results for the draws tagged `purpose`: `rng.force_for("dice", 3, 5)`."""
        if not values:
            return
        by = dict(self._by or {})
        by[purpose] = by.get(purpose, ()) + tuple(values)
        self._by = by

    def _take(self, purpose: str) -> int:
        queue = self._by[purpose]
        by = dict(self._by)
        if len(queue) > 1:
            by[purpose] = queue[1:]
        else:
            del by[purpose]
        self._by = by or None
        return queue[0]

    @property
    def state(self) -> int:
        """The generator's whole state: `Rng(rng.state)` draws exactly what `rng` would
        (forced results aside), which is how a scenario file carries it."""
        return self._s

    @property
    def forced(self) -> tuple[int, ...]:
        return self._forced

    def forced_for(self) -> dict[str, tuple[int, ...]]:
        """The results still queued per purpose."""
        return dict(self._by or {})

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items, purpose: str | None = None):
        return items[self.below(len(items), purpose)]

    def derive(self) -> Rng:
        """A fresh generator seeded from this one (for determinize and sub-searches)."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin._s = self._s
        twin._forced = self._forced
        twin._by = self._by  # never mutated in place: force_for and _take replace it
        return twin

    def snapshot(self) -> list:
        if self._by is None:
            return [self._s, *self._forced]
        return [self._s, *self._forced, {k: list(v) for k, v in sorted(self._by.items())}]
