"""The random source a state owns: small, cloneable, seedable and forceable.

SplitMix64 keeps the whole generator in one integer, so cloning a state copies one
int and a tuple of forced results rather than a Mersenne Twister table.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Deterministic generator; tests queue forced die results with `force`."""

    __slots__ = ("_forced", "_s")

    def __init__(self, seed: int = 0) -> None:
        self._s = seed & _MASK
        self._forced: tuple[int, ...] = ()

    def next_u64(self) -> int:
        self._s = s = (self._s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n); the bias of the multiply-shift is below 2**-58."""
        return (self.next_u64() * n) >> 64

    def roll(self, sides: int = 6) -> int:
        """One die, 1..sides; a forced result is used first if one is queued."""
        if self._forced:
            value, self._forced = self._forced[0], self._forced[1:]
            if not 1 <= value <= sides:
                raise ValueError(f"forced die result {value} is not between 1 and {sides}")
            return value
        return self.below(sides) + 1

    def force(self, *values: int) -> None:
        """Queue the next die results, for tests: `rng.force(6, 6, 1)`."""
        self._forced = self._forced + tuple(values)

    @property
    def forced(self) -> tuple[int, ...]:
        return self._forced

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]

    def derive(self) -> Rng:
        """A fresh generator seeded from this one (for determinize and sub-searches)."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin._s = self._s
        twin._forced = self._forced
        return twin

    def snapshot(self) -> list[int]:
        return [self._s, *self._forced]
