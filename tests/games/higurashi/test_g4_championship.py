"""G4-2.6 / G4-GAP-13: a championship of several games as one state a table plays: the
agreed games one after another, the scores adding up, the tied leaders alone playing
deciders while the others sit out, and the champion its result."""

import json

import pytest

from tcglab.agents import RandomAgent
from tcglab.engine import BadOption, Result, Rng, get_game
from tcglab.engine.replay import load, record, rerun
from tcglab.games.higurashi.championship import play_championship
from tcglab.games.higurashi.championship_state import EXTRA_GAMES_CAP, ChampionshipState

GAME = get_game("higurashi")


def championship(seed: int, players: int, games: int = 0) -> ChampionshipState:
    return GAME.new_state(seed, players, {"games": games}, format="championship")


def play_on(st: ChampionshipState, policy: Rng, until=lambda st: st.over) -> None:
    """Random legal actions until `until(st)` holds (or the championship is decided)."""
    while not st.over and not until(st):
        st.apply(policy.choice(st.legal_actions()))


def end_game(st: ChampionshipState, *scores: int) -> None:
    """End the game in progress at once with these scores (its seats' order), as the
    round limit would (G4-GAP-18)."""
    best = max(scores)
    winners = tuple(seat for seat, score in enumerate(scores) if score == best)
    st.sub.result = Result(winners, scores, "round_limit")
    st.follow()


def messages(st: ChampionshipState, lang: str = "en", seat=None, names=None) -> list[str]:
    kinds = ("championship_game", "championship_decider", "championship_standing")
    return [
        event["message"]
        for event in st.events_for(seat, lang=lang, names=names)
        if event["kind"] in (*kinds, "championship_won")
    ]


def test_agents_play_it_through_one_game_after_another():
    """G4-GAP-13: one game per player unless agreed; `on_game` sees each game end."""
    seen = []
    cup = play_championship(
        GAME, 4, [RandomAgent(s) for s in range(3)], on_game=lambda n, st: seen.append((n, st))
    )
    assert [n for n, _ in seen] == list(range(1, len(cup.games) + 1)) and len(seen) >= 3
    assert [list(st.result.scores) for _, st in seen] == [g["scores"] for g in cup.games]
    assert cup.tally == "points" and all(cup.totals[c] == max(cup.totals) for c in cup.winners)


def test_the_state_ends_with_the_champion_and_the_totals():
    st = championship(8, 2, games=2)
    play_on(st, Rng(1))
    assert st.to_move is None and st.legal_actions() == []
    assert len(st.records) >= 2
    totals = [sum(g["scores"][g["seats"].index(s)] for g in st.records) for s in range(2)]
    assert list(st.result.scores) == totals == st.totals
    champion = totals.index(max(totals))
    assert st.result.winners == (champion,) and st.result.reason == "champion"
    assert messages(st)[-1] == f"P{champion + 1} is champion with {max(totals)} points"


def test_a_tied_lead_alone_plays_the_decider_and_the_others_sit_out():
    """G4-GAP-13: 5/5/3 after the three agreed games: P1 and P2 alone play on."""
    st = championship(2, 3)
    for scores in ((5, 0, 0), (0, 5, 0), (0, 0, 3)):
        end_game(st, *scores)
    assert st.seats == (0, 1) and st.sub.players == 2 and not st.over
    assert messages(st)[-2:] == [
        "After game 3, P1 and P2 share the lead on 5",
        "Game 4 decides it: P1 and P2, tied on 5, play on",
    ]
    assert messages(st, "ja")[-2:] == [
        "第3ゲーム終了：P1・P2が5点で首位に並ぶ",
        "第4ゲームは決定戦：5点で並んだP1・P2が続けて対戦",
    ]
    sitting_out = st.observe(2)["current"]
    assert sitting_out["local_seat"] is None and "hand" not in sitting_out["view"]
    assert sitting_out["view"] == st.sub.observe(None)  # what a spectator sees
    policy, movers = Rng(3), set()
    while not st.over:
        movers.add(st.to_move)
        st.apply(policy.choice(st.legal_actions()))
    assert movers == {0, 1}
    assert all(g["seats"] == [0, 1] for g in st.records[3:])
    assert st.totals[2] == 3 and st.result.winners in ((0,), (1,))


def test_a_decider_names_its_players_by_their_championship_seats():
    """P1 and P3 tied: the decider's second player is P3 in labels, events and secrets."""
    st = championship(5, 3)
    for scores in ((4, 0, 0), (0, 0, 4), (0, 1, 0)):
        end_game(st, *scores)
    assert st.seats == (0, 2)
    start = len(st.log)
    play_on(st, Rng(2), until=lambda st: st.to_move == 2 and len(st.log) > start + 10)
    assert st.local_seat(2) == 1 and st.local_seat(1) is None
    labels = " ".join(a.label + a.ja for a in st.legal_actions())
    assert "P2" not in labels
    told = " ".join(e["message"] for e in st.events_for(2, start))
    assert "P2" not in told and "P3" in told
    drawn = [e for e in st.events_for(2, start) if e["kind"] == "draw" and "name" in e]
    assert drawn and all(e["message"].startswith("P3 draws ") for e in drawn)
    assert all("name" not in e for e in st.events_for(1, start) if e["kind"] == "draw")
    by_name = " ".join(e["message"] for e in st.events_for(2, start, names=["Ann", "Bo", "Cy"]))
    assert "Cy" in by_name and "Bo" not in by_name


def test_a_tie_that_outlasts_the_deciders_is_shared():
    """G4-GAP-13: in tcglab a tie that survives 20 extra games is shared."""
    st = championship(0, 2, games=2)
    for _ in range(2 + EXTRA_GAMES_CAP):
        end_game(st, 1, 1)
    assert len(st.records) == 22 and st.result == Result((0, 1), (22, 22), "shared_lead")
    assert messages(st)[-1] == "P1 and P2 share the championship on 22 points"
    assert messages(st, "ja")[-1] == "P1・P2が22点で優勝を分け合う"


def test_its_events_are_told_in_both_languages_and_by_the_table_s_names():
    st = championship(1, 2, games=3)
    end_game(st, 7, 5)
    assert messages(st) == [
        "Game 1 of 3 begins",
        "After game 1, P1 leads 7-5",
        "Game 2 of 3 begins",
    ]
    assert messages(st, "ja") == [
        "第1ゲーム開始（全3ゲーム）",
        "第1ゲーム終了：P1が7対5でリード",
        "第2ゲーム開始（全3ゲーム）",
    ]
    assert messages(st, names=["Ann", "Bo"])[1] == "After game 1, Ann leads 7-5"


def test_the_observation_holds_the_standings_and_the_finished_games():
    st = championship(6, 2, games=2)
    end_game(st, 3, 9)
    view = st.observe(0)
    assert (view["format"], view["planned"], view["played"], view["totals"]) == (
        "championship",
        2,
        1,
        [3, 9],
    )
    assert view["games"] == [
        {"seats": [0, 1], "winners": [1], "scores": [3, 9], "reason": "round_limit"}
    ]
    assert view["current"]["number"] == 2 and view["current"]["view"] == st.sub.observe(0)
    json.dumps(view)
    assert "Championship of 2 games · totals: P1 3, P2 9" in GAME.render(view)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_determinize_keeps_the_finished_games_and_what_the_seat_sees(seat):
    """Finished games are public; only the game in progress is resampled, as its
    player sees it or, for a seat sitting out, as a spectator does."""
    st = championship(9, 3)
    for scores in ((2, 2, 0), (0, 0, 1), (0, 0, 0)):
        end_game(st, *scores)
    play_on(st, Rng(4), until=lambda st: len(st.sub.history) >= 20)
    assert st.seats == (0, 1) and not st.over
    seen, events = st.observe(seat), st.events_for(seat)
    for sample_seed in (1, 2, 3):
        twin = st.determinize(seat, Rng(sample_seed))
        assert twin.observe(seat) == seen and twin.events_for(seat) == events
        assert twin.records == st.records and twin.totals == st.totals
        play_on(twin, Rng(sample_seed), until=lambda twin: len(twin.history) > len(st.history) + 30)
    assert st.observe(seat) == seen  # sampling never moves the state itself


def test_a_recorded_championship_replays_to_its_digest(tmp_path):
    st = championship(12, 3, games=2)
    play_on(st, Rng(7))
    path = tmp_path / "championship.json"
    record(st, seats=["ann", "bo", "cy"]).save(path)
    outcome = rerun(load(path))
    assert outcome.ok, outcome.message
    assert outcome.state.digest() == st.digest()
    assert outcome.state.events_for(None) == st.events_for(None)


def test_clone_is_independent():
    st = championship(3, 2)
    play_on(st, Rng(1), until=lambda st: len(st.history) >= 30)
    twin, digest = st.clone(), st.digest()
    play_on(twin, Rng(2), until=lambda twin: len(twin.records) >= 1)
    assert st.digest() == digest and twin.digest() != digest


def test_a_table_of_any_count_plays_one_game_unless_the_championship_is_asked_for():
    assert GAME.table_format(3) is None
    assert type(GAME.new_state(1, 3)).__name__ == "HigurashiState"
    assert isinstance(championship(1, 3), ChampionshipState)
    assert championship(1, 4).planned == 4  # G4-GAP-13 one per player unless agreed


@pytest.mark.parametrize(
    ("options", "format", "message"),
    [
        ({"games": 101}, "championship", "option games takes a whole number from 0 to 100"),
        ({"games": 2}, None, "higurashi has no rule option 'games'"),
        ({}, "draft", "higurashi has no table format 'draft'; its table formats: championship"),
    ],
)
def test_what_new_state_refuses(options, format, message):
    with pytest.raises(BadOption, match=message):
        GAME.new_state(1, 2, options, format=format)


def test_the_championship_takes_no_decks():
    with pytest.raises(BadOption, match="shared card set; it takes no decks"):
        GAME.new_state(1, 2, decks=[["x"], ["y"]], format="championship")


def test_the_game_declares_its_championship_as_a_table_chosen_by_name():
    cup = GAME.capability("championship")
    assert cup.table and cup.chosen and cup.rule == "G4-2.6"
    assert cup.players == (2, 3, 4, 5) and cup.by_agents is play_championship


def test_default_length_is_one_game_per_player_and_totals_add_up():
    """G4-GAP-13: as many games as players by default; scores accumulate."""
    cup = play_championship(GAME, 4, [RandomAgent(s) for s in range(3)])
    assert len(cup.games) >= 3 and cup.tally == "points"
    assert cup.totals == tuple(
        sum(g["scores"][g["seats"].index(s)] for g in cup.games if s in g["seats"])
        for s in range(3)
    )
    best = max(cup.totals)
    assert len(cup.winners) == 1 or len(cup.games) == 3 + EXTRA_GAMES_CAP
    assert all(cup.totals[c] == best for c in cup.winners)


@pytest.mark.parametrize("games", [0, 101])
def test_the_agreed_games_are_one_to_a_hundred(games):
    with pytest.raises(BadOption, match="a championship is 1 to 100 games"):
        play_championship(GAME, 0, [RandomAgent(0), RandomAgent(1)], games=games)


def test_the_heuristic_plays_a_championship_and_values_it_from_the_public_view():
    from tcglab.agents.base import Decision
    from tcglab.games.higurashi.agent import HigurashiAgent

    st = championship(2, 3, games=2)
    agents = [HigurashiAgent(seat) for seat in range(3)]
    while not st.over:
        value = HigurashiAgent.value(st.observe(None))
        assert abs(sum(value) - 1) < 1e-9
        playing = st.observe(None)["current"]["seats"]
        assert all(value[s] == 0 for s in range(3) if s not in playing)  # out of a decider
        st.apply(agents[st.to_move].choose(Decision(st)))
    assert st.result.reason in ("champion", "shared_lead")
