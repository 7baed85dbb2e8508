"""Which kinds of Higurashi decision hold any gain over the heuristic's choice at all.

A measuring device in bench/ only. It plays heuristic-against-heuristic games and, at
every `--every`-th decision with a choice, compares each legal action with the
heuristic's own choice on common random numbers: each round draws one world consistent
with the mover's view (`Decision.sample`, or with `--knows cards` the true state with
fresh dice), one seed for the dice and one for the agents, and plays every action from a
copy of that world to the end of the game, both seats played by the heuristic. With
`--luck turn` (the default, as the hard level's search) the dice and the agents' seeds
are drawn afresh at the start of every turn from the round's seed and the turn's number
(`ismcts.TurnLuck`), so actions that roll different numbers of dice now still meet the
same dice in every later turn; `--luck stream` lets each play-out roll on from one seed.
The first `--rounds` rounds pick the action with the best mean difference from the
heuristic's choice, kept only when it wins by `--margin` standard errors; a second,
independent `--rounds` rounds measure that pick again, so the reported gain is free of
the pick's selection bias (a decision with no pick counts as no gain). Gains are in win share of the
mover, per decision kind (the pending step, and the kind of action picked).

    python bench/decision_audit.py [--minutes M] [--rounds K] [--every N] [--seed S]
        [--margin X] [--knows view|cards] [--luck turn|stream] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import defaultdict

from tcglab.agents.ismcts import TurnLuck
from tcglab.agents.specs import make_agent
from tcglab.engine import get_game
from tcglab.engine.decision import Decision
from tcglab.engine.rng import Rng
from tcglab.sim.arena import MAX_ACTIONS

GAME = "higurashi"
LUCKS = ("turn", "stream")  # each turn's dice drawn from the round's seed, or one stream


def kind_of(action_id: str) -> str:
    """The kind of an action: its first word (attack, play, scout, target, end, ...)."""
    return action_id.split()[0]


def play_out(state, agents: list, each=None) -> None:
    """Play `state` to its end, every seat by its heuristic; `each(state)` runs before
    every action (a turn's luck)."""
    for _ in range(MAX_ACTIONS):
        if state.result is not None:
            return
        if each is not None:
            each(state)
        state.apply(agents[state.to_move].choose(Decision(state)).id)
    raise RuntimeError(f"play-out passed {MAX_ACTIONS} actions")


def share_of(state, seat: int) -> float:
    winners = state.result.winners
    return 1 / len(winners) if seat in winners else 0.0


def world_for(state, knows: str, rng: Rng):
    """A world for one round: the mover's determinization, or the true cards."""
    if knows == "cards":
        twin = state.clone()
        twin.rng = rng.derive()  # the dice to come stay unknown
        return twin
    return Decision(state).sample(rng)


def paired_rounds(
    game, state, legal: list[str], rounds: int, knows: str, rng: Rng, luck: str = "turn"
) -> dict:
    """Each action's win share for the mover over `rounds` common-random-number rounds."""
    mover = state.to_move
    shares: dict[str, list[float]] = {action: [] for action in legal}
    for _ in range(rounds):
        world, dice, seeds = world_for(state, knows, rng), rng.next_u64(), rng.next_u64()
        for action in legal:
            twin = world.clone()
            twin.rng = Rng(dice)
            twin.apply(action)
            agent_rng = Rng(seeds)
            agents = [make_agent("heuristic", game, agent_rng.next_u64()) for _ in range(2)]
            turns = TurnLuck(dice, agents) if luck == "turn" else None
            play_out(twin, agents, turns)
            shares[action].append(share_of(twin, mover))
    return shares


def mean_difference(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of the paired differences a - b and its standard error."""
    differences = [x - y for x, y in zip(a, b, strict=True)]
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
    return mean, spread


def audit(
    game, state, chosen: str, rounds: int, knows: str, margin: float, rng: Rng, luck: str = "turn"
):
    """Pick the best alternative to `chosen` on one set of rounds and measure its gain
    on a fresh set; None when no alternative beat it by `margin` standard errors."""
    legal = [action.id for action in Decision(state).legal]
    picking = paired_rounds(game, state, legal, rounds, knows, rng, luck)
    gains = {
        action: mean_difference(picking[action], picking[chosen])
        for action in legal
        if action != chosen
    }
    pick = max(gains, key=lambda action: gains[action][0])
    mean, error = gains[pick]
    if mean <= 0 or mean <= margin * error:
        return None
    checking = paired_rounds(game, state, [chosen, pick], rounds, knows, rng, luck)
    gain, error = mean_difference(checking[pick], checking[chosen])
    return {"pick": pick, "picked_gain": mean, "gain": gain, "error": error}


def positions(game, seed: int, every: int):
    """Heuristic-against-heuristic positions with a choice, every `every`-th one, with
    the heuristic's choice; endless, deal after deal."""
    count, deal_rng = 0, Rng(seed)
    while True:
        state = game.new_state(deal_rng.below(1 << 32), 2, game.resolve_options())
        agents = [make_agent("heuristic", game, deal_rng.next_u64()) for _ in range(2)]
        while state.result is None:
            decision = Decision(state)
            chosen = agents[state.to_move].choose(decision).id
            if len(decision.legal) > 1:
                count += 1
                if count % every == 0:
                    yield state.clone(), decision.observation.get("step") or "main", chosen
            state.apply(chosen)


def summarise(rows: list[dict]) -> dict:
    """Per decision step: decisions audited, how many had an alternative that looked
    better, and the mean re-measured gain of switching to it (per audited decision)."""
    by_step: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_step[row["step"]].append(row)
    by_step["all"] = rows
    summary = {}
    for step, group in sorted(by_step.items()):
        gains = [row["gain"] if row["gain"] is not None else 0.0 for row in group]
        n = len(gains)
        mean = sum(gains) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(n - 1, 1) / n)
        picks = defaultdict(int)
        for row in group:
            if row["pick"] is not None:
                picks[f"{kind_of(row['chosen'])}->{kind_of(row['pick'])}"] += 1
        summary[step] = {
            "decisions": n,
            "switched": sum(row["pick"] is not None for row in group),
            "gain": mean,
            "error": spread,
            "picks": dict(picks),
        }
    return summary


def measure(
    seed: int,
    every: int,
    rounds: int,
    knows: str,
    margin: float,
    minutes: float,
    log=None,
    luck: str = "turn",
) -> dict:
    game = get_game(GAME)
    rng = Rng(seed ^ 0xA0D17)
    started = time.process_time()
    rows = []
    for state, step, chosen in positions(game, seed, every):
        result = audit(game, state, chosen, rounds, knows, margin, rng, luck)
        rows.append(
            {
                "step": step,
                "chosen": chosen,
                "pick": result and result["pick"],
                "gain": result and result["gain"],
            }
        )
        if log is not None and len(rows) % 10 == 0:
            all_rows = summarise(rows)["all"]
            print(
                f"{len(rows)} decisions: gain {all_rows['gain']:+.4f} "
                f"(± {all_rows['error']:.4f} SE)",
                file=log,
                flush=True,
            )
        if time.process_time() - started > minutes * 60:
            break
    return {
        "seed": seed,
        "every": every,
        "rounds": rounds,
        "knows": knows,
        "margin": margin,
        "luck": luck,
        "cpu_minutes": (time.process_time() - started) / 60,
        "steps": summarise(rows),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="processor minutes")
    parser.add_argument("--rounds", type=int, default=40, help="rounds to pick, and to check")
    parser.add_argument("--every", type=int, default=7, help="audit every N-th decision")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--margin", type=float, default=2.0, help="standard errors a pick must win by"
    )
    parser.add_argument("--knows", choices=("view", "cards"), default="view")
    parser.add_argument(
        "--luck", choices=LUCKS, default="turn", help="dice drawn afresh each turn, or one stream"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.rounds < 2:
        parser.error(f"--rounds takes a number >= 2, not {args.rounds}")
    if args.every < 1 or args.minutes <= 0:
        parser.error("--every takes a number >= 1 and --minutes a positive number")
    row = measure(
        args.seed,
        args.every,
        args.rounds,
        args.knows,
        args.margin,
        args.minutes,
        sys.stderr,
        args.luck,
    )
    if args.json:
        print(json.dumps(row))
        return 0
    for step, figures in row["steps"].items():
        print(
            f"{step:14} {figures['decisions']:4} decisions, {figures['switched']:4} switched, "
            f"gain {figures['gain']:+.4f} ± {figures['error']:.4f} SE  {figures['picks']}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
