"""A championship of several Higurashi games (G4-2.6, G4-GAP-13) as one game state: the
game's "championship" table format.

The players agree on a number of games in advance (by default, as many as there are
players). Each game's scores add up; the highest total is champion. While the lead is
shared, the tied players alone play another game, whose scores add to theirs; the
others sit it out and watch.

Each game is an ordinary HigurashiState held inside this one. While it runs, the seat
to move is the championship seat of the game's mover, the legal actions are the
game's (their labels naming championship players), and the game's events are relayed
to the championship's log with their secrets given to the championship seats they
belong to. A decider of fewer players seats the tied leaders as its P1, P2 ... in
championship order.
"""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.capabilities import game_record
from tcglab.engine.errors import BadOption
from tcglab.engine.events import Event
from tcglab.engine.game import RuleOption
from tcglab.engine.layout import Layout
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result, State
from tcglab.engine.unavailable import reworded
from tcglab.games.higurashi import championship_view as view
from tcglab.games.higurashi.state import HigurashiState

EXTRA_GAMES_CAP = 20  # a tie that survives this many deciders is shared
MOST_GAMES = 100  # games agreed in advance, at most
SPECTATOR_SEAT = 7  # a HigurashiState's spectators' bit is the bit of seat 7

# The championship's one setting, given among the rule options (engine/capabilities.py).
GAMES = RuleOption(
    "games",
    0,
    "the games agreed in advance; 0 plays one per player",
    "G4-GAP-13",
    minimum=0,
    maximum=MOST_GAMES,
)


def championship_table(game, seed: int, players: int, options: dict, decks) -> ChampionshipState:
    """G4-2.6 a championship (the "championship" format) as one state."""
    if decks:
        raise BadOption(f"{game.id} is played with the shared card set; it takes no decks")
    return ChampionshipState(game, seed, players, options)


def planned_games(players: int, games: int | None) -> int:
    """G4-GAP-13 the games agreed in advance: one per player unless stated."""
    planned = players if games is None else games
    if not 1 <= planned <= MOST_GAMES:
        raise BadOption(f"a championship is 1 to {MOST_GAMES} games, not {planned}")
    return planned


def add_scores(totals: list[int], seats, scores) -> None:
    """G4-2.6 each game's scores add to the players' totals."""
    for seat, score in zip(seats, scores, strict=True):
        totals[seat] += score


def leaders(totals: list[int], seats) -> list[int]:
    """G4-GAP-13 the players with the highest total; more than one plays on."""
    best = max(totals[s] for s in seats)
    return [s for s in seats if totals[s] == best]


class ChampionshipState(State):
    table_format = "championship"  # what a replay record names it by (engine/replay.py)
    # `records` holds each finished game's record (a dict, never changed once made);
    # `seats` the championship seat of each seat of the game in progress (`sub`), which
    # `clone` copies and `snapshot` adds below. `rules` (the games' rule options) and
    # `planned` never change. The snapshot holds the actions taken, as a draft table's
    # does: a choice that leaves no other trace (the target of an event card that has
    # no effect) still makes another championship.
    LAYOUT = Layout(
        values=("seed", "players", "options", "planned", "seats", "relayed"),
        lists=("totals", "records"),
        objects=("seeds",),
    )

    def __init__(self, game, seed: int, players: int, options: dict) -> None:
        self.sub: HigurashiState | None = None
        self.begin(game, seed, players, options)  # the generator `seeds`, from `seed`
        self.rules = {option.name: options[option.name] for option in game.options}
        self.planned = planned_games(players, options[GAMES.name] or None)
        self.totals = [0] * players
        self.records: list[dict] = []
        self.seats = tuple(range(players))
        self.relayed = 0  # events of `sub` already in this log
        self.start_game()

    @property
    def rng(self) -> Rng:
        """The generator of the game in progress, which deals it and rolls its dice; the
        generator `seeds` draws the seed of every game."""
        return self.sub.rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        if self.sub is None:  # State.begin: the championship's own generator
            self.seeds = rng
        else:
            self.sub.rng = rng

    # -- the championship's steps ------------------------------------------------

    def start_game(self) -> None:
        """G4-2.6 the next game among `seats`, dealt from a seed the championship's
        generator draws."""
        number = len(self.records) + 1
        if number > self.planned:  # G4-GAP-13 a decider of the tied leaders
            tied_on = self.totals[self.seats[0]]
            self.emit("championship_decider", number=number, seats=list(self.seats), points=tied_on)
        else:
            self.emit("championship_game", number=number, planned=self.planned)
        self.sub = self.game.new_state(self.seeds.next_u64(), len(self.seats), self.rules)
        self.relayed = 0
        self.follow()

    def follow(self) -> None:
        """After every action in a game: relay its events, then stop at the game's next
        decision or score the finished game."""
        self.relay()
        if self.sub.over:
            self.end_game()
        else:
            self.stop_in_game()

    def relay(self) -> None:
        """Copy the game's new events. In a game of every seat they are the
        championship's as they are; in a decider each secret goes to the championship
        seat it is for, and each event names the championship seats of the game's seats
        (`table_seats`)."""
        seats, log = self.seats, self.sub.log
        if self.everyone_plays():
            self.own_log().extend(log[self.relayed :])
            self.relayed = len(log)
            return
        mapped, own = list(seats), self.own_log()
        for event in log[self.relayed :]:
            secret = event.secret
            if secret is not None:
                secret = {seats[seat]: data for seat, data in secret.items()}
            own.append(Event(event.kind, {**event.data, "table_seats": mapped}, secret))
        self.relayed = len(log)

    def stop_in_game(self) -> None:
        """The game's decision, as the championship's: its mover and its choices."""
        sub, seats = self.sub, self.seats
        self.to_move = seats[sub.to_move]
        if self.everyone_plays():
            self._legal = sub._legal
        else:
            self._legal = [view.relabel(action, seats) for action in sub._legal]

    def end_game(self) -> None:
        """G4-2.6 the game's scores add to its players' totals; once the agreed games
        are played, G4-GAP-13 a single leader is champion and tied leaders play on."""
        result = self.sub.result
        self.records.append(game_record(self.seats, result))
        add_scores(self.totals, self.seats, result.scores)
        self.emit_standing()
        if len(self.records) < self.planned:
            self.seats = tuple(range(self.players))
            self.start_game()
            return
        tied = leaders(self.totals, self.seats)
        if len(tied) == 1 or len(self.records) >= self.planned + EXTRA_GAMES_CAP:
            self.finish(tied)
            return
        self.seats = tuple(tied)
        self.start_game()

    def emit_standing(self) -> None:
        """Who leads after a game, and by how much."""
        totals = self.totals
        best = max(totals)
        ahead = [seat for seat, total in enumerate(totals) if total == best]
        number = len(self.records)
        if len(ahead) > 1:
            self.emit("championship_standing", number=number, leaders=ahead, lead=best)
            return
        behind = max(total for seat, total in enumerate(totals) if seat != ahead[0])
        self.emit("championship_standing", number=number, leader=ahead[0], lead=best, behind=behind)

    def finish(self, champions: list[int]) -> None:
        """G4-GAP-13 the champion; a tie that outlasts EXTRA_GAMES_CAP deciders is shared."""
        reason = "champion" if len(champions) == 1 else "shared_lead"
        self.result = Result(tuple(champions), tuple(self.totals), reason)
        self.to_move, self._legal = None, []
        points = self.totals[champions[0]]
        if len(champions) == 1:
            self.emit("championship_won", champion=champions[0], points=points)
        else:
            self.emit("championship_won", champions=champions, points=points)

    def everyone_plays(self) -> bool:
        """Whether the game in progress seats every player, each in their own seat."""
        return len(self.seats) == self.players

    # -- deciding ----------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        self.sub.apply(action.id)
        self.follow()

    def unavailable(self, lang: str = "en") -> list[dict]:
        """What the mover of the game in progress cannot take now (the game's own list,
        naming the championship's players)."""
        if self.result is not None:
            return []
        found = self.sub.unavailable(lang)
        if self.everyone_plays():
            return found
        seats = self.seats
        return [
            {**o, "label": view.rename(o["label"], seats), "why": view.rename(o["why"], seats)}
            for o in found
        ]

    def refusal(self, action_id: str) -> str | None:
        """The game in progress's own answer to a typed id (rule ID or slip), naming the
        championship's players."""
        if self.result is not None:
            return None
        found = self.sub.refusal(action_id)
        if self.everyone_plays():
            return found
        seats = self.seats
        return reworded(found, action_id, lambda text: view.rename(text, seats))

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return view.describe(kind, data, lang)

    # -- information -------------------------------------------------------------

    def local_seat(self, seat: int | None) -> int | None:
        """Where `seat` sits in the game in progress, or None if it sits this one out."""
        if seat is None or seat not in self.seats:
            return None
        return self.seats.index(seat)

    def observe(self, seat: int | None) -> dict:
        return view.observe(self, seat)

    def resample_hidden(self, twin: ChampionshipState, seat: int, rng: Rng) -> None:
        """Only the game in progress hides anything (finished games are public): it
        resamples what `seat` cannot know in it, as its player or, sitting it out, as
        a spectator. The games still to come are dealt from fresh seeds; the kernel
        then gives the game in progress fresh dice."""
        local = self.local_seat(seat)
        twin.sub = self.sub.determinize(SPECTATOR_SEAT if local is None else local, rng)
        twin.seeds = rng.derive()

    def refresh_legal(self) -> None:
        """The choices again: the mover's labels may name resampled cards."""
        if self.result is None:
            self.stop_in_game()

    # -- copying -----------------------------------------------------------------

    def clone(self) -> ChampionshipState:
        twin = super().clone()
        twin.sub = self.sub.clone()
        return twin

    def snapshot(self) -> dict:
        data = super().snapshot()
        data["game"] = self.sub.snapshot()
        return data
