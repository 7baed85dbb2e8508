"""The facts of one finished game that its records keep: one row for the game and one
per seat and card (copies in the deck, in the opening hand, the turn it was first
drawn and first played, and in a draft the pick it was taken at and last seen at).

Everything is read from the game's structured events (kind and fields, the owner's
secret part included) and from each seat's own observation, so it works for every
game that emits the common kinds: `turn`, `first_player`, `draw` (the card or cards in
the drawing seat's secret), `deal` (each seat's dealt cards in its secret),
`redraw`/`mulligan`, the kinds that put a card into play or use it (`PLAYS`: the card
public or in its user's secret), `pick`. Events of a table of several games carry
`pair`, the table seats of the game's seats, which maps their seats back to the table's.
"""

from __future__ import annotations

from collections import Counter

from tcglab.engine import State

# Event kinds by which a card goes from its owner's hand into play or is used (PM appear
# and set, PS place, Higurashi and PM play, PGT flip of a face-down character and use of
# an ability).
PLAYS = frozenset(("play", "place", "appear", "set", "flip", "use"))
DRAWS = frozenset(("draw",))
DEALS = frozenset(("deal",))  # each seat's secret holds the cards dealt to it
RESETS = frozenset(("redraw", "mulligan"))  # the opening hand is dealt again

# One card row: the columns of the `cards` table after `game`, in this order.
CARD_COLUMNS = (
    "seat",
    "deck",
    "card",
    "copies",
    "opening",
    "drawn_turn",
    "played_turn",
    "pick_taken",
    "pick_last_seen",
    "win",
)


def hand_ids(observation: dict) -> list[str]:
    """The card ids of the hand a seat's observation shows (ids or card faces)."""
    hand = observation.get("hand")
    if not isinstance(hand, list):
        return []
    return [card["id"] if isinstance(card, dict) else card for card in hand]


class Watcher:
    """What a game's records need that its log does not keep: each seat's hand when
    the game starts and, in a draft, the packs each seat was shown at each of its picks
    (`decision(state)` before every action while `drafting`)."""

    __slots__ = ("drafting", "hands", "picks", "shown", "start")

    def __init__(self, state: State) -> None:
        self.start = len(state.log)
        seen = [state.observe(seat) for seat in range(state.players)]
        self.hands = [hand_ids(view) for view in seen]
        self.drafting = state.to_move is not None and bool(seen[state.to_move].get("pack"))
        self.picks = [0] * state.players
        self.shown: dict[tuple[int, str], int] = {}

    def decision(self, state: State) -> None:
        """The pack the seat to move is shown, at its next pick number."""
        seat = state.to_move
        pack = state.observe(seat).get("pack")
        if not pack:
            self.drafting = False
            return
        self.picks[seat] += 1
        for card in pack:
            self.shown[(seat, card)] = self.picks[seat]


def owner(data: dict) -> int:
    """The table seat an event's `seat` names (a game of a table names its own seats)."""
    seat = data["seat"]
    pair = data.get("pair")
    return pair[seat] if pair else seat


def secret_cards(event, seat: int) -> list[str]:
    """The card ids an event shows only to `seat` (a draw's card or cards)."""
    secret = (event.secret or {}).get(seat) or {}
    if "cards" in secret:
        return list(secret["cards"])
    return [secret["card"]] if "card" in secret else []


def played_card(event, seat: int) -> str | None:
    """The card an event puts into play or uses, where only its user is told which."""
    return ((event.secret or {}).get(seat) or {}).get("card")


class Seen:
    """What one scan of a finished game's log shows: its turns and first player, and
    per seat and card the copies in the opening hand, the turn first drawn and first
    played and, in a draft, the copies picked and the pick first taken."""

    __slots__ = ("cards", "drawn", "first", "opening", "picked", "played", "taken", "turns")

    def __init__(self, state: State, watcher: Watcher) -> None:
        players = state.players
        self.opening = [Counter(hand) for hand in watcher.hands]
        self.cards = [set() for _ in range(players)]  # every card id each seat was seen with
        self.drawn: dict[tuple[int, str], int] = {}
        self.played: dict[tuple[int, str], int] = {}
        self.taken: dict[tuple[int, str], int] = {}
        self.picked = [Counter() for _ in range(players)]
        self.first = None
        log = state.log
        before = sum(event.kind == "turn" for event in log[: watcher.start])
        for event in log:
            if event.kind == "first_player":
                if "pair" not in event.data:  # a table of several games has no one first
                    self.first = event.data["seat"]
                break
        for event in log[: watcher.start]:  # dealt as the game was set up
            if event.kind in DEALS:
                self.deal(event, 0)
        turn = 0
        for event in log[watcher.start :]:
            kind = event.kind
            if kind == "turn":
                turn += 1
            elif kind in DRAWS:
                seat = owner(event.data)
                self.draw(seat, secret_cards(event, seat), turn)
            elif kind in DEALS:
                self.deal(event, turn)
            elif kind in PLAYS:
                seat = owner(event.data)
                card = event.data.get("card") or played_card(event, event.data["seat"])
                if card is not None:
                    self.played.setdefault((seat, card), turn)
                    self.cards[seat].add(card)
            elif kind in RESETS and turn == 0:
                self.opening[owner(event.data)].clear()
            elif kind == "pick":
                seat = owner(event.data)
                for card in secret_cards(event, seat):
                    self.picked[seat][card] += 1
                    self.taken.setdefault((seat, card), self.picked[seat].total())
        for seat, hand in enumerate(self.opening):
            self.cards[seat].update(hand)
        self.turns = before + turn

    def deal(self, event, turn: int) -> None:
        """Every seat's dealt cards, each told only to its seat."""
        pair = event.data.get("pair")
        for seat in event.secret or {}:
            self.draw(pair[seat] if pair else seat, secret_cards(event, seat), turn)

    def draw(self, seat: int, cards: list[str], turn: int) -> None:
        """Cards drawn before the first turn are the opening hand (a redraw's new hand)."""
        self.cards[seat].update(cards)
        if turn == 0:
            self.opening[seat].update(cards)
            return
        for card in cards:
            self.drawn.setdefault((seat, card), turn)

    def fits(self, seat: int, deck: Counter) -> bool:
        """Whether `deck` holds every card the seat was seen with, as many as it held."""
        if not self.cards[seat] <= deck.keys():
            return False
        return all(deck[card] >= count for card, count in self.opening[seat].items())


def deck_of(seen: Seen, seat: int, prebuilt: dict[str, Counter]) -> str | None:
    """The one prebuilt deck that holds every card a seat was seen with; None when no
    deck or more than one fits."""
    fits = [name for name, deck in prebuilt.items() if seen.fits(seat, deck)]
    return fits[0] if len(fits) == 1 else None


def facts(state: State, watcher: Watcher, agents, decks: list, names: list, prebuilt: dict,
          actions: int) -> tuple[dict, list]:  # fmt: skip
    """The `games` row of a finished game (its index is added by the run) and its card
    rows, tuples of `CARD_COLUMNS`: every card of each seat's deck (`decks`, Counters
    or None) or draft picks, and every card the seat was seen with or shown. A seat
    with no deck, in a game of prebuilt decks (`prebuilt`: Counters by name), gets the
    one its cards fit, and `names` (the deck name per seat) is filled in with it."""
    seen = Seen(state, watcher)
    result = state.result
    winners = result.winners
    shown = watcher.shown
    rows = []
    for seat in range(state.players):
        copies = decks[seat]
        if copies is None and prebuilt:
            names[seat] = deck_of(seen, seat, prebuilt)
            copies = prebuilt.get(names[seat])
        if copies is None:
            copies = seen.picked[seat]
        win = 1 / len(winners) if seat in winners else 0.0
        ids = seen.cards[seat].union(copies, (card for s, card in shown if s == seat))
        opening = seen.opening[seat]
        for card in sorted(ids):
            key = (seat, card)
            rows.append(
                (seat, names[seat], card, copies[card], opening[card], seen.drawn.get(key),
                 seen.played.get(key), seen.taken.get(key), shown.get(key), win)
            )  # fmt: skip
    row = {
        "seed": state.seed,
        "players": state.players,
        "agents": list(agents),
        "decks": list(names),
        "first": seen.first,
        "winners": list(winners),
        "scores": [int(score) for score in result.scores],
        "reason": result.reason,
        "turns": seen.turns,
        "actions": actions,
    }
    return row, rows
