"""Any state a game reaches can be written as a scenario file and loaded back as the
same state: for positions of seeded random games of every game with a `scenario`
capability, the position exported, built and exported again is the same table, the
built state has the same digest and the same legal actions, and both play on alike
(the same events and digests for 30 more actions). Run one game with `-k pgt`."""

from __future__ import annotations

import tomllib

import pytest

from tcglab.engine.messages import seat_name
from tcglab.engine.scenario_file import load_scenario, write_scenario
from tcglab.engine.state import State, digest_of

from .conftest import stable_rng

EVERY = 7  # actions between the positions looked at
MOST = 12  # positions looked at in one game (spread over its length), besides its end
PLAY_ON = 30  # actions played from each position on both states


def has_scenarios(game) -> bool:
    return any(capability.name == "scenario" for capability in game.capabilities)


def player_count(game, index: int) -> int:
    """The player counts the seeds take in turn (a table format, such as a draft, is
    not one game's position and is left out)."""
    counts = sorted({game.min_players, game.default_players, game.max_players})
    counts = [n for n in counts if game.table_format(n) is None]
    return counts[index % len(counts)]


def random_game(game, index: int) -> tuple[State, list[str]]:
    """A fresh game and the ids of a seeded random playout of it to its end."""
    players = player_count(game, index)
    seed = stable_rng("roundtrip", game.id, index).next_u64()
    state = game.new_state(seed, players)
    fresh = state.clone()
    picker = stable_rng("picker", game.id, index)
    while not state.over:
        state.apply(picker.choice(state.legal_actions()))
    return fresh, list(state.history)


def depths(length: int) -> list[int]:
    """Every EVERY-th action, thinned evenly to MOST, and the end."""
    spots = list(range(0, length, EVERY))
    stride = max(1, -(-len(spots) // MOST))
    return [*spots[::stride], length]


def position_digest(state: State) -> str:
    """The digest of everything but the actions that led here, which a position does
    not carry (a scenario starts with none)."""
    snapshot = state.snapshot()
    snapshot.pop("history", None)
    return digest_of(snapshot)


def differing(a: State, b: State) -> list[str]:
    one, two = a.snapshot(), b.snapshot()
    return sorted(k for k in one.keys() | two.keys() if k != "history" and one.get(k) != two.get(k))


def messages(state: State, start: int) -> list[list[str]]:
    seats = (None, *range(state.players))
    return [[e["message"] for e in state.events_for(seat, start)] for seat in seats]


def test_every_state_round_trips(roundtrip):
    game, index = roundtrip
    if not has_scenarios(game):
        pytest.skip(f"{game.id} has no scenario format yet")
    fresh, actions = random_game(game, index)
    state, done = fresh, 0
    for depth in depths(len(actions)):
        for action in actions[done:depth]:
            state.apply(action)
        done = depth
        check_position(game, state.clone(), f"{game.id} seed {index} after {depth} actions")


def check_position(game, state: State, where: str) -> None:
    fmt = next(c.run for c in game.capabilities if c.name == "scenario")
    exported = fmt.export(state)
    seats = [seat_name(s) for s in range(state.players)]
    text = write_scenario(state, game, players=seats, options=state.options)
    assert tomllib.loads(text)["position"] == exported, f"{where}: the file misses its position"
    scenario = load_scenario(f"{game.id}.toml", text)
    built = scenario.build()
    assert fmt.export(built) == exported, f"{where}: exported again, the position differs"
    assert position_digest(built) == position_digest(state), (
        f"{where}: the built state differs in {differing(built, state)}"
    )
    assert [a.id for a in built.legal_actions()] == [a.id for a in state.legal_actions()], where
    assert position_digest(scenario.start()) == position_digest(state), where
    play_on(game, state, built, where)


def play_on(game, state: State, built: State, where: str) -> None:
    """Both states take the same PLAY_ON random actions and must stay alike."""
    picker = stable_rng("play-on", where)
    starts = len(state.log), len(built.log)
    for step in range(PLAY_ON):
        if state.over:
            break
        action = picker.choice(state.legal_actions()).id
        state.apply(action)
        built.apply(action)
        after = f"{where}, then {step + 1} more ({action})"
        assert messages(built, starts[1]) == messages(state, starts[0]), after
        assert position_digest(built) == position_digest(state), (
            f"{after}: the states differ in {differing(built, state)}"
        )
