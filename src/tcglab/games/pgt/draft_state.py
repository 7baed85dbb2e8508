"""A draft table (PGT-15) as one game state: 3 or 4 players draft their decks
(`drafting`), then play the knockout tournament at the same table (`cup`), each game
an ordinary PgtState held inside this one."""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.errors import BadOption
from tcglab.engine.layout import Layout
from tcglab.engine.rng import Rng
from tcglab.engine.state import State
from tcglab.engine.unavailable import reworded
from tcglab.games.pgt import cup, drafting
from tcglab.games.pgt.agent import best_pick
from tcglab.games.pgt.draft import seating
from tcglab.games.pgt.draft_messages import describe
from tcglab.games.pgt.state import PgtState

SPECTATOR_SEAT = 7  # a PgtState's spectators' bit is the bit of seat 7


def draft_table(game, seed: int, players: int, options: dict, decks) -> DraftState:
    """PGT-15 a draft table (the "draft" format): the players draft their decks, then
    play the knockout, all as one state."""
    if decks:
        raise BadOption(f"a draft builds its own decks; leave decks out for {players} players")
    return DraftState(game, seed, players, options)


def drafted_decks(game, seed: int, players: int) -> list[list[str]]:
    """The decks of a draft in which every seat takes the card worth most to a party
    (the game's AI picker)."""
    st = DraftState(game, seed, players, game.resolve_options())
    cards = st.cards.cards
    while st.phase == "draft":
        pack = [cards[c].info for c in st.packs[st.to_move]]
        st.apply("pick " + best_pick(pack))
    return [[cards[c].id for c in deck] for deck in st.picks]


class DraftState(State):
    # Per card of the set (by index), `seen` has a bit per seat that knows the card:
    # it was in a pack the seat held, or the seat saw it in a game.
    _LISTS = ("order", "pool", "seen", "queue", "advancing", "wins", "games")
    # The game in progress (`sub`) is cloned by `clone` below, which also hands it the
    # table's generator; `snapshot` keeps its own form, which saved replays' digests
    # rest on.
    LAYOUT = Layout(lists=_LISTS, nested=("packs", "picks", "rounds"), objects=("_rng",))

    def __init__(self, game, seed: int, players: int, options: dict):
        self.sub: PgtState | None = None  # the game being played (before the generator)
        self.begin(game, seed, players, options)
        self.cards = game.cards
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
        self.to_move = 0
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

    def _game_in_play(self) -> PgtState | None:
        """The knockout's game in progress, whose refusals a player meets; None while
        drafting and once the draft is over."""
        if self.sub is None or self.result is not None or self.phase == "draft":
            return None
        return self.sub

    def unavailable(self, lang: str = "en") -> list[dict]:
        """In a game of the knockout, what its mover cannot take now (the game's own
        list, naming the tournament's players); nothing while drafting."""
        game = self._game_in_play()
        if game is None:
            return []
        pair, rename = self.pair, cup.rename
        return [
            {**o, "label": rename(o["label"], pair), "why": rename(o["why"], pair)}
            for o in game.unavailable(lang)
        ]

    def refusal(self, action_id: str) -> str | None:
        """In a game of the knockout, its own answer to a typed id (rule ID or slip),
        naming the tournament's players; None while drafting."""
        game = self._game_in_play()
        if game is None:
            return None
        pair = self.pair
        return reworded(game.refusal(action_id), action_id, lambda t: cup.rename(t, pair))

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

    def resample_hidden(self, twin: DraftState, seat: int, rng: Rng) -> None:
        """Every card `seat` has never seen changes places with another unseen one
        (packs, picks, the cards aside and the game's decks alike); then the game in
        progress resamples what the seat does not know in it. The kernel's determinize
        then gives the table, and so the game, fresh dice."""
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

    def refresh_legal(self) -> None:
        """The choices again: the mover's labels may name resampled cards."""
        if self.sub is not None and self.result is None:
            cup.follow(self)
        elif self.phase == "draft":
            self._legal = drafting.pick_actions(self)

    # -- copying ---------------------------------------------------------------

    def clone(self) -> DraftState:
        twin = super().clone()
        if self.sub is not None:
            twin.sub = self.sub.clone()
            twin.sub.rng = twin.rng  # one generator rules the table and its game
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._LISTS}
        data["history"] = self.history
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
