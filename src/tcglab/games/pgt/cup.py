"""The tournament phase of a draft table (PGT-15.4, PGT-GAP-25): a knockout of
best-of-three matches, each game an ordinary two-player game with the drafted decks.

While a game runs, the table's seat to move is the tournament seat of the game's mover
and its legal actions are the game's, their labels naming tournament players. The
game's events are relayed to the table's log with their secrets moved to the
tournament seats they belong to."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from tcglab.engine.actions import Action, renamed
from tcglab.engine.events import Event
from tcglab.engine.state import Result
from tcglab.games.pgt.draft import advancing, draw_order, pairings
from tcglab.games.pgt.match import count_game, game_record, match_over, match_winner

if TYPE_CHECKING:
    from tcglab.games.pgt.draft_state import DraftState

SPECTATOR = 1 << 7  # the spectators' bit in a game's `known`
_LOCAL = re.compile(r"(?<![A-Za-z0-9_])P([12])(?![0-9])")


@lru_cache(maxsize=8192)
def rename(text: str, pair: tuple[int, int]) -> str:
    """A game's text with its players P1/P2 named as the tournament's players."""
    return _LOCAL.sub(lambda m: f"P{pair[int(m[1]) - 1] + 1}", text)


def relabel(action: Action, pair: tuple[int, int]) -> Action:
    """A game's action with its labels naming the tournament's players."""
    return renamed(action, rename, pair)


def start(st: DraftState) -> None:
    """PGT-15.4 every deck is complete: draw the pairings and begin the first round."""
    st.phase = "cup"
    seats = draw_order(st.rng, st.players)
    st.emit("pairings", order=seats)
    start_round(st, seats)


def start_round(st: DraftState, seats: list[int]) -> None:
    """One knockout round; PGT-GAP-25 with an odd number the last drawn has a bye."""
    pairs, bye = pairings(seats)
    st.rounds.append([])
    st.advancing = []
    if bye is not None:
        st.rounds[-1].append({"bye": bye})
        st.advancing.append(bye)
        st.emit("bye", seat=bye, round=len(st.rounds))
    st.queue = pairs
    start_match(st)


def start_match(st: DraftState) -> None:
    """PGT-5.3 a best-of-three match between the next pair."""
    st.pair = st.queue.pop(0)
    st.wins, st.games = [0, 0], []
    st.emit("match", players=list(st.pair), round=len(st.rounds))
    start_game(st)


def start_game(st: DraftState) -> None:
    """PGT-GAP-12 / PGT-GAP-25 a fresh setup with the two drafted decks (PGT-15.2). The
    game's dice come from the table's generator, so `state.rng` rules every die."""
    cards = st.cards.cards
    decks = [[cards[c].id for c in st.picks[seat]] for seat in st.pair]
    st.sub = st.game.new_state(st.rng.next_u64(), 2, st.options, decks)
    st.sub.rng = st.rng
    st.relayed = 0
    follow(st)


def follow(st: DraftState) -> None:
    """After every action in a game: relay its events, then stop at the game's next
    decision or score the finished game."""
    relay(st)
    sub = st.sub
    if sub.over:
        end_game(st)
        return
    pair = st.pair
    st.to_move = pair[sub.to_move]
    st._legal = [relabel(action, pair) for action in sub._legal]


def relay(st: DraftState) -> None:
    """Copy the game's new events, each secret given to the tournament seat it is for."""
    pair, log, own = st.pair, st.sub.log, st.own_log()
    for event in log[st.relayed :]:
        secret = event.secret
        if secret is not None:
            secret = {pair[seat]: data for seat, data in secret.items()}
        own.append(Event(event.kind, {**event.data, "pair": list(pair)}, secret))
    st.relayed = len(log)


def end_game(st: DraftState) -> None:
    """PGT-5.3 count the game; the match goes on until someone has two wins."""
    result = st.sub.result
    st.games.append(game_record(result))
    count_game(st.wins, result.winners)
    remember(st)
    winners = [st.pair[w] for w in result.winners]
    st.emit("game_won", players=list(st.pair), winners=winners, wins=list(st.wins))
    if match_over(st.wins, len(st.games)):
        end_match(st)
    else:
        start_game(st)


def remember(st: DraftState) -> None:
    """What each player saw of the other's deck in a game stays known to them."""
    sub, seen, pair = st.sub, st.seen, st.pair
    everyone = (1 << st.players) - 1
    for inst, card in enumerate(sub.cid):
        known = sub.known[inst]
        if known & SPECTATOR:
            seen[card] = everyone
        else:
            for local, seat in enumerate(pair):
                if known & 1 << local:
                    seen[card] |= 1 << seat


def end_match(st: DraftState) -> None:
    """The winner goes on to the next round (PGT-15.4)."""
    won = advancing(st.pair, match_winner(st.wins))
    record = {"players": list(st.pair), "wins": list(st.wins), "winner": won, "games": st.games}
    st.rounds[-1].append(record)
    st.advancing.append(won)
    st.emit("match_won", players=list(st.pair), wins=list(st.wins), winner=won)
    if st.queue:
        start_match(st)
    elif len(st.advancing) > 1:
        start_round(st, st.advancing)
    else:
        finish(st, won)


def finish(st: DraftState, champion: int) -> None:
    """PGT-15.4 the winner of the last match wins the whole draft."""
    won = [0] * st.players
    for matches in st.rounds:
        for match in matches:
            if "winner" in match:
                won[match["winner"]] += 1
    st.result = Result((champion,), tuple(won), "champion")
    st.to_move = None
    st._legal = []
    st.emit("champion", seat=champion, matches=won)
