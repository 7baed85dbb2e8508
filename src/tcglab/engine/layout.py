"""A state's fields, declared once by how they are copied: `clone` and `snapshot` for
every game come from that declaration instead of being written out per game.

A game names its changing fields in a `Layout` and sets it as the state class's
`LAYOUT`; `Layout.clone(state)` and `Layout.snapshot(state)` do the rest. Fields not
named are shared between a state and its clone, so they must never change in place
(card definitions, the game, numbers, strings, tuples).
"""

from __future__ import annotations


class Layout:
    """Which fields of a state change, grouped by how a clone copies them.

    - `values`: immutable values (numbers, strings, tuples, None), shared by a clone.
    - `lists`: flat lists of values, copied with one slice; a None stays None.
    - `nested`: lists of lists (one list per seat, say), each inner list copied.
    - `dicts`: dicts of values, copied one level deep; snapshotted as sorted items.
    - `objects`: objects with their own `clone()` and `snapshot()` (the generator).
    - `shared`: lists a state and its clone share until either of them writes, which
      the kernel sees to (`State.own_log`): the event log and the action history, which
      only ever grow and which most clones made by search never touch.
    - `unsnapped`: fields left out of the snapshot (the event log, which has its own
      digest; the action history, which a replay already is).
    - `slots`: for a state class with `__slots__` (no `__dict__`), every field it has,
      the unnamed shared ones included: its clone copies them one by one. Empty for a
      state with a `__dict__`, which a clone copies at once.

    `clone` is compiled once per layout into straight-line code: search copies states
    millions of times, and a loop over field names costs a third more than the copy.
    """

    __slots__ = (
        "clone",
        "dicts",
        "lists",
        "nested",
        "objects",
        "shared",
        "slots",
        "unsnapped",
        "values",
    )

    def __init__(
        self,
        values: tuple[str, ...] = (),
        lists: tuple[str, ...] = (),
        nested: tuple[str, ...] = (),
        dicts: tuple[str, ...] = (),
        objects: tuple[str, ...] = ("rng",),
        unsnapped: tuple[str, ...] = ("log",),
        shared: tuple[str, ...] = ("log", "history"),
        slots: tuple[str, ...] = (),
    ) -> None:
        self.values, self.lists, self.nested = tuple(values), tuple(lists), tuple(nested)
        self.shared = tuple(shared)
        self.dicts, self.objects, self.unsnapped = tuple(dicts), tuple(objects), tuple(unsnapped)
        self.slots = tuple(slots)
        named = (*self.values, *self.lists, *self.nested, *self.dicts, *self.objects)
        for name in (*named, *self.slots):
            if not name.isidentifier():
                raise ValueError(f"a state field is a Python name, not {name!r}")
        # a shared log needs the flag that says it is shared (State.own_log)
        needed = (*named, *self.shared, *(("_shared",) if self.shared else ()))
        missing = [name for name in needed if name not in self.slots]
        if self.slots and missing:
            raise ValueError(f"a slotted state has every field the layout names: {missing}")
        self.clone = _compile_clone(self)

    def __repr__(self) -> str:
        fields = ("values", "lists", "nested", "dicts", "objects", "shared", "unsnapped", "slots")
        return "Layout(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in fields) + ")"

    def snapshot(self, state) -> dict:
        """Everything the layout names (hidden parts and the generator included) plus
        the decision the state stands at, as JSON-able data."""
        skip = self.unsnapped
        named = (*self.values, *self.lists, *self.shared, *self.nested)
        data = {k: getattr(state, k) for k in named if k not in skip}
        for key in self.dicts:
            if key not in skip:
                data[key] = sorted(getattr(state, key).items())
        for key in self.objects:
            if key not in skip:
                data[key] = getattr(state, key).snapshot()
        data.update(
            to_move=state.to_move,
            result=state.result,
            legal=[a.id for a in state._legal],
        )
        return data


def _compile_clone(layout: Layout):
    """`clone(state)`: an independent copy of `state`, shared where nothing changes in
    place, written out field by field for this layout. A state with a `__dict__` is
    copied at once and its containers replaced; a slotted one has no `__dict__`, so
    each of its fields is copied on its own."""
    lines = ["def clone(state):", "    twin = _new(state.__class__)"]
    if layout.slots:
        read, write = "state.{}", "twin.{}"
        copied = {*layout.lists, *layout.nested, *layout.dicts, *layout.objects, "_shared"}
        lines += [f"    twin.{key} = state.{key}" for key in layout.slots if key not in copied]
        if "_shared" in layout.slots and not layout.shared:
            lines.append("    twin._shared = state._shared")
    else:
        read = write = "d[{!r}]"
        lines += ["    d = twin.__dict__", "    d.update(state.__dict__)"]
    for key in layout.lists:
        lines += [
            f"    v = {read.format(key)}",
            f"    {write.format(key)} = v if v is None else v[:]",
        ]
    for key in layout.nested:  # two seats, the common case, without a loop
        lines += [
            f"    z = {read.format(key)}",
            f"    {write.format(key)} = [z[0][:], z[1][:]] if len(z) == 2 else [x[:] for x in z]",
        ]
    lines += [f"    {write.format(key)} = {read.format(key)}.copy()" for key in layout.dicts]
    lines += [f"    {write.format(key)} = {read.format(key)}.clone()" for key in layout.objects]
    if layout.shared:  # both now share them: whichever writes first copies (own_log)
        lines += ["    state._shared = True", f"    {write.format('_shared')} = True"]
    lines.append("    return twin")
    scope = {"_new": object.__new__}
    exec(compile("\n".join(lines), "<tcglab layout clone>", "exec"), scope)
    return scope["clone"]


def deal_identities(identities: list, unknown: list[int], rng) -> None:
    """Deal the identities held at the indexes `unknown` of `identities` among those
    same indexes at random: the heart of resampling what a seat cannot see. Sorted
    first, so a sample depends only on what the seat knows and the generator."""
    pool = sorted(identities[i] for i in unknown)
    rng.shuffle(pool)
    for index, identity in zip(unknown, pool, strict=True):
        identities[index] = identity
