"""Whole games: every combination of the rule options plays to the end, and the
State contract holds (clone, determinize, snapshot, replay, hidden information)."""

import itertools
import json

import pytest

from tcglab.agents import Decision
from tcglab.engine import IllegalAction, register
from tcglab.engine.replay import record, rerun
from tcglab.engine.rng import Rng
from tcglab.games.ps import GAME

CHOICES = {
    "energy_from": ("deck", "hand"),
    "mulligan": (False, True),
    "first_turn_draw": (True, False),
    "summoning_sickness": ("attack", "full", "none"),
    "hit_player_past_defenders": (False, True),
    "support_tiers": ("exclusive", "cumulative"),
}
COMBINATIONS = [
    dict(zip(CHOICES, values, strict=True)) for values in itertools.product(*CHOICES.values())
]


def random_game(seed, options=None, decks=None, limit=5000):
    st = GAME.new_state(seed, options=options, decks=decks)
    rng = Rng(seed * 7 + 1)
    for _ in range(limit):
        if st.over:
            return st
        st.apply(rng.choice(st.legal_actions()))
    raise AssertionError(f"seed {seed} {options}: not over after {limit} actions")


@pytest.mark.parametrize("index", range(len(COMBINATIONS)))
def test_every_combination_of_options_plays_to_the_end(index):
    options = COMBINATIONS[index]
    for seed in (index, index + 1000):
        st = random_game(seed, options)
        assert st.result.reason in ("damage", "deck_out")
        assert st.result.winners in ((0,), (1,))


def test_whole_number_options_play_to_the_end():
    for options in ({"opening_hand": 0}, {"opening_hand": 9, "hand_limit": 1}, {"draw_count": 3}):
        random_game(5, options)


def test_every_pair_of_prebuilt_decks():
    decks = GAME.prebuilt_decks()
    for a, b in itertools.product(decks, repeat=2):
        random_game(len(a) * 31 + len(b), decks=[decks[a], decks[b]])


def walk(seed, options=None):
    st = GAME.new_state(seed, options=options)
    rng = Rng(seed + 99)
    for _ in range(GAME.max_actions):
        if st.over:
            return
        yield st
        st.apply(rng.choice(st.legal_actions()))
    raise AssertionError(f"seed {seed} {options}: not over after {GAME.max_actions} actions")


def play_out(st, agents):
    """Play a game to its end with one agent per seat, each choice checked legal."""
    for _ in range(GAME.max_actions):
        if st.over:
            return st
        legal = [action.id for action in st.legal_actions()]
        choice = agents[st.to_move].choose(Decision(st))
        assert choice.id in legal, f"seat {st.to_move} chose {choice.id!r}, not legal"
        st.apply(choice)
    raise AssertionError(f"not over after {GAME.max_actions} actions")


@pytest.mark.parametrize("energy_from", ["deck", "hand"])
def test_determinize_keeps_each_seats_observation(energy_from):
    options = {"energy_from": energy_from, "mulligan": True}
    for seed in range(4):
        for n, st in enumerate(walk(seed, options)):
            if n % 3:
                continue
            for seat in (0, 1):
                twin = st.determinize(seat, Rng(n))
                assert twin.observe(seat) == st.observe(seat)
                assert twin.events_for(seat) == st.events_for(seat)
                assert [a.id for a in twin.legal_actions()] != [] or twin.over


def test_determinize_resamples_the_opponents_hand_and_the_decks():
    st = GAME.new_state(8)
    seat = st.to_move
    changed = set()
    for n in range(20):
        twin = st.determinize(seat, Rng(n))
        assert twin.hand[seat] == st.hand[seat]
        changed.add(tuple(twin.hand[1 - seat]))
        assert sorted(twin.hand[1 - seat] + twin.deck[1 - seat]) == sorted(
            st.hand[1 - seat] + st.deck[1 - seat]
        )
    assert len(changed) > 1


def test_clone_behaves_exactly_like_the_original():
    for seed in range(3):
        for n, st in enumerate(walk(seed)):
            if n % 10:
                continue
            twin = st.clone()
            a, b = Rng(n), Rng(n)
            for _ in range(30):
                if st.over:
                    break
                choice = a.choice(st.legal_actions()).id
                assert b.choice(twin.legal_actions()).id == choice
                twin.apply(choice)
                st2 = st.clone()
                st2.apply(choice)
                assert st2.digest() == twin.digest()
                st = st2
            break


def test_clone_is_independent():
    st = GAME.new_state(2)
    twin = st.clone()
    before = st.digest()
    rng = Rng(4)
    for _ in range(40):
        twin.apply(rng.choice(twin.legal_actions()))
    assert st.digest() == before


def test_replay_reproduces_the_game_and_observations_are_json():
    register(GAME)  # until the package's entry point is installed
    st = random_game(12)
    outcome = rerun(record(st))
    assert outcome.ok, outcome.message
    for seat in (0, 1, None):
        json.dumps(st.observe(seat))
        json.dumps(st.events_for(seat))
    json.dumps(st.snapshot())


def test_the_opponents_hand_never_reaches_an_observation_or_event():
    for st in walk(21):
        for seat in (0, 1):
            view = st.observe(seat)
            assert "hand" in view and len(view["hand"]) == len(st.hand[seat])
            other = view["seats"][1 - seat]
            assert set(other) >= {"hand_size"} and "hand" not in other
        spectator = st.observe(None)
        assert "hand" not in spectator
    drawn = [e for e in st.events_for(None) if e["kind"] == "draw"]
    assert drawn and all("card" not in e for e in drawn)


def test_illegal_actions_change_nothing():
    for n, st in enumerate(walk(30)):
        if n % 7:
            continue
        before = st.digest()
        for bad in ("nonsense", "play ZZ99", "attack 9", "energy 99"):
            with pytest.raises(IllegalAction) as caught:
                st.apply(bad)
            assert "\n" not in str(caught.value)
            assert st.digest() == before


def test_the_heuristic_agent_beats_random_play():
    from tcglab.agents import RandomAgent

    wins = 0
    for seed in range(40):
        seat = seed % 2
        agents = [GAME.heuristic_agent(seed) if s == seat else RandomAgent(seed) for s in (0, 1)]
        st = play_out(GAME.new_state(seed), agents)
        wins += seat in st.result.winners
    assert wins >= 34


def test_the_heuristic_agent_plays_every_option_combination():
    """Every fifth combination of the options: the heuristic agent makes only legal
    choices and plays the game to a win by damage or deck-out (PS-2)."""
    for index in range(0, len(COMBINATIONS), 5):
        st = GAME.new_state(index, options=COMBINATIONS[index])
        agents = [GAME.heuristic_agent(1), GAME.heuristic_agent(2)]
        play_out(st, agents)
        assert st.options == {**GAME.resolve_options(), **COMBINATIONS[index]}
        assert st.result.reason in ("damage", "deck_out")
        assert st.result.winners in ((0,), (1,))


def battles(log) -> list[list]:
    """The events of each battle, from its declaration to its end."""
    found, current = [], None
    for event in log:
        if event.kind == "battle":
            current = []
        if current is not None:
            current.append(event)
        if event.kind == "battle_end" and current is not None:
            found.append(current)
            current = None
    return found


def attacker_left(battle) -> bool:
    """The attacking character went down before any damage of the battle was dealt."""
    declared = battle[0].data
    for event in battle[1:]:
        if event.kind in ("hit", "attack_player"):
            return False
        if event.kind == "down" and event.data["seat"] == declared["seat"]:
            return event.data["name"] == declared["name"]
    return False


def test_a_battle_whose_attacker_left_during_its_window_ends_without_a_target():
    """PS-9.4 / PS-9.5: once the attacking character has left the field there is no
    target to pick and no damage; this skyport mirror game took that path (its attacker
    went down to an effect in the battle's window)."""
    from tcglab.agents import RandomAgent

    decks = GAME.prebuilt_decks()
    state = GAME.new_state(97491472, 2, None, [decks["skyport"], decks["skyport"]])
    agents = [RandomAgent(17115615447700972319), RandomAgent(14697115776906191746)]
    picked_in = []  # the battles (by number) in which the attacker picked a target
    for _ in range(GAME.max_actions):
        if state.over:
            break
        if state.stack[-1][0] == "pick_target":
            picked_in.append(sum(e.kind == "battle" for e in state.log))
        state.apply(agents[state.to_move].choose(Decision(state)))
    assert state.over
    fought = battles(state.log)
    left = [n for n, battle in enumerate(fought, start=1) if attacker_left(battle)]
    assert left, "no battle of this game lost its attacker before the damage"
    for n in left:
        after = fought[n - 1][1:]
        gone = next(i for i, e in enumerate(after) if e.kind == "down")
        assert not [e.kind for e in after[gone:] if e.kind in ("hit", "attack_player")]
        assert after[-1].kind == "battle_end"
        assert n not in picked_in, f"the attacker of battle {n} picked a target"
