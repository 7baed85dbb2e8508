"""Two tiny games whose best moves are known, for testing search agents.

Wager Tree (賭けの木): seats take turns walking down a fixed tree of choices; each leaf
names seat 1's chance in percent, settled by one roll of a 100-sided die (seat 2 wins
otherwise; at a table of more than two, the other seats only watch).

High Card (ハイカード): nine numbered cards are shuffled and each of two seats is dealt
one face-down. Seat 1 may keep its card or swap it for the top card of the deck, unseen;
then both cards are shown and the higher wins. What seat 2 holds is hidden from seat 1.
"""

from __future__ import annotations

from tcglab.engine import Action, Game, Result, Rng, State

GAMBLE = {"safe": 50, "bold": 90, "wild": 20}
# Seat 1 picks a branch, seat 2 answers: "left" promises 80 but seat 2 answers with 30.
DUEL = {"left": {"a": 30, "b": 80}, "right": {"c": 60, "d": 50}}


class _ToyState(State):
    def _finish(self, winner: int) -> None:
        scores = tuple(int(s == winner) for s in range(self.players))
        self.result = Result((winner,), scores, "decided")
        self.to_move, self._legal = None, []

    def clone(self):
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.history, twin.log, twin.rng = self.history[:], self.log[:], self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        data = {k: v for k, v in self.__dict__.items() if k not in ("game", "rng", "log", "_legal")}
        return {**data, "rng": self.rng.snapshot()}


class TreeState(_ToyState):
    def __init__(self, game: Game, seed: int, tree: dict, players: int = 2) -> None:
        self.game, self.seed, self.players, self.options = game, seed, players, {}
        self.rng, self.history, self.log, self.result = Rng(seed), [], [], None
        self.path: list[str] = []
        self.tree = tree
        self._stop()

    def _node(self):
        node = self.tree
        for step in self.path:
            node = node[step]
        return node

    def _stop(self) -> None:
        node = self._node()
        if isinstance(node, dict):
            self.to_move = len(self.path) % self.players
            self._legal = [Action(name, name) for name in node]
        else:
            self._finish(0 if self.rng.roll(100) <= node else 1)

    def _apply(self, action: Action) -> None:
        self.path = [*self.path, action.id]
        self._stop()

    def observe(self, seat):
        return {"path": list(self.path), "to_move": self.to_move}

    def determinize(self, seat, rng):
        twin = self.clone()
        twin.rng = rng.derive()
        return twin


class TreeGame(Game):
    id, name, min_players, max_players, default_players = "tree", "Wager Tree", 2, 5, 2

    def __init__(self, tree: dict) -> None:
        self.tree = tree

    def _new_state(self, seed, players, options, decks):
        return TreeState(self, seed, self.tree, players)

    def card_digest(self) -> str:
        return "none"


class HighCardState(_ToyState):
    def __init__(self, game: Game, seed: int) -> None:
        self.game, self.seed, self.players, self.options = game, seed, 2, {}
        self.rng, self.history, self.log, self.result = Rng(seed), [], [], None
        self.deck = list(range(1, 10))
        self.rng.shuffle(self.deck)
        self.hands = [self.deck.pop(), self.deck.pop()]
        self.to_move = 0
        self._legal = [Action("keep", "keep your card"), Action("swap", "swap for the top card")]

    def _apply(self, action: Action) -> None:
        if action.id == "swap":
            self.hands = [self.deck[-1], self.hands[1]]
            self.deck = self.deck[:-1]
        self._finish(0 if self.hands[0] > self.hands[1] else 1)

    def observe(self, seat):
        hands = [h if s == seat or self.result else None for s, h in enumerate(self.hands)]
        return {"hands": hands, "deck": len(self.deck), "to_move": self.to_move}

    def determinize(self, seat, rng):
        """Everything but the seat's own card, sorted and reshuffled: the sample depends
        on nothing but what the seat knows and `rng`."""
        twin = self.clone()
        unknown = sorted([*self.deck, self.hands[1 - seat]])
        rng.shuffle(unknown)
        hands = list(self.hands)
        hands[1 - seat] = unknown.pop()
        twin.hands, twin.deck = hands, unknown
        twin.rng = rng.derive()
        return twin


class HighCardGame(Game):
    id, name, min_players, max_players, default_players = "highcard", "High Card", 2, 2, 2

    def _new_state(self, seed, players, options, decks):
        return HighCardState(self, seed)

    def card_digest(self) -> str:
        return "none"


class CoinDuelState(_ToyState):
    """Coin Duel (コイン決闘): seat 1 takes a sure 60% ("stay") or tosses a coin ("go");
    the coin gives the last word to seat 1 or to seat 2, who each answer "red" (seat 1
    wins) or "blue" (seat 2 wins). Both seats answer with the same ids, so a search that
    scores one seat's answer for the other thinks "go" nearly always wins; it wins half
    the time."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game, self.seed, self.players, self.options = game, seed, 2, {}
        self.rng, self.history, self.log, self.result = Rng(seed), [], [], None
        self.to_move = 0
        self._legal = [Action("stay", "a sure 60%"), Action("go", "toss the coin")]

    def _apply(self, action: Action) -> None:
        if action.id == "stay":
            self._finish(0 if self.rng.roll(100) <= 60 else 1)
        elif action.id == "go":
            self.to_move = self.rng.below(2)
            self._legal = [Action("red", "seat 1 wins"), Action("blue", "seat 2 wins")]
        else:
            self._finish(0 if action.id == "red" else 1)

    def observe(self, seat):
        return {"to_move": self.to_move, "history": list(self.history)}

    def determinize(self, seat, rng):
        twin = self.clone()
        twin.rng = rng.derive()
        return twin


class CoinDuelGame(Game):
    id, name, min_players, max_players, default_players = "coinduel", "Coin Duel", 2, 2, 2

    def _new_state(self, seed, players, options, decks):
        return CoinDuelState(self, seed)

    def card_digest(self) -> str:
        return "none"
