"""How far search can lead the heuristic in Higurashi at all: a ceiling measurement.

A measuring device, never an agent a seat can use: it is not registered as an agent
spec and lives in bench/ only. It plays two-player Higurashi games between the
heuristic (`HigurashiAgent`) and an ISMCTS agent built from a spec string, each seed
played twice with the seats swapped. The search is handed a Decision whose `sample`
returns the true state (a clone) with only its generator replaced by a fresh one drawn
from the search's own generator, as `State.determinize` reseeds: it knows every hidden
card but not the future dice. With `--fair` it gets the normal Decision (determinized
samples), the fair baseline under the same conditions. With `--knows dice` the samples
are the true state with its true generator (a clone that keeps `rng`), so the search
knows every hidden card and every future roll as well: an oracle for what the dice
leave to skill. Its spec must keep each sample's generator (`root=ucb`, the default
root): paired roots replace it by a fresh seed each round. What the search still does
not know is the heuristic opponent's own generator (it picks scout targets at random).
Seconds per decision (the mean and the longest) are processor time of the search's
decisions with more than one legal action; the actions its playouts played in them give
the processor time a playout action costs, which is what the search's speed comes down to.

    python bench/ceiling.py [--games N] [--spec SPEC] [--seed S] [--minutes M]
        [--fair | --knows cards|dice] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from tcglab.agents.ismcts import IsmctsAgent
from tcglab.agents.specs import make_agent
from tcglab.engine import get_game
from tcglab.engine.decision import Decision
from tcglab.engine.errors import BadOption
from tcglab.engine.rng import Rng
from tcglab.sim.arena import MAX_ACTIONS
from tcglab.sim.ratings import wilson

GAME = "higurashi"
# The hard level these probes were first run at (docs/ai.md), kept so their commands repeat.
HARD = "ismcts:iters=400,limit=1,rollout=heuristic,root=paired"
KNOWS = ("cards", "dice")
MODE_NAMES = {"fair": "fair", "cards": "omniscient", "dice": "oracle"}


class OmniscientDecision(Decision):
    """A Decision whose samples are the true state with fresh future dice."""

    __slots__ = ()

    def sample(self, rng: Rng):
        twin = self._state.clone()
        twin.rng = rng.derive()  # never the true generator: the dice to come stay unknown
        return twin


class OracleDecision(Decision):
    """A Decision whose samples are the true state with its true generator: every
    hidden card and every roll to come, as long as the search draws them in the order
    the game will."""

    __slots__ = ()

    def sample(self, rng: Rng):
        return self._state.clone()  # the clone's generator is a copy of the true one


def decision_for(state, mode: str) -> Decision:
    """The search's Decision in `mode`: fair, cards (omniscient) or dice (oracle)."""
    if mode == "fair":
        return Decision(state)
    return OracleDecision(state) if mode == "dice" else OmniscientDecision(state)


def play(game, spec: str, deal: int, search_seat: int, agent_seed: int, mode: str) -> dict:
    """One game of the search (in `search_seat`) against the heuristic: the search's win
    share, and the processor time of its decisions with a choice: in all, the longest,
    their count and the actions their playouts played."""
    options = game.resolve_options()
    state = game.new_state(deal, 2, options)
    seeds = Rng(agent_seed)
    search = make_agent(spec, game, seeds.next_u64())
    heuristic = make_agent("heuristic", game, seeds.next_u64())
    seconds, longest, choices, steps, taken = 0.0, 0.0, 0, 0, 0
    while state.result is None:
        if taken >= MAX_ACTIONS:
            raise RuntimeError(f"game with deal {deal} passed {MAX_ACTIONS} actions")
        if state.to_move == search_seat:
            decision = decision_for(state, mode)
            clock = time.process_time()
            action = search.choose(decision)
            if len(decision.legal) > 1:
                spent = time.process_time() - clock
                seconds, longest = seconds + spent, max(longest, spent)
                choices, steps = choices + 1, steps + search.last_steps
        else:
            action = heuristic.choose(Decision(state))
        state.apply(action.id)
        taken += 1
    winners = state.result.winners
    share = 1 / len(winners) if search_seat in winners else 0.0
    return {
        "share": share,
        "seconds": seconds,
        "longest": longest,
        "choices": choices,
        "steps": steps,
    }


def measure(spec: str, games: int, seed: int, minutes: float | None, mode: str, log=None):
    """Play up to `games` games (pairs of one deal, seats swapped), stopping after the
    pair that passes `minutes`; returns the figures."""
    game = get_game(GAME)
    started = time.perf_counter()
    wins, played, seconds, longest, choices, steps = 0.0, 0, 0.0, 0.0, 0, 0
    for pair in range(games // 2):
        deal = Rng(seed * 1_000_003 + pair).below(1 << 32)
        for search_seat in (0, 1):
            agent_seed = Rng(seed * 1_000_003 + 2 * pair + search_seat).derive().next_u64()
            result = play(game, spec, deal, search_seat, agent_seed, mode)
            wins += result["share"]
            seconds += result["seconds"]
            longest = max(longest, result["longest"])
            choices += result["choices"]
            steps += result["steps"]
            played += 1
        if log is not None:
            low, high = wilson(wins, played)
            print(
                f"{played} games: {wins / played:.1%} ({low:.1%} - {high:.1%}), "
                f"{seconds / max(choices, 1):.3f} s/decision CPU, {longest:.2f} s at most",
                file=log,
                flush=True,
            )
        if minutes is not None and time.perf_counter() - started > minutes * 60:
            break
    low, high = wilson(wins, played)
    return {
        "mode": MODE_NAMES[mode],
        "spec": spec,
        "seed": seed,
        "games": played,
        "wins": wins,
        "win_rate": wins / played if played else 0.0,
        "interval": [low, high],
        "seconds_per_decision_cpu": seconds / choices if choices else 0.0,
        "longest_decision_cpu": longest,
        "decisions": choices,
        "playout_actions": steps,
        "us_per_playout_action": 1e6 * seconds / steps if steps else 0.0,
        "minutes": (time.perf_counter() - started) / 60,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games, an even number >= 2")
    parser.add_argument(
        "--spec",
        default=HARD,
        help="the ISMCTS agent spec (default: the hard level of docs/ai.md's probe runs)",
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--minutes", type=float, help="stop after the pair that passes this")
    known = parser.add_mutually_exclusive_group()
    known.add_argument("--fair", action="store_true", help="determinized samples (baseline)")
    known.add_argument(
        "--knows",
        choices=KNOWS,
        default="cards",
        help="what the samples show: every hidden card (default) or the future dice too",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error(
            f"--games takes an even number >= 2 (seeds are played in pairs), not {args.games}"
        )
    if args.minutes is not None and args.minutes <= 0:
        parser.error(f"--minutes takes a positive number, not {args.minutes}")
    try:
        agent = make_agent(args.spec, get_game(GAME), 0)
    except BadOption as exc:
        parser.error(str(exc))
    if not isinstance(agent, IsmctsAgent):
        parser.error(f"--spec takes a single-process ismcts spec, not {args.spec!r}")
    if args.knows == "dice" and agent.paired:
        parser.error("--knows dice needs root=ucb: paired roots reseed each round's dice")
    mode = "fair" if args.fair else args.knows
    row = measure(args.spec, args.games, args.seed, args.minutes, mode, sys.stderr)
    if args.json:
        print(json.dumps(row))
    else:
        low, high = row["interval"]
        print(
            f"{row['mode']} {row['spec']}: {row['games']} games, {row['wins']:g} wins, "
            f"{row['win_rate']:.1%} ({low:.1%} - {high:.1%} Wilson 95%), "
            f"{row['seconds_per_decision_cpu']:.3f} s/decision CPU, "
            f"{row['longest_decision_cpu']:.2f} s at most, "
            f"{row['us_per_playout_action']:.1f} µs a playout action"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
