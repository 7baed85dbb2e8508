"""The conformance suite (DESIGN.md section 6): what every registered game must do.

Each check runs on seeded random games of every registered game, at its smallest,
default and largest player count (`case`), with each rule option switched (`variant`),
or on the Game itself (`game`). Seeds are large 64-bit numbers, so that finding one in
an observation is a leak and never a coincidence.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import os
import re
import subprocess
import sys
import zlib

import pytest

from tcglab.agents import Decision
from tcglab.engine import Action, BadOption, IllegalAction, Rng, State, games
from tcglab.engine.game import SAFE_INTEGER
from tcglab.engine.replay import load, record, rerun

GAMES_PER_GAME = 300  # random games played to the end per game, shared by its player counts
CASE_ACTIONS = 70_000  # ... or fewer, once a case's games have made this many actions
SAMPLE_SEEDS = (11, 23, 37)  # generators for determinize
FORCED_DICE_BELOW = 1 << 32  # smaller generator numbers are queued dice, not its state
PLAYOUT_LIMIT = 10_000  # actions after which a game played on by an agent is taken not to end
LONG_RUN_GAMES = 3  # random games per option set that must end within the game's max_actions
SAMPLE_ACTIONS = 6  # random actions each determinized sample is played on for
SAMPLES_PER_CASE = 3_000  # determinized samples played on per case, over spaced-out decisions


# -- what a well-formed state looks like ------------------------------------------------


def ids(state: State) -> list[str]:
    return [action.id for action in state.legal_actions()]


def fingerprint(state: State, deep: bool = True) -> tuple:
    """Everything an action could change, in a form that compares cheaply; `deep`
    hashes the whole event log, whose cost grows with the game."""
    events = state.events_digest() if deep else len(state.log)
    return (state.digest(), events, list(state.history), state.to_move, ids(state))


def check_decision(state: State) -> list[Action]:
    """A live decision: a seat to move and a non-empty list of well-formed actions
    whose ids are unique, one line, and whose labels are text."""
    assert state.result is None
    assert state.to_move in range(state.players), f"to_move is {state.to_move!r}"
    legal = state.legal_actions()
    assert legal, f"seat {state.to_move} has no legal action while the game is not over"
    seen = set()
    for action in legal:
        assert isinstance(action, Action), f"{action!r} is not an Action"
        assert isinstance(action.id, str) and action.id, f"bad action id {action.id!r}"
        assert "\n" not in action.id and "\r" not in action.id, f"id {action.id!r}"
        assert isinstance(action.label, str) and action.label.strip(), f"label of {action.id!r}"
        assert action.id not in seen, f"action id {action.id!r} listed twice"
        seen.add(action.id)
    return legal


def check_over(state: State) -> None:
    """A finished game: a valid result, nobody to move, nothing legal."""
    result = state.result
    assert result is not None and state.over
    assert state.to_move is None
    assert state.legal_actions() == []
    winners, scores, reason = result
    assert isinstance(winners, tuple | list), f"winners {winners!r}"  # none is a draw
    assert len(set(winners)) == len(winners) and set(winners) <= set(range(state.players))
    assert len(scores) == state.players, f"{len(scores)} scores for {state.players} seats"
    assert all(isinstance(score, int | float) for score in scores)
    assert isinstance(reason, str) and reason


def plain_json_problem(value, path: str = "$") -> str | None:
    """Where `value` is not plain JSON data (dicts with string keys, lists, text,
    numbers, booleans, null), or None if it is."""
    if value is None or isinstance(value, str | bool | int):
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{path} is {value}"
    if isinstance(value, list):
        for index, item in enumerate(value):
            if problem := plain_json_problem(item, f"{path}[{index}]"):
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                return f"{path} has the non-text key {key!r}"
            if problem := plain_json_problem(item, f"{path}.{key}"):
                return problem
        return None
    return f"{path} is a {type(value).__name__}, not plain JSON"


def check_plain_json(value, what: str) -> str:
    """Assert `value` is plain JSON that survives a round trip; return its text."""
    problem = plain_json_problem(value)
    assert problem is None, f"{what}: {problem}"
    text = json.dumps(value, ensure_ascii=False)
    assert json.loads(text) == value, f"{what} changes in a JSON round trip"
    return text


def leaked_numbers(text: str, state: State) -> set[int]:
    """The seed or generator numbers that occur as whole-number tokens in `text`."""
    secret = {state.seed} | {n for n in state.rng.snapshot() if n >= FORCED_DICE_BELOW}
    return {int(token) for token in re.findall(r"\d+", text)} & secret


def part_problem(part, whole, path: str = "$") -> str | None:
    """Where `part` is not a part of `whole`, or None: the same values, except that
    any dict may leave keys out."""
    if isinstance(part, dict) and isinstance(whole, dict):
        for key, value in part.items():
            if key not in whole:
                return f"{path}.{key} is not in the observation"
            if problem := part_problem(value, whole[key], f"{path}.{key}"):
                return problem
        return None
    if isinstance(part, list) and isinstance(whole, list) and len(part) == len(whole):
        for n, (a, b) in enumerate(zip(part, whole, strict=True)):
            if problem := part_problem(a, b, f"{path}[{n}]"):
                return problem
        return None
    return None if part == whole else f"{path} is {part!r}, not {whole!r} as observed"


def seats_and_spectator(state: State) -> list[int | None]:
    return [None, *range(state.players)]


def check_one_line(error: Exception) -> None:
    message = str(error)
    assert message.strip() and "\n" not in message, f"not a one-line message: {message!r}"


# -- 1 and 7: random games finish, and every decision is well formed ----------------------


def test_random_games_finish(case):
    """Many random games end well; a case of long games (a whole draft tournament is
    one game) plays fewer of them, as many actions as the others play in all."""
    lengths = []
    for seed in case.seeds(GAMES_PER_GAME // case.share, "finish"):
        for state in case.walk(seed):
            if not state.over:
                check_decision(state)
        check_over(state)
        lengths.append(len(state.history))
        if sum(lengths) >= CASE_ACTIONS:
            break
    assert min(lengths) > 0 and len(lengths) >= 10


def test_every_game_ends(game, long_runs):
    """No option switches a game's end off: random games under the option sets most
    likely to run long (every option at an extreme, the most players) each end within
    the number of actions the game states, `max_actions`."""
    bound = game.max_actions
    assert isinstance(bound, int) and bound > 0, f"{game.id} states no max_actions"
    for case in long_runs:
        for seed in case.seeds(LONG_RUN_GAMES, "ends"):
            state, policy = case.new_state(seed), case.policy(seed)
            while not state.over:
                assert len(state.history) < bound, (
                    f"{case} seed {seed}: not over after {bound} random actions"
                )
                state.apply(policy.choice(check_decision(state)))
            check_over(state)


def ranked(salt: str):
    """A player who takes the first choice by a fixed but arbitrary ranking of the ids."""

    def prefer(listed: list[Action]) -> Action:
        return min(listed, key=lambda action: zlib.crc32(f"{salt}{action.id}".encode()))

    return prefer


FIXED_PREFERENCES = {
    "first": lambda listed: listed[0],
    "last": lambda listed: listed[-1],
    "ranked a": ranked("a"),
    "ranked b": ranked("b"),
}


def test_no_fixed_preference_loops_a_game(case):
    """However a player ranks the choices, the game still ends within `max_actions`: no
    choice and the one that undoes it (a card placed and taken back) can repeat for
    ever. Learning agents meet such players early on, and a greedy policy is one."""
    bound = case.game.max_actions
    seed = case.seeds(1, "preferences")[0]
    for name, prefer in FIXED_PREFERENCES.items():
        state = case.new_state(seed)
        while not state.over:
            assert len(state.history) < bound, (
                f"{case} seed {seed}: a player who takes the {name} choice is still playing "
                f"after {bound} actions, last {state.history[-4:]}"
            )
            state.apply(prefer(check_decision(state)))
        check_over(state)


def test_legal_actions_are_a_fresh_list(case):
    for seed in case.seeds(2, "fresh"):
        for state in case.walk(seed, every=3):
            listed = state.legal_actions()
            before = [action.id for action in listed]
            assert state.legal_actions() is not listed
            listed.clear()
            listed.append(Action("added-by-caller", "Added by the caller"))
            assert ids(state) == before, "changing the returned list changed the state"


def test_new_state_follows_its_arguments(case):
    for seed in case.seeds(3, "new"):
        state = case.new_state(seed)
        assert state.game is case.game
        assert (state.seed, state.players) == (seed, case.players)
        assert state.options == case.default_options()
        assert state.history == [] and not state.over and state.result is None
        check_decision(state)


# -- 2: clone equivalence ---------------------------------------------------------------


def check_same(state: State, twin: State, deep: bool = True) -> None:
    assert fingerprint(twin, deep) == fingerprint(state, deep), "a clone differs"
    for seat in seats_and_spectator(state):
        assert twin.observe(seat) == state.observe(seat)


def test_clone_behaves_as_original(case):
    """Clone, drive the clone's clone ahead (the original must not move), then take the
    same actions on original and clone in step: the same state and events each time."""
    chunk = 5
    for seed in case.seeds(2, "clone"):
        state, policy = case.new_state(seed), case.policy(seed)
        for rounds in itertools.count():
            if state.over:
                break
            deep = rounds % 10 == 0  # hash the whole log now and then; its cost grows
            twin = state.clone()
            check_same(state, twin, deep)
            before = fingerprint(state, deep)
            ahead, chosen = twin.clone(), []
            while len(chosen) < chunk and not ahead.over:
                action = policy.choice(ahead.legal_actions())
                ahead.apply(action)
                chosen.append(action.id)
            assert fingerprint(state, deep) == before, "acting on a clone changed the original"
            assert fingerprint(twin, deep) == before, "acting on a clone changed its source"
            ahead_digest = ahead.digest()
            for action_id in chosen:
                start = len(state.log)
                state.apply(action_id)
                twin.apply(action_id)
                assert twin.digest() == state.digest(), f"after {action_id!r}"
                assert twin.log[start:] == state.log[start:], f"events after {action_id!r}"
                assert ids(twin) == ids(state)
            if deep:
                assert twin.events_digest() == state.events_digest() == ahead.events_digest()
            assert state.digest() == ahead.digest() == ahead_digest
        check_same(state, state.clone())


# -- 3: replay determinism ----------------------------------------------------------------


def test_replay_reruns_exactly(case, tmp_path):
    for seed in case.seeds(3, "replay"):
        state = case.play(seed)
        replay = record(state, seats=[f"random {seat}" for seat in range(state.players)])
        path = tmp_path / f"{seed}.json"
        replay.save(path)
        assert load(path) == replay
        outcome = rerun(load(path))
        assert outcome.ok, outcome.message
        assert outcome.diverged_at is None
        assert outcome.state.digest() == state.digest()
        assert outcome.state.events_for(None) == state.events_for(None)


def test_same_seed_and_actions_same_game(case):
    for seed in case.seeds(2, "twice"):
        first = [(state.digest(), ids(state)) for state in case.walk(seed)]
        played = case.play(seed)
        again = case.new_state(seed)
        second = [(again.digest(), ids(again))]
        for action_id in played.history:
            again.apply(action_id)
            second.append((again.digest(), ids(again)))
        assert second == first
        assert again.log == played.log
        assert again.events_digest() == played.events_digest()


RERUN = """
import sys
from tcglab.engine.replay import load, rerun
for path in sys.argv[1:]:
    print(rerun(load(path)).message, flush=True)
"""


@pytest.fixture(scope="module")
def reruns_elsewhere(tmp_path_factory) -> dict[str, str]:
    """One random game of every registered game, saved and re-run by another Python
    process whose string hashing differs from this one's: game id -> rerun message."""
    folder = tmp_path_factory.mktemp("replays")
    paths = []
    for game in games().values():
        state, policy = game.new_state(0x9E3779B97F4A7C15), Rng(7)
        for _ in range(PLAYOUT_LIMIT):
            if state.over:
                break
            state.apply(policy.choice(state.legal_actions()))
        paths.append(folder / f"{game.id}.json")
        record(state).save(paths[-1])
    hash_seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-c", RERUN, *map(str, paths)]
    run = subprocess.run(command, env=env, capture_output=True, text=True)
    messages = run.stdout.splitlines() + [run.stderr.strip()] * len(paths)
    return dict(zip(games(), messages, strict=False))


def test_replay_reruns_in_another_process(game, reruns_elsewhere):
    """What a saved game promises holds in a new process too (no set or hash order)."""
    assert reruns_elsewhere[game.id].startswith("reproduced exactly"), reruns_elsewhere[game.id]


def test_changed_replay_is_caught(case):
    for seed in case.seeds(3, "tamper"):
        forks = []  # (index, another legal id) at decisions with a choice
        for state in case.walk(seed):
            legal = ids(state)
            if len(legal) > 1:
                forks.append((len(state.history), legal))
        assert forks, "no decision of a whole game offered a choice"
        replay = record(state)
        actions = replay.actions
        pick = Rng(seed)
        index, legal = pick.choice(forks)
        other = pick.choice([i for i in legal if i != actions[index]])
        changed = [*actions[:index], other, *actions[index + 1 :]]
        cases = {
            "another legal action": dataclasses.replace(replay, actions=changed),
            "last action dropped": dataclasses.replace(replay, actions=actions[:-1]),
            "another seed": dataclasses.replace(replay, seed=seed ^ 1),
        }
        for what, tampered in cases.items():
            outcome = rerun(tampered)
            assert not outcome.ok, f"{what}: rerun says {outcome.message!r}"
            assert "\n" not in outcome.message
        unknown = [*actions[:index], "no-such-action", *actions[index + 1 :]]
        outcome = rerun(dataclasses.replace(replay, actions=unknown))
        assert not outcome.ok and outcome.diverged_at == index + 1
        assert outcome.state.history == actions[:index]


# -- 4: observations --------------------------------------------------------------------


def test_observations_are_plain_json(case):
    for seed in case.seeds(2, "json"):
        seen = dict.fromkeys(range(-1, case.players), 0)  # events checked so far, per viewer
        for state in case.walk(seed, every=6):
            for seat in seats_and_spectator(state):
                observation = state.observe(seat)
                check_plain_json(observation, f"observe({seat})")
                assert isinstance(case.game.render(observation), str)
                viewer = -1 if seat is None else seat
                events = state.events_for(seat, seen[viewer])
                seen[viewer] = len(state.log)
                check_plain_json(events, f"events_for({seat})")
                for event in events:
                    assert isinstance(event["kind"], str) and event["kind"]
                    assert isinstance(event["message"], str) and event["message"].strip()


def test_observations_hide_seed_and_generator(case):
    for seed in case.seeds(2, "secret"):
        seen = dict.fromkeys(range(-1, case.players), 0)
        for state in case.walk(seed, every=6):
            for seat in seats_and_spectator(state):
                text = json.dumps(state.observe(seat))
                assert not leaked_numbers(text, state), f"observe({seat}) shows the seed or rng"
                viewer = -1 if seat is None else seat
                text = json.dumps(state.events_for(seat, seen[viewer]))
                seen[viewer] = len(state.log)
                assert not leaked_numbers(text, state), f"events_for({seat}) show the seed or rng"


def test_determinize_keeps_what_the_seat_knows(case):
    """observe(s, p) == observe(determinize(s, p), p) for several generators; the
    spectator's view and the seat's events stay too, and other seats' secrets go."""
    for seed in case.seeds(2, "determinize"):
        start = 0  # events before this were compared at an earlier point
        for state in case.walk(seed, every=12):
            before = fingerprint(state)
            spectator = state.observe(None)
            for seat in range(state.players):
                mine = state.observe(seat)
                events = state.events_for(seat, start)
                for sample in SAMPLE_SEEDS:
                    twin = state.determinize(seat, Rng(sample ^ seed))
                    assert twin.observe(seat) == mine, f"seat {seat} sees a change"
                    assert twin.observe(None) == spectator, "the spectator sees a change"
                    assert (twin.to_move, twin.over) == (state.to_move, state.over)
                    if seat == state.to_move:
                        assert ids(twin) == ids(state), "the mover's choices changed"
                    assert len(twin.log) == len(state.log)
                    assert twin.events_for(seat, start) == events, f"seat {seat}'s events"
                    foreign = {s for e in twin.log if e.secret for s in e.secret} - {seat}
                    assert not foreign, f"seat {seat}'s sample keeps secrets of seats {foreign}"
                again = state.determinize(seat, Rng(SAMPLE_SEEDS[-1] ^ seed))
                assert again.digest() == twin.digest(), "determinize is not deterministic"
            assert fingerprint(state) == before, "determinize changed the true state"
            start = len(state.log)
        for seat in range(state.players):
            twin = state.determinize(seat, Rng(seed))
            assert twin.events_for(seat) == state.events_for(seat)


def test_glances_are_part_of_the_observation(case):
    """A glance (what a heuristic reads at each playout step) holds nothing the
    observation does not, and stays the same when what the seat cannot see is resampled."""
    for seed in case.seeds(2, "glance"):
        for state in case.walk(seed, every=8):
            for seat in seats_and_spectator(state):
                problem = part_problem(state.glance(seat), state.observe(seat))
                assert problem is None, f"glance({seat}): {problem}"
            for seat in range(state.players):
                twin = state.determinize(seat, Rng(seed))
                assert twin.glance(seat) == state.glance(seat), f"seat {seat}'s glance changes"


def test_determinize_resamples_hidden_information(case):
    """Some sample differs from the truth in more than its generator and its log, for
    every seat: each of these games hides something (hands, decks, face-down cards)."""
    changed = set()
    for seed in case.seeds(2, "resample"):
        for state in case.walk(seed, every=10):
            truth = json.dumps(state.snapshot(), sort_keys=True)
            for seat in set(range(state.players)) - changed:
                twin = state.determinize(seat, Rng(seed))
                twin.rng, twin.log = state.rng.clone(), list(state.log)
                if json.dumps(twin.snapshot(), sort_keys=True) != truth:
                    changed.add(seat)
    assert changed == set(range(case.players)), "determinize resamples nothing for some seat"


def test_determinized_states_play_on(case):
    """A sample is a full state: search plays it to the end like a real game."""
    for seed in case.seeds(1, "sample-play"):
        for state in case.walk(seed, every=40):
            for seat in range(state.players):
                twin = state.determinize(seat, Rng(seed + seat))
                policy = Rng(seed - seat)
                for _ in range(PLAYOUT_LIMIT):
                    if twin.over:
                        break
                    twin.apply(policy.choice(check_decision(twin)))
                check_over(twin)


def play_on(state: State, seat: int, rng: Rng) -> None:
    """Determinize for `seat` and take a few random actions on the sample: listing the
    legal actions and applying one must work as on any real state."""
    twin = state.determinize(seat, rng)
    for step in range(SAMPLE_ACTIONS):
        if twin.over:
            check_over(twin)
            return
        action = None
        try:
            action = rng.choice(check_decision(twin))
            twin.apply(action)
        except Exception as exc:
            doing = "listing the legal actions" if action is None else f"applying {action.id!r}"
            raise AssertionError(
                f"seat {seat}'s sample (seat {state.to_move} to move, {len(state.history)} "
                f"actions in): {doing} at step {step + 1} raised {exc!r}"
            ) from exc


def test_every_seats_samples_play_on(case):
    """determinize is valid for any seat, not only the one to move: at spaced-out
    decisions of random games, samples for every seat each play a few random actions."""
    taken, games_at_most = 0, 200  # short games take many games to give enough samples
    for seed in case.seeds(games_at_most, "every-seat"):
        for state in case.walk(seed, every=2):
            if state.over:
                break
            for seat in range(state.players):
                for sample in SAMPLE_SEEDS:
                    play_on(state, seat, Rng(sample ^ seed ^ len(state.history)))
                    taken += 1
        if taken >= SAMPLES_PER_CASE:
            break
    assert taken >= SAMPLES_PER_CASE, f"only {taken} samples in {games_at_most} games"


# -- 5: events reveal nothing hidden ----------------------------------------------------


def test_events_need_no_peeking(case):
    """Two samples with different generators tell a seat the same story as the truth."""
    for seed in case.seeds(1, "peek"):
        for state in case.walk(seed, every=50):
            for seat in range(state.players):
                told = state.events_for(seat)
                for sample in SAMPLE_SEEDS[:2]:
                    assert state.determinize(seat, Rng(sample)).events_for(seat) == told


def probe(state: State, seat: int, sample_seed: int, steps: int = 6) -> None:
    """Play the truth and a sample of `seat`'s view on with the same dice and the same
    actions. While the seat's observations of the two stay equal, so must its events."""
    truth = state.clone()
    sample = state.determinize(seat, Rng(sample_seed))
    sample.rng = state.rng.clone()
    if sample.observe(seat) != truth.observe(seat):
        return  # test_determinize_keeps_what_the_seat_knows reports this
    start, policy = len(state.log), Rng(~sample_seed)
    for _ in range(steps):
        action = policy.choice(truth.legal_actions())
        if action.id not in ids(sample):
            return
        truth.apply(action)
        sample.apply(action)
        if sample.observe(seat) != truth.observe(seat):
            return
        told = truth.events_for(seat, start)
        assert sample.events_for(seat, start) == told, (
            f"seat {seat} cannot tell the two games apart by observation, "
            f"but can by these events: {[event['message'] for event in told]}"
        )
        if truth.over:
            return


def test_events_reveal_no_more_than_observations(case):
    """An event that names a card the seat cannot see tells a sample from the truth
    where the observations cannot."""
    probed = 0
    for seed in case.seeds(50, "probe"):
        for state in case.walk(seed, every=8):
            probed += 1
            for seat in range(state.players):
                for sample in SAMPLE_SEEDS:
                    if not state.over:
                        probe(state, seat, sample ^ seed ^ seat)
        if probed >= 60:  # enough positions, however short the games are
            break


# -- 6: illegal actions ------------------------------------------------------------------


def check_rejected(state: State, action, before: tuple) -> None:
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    check_one_line(caught.value)
    assert fingerprint(state) == before, f"the rejected {action!r} changed the state"


def test_illegal_actions_change_nothing(case):
    borrowed = 0  # ids tried that were legal at another decision (a game may have none)
    for played, seed in enumerate(case.seeds(20, "illegal"), start=1):
        elsewhere: set[str] = set()  # ids legal at some earlier decision
        for state in case.walk(seed):
            if state.over:
                break
            legal = ids(state)
            other = sorted(elsewhere - set(legal))[:2]
            if len(state.history) % 25 == 0 or (other and borrowed < 10):
                before = fingerprint(state)
                borrowed += len(other)
                wrong = ["no-such-action", "", legal[0] + " ", *other]
                for action in [*wrong, Action("no-such-action", "Not an action")]:
                    check_rejected(state, action, before)
            elsewhere.update(legal)
        if played >= 2 and borrowed >= 10:
            break


def test_finished_games_accept_nothing(case):
    for seed in case.seeds(3, "over"):
        first = ids(case.new_state(seed))
        state = case.play(seed)
        before = fingerprint(state)
        for action in ["no-such-action", state.history[-1], *first]:
            check_rejected(state, action, before)


# -- 8: players and options ---------------------------------------------------------------


def test_game_declares_itself(game):
    assert games()[game.id] is game
    assert isinstance(game.name, str) and game.name.strip()
    assert 1 <= game.min_players <= game.default_players <= game.max_players
    digest = game.card_digest()
    assert isinstance(digest, str) and digest and digest == game.card_digest()


def test_player_counts_outside_the_range_rejected(game):
    for players in (game.min_players - 1, game.max_players + 1, 0, -1, 2.0, "2"):
        with pytest.raises(BadOption) as caught:
            game.new_state(12345, players)
        check_one_line(caught.value)


def test_unknown_option_rejected(game):
    with pytest.raises(BadOption) as caught:
        game.new_state(12345, options={"no_such_option": 1})
    check_one_line(caught.value)
    assert "no_such_option" in str(caught.value)


def bad_values(option) -> list:
    """Values the option must refuse, whatever its kind."""
    if isinstance(option.default, bool):
        return ["maybe", 2, None]
    if isinstance(option.default, int):
        low = [] if option.minimum is None else [option.minimum - 1]
        high = [max(option.choices) + 1] if option.choices else []
        high += [] if option.maximum is None else [option.maximum + 1, str(option.maximum + 1)]
        huge = [2**64, -(2**64), SAFE_INTEGER + 1, str(2**64), 10**5000, "9" * 5000]
        return ["many", True, 1.5, *low, *high, *huge]
    if option.choices:
        return ["no-such-choice", 3]
    return [3]


def test_bad_option_values_rejected(game):
    for option in game.options:
        for value in bad_values(option):
            with pytest.raises(BadOption) as caught:
                game.new_state(12345, options={option.name: value})
            check_one_line(caught.value)
            assert option.name in str(caught.value)


def test_default_options(game):
    defaults = {option.name: option.default for option in game.options}
    assert game.resolve_options({}) == defaults
    assert game.resolve_options() == defaults
    assert game.new_state(12345).options == defaults


def test_option_defaults_pass_their_check(game):
    names = [option.name for option in game.options]
    assert len(set(names)) == len(names), "two options share a name"
    for option in game.options:
        assert option.check(option.default) == option.default
        assert option.check(typed(option.default)) == option.default, "as typed on a command line"
        assert not option.choices or option.default in option.choices
        if type(option.default) is int and not option.choices:
            assert None not in (option.minimum, option.maximum), f"{option.name} is unbounded"
            assert option.minimum <= option.default <= option.maximum
        assert isinstance(option.help, str) and option.help.strip()
        assert isinstance(option.rule, str) and option.rule.strip()


def typed(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def test_option_variants_play(variant):
    """Every non-default option value plays, replays and keeps hidden what it hides."""
    ((name, value),) = variant.options
    for seed in variant.seeds(4, "variant"):
        for state in variant.walk(seed, every=12):
            if not state.over:
                check_decision(state)
            for seat in range(state.players):
                twin = state.determinize(seat, Rng(seed))
                assert twin.observe(seat) == state.observe(seat)
        check_over(state)
        assert state.options[name] == value
        outcome = rerun(record(state))
        assert outcome.ok, outcome.message


def test_heuristic_agent_plays_legal_moves(game):
    if game.heuristic_agent is None:
        pytest.skip(f"{game.id} has no heuristic agent")
    state = game.new_state(0x5DEECE66D2B7E151)
    agents = [game.heuristic_agent(seat) for seat in range(state.players)]
    for _ in range(PLAYOUT_LIMIT):
        if state.over:
            break
        legal = check_decision(state)
        choice = agents[state.to_move].choose(Decision(state))
        assert choice in legal, f"the heuristic agent chose {choice!r}, which is not legal"
        state.apply(choice)
    check_over(state)


def test_a_clone_and_its_original_write_their_own_logs(case):
    """A clone shares the event log and the action history with its original until one
    of them writes: whichever writes first, the other reads what it read before."""
    for seed in case.seeds(1, "own-logs"):
        for state in case.walk(seed, every=40):
            if state.over:
                continue
            twin = state.clone()
            before = (list(state.log), list(state.history))
            twin.apply(twin.legal_actions()[-1])  # the clone writes first
            assert (state.log, state.history) == before
            child = twin.clone()
            kept = (list(child.log), list(child.history))
            if not twin.over:
                twin.apply(twin.legal_actions()[0])  # now the original of a clone does
            assert (child.log, child.history) == kept


def test_the_heuristic_agent_answers_wherever_random_play_leads(case):
    """The heuristic guides the hard search through positions its own play never
    reaches (a party re-formed with a slot left empty): it answers every one legally."""
    game = case.game
    if game.heuristic_agent is None:
        pytest.skip(f"{game.id} has no heuristic agent")
    agent = game.heuristic_agent(1)
    for seed in case.seeds(2, "heuristic-anywhere"):
        for state in case.walk(seed, every=2):
            if not state.over:
                assert agent.choose(Decision(state)) in state.legal_actions()
