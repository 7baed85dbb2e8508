"""Where a game's playout time goes: the top functions of a random-play run under
cProfile, for tightening the hot paths.

Not a test: it measures and prints. The run is the same as bench/throughput.py's
(uniformly random legal actions until each game ends), so the profile is that of a
search rollout. (Named so as not to shadow the standard library's `profile` module,
which cProfile imports.)

    python bench/hotspots.py GAME [--games N] [--players P] [--top K] [--sort tottime|cumtime]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from tcglab.engine import get_game
from tcglab.engine.rng import Rng


def play(game, players: int, count: int) -> int:
    actions = 0
    for seed in range(count):
        state = game.new_state(seed, players)
        rng = Rng(seed)
        while not state.over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game id: pgt, pm, ps or higurashi")
    parser.add_argument("--games", type=int, default=100, help="random games to play")
    parser.add_argument("--players", type=int, default=None, help="default: the game's own")
    parser.add_argument("--top", type=int, default=25, help="functions to list")
    parser.add_argument("--sort", choices=("tottime", "cumtime"), default="tottime")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    players = game.check_players(args.players)
    game.new_state(0, players)  # the card files are read once, outside the profile
    profile = cProfile.Profile()
    actions = profile.runcall(play, game, players, args.games)
    print(f"{args.game}: {args.games} games, {actions:,} actions, {players} players")
    pstats.Stats(profile).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
