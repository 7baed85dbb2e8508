"""Dice Race (ダイスレース): a tiny complete game for testing the kernel in isolation.

Two or three players race to a target score. On a turn the player rolls the die and
adds it to their score, plays their one hidden boost card for its value (then draws a
new one), or rests. The first to reach the target wins; after the turn limit the
highest score wins. It is built on the same procedure pattern as the real games: a
stack of plain-data steps, automatic steps and decision steps.
"""

from __future__ import annotations

from typing import NamedTuple

from tcglab.engine import Action, Game, Result, Rng, RuleOption, State


class Boost(NamedTuple):
    id: str
    name_en: str
    name_ja: str
    value: int


BOOSTS = (
    Boost("ember", "Ember Step", "残り火の一歩", 1),
    Boost("gale", "Gale Push", "疾風の後押し", 2),
    Boost("comet", "Comet Leap", "彗星跳び", 3),
    Boost("tide", "Tide Surge", "満ち潮", 4),
)
COPIES = 2
TURN_CAP = 200  # the turn limit ends every game, and cannot be switched off
OPTIONS = (
    RuleOption("target", 10, "the score that wins the race", "toy-1", minimum=1, maximum=100),
    RuleOption("sides", 6, "faces of the race die", "toy-2", choices=(6, 8)),
    RuleOption("open_hands", False, "boost cards are held face-up", "toy-3"),
    RuleOption(
        "turn_limit",
        30,
        "turns before the highest score wins",
        "toy-4",
        minimum=1,
        maximum=TURN_CAP,
    ),
)
NOBODY = -1

AUTOMATIC: dict = {}
DECISIONS: dict = {}


def automatic(fn):
    AUTOMATIC[fn.__name__] = fn
    return fn


def decision(actions):
    def register(resolve):
        DECISIONS[resolve.__name__] = (actions, resolve)
        return resolve

    return register


class RaceState(State):
    _LISTS = ("scores", "hands", "deck", "kinds", "discard", "stack", "history", "log")

    def __init__(self, game: Game, seed: int, players: int, options: dict) -> None:
        self.begin(game, seed, players, options)
        self.scores = [0] * players
        self.hands = [NOBODY] * players  # the boost instance each seat holds
        self.kinds = [k for k in range(len(BOOSTS)) for _ in range(COPIES)]  # instance -> boost
        self.deck = list(range(len(self.kinds)))
        self.discard: list[int] = []
        self.turn = 0
        self.stack: list[tuple] = []

    # -- the procedure -------------------------------------------------------

    def _apply(self, action: Action) -> None:
        name, *args = self.stack.pop()
        DECISIONS[name][1](self, action, *args)
        self.advance()

    def advance(self) -> None:
        while self.stack and self.result is None:
            name, *args = self.stack[-1]
            if name in AUTOMATIC:
                self.stack.pop()
                AUTOMATIC[name](self, *args)
                continue
            legal = DECISIONS[name][0](self, *args)
            if legal:
                self.to_move, self._legal = args[0], legal
                return
            self.stack.pop()
        self.to_move, self._legal = None, []

    def boost(self, seat: int) -> Boost | None:
        inst = self.hands[seat]
        return None if inst == NOBODY else BOOSTS[self.kinds[inst]]

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return MESSAGES[kind](data)

    # -- information ---------------------------------------------------------

    def observe(self, seat: int | None) -> dict:
        open_hands = self.options["open_hands"]
        return {
            "seat": seat,
            "to_move": self.to_move,
            "turn": self.turn,
            "scores": list(self.scores),
            "holding": [inst != NOBODY for inst in self.hands],
            "hands": {
                str(s): self.boost(s).id if self.boost(s) else None
                for s in range(self.players)
                if open_hands or s == seat
            },
            "deck": len(self.deck),
            "discard": [BOOSTS[self.kinds[i]].id for i in self.discard],
            "result": None if self.result is None else json_result(self.result),
        }

    def glance(self, seat: int | None) -> dict:
        """The scores and who holds a boost: all the racer needs to know."""
        view = self.observe(seat)
        return {key: view[key] for key in ("seat", "to_move", "scores", "holding")}

    def hidden_from(self, seat: int) -> list[int]:
        """Boost instances whose identity `seat` cannot know."""
        held = [] if self.options["open_hands"] else self.hands[:seat] + self.hands[seat + 1 :]
        return [i for i in held if i != NOBODY] + self.deck

    def determinize(self, seat: int, rng: Rng) -> RaceState:
        twin = self.clone()
        hidden = self.hidden_from(seat)
        kinds = [self.kinds[i] for i in hidden]
        rng.shuffle(kinds)
        for inst, kind in zip(hidden, kinds, strict=True):
            twin.kinds[inst] = kind
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        if twin.to_move is not None:  # the same decision; its labels name the sampled cards
            name, *args = twin.stack[-1]
            twin._legal = DECISIONS[name][0](twin, *args)
        return twin

    # -- copying -------------------------------------------------------------

    def clone(self) -> RaceState:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for key in self._LISTS:
            setattr(twin, key, getattr(self, key)[:])
        twin.rng = self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._LISTS if key != "log"}
        data.update(
            seed=self.seed,
            players=self.players,
            options=self.options,
            turn=self.turn,
            rng=self.rng.snapshot(),
            to_move=self.to_move,
            result=self.result,
            legal=[a.id for a in self._legal],
        )
        return data


def json_result(result: Result) -> dict:
    return {"winners": list(result.winners), "scores": list(result.scores), "reason": result.reason}


# -- the rules ---------------------------------------------------------------


def set_up(st: RaceState) -> None:
    """Shuffle the boosts and deal one face-down to each seat; seat 0 starts."""
    st.rng.shuffle(st.deck)
    for seat in range(st.players):
        draw(st, seat)
    st.stack.append(("turn", 0))


def draw(st: RaceState, seat: int) -> None:
    """Take the top boost into an empty hand; only its holder learns which it is."""
    if not st.deck:
        return
    inst = st.deck.pop()
    st.hands[seat] = inst
    boost = BOOSTS[st.kinds[inst]]
    if st.options["open_hands"]:
        st.emit("draw", seat=seat, name=boost.name_en)
    else:
        st.emit("draw", {seat: {"name": boost.name_en}}, seat=seat)


@automatic
def turn(st: RaceState, seat: int) -> None:
    """A new turn, unless the turn limit has been reached."""
    if st.turn >= st.options["turn_limit"]:
        finish(st, "turn_limit")
        return
    st.turn += 1
    st.emit("turn", seat=seat, turn=st.turn)
    st.stack.append(("choose", seat))


def choices(st: RaceState, seat: int) -> list[Action]:
    acts = [Action("roll", f"Roll the d{st.options['sides']}")]
    boost = st.boost(seat)
    if boost is not None:
        acts.append(Action("play", f"Play {boost.name_en} (+{boost.value})"))
    return [*acts, Action("rest", "Rest")]


@decision(choices)
def choose(st: RaceState, action: Action, seat: int) -> None:
    if action.id == "roll":
        die = st.rng.roll(st.options["sides"], "dice")
        st.scores[seat] += die
        st.emit("roll", seat=seat, die=die)
    elif action.id == "play":
        play_boost(st, seat)
    else:
        st.emit("rest", seat=seat)
    if st.scores[seat] >= st.options["target"]:
        finish(st, "target")
    else:
        st.stack.append(("turn", (seat + 1) % st.players))


def play_boost(st: RaceState, seat: int) -> None:
    """Reveal the boost, score its value, discard it and draw another."""
    boost = st.boost(seat)
    st.discard.append(st.hands[seat])
    st.hands[seat] = NOBODY
    st.scores[seat] += boost.value
    st.emit("play", seat=seat, name=boost.name_en, value=boost.value)
    draw(st, seat)


def finish(st: RaceState, reason: str) -> None:
    best = max(st.scores)
    winners = tuple(s for s in range(st.players) if st.scores[s] == best)
    st.result = Result(winners, tuple(st.scores), reason)
    st.stack.clear()
    st.emit("game_over", winners=list(winners), reason=reason)


MESSAGES = {
    "draw": lambda d: f"P{d['seat'] + 1} draws " + d.get("name", "a boost"),
    "turn": lambda d: f"Turn {d['turn']}: P{d['seat'] + 1}",
    "roll": lambda d: f"P{d['seat'] + 1} rolls {d['die']}",
    "play": lambda d: f"P{d['seat'] + 1} plays {d['name']} for +{d['value']}",
    "rest": lambda d: f"P{d['seat'] + 1} rests",
    "game_over": lambda d: f"Game over ({d['reason']}): winners {d['winners']}",
}


class Racer:
    """The game's own agent: plays its boost when it holds one, otherwise rolls."""

    name = "racer"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, decision) -> Action:
        by_id = {action.id: action for action in decision.legal}
        return by_id.get("play") or by_id["roll"]


class DiceRace(Game):
    id = "dicerace"
    name = "Dice Race (ダイスレース)"
    min_players = 2
    max_players = 3
    default_players = 2
    options = OPTIONS
    state_class = RaceState
    heuristic_agent = Racer
    max_actions = TURN_CAP  # one action a turn

    def _new_state(self, seed: int, players: int, options: dict, decks) -> RaceState:
        state = self.state_class(self, seed, players, options)
        set_up(state)
        state.advance()
        return state

    def card_digest(self) -> str:
        return "dicerace-" + "-".join(f"{b.id}{b.value}" for b in BOOSTS)


GAME = DiceRace()
