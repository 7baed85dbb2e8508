"""A draft table (PGT-15) as one game state: 3 or 4 players draft their decks
(`drafting`), then play the knockout tournament at the same table (`cup`), each game
an ordinary PgtState held inside this one."""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result, State
from tcglab.games.pgt import cup, drafting
from tcglab.games.pgt.draft import seating
from tcglab.games.pgt.draft_messages import describe
from tcglab.games.pgt.state import PgtState

SPECTATOR_SEAT = 7  # a PgtState's spectators' bit is the bit of seat 7


class DraftState(State):
    # Per card of the set (by index), `seen` has a bit per seat that knows the card:
    # it was in a pack the seat held, or the seat saw it in a game.
    _LISTS = ("order", "pool", "seen", "history", "log", "queue", "advancing", "wins", "games")

    def __init__(self, game, seed: int, players: int, options: dict):
        self.game, self.cards, self.seed, self.players = game, game.cards, seed, players
        self.options = options
        self.sub: PgtState | None = None  # the game being played
        self.rng = Rng(seed)
        self.phase = "draft"
        self.order = seating(self.rng, players)  # PGT-15.3(1)
        self.pool = list(range(len(self.cards.cards)))
        self.seen = [0] * len(self.pool)
        self.deal = 0
        self.packs: list[list[int]] = []
        self.picks: list[list[int]] = [[] for _ in range(players)]
        self.rounds: list[list[dict]] = []  # knockout rounds: match records and byes
        self.queue: list[tuple[int, int]] = []  # pairs still to play this round
        self.advancing: list[int] = []  # who goes on from this round so far
        self.pair: tuple[int, int] | None = None
        self.wins: list[int] = []
        self.games: list[dict] = []
        self.relayed = 0  # events of `sub` already in this log
        self.to_move: int | None = 0
        self.result: Result | None = None
        self.history: list[str] = []
        self.log = []
        self._legal: list[Action] = []
        drafting.deal(self)
        self._legal = drafting.pick_actions(self)

    @property
    def rng(self) -> Rng:
        return self._rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        """One generator rules the draft and every die of every game."""
        self._rng = rng
        if self.sub is not None:
            self.sub.rng = rng

    # -- deciding --------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if self.phase == "draft":
            drafting.pick(self, action.id.partition(" ")[2])
            if self.phase == "draft":
                self._legal = drafting.pick_actions(self)
        else:
            self.sub.apply(action.id)
            cup.follow(self)

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    # -- information -----------------------------------------------------------

    def local_seat(self, seat: int | None) -> int | None:
        """Where `seat` sits in the game being played, or None if it is not playing."""
        if self.pair is None or seat not in self.pair:
            return None
        return self.pair.index(seat)

    def observe(self, seat: int | None) -> dict:
        from tcglab.games.pgt.draft_view import observe

        return observe(self, seat)

    def known_cards(self, seat: int) -> set[int]:
        """The cards (by index) whose place `seat` must find unchanged in a sample."""
        bit = 1 << seat
        known = {card for card, mask in enumerate(self.seen) if mask & bit}
        sub = self.sub
        if sub is not None:
            local = self.local_seat(seat)
            mask = cup.SPECTATOR | (0 if local is None else 1 << local)
            known.update(card for inst, card in enumerate(sub.cid) if sub.known[inst] & mask)
        return known

    def determinize(self, seat: int, rng: Rng) -> DraftState:
        """Every card `seat` has never seen changes places with another unseen one
        (packs, picks, the cards aside and the game's decks alike); then the game in
        progress resamples what the seat does not know in it, and all dice."""
        twin = self.clone()
        known = self.known_cards(seat)
        unseen = [card for card in range(len(self.seen)) if card not in known]
        moved = unseen[:]
        rng.shuffle(moved)
        to = dict(zip(unseen, moved, strict=True))
        twin.pool = [to.get(c, c) for c in self.pool]
        twin.packs = [[to.get(c, c) for c in pack] for pack in self.packs]
        twin.picks = [[to.get(c, c) for c in deck] for deck in self.picks]
        for card, new in to.items():
            twin.seen[new] = self.seen[card]
        if twin.sub is not None:
            twin.sub.cid = [to.get(c, c) for c in twin.sub.cid]
            local = self.local_seat(seat)
            twin.sub = twin.sub.determinize(SPECTATOR_SEAT if local is None else local, rng)
        twin.rng = rng.derive()  # the game's dice too
        if twin.sub is not None and twin.result is None:
            cup.follow(twin)  # the mover's labels may name resampled cards
        elif twin.phase == "draft":
            twin._legal = drafting.pick_actions(twin)
        twin.log = self.public_log(seat)
        return twin

    # -- copying ---------------------------------------------------------------

    def clone(self) -> DraftState:
        twin = DraftState.__new__(DraftState)
        d = twin.__dict__
        d.update(self.__dict__)
        for key in self._LISTS:
            d[key] = d[key][:]
        twin.packs = [pack[:] for pack in self.packs]
        twin.picks = [deck[:] for deck in self.picks]
        twin.rounds = [matches[:] for matches in self.rounds]
        if self.sub is not None:
            twin.sub = self.sub.clone()
        twin.rng = self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._LISTS if key != "log"}
        data["queue"] = [list(pair) for pair in self.queue]
        data.update(
            seed=self.seed,
            players=self.players,
            options=self.options,
            phase=self.phase,
            deal=self.deal,
            packs=self.packs,
            picks=self.picks,
            rounds=self.rounds,
            pair=None if self.pair is None else list(self.pair),
            game=None if self.sub is None else self.sub.snapshot(),
            relayed=self.relayed,
            rng=self.rng.snapshot(),
            to_move=self.to_move,
            result=None if self.result is None else list(self.result),
            legal=[a.id for a in self._legal],
        )
        return data
