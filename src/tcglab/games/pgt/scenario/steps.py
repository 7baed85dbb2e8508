"""Where the rules stand, in a scenario's words: the point of the turn (`at`), the
pending steps (`pending`) and the abilities in progress (`abilities`).

A state stops at a decision on top of a stack of steps (procedure.py); abilities in
progress are the attack procedure's records (combat.py). A hand-written position names
only its point ("pre_combat", "reformation" ...) and gets the steps a game has there;
an exported one in the middle of an ability writes every step and every ability as
plain words, so that it is rebuilt exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pgt.abilities import new_proc
from tcglab.games.pgt.combat import ORDER
from tcglab.games.pgt.formation import TAKE_BACKS

if TYPE_CHECKING:
    from tcglab.engine.scenario import Fields
    from tcglab.games.pgt.state import PgtState

SEATS = ("p1", "p2")
NONE = "none"

# The points a position may be written at without its steps (the steps every game has
# there), and what a player reads for each.
PLAIN_POINTS = {
    "formation": "the first formation of the game, both players placing face-down (PGT-6.2)",
    "reformation": "the re-formation before a new round, the first player first (PGT-7.8)",
    "pre_combat": "the pre-combat phase of the active player's turn (PGT-7.4)",
    "combat": "the combat phase: the active player declares an attack or none (PGT-7.3)",
    "post_combat": "the post-combat phase of the active player's turn (PGT-7.4)",
    "over": "the game has ended (give `winners` and `reason`)",
}
# The stages of an ability in progress as files name them (combat.ORDER).
STAGE_NAMES = {"w1": "window1", "w2": "window2", "w3": "window3"}
STAGES_OF = {kind: tuple(STAGE_NAMES.get(s, s) for s in order) for kind, order in ORDER.items()}
# The decisions inside an ability, by the step that asks them.
ASKED = {"target": "targets", "guard": "guard", "innocence": "innocence", "dice": "dice"}
ASKED |= {"counter": "counter"}
DEEP_POINTS = {
    "on_flip": "a character just turned face-up: its on-flip (Ｒ) abilities (PGT-GAP-19)",
    "attack.targets": "choosing the targets of an attack (PGT-14.2.1)",
    "attack.window1": "the window after the attack is declared (PGT-14.2.2)",
    "attack.guard": "the defender may guard (PGT-14.2.3)",
    "attack.window2": "the window after the guard (PGT-14.2.4)",
    "attack.innocence": "the target may use Innocence (PGT-14.2.5)",
    "attack.dice": "the attacker chooses how many dice to roll (PGT-14.2.6)",
    "attack.reroll": "the reroll window (PGT-14.2.7)",
    "attack.window3": "the window before the comparison (PGT-14.2.9)",
    "attack.counter": "the target may use Counter (PGT-14.2.11)",
    "strike.targets": "choosing the targets of an effect with attack power (PGT-14.3)",
    "strike.window1": "the window after an effect with attack power (PGT-14.3.2)",
    "strike.innocence": "Innocence against an effect with attack power (PGT-14.3.3)",
    "strike.dice": "the dice of an effect with attack power (PGT-14.3.4)",
    "strike.reroll": "the reroll window of an effect with attack power (PGT-14.3.5)",
    "strike.window3": "the window before its comparison (PGT-14.3.7)",
    "strike.counter": "Counter against a physical effect (PGT-14.3.9)",
    "effect.targets": "choosing the targets of an effect (PGT-14.1.1)",
    "effect.window1": "the window after an effect is used (PGT-14.1.2)",
}
POINTS = {**PLAIN_POINTS, **DEEP_POINTS}

# Each step as files write it: its name and its arguments, a seat or an ability in
# progress ("#1") by position, the rest as key=value. The steps that take one more
# argument when it is not zero (a formation's take-backs) are in OPTIONAL.
STEPS = {
    "round_start": ("round_start", ()),
    "first_roll": ("first_player_roll", (("game_start", "int"),)),
    "commit_initial": ("reveal_parties", ()),
    "form": ("formation", (("", "seat"), ("first", "flag"), ("undone", "int"))),
    "turn": ("turn", (("", "seat"),)),
    "turn_end": ("turn_end", (("", "seat"),)),
    "round_end": ("round_end", ()),
    "win": ("window", (("", "seat"), ("passes", "int"), ("mode", "mode"), ("check", "pid"))),
    "combat": ("combat", (("", "seat"),)),
    "proc": ("ability", (("", "pid"),)),
    "guard": ("guard", (("", "seat"), ("", "pid"))),
    "innocence": ("innocence", (("", "seat"), ("", "pid"), ("card", "card"))),
    "dice": ("dice", (("", "seat"), ("", "pid"))),
    "counter": ("counter", (("", "seat"), ("", "pid"), ("card", "card"))),
    "target": ("targets", (("", "seat"), ("", "pid"))),
    "r_use": ("on_flip", (("", "seat"), ("card", "card"), ("used", "int"))),
}
STEP_OF = {written: name for name, (written, _) in STEPS.items()}
OPTIONAL = {"form"}
MODES = ("normal", "reroll", "flip")
ABILITY_KEYS = (
    *("kind", "seat", "card", "ability", "next", "targets", "window", "check", "guarded"),
    *("failed", "invalid", "as", "within", "rolled", "faces", "value", "dice", "modifier"),
)
PROC_KEYS = {
    *("kind", "seat", "actor", "ab", "stage", "targets", "mode", "check", "guarded"),
    *("failed", "invalid", "purpose", "parent", "k", "faces", "value", "mode_pm", "dice"),
    "mod",
}


def seat_key(seat: int) -> str:
    return NONE if seat < 0 else SEATS[seat]


def point(st: PgtState) -> str:
    """The point a state stands at, named as `at` names it."""
    if st.result is not None:
        return "over"
    top = st.stack[-1]
    name = top[0]
    if name == "form":
        return "formation" if top[2] else "reformation"
    if name in ("combat", "r_use"):
        return "combat" if name == "combat" else "on_flip"
    if name == "win":
        if not st.procs:
            return "pre_combat" if any(s[0] == "combat" for s in st.stack) else "post_combat"
        p = st.procs[-1]
        order = ORDER[p["kind"]]
        ran = order[order.index(p["stage"]) - 1]  # the stage that opened this window
        return f"{p['kind']}.{STAGE_NAMES.get(ran, ran)}"
    return f"{st.procs[top[2]]['kind']}.{ASKED[name]}"


def plain_stack(at: str, active: int, first: int) -> list[tuple]:
    """The steps a game has at a plain point, as the turn structure pushes them."""
    if at == "formation":  # PGT-6.2 both form, then reveal, then roll for first (PGT-6.3)
        first_steps = [("round_start",), ("first_roll", 1), ("commit_initial",)]
        return [*first_steps, ("form", 1, True), ("form", 0, True)]
    if at == "reformation":  # PGT-7.8(3)(4) the first player re-forms first
        return [("round_start",), ("form", 1 - first, False), ("form", first, False)]
    if at == "over":
        return []
    stack = [("turn_end", active), ("win", active, 0, "normal", -1)]  # post-combat window
    if at != "post_combat":
        stack.append(("combat", active))
    if at == "pre_combat":
        stack.append(("win", active, 0, "normal", -1))
    return stack


# -- writing ----------------------------------------------------------------------------


def write_step(st: PgtState, step: tuple) -> str:
    written, signature = STEPS[step[0]]
    words = [written]
    if step[0] in OPTIONAL and len(step) == len(signature):
        signature = signature[:-1]  # the last argument is zero, left off
    for (key, kind), arg in zip(signature, step[1:], strict=True):
        text = _write_arg(st, kind, arg)
        words.append(f"{key}={text}" if key else text)
    return " ".join(words)


def _write_arg(st: PgtState, kind: str, arg) -> str:
    if kind == "seat":
        return seat_key(arg)
    if kind == "pid":
        return NONE if arg < 0 else f"#{arg + 1}"
    if kind == "card":
        return st.card(arg).id
    if kind == "flag":
        return "yes" if arg else "no"
    return str(arg)


def write_ability(st: PgtState, p: dict) -> dict:
    """One ability in progress as plain words: whose, which, what is next and what has
    been decided so far (targets, guards, the dice)."""
    unknown = set(p) - PROC_KEYS
    if unknown:
        raise ValueError(f"an ability in progress holds {sorted(unknown)}, unknown to scenarios")
    out = {
        "kind": p["kind"],
        "seat": seat_key(p["seat"]),
        "card": st.card(p["actor"]).id,
        "ability": "flip" if p["ab"] < 0 else p["ab"] + 1,
        "next": STAGE_NAMES.get(p["stage"], p["stage"]),
    }
    optional = {
        "targets": [st.card(t).id for t in p["targets"]],
        "window": "" if p["mode"] == "normal" else p["mode"],
        "check": None if p["check"] < 0 else p["check"] + 1,
        "guarded": [i + 1 for i in p["guarded"]],
        "failed": [st.card(t).id for t in p["failed"]],
        "invalid": p["invalid"],
        "as": p["purpose"],
        "within": None if p["parent"] < 0 else p["parent"] + 1,
        "rolled": p["k"],
        "faces": None if p["faces"] is None else list(p["faces"]),
    }
    out.update((k, v) for k, v in optional.items() if v not in (None, "", [], False, 0))
    if p["value"] is not None:
        out["value"] = p["value"]
    if "dice" in p:
        out["dice"], out["modifier"] = p["dice"], p["mod"]
    return out


# -- reading ----------------------------------------------------------------------------


def read_steps(position: Fields, inst_of: dict[str, int], procs: int) -> list[tuple]:
    """`pending`, bottom of the stack first, as steps."""
    steps = []
    for number, text in enumerate(position.items("pending"), 1):
        name = f"pending.{number}"
        if not isinstance(text, str) or not text.split():
            raise position.fail(name, "expected a step such as 'window p1 passes=0 mode=normal'")
        written, *words = text.split()
        if written not in STEP_OF:
            raise position.fail(name, f"{written!r} is not a step; accepted: {', '.join(STEP_OF)}")
        step = STEP_OF[written]
        signature = STEPS[step][1]
        least = len(signature) - (step in OPTIONAL)
        if not least <= len(words) <= len(signature):
            shown = " ".join(key + "=" if key else kind for key, kind in signature)
            counts = f"{least} or {len(signature)}" if least < len(signature) else least
            raise position.fail(name, f"{written} takes {counts} arguments: {shown}")
        args = []
        for (key, kind), word in zip(signature, words, strict=False):
            if key:
                given, _, word = word.partition("=")
                if given != key:
                    raise position.fail(name, f"expected {key}=..., not {given!r}")
            args.append(_read_arg(position, name, kind, word, inst_of, procs))
        if step == "form" and len(args) == 3 and not 0 <= args[2] <= TAKE_BACKS:
            raise position.fail(name, f"undone takes 0 to {TAKE_BACKS}, not {args[2]}")
        if step in OPTIONAL and len(args) == len(signature) and args[-1] == 0:
            args.pop()  # a zero is left off, as the game's own steps leave it
        steps.append((step, *args))
    return steps


def _read_arg(position: Fields, name: str, kind: str, word: str, inst_of: dict, procs: int):
    if kind == "seat":
        if word not in (*SEATS, NONE):
            raise position.fail(name, f"{word!r} is not a seat; accepted: p1, p2, none")
        return SEATS.index(word) if word in SEATS else -1
    if kind == "pid":
        if word == NONE:
            return -1
        number = word[1:]
        if not (word.startswith("#") and number.isdigit() and 1 <= int(number) <= procs):
            raise position.fail(name, f"{word!r} is not an ability in progress (#1 to #{procs})")
        return int(number) - 1
    if kind == "card":
        if word not in inst_of:
            raise position.fail(name, f"card {word!r} is not in this game")
        return inst_of[word]
    if kind == "flag":
        if word not in ("yes", "no"):
            raise position.fail(name, f"{word!r}: expected yes or no")
        return word == "yes"
    if kind == "mode":
        if word not in MODES:
            raise position.fail(name, f"{word!r}: accepted: {', '.join(MODES)}")
        return word
    try:
        return int(word)
    except ValueError:
        raise position.fail(name, f"{word!r}: expected a whole number") from None


def read_abilities(st: PgtState, position: Fields, inst_of: dict[str, int]) -> None:
    """`abilities`, outermost first, started as the ability steps start them."""
    tables = position.tables("abilities", [])
    for table in tables:
        table.only(*ABILITY_KEYS)
        kind = table.one_of("kind", tuple(ORDER))
        seat = SEATS.index(table.one_of("seat", SEATS))
        actor = _card(table, "card", inst_of)
        abilities = st.card(actor).abilities
        flips = table.get("ability") == "flip"
        ab = -1 if flips else table.number("ability", lo=1, hi=len(abilities)) - 1
        stages = STAGES_OF[kind]
        stage = ORDER[kind][stages.index(table.one_of("next", stages))]
        count = len(tables)
        extra = {
            "stage": stage,
            "targets": _cards(table, "targets", inst_of),
            "mode": table.one_of("window", MODES, "normal"),
            "check": _ability_number(table, "check", count),
            "guarded": tuple(n - 1 for n in _numbers(table, "guarded", 1, 6)),
            "failed": _cards(table, "failed", inst_of),
            "invalid": table.flag("invalid", False),
            "purpose": table.one_of("as", ("", "innocence", "counter"), ""),
            "parent": _ability_number(table, "within", count),
            "k": table.number("rolled", 0, lo=0),
            "faces": tuple(_numbers(table, "faces", 1, 6)) if table.has("faces") else None,
            "value": table.number("value") if table.has("value") else None,
        }
        strike = abilities[ab].strike if ab >= 0 else None
        if strike:
            extra["dice"] = table.number("dice", strike.dice, lo=1)
            extra["mod"] = table.number("modifier", strike.modifier)
        elif table.has("dice") or table.has("modifier"):
            raise table.fail("dice", "only an ability with attack power has dice")
        new_proc(st, kind, seat, actor, ab, **extra)


def _ability_number(table: Fields, name: str, count: int) -> int:
    """Another ability in progress, numbered from 1 as `#1` names it; -1 for none."""
    return table.number(name, lo=1, hi=count) - 1 if table.has(name) else -1


def _card(table: Fields, name: str, inst_of: dict[str, int]) -> int:
    card = table.text(name)
    if card not in inst_of:
        raise table.fail(name, f"card {card!r} is not in this game")
    return inst_of[card]


def _cards(table: Fields, name: str, inst_of: dict[str, int]) -> tuple[int, ...]:
    found = []
    for card in table.items(name, []):
        if not isinstance(card, str) or card not in inst_of:
            raise table.fail(name, f"card {card!r} is not in this game")
        found.append(inst_of[card])
    return tuple(found)


def _numbers(table: Fields, name: str, lo: int, hi: int) -> list[int]:
    values = table.items(name, [])
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise table.fail(name, f"expected whole numbers from {lo} to {hi}")
    return values
