"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples a full state consistent with what the deciding seat knows
(`Decision.sample`, i.e. `determinize`), walks one shared tree of action ids with UCB
over the actions available in that sample (counting availability, so an action legal
in few samples is not over-explored), expands one action, plays on with the rollout
policy and credits every seat's share to the edges it chose.

Three things make a small budget go far:

- a guide (usually the game's heuristic agent) orders expansion and adds a
  progressive bias to the action it prefers, fading as visits grow, so a short search
  starts from the heuristic's judgement and departs from it only on evidence; below
  the root, nodes widen progressively, so the replies searched are the guide's and
  then a few more as visits grow, rather than every reply once;
- rollouts may stop after `rollout_limit` actions and score the position with
  `evaluate` (a per-seat estimate read from public information);
- the search stops early once no other action can catch up with the leader.

The true state is never touched and nothing is kept from one decision to the next, so
no hidden information can carry over. For a given seed and iteration budget the
choice is reproducible.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from tcglab.agents.base import Agent, Decision
from tcglab.engine.actions import Action
from tcglab.engine.rng import Rng
from tcglab.engine.state import State

# A rollout plays a state on (at most `limit` actions), calling `each(state)`, when
# given, before every action it takes.
Rollout = Callable[..., None]
Evaluate = Callable[[State], list[float]]
UNLIMITED = 10**9


class _Edge:
    """Statistics of one action id below a tree node, and the node it leads to."""

    __slots__ = ("available", "children", "preferred", "seat", "total", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat  # the seat that chooses this action
        self.visits = 0
        self.available = 1
        self.total = 0.0
        # Keyed by (seat, action id): after a roll the same node may be reached with
        # another seat to move, and "pass" or "attack 0" of one seat is not the other's.
        self.children: dict[tuple[int, str], _Edge] = {}
        self.preferred: tuple[int, str] | None = None  # the guide's choice below


def win_shares(state: State) -> list[float]:
    """1 for a sole winner, 1/k for each of k joint winners; an unfinished game is even."""
    if state.result is None:
        return [1.0 / state.players] * state.players
    winners = state.result.winners
    return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


def random_rollout(state: State, rng: Rng, limit: int, each=None) -> None:
    """Uniformly random actions, at most `limit` of them. Draws exactly as
    `state.apply(rng.choice(state.legal_actions()))` would, without building a list
    or looking an id up at each step."""
    below, take = rng.below, state.take
    for _ in range(limit):
        if state.result is not None:
            return
        if each is not None:
            each(state)
        legal = state.legal
        take(legal[below(len(legal))])


def policy_rollout(policy: Agent, mix: float = 0.0) -> Rollout:
    """A rollout that plays every seat with `policy` (an agent), taking a uniformly
    random action instead with probability `mix`. A forced move skips the agent."""

    def rollout(state: State, rng: Rng, limit: int, each=None) -> None:
        for _ in range(limit):
            if state.result is not None:
                return
            if each is not None:
                each(state)
            legal = state.legal  # read, never changed: no copy
            if len(legal) == 1:
                state.take(legal[0])
            elif mix and rng.below(1 << 20) < mix * (1 << 20):
                state.take(rng.choice(legal))
            else:  # checked: the policy's answer is not taken on trust
                state.apply(policy.choose(Decision(state)))

    rollout.agents = (policy,)  # whose generator a turn's luck reseeds (TurnLuck)
    return rollout


class TurnLuck:
    """Luck kept in step across the playouts of one paired round: at the start of each
    turn the state's dice and the agents' generators are reseeded from the round's seed
    and the turn's number. Root actions that roll different numbers of dice in the
    first turn then still meet the same dice in every turn after it, so their paired
    differences keep the common luck out (in Higurashi the variance of a difference
    falls by a third with the tree below the root, by more than half without it:
    bench/paired_luck.py). Every turn's luck is still fresh and uniform, so no playout
    is biased. A state without a turn number keeps its one stream."""

    __slots__ = ("agents", "seed", "turn")

    def __init__(self, seed: int, agents) -> None:
        self.seed, self.agents, self.turn = seed, agents, None

    def __call__(self, state: State) -> None:
        turn = getattr(state, "turn", None)
        if turn is None or turn == self.turn:
            return
        self.turn = turn
        # pgt numbers its turns afresh each round: the round is part of the key
        key = (getattr(state, "round", 0) << 20) ^ turn
        luck = Rng(self.seed ^ Rng(key).next_u64())
        state.rng = Rng(luck.next_u64())
        for agent in self.agents:
            agent.rng = Rng(luck.next_u64())


def play_out_shares(state: State, evaluate: Evaluate | None) -> list[float]:
    """Win shares of a finished game, or the evaluation of an unfinished one."""
    if state.result is None and evaluate is not None:
        return evaluate(state)
    return win_shares(state)


def best_action(legal: list[Action], visits: dict[str, int], preferred: str | None) -> Action:
    """Most visited; ties go to the guide's choice, then to the first listed."""
    order = {action.id: n for n, action in enumerate(legal)}

    def rank(action: Action) -> tuple:
        return (visits.get(action.id, 0), action.id == preferred, -order[action.id])

    return max(legal, key=rank)


class IsmctsAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int = 400,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Rollout = random_rollout,
        rollout_limit: int = 1000,
        evaluate: Evaluate | None = None,
        guide: Agent | None = None,
        bias: float = 1.0,
        widen: float = 0.5,
        paired: bool = False,
        margin: float = 1.0,
        halving: bool = False,
        steps: int | None = None,
        luck: str = "stream",
        depth: int | None = None,
    ) -> None:
        if iterations < 1 and not seconds:
            raise ValueError("ISMCTS needs a budget: iterations >= 1 or seconds > 0")
        self.rng = Rng(seed)
        self.iterations = iterations if iterations >= 1 else UNLIMITED
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_limit = rollout_limit
        self.evaluate = evaluate
        self.guide = guide
        self.bias = bias
        self.widen = widen
        self.paired = paired  # root actions compared on the same worlds and dice
        self.margin = margin  # standard errors by which an action must beat the guide's
        self.halving = halving  # paired rounds narrowed to the better half, phase by phase
        self.steps = steps  # actions played per decision at most: bounds time (`budget`)
        # "turn": paired playouts reseed their luck turn by turn (TurnLuck); "stream":
        # each playout rolls on from the round's one seed
        self.luck = luck
        # Tree levels searched (the root's actions are the first); below them every
        # action is the rollout's, chosen afresh in each sample. None: no bound.
        self.depth = UNLIMITED if depth is None else depth
        # The agents whose generators a playout's luck covers: the rollout's and the guide.
        self._lucky = tuple(
            agent
            for agent in (*getattr(rollout, "agents", ()), guide)
            if agent is not None and hasattr(agent, "rng")
        )
        self.last_iterations = 0  # iterations run by the last search, for reports
        self.last_steps = 0  # actions its playouts played
        # The last paired search's guide choice and each root action's shares, round by round
        self.last_rounds: tuple[str, dict[str, list[float]]] | None = None

    # -- the search ---------------------------------------------------------------

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            self.last_iterations = self.last_steps = 0
            return legal[0]
        if self.paired:
            return self._paired_choice(decision)
        root = self._search(decision)
        return best_action(legal, self.visits(root), root.preferred[1])

    def root_visits(self, decision: Decision) -> tuple[dict[str, int], str | None]:
        """One search's visits of each root action and the guide's choice: what a
        root-parallel search adds up over its workers (agents/parallel.py)."""
        if self.paired:
            chosen = self._paired_choice(decision)
            return {chosen.id: self.last_iterations}, chosen.id
        root = self._search(decision)
        return self.visits(root), root.preferred[1]

    @staticmethod
    def visits(root: _Edge) -> dict[str, int]:
        """Visits of each root action, by action id (the root has one mover)."""
        return {key[1]: edge.visits for key, edge in root.children.items()}

    def _search(self, decision: Decision) -> _Edge:
        rng = self.rng.derive()
        root = _Edge(None)
        root.preferred = (decision.seat, "")
        if self.guide is not None:
            root.preferred = (decision.seat, self.guide.choose(decision).id)
        deadline = None if not self.seconds else time.perf_counter() + self.seconds
        budget = self.budget(decision.players)
        done, spent = 0, 0
        while done < self.iterations:
            state = decision.sample(rng)
            start = len(state.history)
            self._iterate(state, root, rng)
            done += 1
            spent += len(state.history) - start
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if budget is not None and spent >= budget:
                break
            if deadline is None and self._settled(root, self.iterations - done):
                break
        self.last_iterations, self.last_steps = done, spent
        return root

    def _paired_choice(self, decision: Decision) -> Action:
        """Compare the root actions on common random numbers: each round draws one world
        and one seed for the dice, and every root action still in the running is
        searched once from a copy of that world rolling those dice. What the hidden
        cards and the luck of the round do to all actions alike cancels out of their
        differences, which is what decides between them. The guide's choice stands
        unless another action beats it by `margin` standard errors of the paired
        differences, and more on average.

        With `halving` the budget is spent in phases (sequential halving): after each
        phase the better half by mean difference goes on, the guide's choice always
        among them, so the actions that could win get most of the rounds. `steps`
        caps the actions played over all rounds (`budget`), each phase its share, after
        at least two rounds a phase; it is checked after every playout, and a round it
        cuts short is dropped, so that every action still running keeps the same rounds."""
        rng, legal, seat = self.rng.derive(), decision.legal, decision.seat
        budget = self.budget(decision.players)
        root = _Edge(None)
        preferred = self.guide.choose(decision).id if self.guide is not None else legal[0].id
        root.preferred = (seat, preferred)
        results: dict[str, list[float]] = {action.id: [] for action in legal}
        running = list(legal)
        phases = max(1, math.ceil(math.log2(len(legal)))) if self.halving else 1
        playouts = spent = 0
        for phase in range(phases):
            rounds = max(2, self.iterations // phases // len(running))
            cap = None if budget is None else budget * (phase + 1) // phases
            for done in range(rounds):
                capped = cap is not None and done >= 2
                if capped and spent >= cap:
                    break
                world, dice = decision.sample(rng), rng.next_u64()
                start = len(world.history)
                played = []
                for action in running:
                    if capped and spent >= cap:
                        break
                    state = world.clone()
                    state.rng = Rng(dice)
                    each = TurnLuck(dice, self._lucky) if self.luck == "turn" else None
                    shares = self._iterate_from(state, root, action, Rng(dice ^ 0x5EED), rng, each)
                    results[action.id].append(shares[seat])
                    played.append(action.id)
                    spent += len(state.history) - start
                playouts += len(played)
                if len(played) < len(running):  # cut short by the cap: the round is dropped
                    for action_id in played:
                        results[action_id].pop()
                    break
            if phase < phases - 1:
                running = self._better_half(running, results, preferred)
        self.last_iterations, self.last_steps = playouts, spent
        self.last_rounds = (preferred, results)  # for measures such as bench/paired_luck.py
        return self._paired_best(running, results, preferred)

    def budget(self, players: int) -> int | None:
        """The actions a decision's playouts may play at a table of `players` seats:
        `steps` for each rival, shared among them, since every rival a heuristic playout
        weighs makes its actions cost more (docs/ai.md, "More seats")."""
        if self.steps is None:
            return None
        return max(1, self.steps // max(players - 1, 1))

    @staticmethod
    def _differences(action: str, results: dict, anchor: str) -> list[float]:
        """The action's paired differences from the anchor's, over the rounds it played
        (the anchor plays every round, so its first results are the same rounds')."""
        return [a - b for a, b in zip(results[action], results[anchor], strict=False)]

    def _better_half(self, running: list[Action], results: dict, preferred: str) -> list[Action]:
        def mean(action: Action) -> float:
            differences = self._differences(action.id, results, preferred)
            return sum(differences) / len(differences)

        ranked = sorted(running, key=mean, reverse=True)  # stable: ties keep legal order
        kept = {action.id for action in ranked[: (len(running) + 1) // 2]} | {preferred}
        return [action for action in running if action.id in kept]

    def _paired_best(self, legal: list[Action], results: dict, preferred: str) -> Action:
        best, best_mean = preferred, 0.0
        for action in legal:
            differences = self._differences(action.id, results, preferred)
            n = len(differences)
            mean = sum(differences) / n
            spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
            if mean - self.margin * spread > 0 and mean > best_mean:
                best, best_mean = action.id, mean
        return next(action for action in legal if action.id == best)

    def _iterate_from(
        self, state: State, root: _Edge, action: Action, dice_rng: Rng, rng: Rng, each=None
    ) -> list[float]:
        """One iteration that starts with `action` at the root; the tree below each root
        action is searched as usual, `each(state)` called before every later action.
        Returns the seats' shares it credited."""
        key = (state.to_move, action.id)
        edge = root.children.get(key) or root.children.setdefault(key, _Edge(state.to_move))
        path = [edge]
        state.apply(action)
        node, expanded = edge, False
        while state.result is None and not expanded and len(path) < self.depth:
            if each is not None:
                each(state)
            expanded = self._descend(state, node, path, rng)
            node = path[-1]
        if state.result is None:
            self.rollout(state, dice_rng, self.rollout_limit, each)
        shares = play_out_shares(state, self.evaluate)
        for step in path:
            step.visits += 1
            step.total += shares[step.seat]
        return shares

    @staticmethod
    def _settled(root: _Edge, remaining: int) -> bool:
        """True when no action can overtake the most visited one in the iterations left."""
        if len(root.children) < 2:
            return False
        first, second = sorted((e.visits for e in root.children.values()), reverse=True)[:2]
        return first - second > remaining

    def _iterate(self, state: State, root: _Edge, rng: Rng) -> None:
        node, path, expanded = root, [], False
        while state.result is None and not expanded and len(path) < self.depth:
            expanded = self._descend(state, node, path, rng)
            node = path[-1]
        if state.result is None:
            self.rollout(state, rng, self.rollout_limit)
        shares = play_out_shares(state, self.evaluate)
        for edge in path:
            edge.visits += 1
            edge.total += shares[edge.seat]

    def _descend(self, state: State, node: _Edge, path: list[_Edge], rng: Rng) -> bool:
        """One step down the tree; True once it has expanded a new edge (then roll out)."""
        legal = state.legal  # read, never changed: no copy
        children, seat = node.children, state.to_move
        untried, tried, edges = [], [], []
        for action in legal:
            edge = children.get((seat, action[0]))
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
                tried.append(action)
                edges.append(edge)
        if untried and (not tried or self._may_widen(node)):
            action = self._expansion(state, node, legal, untried, rng)
            edge = children[seat, action[0]] = _Edge(seat)
            path.append(edge)
            state.take(action)
            return True
        # This sample's own action object: another sample's may differ beside the id.
        chosen = self._select(node, seat, tried, edges)
        path.append(edges[chosen])
        state.take(tried[chosen])
        return False

    def _may_widen(self, node: _Edge) -> bool:
        """Progressive widening below the root: a node holds at most widen * sqrt(visits)
        actions (at least one, the guide's), so a short search follows the guide's
        replies and adds alternatives only as visits grow."""
        if node.seat is None or self.guide is None or not self.widen:
            return True
        return len(node.children) < self.widen * math.sqrt(node.visits)

    def _expansion(
        self, state: State, node: _Edge, legal: list[Action], untried: list[Action], rng: Rng
    ) -> Action:
        """The guide's choice first (move ordering), else a random untried action."""
        seat = state.to_move
        preferred = node.preferred
        if self.guide is not None and len(legal) > 1 and (preferred or (None,))[0] != seat:
            preferred = node.preferred = (seat, self.guide.choose(Decision(state)).id)
        for action in untried:
            if (seat, action.id) == preferred:
                return action
        return rng.choice(untried)

    def _select(self, node: _Edge, seat: int, tried: list[Action], edges: list[_Edge]) -> int:
        """UCB over the available actions (`tried`, their edges beside them), plus a
        fading bias towards the guide's choice; the chosen one's index."""
        c, bias, preferred = self.exploration, self.bias, node.preferred
        favoured = preferred[1] if preferred is not None and preferred[0] == seat else None
        sqrt, log = math.sqrt, math.log
        best, best_score = 0, -math.inf
        for index, edge in enumerate(edges):
            visits = edge.visits
            score = edge.total / visits + c * sqrt(log(edge.available) / visits)
            if tried[index][0] == favoured:
                score += bias / (visits + 1)
            if score > best_score:
                best, best_score = index, score
        return best
