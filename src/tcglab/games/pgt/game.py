"""Pretty Good Tactics as a registered Game."""

from __future__ import annotations

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
        problems = []
        for n, card_id in enumerate(ids, start=1):
            if card_id not in self.cards.by_id:
                problems.append(f"line {n}: no card {card_id!r} (ids run 001 to 180)")
        if len(set(ids)) != len(ids):
            problems.append("a card appears twice; the set has one of each card")
        if len(ids) < HAND_SIZE:
            problems.append(
                f"{len(ids)} cards: a deck needs at least {HAND_SIZE} (a draft deck has 18)"
            )
        return problems

    def check_deck(self, text: str) -> list[str]:
        """Problems of a draft deck list: one card id per line, '#' starts a comment."""
        return self.deck_problems(self.deck_ids(text))

    def deck_ids(self, text: str) -> list[str]:
        ids = [line.split("#")[0].strip() for line in text.splitlines()]
        return [i for i in ids if i]

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
