"""Pretty Good Tactics as a registered Game."""

from __future__ import annotations

from tcglab.engine.decklist import DeckFormat, DeckList
from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game
from tcglab.engine.state import State
from tcglab.games.pgt import draft, match, odds
from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.formation import HAND_SIZE, set_up
from tcglab.games.pgt.options import OPTIONS
from tcglab.games.pgt.state import PgtState

DRAFT_DECK = 18  # PGT-15.2


class PgtGame(Game):
    id = "pgt"
    name = "Pretty Good Tactics (プリティ・グッド・タクティクス)"
    min_players = 2  # PGT-2.1; 3 or 4 players play the draft (PGT-15) as one table
    max_players = 4
    default_players = 2
    options = OPTIONS
    # A game lasts at most ROUND_CAP (100) rounds (options.py); a draft table plays 18
    # picks each and at most 3 matches of at most 6 games (match.py). Random two-player
    # games take under 800 actions, random four-player tables under 3,000; a two-player
    # game in which nobody ever attacks, about 2,000.
    max_actions = 20_000

    @property
    def cards(self):
        return card_set()

    def card_faces(self) -> dict[str, dict]:
        return {card.id: card.info for card in self.cards.cards}

    def card_digest(self) -> str:
        return self.cards.digest

    def _new_state(self, seed: int, players: int, options: dict, decks) -> State:
        if players > 2:
            return self._draft_table(seed, players, options, decks)
        if decks:
            cids, origin = self._deck_instances(decks)
        else:  # PGT-6.1 all 180 cards in one shuffled pile
            cids = list(range(len(self.cards.cards)))
            origin = [0] * len(cids)
        state = PgtState(self, seed, options, cids, origin)
        set_up(state)
        state.advance()
        return state

    def _draft_table(self, seed: int, players: int, options: dict, decks) -> State:
        """PGT-15 a draft table: the players draft their decks, then play the knockout."""
        from tcglab.games.pgt.draft_state import DraftState

        if decks:
            raise BadOption(f"a draft builds its own decks; leave decks out for {players} players")
        return DraftState(self, seed, players, options)

    def _deck_instances(self, decks) -> tuple[list[int], list[int]]:
        """PGT-15.2 each player's own deck, given as lists of card ids."""
        if not isinstance(decks, list | tuple) or len(decks) != 2:
            raise BadOption("pgt takes two decks (one per player) as lists of card ids")
        cids, origin, seen = [], [], set()
        for seat, deck in enumerate(decks):
            problems = self.deck_problems(list(deck))
            if problems:
                raise BadOption(f"deck of P{seat + 1}: {problems[0]}")
            for card_id in deck:
                if card_id in seen:
                    raise BadOption(f"card {card_id} is in both decks; each card exists once")
                seen.add(card_id)
                cids.append(self.cards.by_id[card_id])
                origin.append(seat)
        return cids, origin

    def deck_problems(self, ids: list) -> list[str]:
        """Problems of a deck given as a list of card ids (a "line" is a place in it)."""
        problems = [
            f"line {n}: no card {card_id!r} (ids run 001 to 180)"
            for n, card_id in enumerate(ids, start=1)
            if card_id not in self.cards.by_id
        ]
        return problems + self.rule_problems(len(ids), len(set(ids)) != len(ids))

    @staticmethod
    def rule_problems(size: int, repeated: bool) -> list[str]:
        """PGT-15.2 a deck is cards of the one set, each at most once; it must deal a
        whole opening hand (PGT-6.1)."""
        problems = []
        if repeated:
            problems.append("a card appears twice; the set has one of each card")
        if size < HAND_SIZE:
            problems.append(
                f"{size} cards: a deck needs at least {HAND_SIZE} (a draft deck has 18)"
            )
        return problems

    def read_deck_list(self, text: str) -> DeckList:
        """A deck list's lines (the kernel's reader): one card id per line, '#' starts a
        comment; no line may ask for more cards than the whole set has."""
        deck_format = DeckFormat(
            largest_deck=len(self.cards.cards),
            example="001",
            bare_ids=True,
            not_a_line="line {line}: expected one card id such as {example!r}, not {text!r}",
            unknown_card="line {line}: no card {card!r} (ids run 001 to 180)",
        )
        return deck_format.read(text, self.cards.by_id)

    def check_deck(self, text: str) -> list[str]:
        """Problems of a draft deck list, each with its line number where it has one."""
        deck = self.read_deck_list(text)
        if deck.refused:
            return deck.problems
        repeated = any(count > 1 for count in deck.copies().values())
        return deck.problems + self.rule_problems(deck.size, repeated)

    def deck_ids(self, text: str) -> list[str]:
        return self.read_deck_list(text).ids()

    def prebuilt_decks(self) -> dict[str, list[str]]:
        from tcglab.games.pgt.draft import sample_decks

        return sample_decks()

    def play_match(self, seed: int, agents: list, decks=None, options=None) -> dict:
        return match.play_match(self, seed, agents, decks, options)

    def draft(self, seed: int, pickers: list) -> dict:
        return draft.draft(seed, [picker or draft.AiPicker() for picker in pickers])

    def tournament(self, seed: int, decks: list, agents: list) -> dict:
        return draft.tournament(self, seed, decks, agents)

    def odds(self, expression: str, target: int) -> dict:
        return odds.odds_report(expression, target)

    def odds_text(self, report: dict | None = None) -> str:
        return odds.chart_text() if report is None else odds.report_text(report)

    def render(self, observation: dict) -> str:
        if observation.get("format") == "draft":
            from tcglab.games.pgt.draft_view import render as render_draft

            return render_draft(observation)
        from tcglab.games.pgt.render import render

        return render(observation)
