"""Pretty Good Tactics as a registered Game."""

from __future__ import annotations

from functools import cache
from types import MappingProxyType, SimpleNamespace

from tcglab.engine.capabilities import Capability
from tcglab.engine.decklist import DeckFormat, DeckList
from tcglab.engine.errors import BadOption
from tcglab.engine.game import Game
from tcglab.games.pgt import draft_state, match, odds
from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.formation import HAND_SIZE, SLOTS, set_up
from tcglab.games.pgt.options import OPTIONS
from tcglab.games.pgt.scenario import SCENARIO
from tcglab.games.pgt.state import PgtState

DRAFT_DECK = 18  # PGT-15.2

CAPABILITIES = (
    Capability(
        "match",
        "best-of-three match",
        "Two players play games until one has won two; a drawn game is played again, "
        "at most three times.",
        match.play_match,
        rule="PGT-5.3",
        players=(2,),
        title_ja="3本勝負のマッチ",
        summary_ja="どちらかが2勝するまでゲームを続けます。引き分けのゲームは3回まで再戦します。",
    ),
    Capability(
        "draft",
        "draft and tournament",
        "3 or 4 players draft their 18-card decks from packs of 9, then play a knockout "
        "of best-of-three matches.",
        draft_state.draft_table,
        rule="PGT-15",
        players=(3, 4),
        table=True,
        decks=False,
        title_ja="ドラフトとトーナメント",
        summary_ja="3～4人が9枚のパックから18枚の山札をドラフトし、3本勝負の勝ち抜き戦を行います。",
    ),
    Capability(
        "odds",
        "dice odds",
        "Exact chances that a dice check reaches its target for every number of dice, "
        "with its fumble and critical chances.",
        SimpleNamespace(report=odds.odds_report, text=odds.report_text, chart=odds.chart_text),
        rule="PGT-GAP-23",
        title_ja="ダイスの確率",
        summary_ja="ダイスを何個振るかごとに、判定が目標値に届く確率とファンブル・クリティカルの確率を正確に求めます。",
    ),
    Capability(
        "scenario",
        "scenario files",
        "Positions as TOML files in the rules' own terms (parties, face-down characters, "
        "pending attacks), with forced dice, scripted actions, checks and puzzles.",
        SCENARIO,
        title_ja="シナリオファイル",
        summary_ja="局面をルールの用語でTOMLファイルに書きます（パーティー、裏向きキャラ、"
        "処理中のアタック）。ダイスの指定、手順、確認、詰めパズルにも使えます。",
    ),
)


class PgtGame(Game):
    id = "pgt"
    name = "Pretty Good Tactics (プリティ・グッド・タクティクス)"
    min_players = 2  # PGT-2.1; 3 or 4 players play the draft (PGT-15) as one table
    max_players = 4
    default_players = 2
    options = OPTIONS
    # A game lasts at most ROUND_CAP (100) rounds (options.py), and a formation allows
    # at most TAKE_BACKS (12) undos (formation.py); a draft table plays 18 picks each and
    # at most 3 matches of at most 6 games (match.py). Random two-player games take under
    # 800 actions, random four-player tables under 3,000; a two-player game in which
    # nobody ever attacks, about 2,000.
    max_actions = 20_000
    capabilities = CAPABILITIES
    # The fixed action space and observation tensor of learning agents (tcglab.rl).
    from tcglab.games.pgt.encoding import CAPABILITY as ENCODING

    capabilities = (*capabilities, ENCODING)
    # Decisions within about 2 s on one core (bench/strength.py); playouts stop early
    # and are scored by the position value, a good guide in this game.
    levels = MappingProxyType({"hard": "ismcts:iters=80,limit=20,rollout=heuristic"})
    # Using no ability in a window (PGT-9.7), and in a formation keeping a character where it stands
    # (PGT-8.4) or leaving a place empty (PGT-8.1) when nothing else fits, change nothing.
    pass_ids = frozenset({"pass", "empty", *(f"keep {slot}" for slot in SLOTS)})

    @property
    def cards(self):
        return card_set()

    def _new_state(self, seed: int, players: int, options: dict, decks) -> PgtState:
        """PGT-2.1 a game of two; 3 or 4 players sit at a draft table (CAPABILITIES)."""
        if decks:
            cids, origin = self._deck_instances(decks)
        else:  # PGT-6.1 all 180 cards in one shuffled pile
            cids = list(range(len(self.cards.cards)))
            origin = [0] * len(cids)
        state = PgtState(self, seed, options, cids, origin)
        set_up(state)
        state.advance()
        return state

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
                    name = self.cards.card(card_id).name_en
                    raise BadOption(
                        f"card {card_id} ({name}) is in both decks; each card exists once (PGT-3.1)"
                    )
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

    def deck_list(self, text: str) -> DeckList:
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

    def deck_rules(self, deck: DeckList) -> list[str]:
        repeated = any(count > 1 for count in deck.copies().values())
        return self.rule_problems(deck.size, repeated)

    def prebuilt_decks(self) -> dict[str, list[str]]:
        """Four decks from an all-AI draft, as examples of the deck format."""
        return {name: list(deck) for name, deck in _sample_decks(self).items()}

    def render(self, observation: dict) -> str:
        if observation.get("format") == "draft":
            from tcglab.games.pgt.draft_view import render as render_draft

            return render_draft(observation)
        from tcglab.games.pgt.render import render

        return render(observation)


@cache
def _sample_decks(game: PgtGame) -> dict[str, tuple[str, ...]]:
    decks = draft_state.drafted_decks(game, seed=2026, players=4)
    return {f"draft-{n + 1}": tuple(deck) for n, deck in enumerate(decks)}
