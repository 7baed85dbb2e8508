"""A draft table (PGT-15) as one game state: the draft, the knockout of best-of-three
matches, what each seat may see, and replays."""

from __future__ import annotations

import json

import pytest

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, IllegalAction, Rng
from tcglab.engine.replay import record, rerun
from tcglab.games.pgt import GAME, PgtAgent
from tcglab.games.pgt.draft import LEFT, RIGHT, neighbour
from tcglab.games.pgt.draft_messages import catalogue, describe
from tcglab.games.pgt.draft_state import DraftState

SHORT = {"round_limit": 2}


def table(players: int, seed: int = 7, options=SHORT) -> DraftState:
    return GAME.new_state(seed, players, options)


def pack_ids(st: DraftState, seat: int) -> list[str]:
    return st.observe(seat)["pack"]


def play(st: DraftState, until=lambda st: st.over, agents=None) -> DraftState:
    """Play on with the heuristic agent (one per seat) until `until` holds."""
    agents = agents or [PgtAgent(seat) for seat in range(st.players)]
    for _ in range(GAME.max_actions):
        if until(st):
            return st
        st.apply(agents[st.to_move].choose(Decision(st)))
    raise AssertionError(f"still going after {GAME.max_actions} actions")


def in_cup(st: DraftState) -> bool:
    return st.phase == "cup"


def test_pgt2_1_three_or_four_players_sit_at_a_draft_table():
    """PGT-2.1 / PGT-15.1: 2 players play a game, 3 or 4 a draft."""
    assert GAME.new_state(1, 2).__class__.__name__ == "PgtState"
    for players in (3, 4):
        st = table(players)
        assert isinstance(st, DraftState) and st.players == players
        assert st.phase == "draft" and st.to_move == 0
        legal = st.legal_actions()
        assert len(legal) == 9 and all(a.id.startswith("pick ") for a in legal)
        assert [a.id[5:] for a in legal] == pack_ids(st, 0)
        assert all(a.label.startswith("Pick ") and a.ja.endswith("）") for a in legal)


def test_pgt15_3_first_deal_passes_left_seat_by_seat():
    """PGT-15.3(1)-(3): 9 cards each; within a pass the seats pick in seat order, then
    every pack moves to the left neighbour of the random seating."""
    st = table(4)
    order = st.observe(None)["seating"]
    assert sorted(order) == [0, 1, 2, 3]
    assert st.observe(0)["pack_sizes"] == [9, 9, 9, 9]
    left = {}
    for seat in range(4):
        assert st.to_move == seat
        pack = pack_ids(st, seat)
        st.apply(f"pick {pack[0]}")
        left[seat] = pack[1:]
    for seat in range(4):
        receiver = neighbour(order, seat, LEFT)
        assert pack_ids(st, receiver) == left[seat]
        assert st.observe(seat)["passes_to"] == receiver
    assert st.observe(None)["pack_sizes"] == [8] * 4
    assert st.observe(None)["pick_counts"] == [1] * 4
    assert st.log[-1].kind == "pass" and st.log[-1].data["direction"] == "left"


def test_pgt15_3_second_deal_passes_right():
    """PGT-15.3(5)-(7): after 9 picks each, a new deal of 9 is passed to the right."""
    st = table(3)
    for _ in range(27):
        st.apply(st.legal_actions()[0])
    view = st.observe(1)
    assert (view["deal"], view["direction"], view["pack_sizes"]) == (2, "right", [9, 9, 9])
    assert view["pick_counts"] == [9, 9, 9] and len(view["picks"]) == 9
    order, left = view["seating"], {}
    for seat in range(3):
        pack = pack_ids(st, seat)
        st.apply(f"pick {pack[-1]}")
        left[seat] = pack[:-1]
    for seat in range(3):
        assert pack_ids(st, neighbour(order, seat, RIGHT)) == left[seat]


@pytest.mark.parametrize(("players", "unused"), [(4, 108), (3, 126)])
def test_pgt15_2_we14_eighteen_card_decks(players, unused):
    """PGT-WE-14: 18 cards each, the rest unused; each game deals 10 of the 18 and
    leaves 8 to draw (PGT-15.2)."""
    st = play(table(players), until=in_cup)
    assert st.observe(None)["pick_counts"] == [18] * players
    assert len(st.pool) == unused
    drafted = [c for deck in st.picks for c in deck]
    assert len(set(drafted)) == 18 * players
    a, b = st.pair
    names = {st.cards.cards[c].id for c in st.picks[a] + st.picks[b]}
    sub = st.sub
    assert {sub.card(i).id for i in range(len(sub.cid))} == names
    assert [len(sub.deck_of(0)), len(sub.deck_of(1))] == [8, 8]


def test_observation_shows_only_own_pack_and_picks():
    """Hidden information: a seat sees its pack and its picks, of the others counts."""
    st = table(4)
    for _ in range(6):
        st.apply(st.legal_actions()[-1])
    ids = st.cards.cards
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(st.observe(seat))
        others = [s for s in range(4) if s != seat]
        hidden = [c for s in others for c in st.packs[s] + st.picks[s]]
        assert not any(f'"{ids[c].id}"' in text or ids[c].name_en in text for c in hidden)
    mine = st.observe(2)
    assert mine["picks"] == sorted(ids[c].id for c in st.picks[2])
    assert mine["pick_counts"] == [2, 2, 1, 1]


def test_pick_events_name_the_card_to_the_picker_only():
    st = table(4)
    chosen = pack_ids(st, 0)[3]
    st.apply(f"pick {chosen}")
    event = st.log[-1]
    assert event.kind == "pick" and set(event.secret) == {0}
    own = st.events_for(0)[-1]
    card = st.cards.card(chosen)
    assert own["card"] == chosen  # the data keeps the id; the message names the card
    assert own["message"] == f"P1 picks {card.name_en} (1 picked)"
    assert st.events_for(0, lang="ja")[-1]["message"] == f"P1が{card.name_ja}を取る（1枚目）"
    for seat in (None, 1, 2, 3):
        told = st.events_for(seat)[-1]
        assert "card" not in told and told["message"] == "P1 picks a card (1 picked)"
    assert st.events_for(1, lang="ja")[-1]["message"] == "P1がカードを1枚取る（1枚目）"


def test_gap25_three_players_one_random_bye():
    """PGT-GAP-25: with 3 players the last drawn has a first-round bye and meets the
    winner of the other match in the final."""
    byes = set()
    for seed in range(6):
        st = play(table(3, seed), until=in_cup)
        drawn = next(e.data["order"] for e in st.log if e.kind == "pairings")
        assert st.rounds[0] == [{"bye": drawn[2]}]
        assert st.pair == (drawn[0], drawn[1])
        byes.add(drawn[2])
        if seed == 0:
            play(st)
            (_, first), (final,) = st.rounds
            assert sorted(final["players"]) == sorted([drawn[2], first["winner"]])
    assert len(byes) > 1  # the bye goes to a random player


def test_pgt5_3_matches_are_best_of_three():
    """PGT-5.3 / PGT-GAP-25: a match ends as soon as someone has two wins."""
    st = play(table(4, 3, {"round_limit": 3}))
    matches = [m for matches in st.rounds for m in matches]
    assert len(matches) == 3 and len(st.rounds) == 2
    for match in matches:
        wins, games = match["wins"], match["games"]
        decided = [g for g in games if len(g["winners"]) == 1]
        assert wins == [sum(g["winners"] == [s] for g in decided) for s in (0, 1)]
        assert max(wins) == 2 or len(games) == 6
        assert len(decided) <= 3
        assert match["winner"] == match["players"][wins[1] > wins[0]]


def test_pgt15_4_the_champion_wins_the_table():
    """PGT-15.4: the winner of the final wins the draft; the result names only them."""
    st = play(table(4, 5))
    (final,) = st.rounds[-1]
    assert st.result.winners == (final["winner"],)
    assert st.result.reason == "champion"
    assert st.result.scores[final["winner"]] == 2
    assert sum(st.result.scores) == 3
    assert st.to_move is None and st.legal_actions() == []
    assert st.events_for(None)[-1]["message"] == f"P{final['winner'] + 1} wins the draft tournament"


def test_pgt5_3_the_log_words_a_drawn_game_and_a_level_match():
    """PGT-5.3: a drawn game counts for nobody, and a match of six games without two
    wins sends the first drawn on; the table's log says so in both languages."""
    drawn = {"players": [2, 0], "winners": [], "wins": [1, 1]}
    assert describe("game_won", drawn) == "P3 v P1: nobody (a draw) wins the game; match 1-1"
    assert describe("game_won", drawn, "ja") == "P3 v P1：引き分け。マッチは1-1"
    level = {"players": [2, 0], "wins": [1, 1], "winner": 2}
    assert describe("match_won", level) == "P3 v P1: no winner after six games; P3 goes on"
    assert describe("match_won", level, "ja") == "P3 v P1：6ゲームで決着せず、P3が勝ち上がり"
    won = {"players": [2, 0], "wins": [0, 2], "winner": 0}
    assert describe("match_won", won) == "P3 v P1: P1 wins the match 2-0"
    assert describe("match_won", won, "ja") == "P3 v P1：P1がマッチに勝利（2-0）"


def test_the_draft_catalogue_words_every_event_of_a_table():
    st = play(table(3, 2))
    kinds = {e.kind for e in st.log if "pair" not in e.data}
    assert kinds == catalogue().kinds()
    for seat in (0, 1, 2, None):
        for lang in ("en", "ja"):
            assert all(e["message"] for e in st.events_for(seat, lang=lang))
    pairings = next(e for e in st.events_for(None, lang="ja") if e["kind"] == "pairings")
    assert pairings["message"].count("、") == 2  # three players drawn


def test_a_game_at_the_table_speaks_of_tournament_players():
    """While a game runs, the mover is its tournament seat, the actions are the game's,
    labels and messages name P1-P4, and each seat sees the game as it may."""
    st = play(table(4, 2), until=in_cup)
    sub, pair = st.sub, st.pair
    assert st.to_move == pair[sub.to_move]
    assert [a.id for a in st.legal_actions()] == [a.id for a in sub.legal_actions()]
    for seat in range(4):
        view = st.observe(seat)["match"]
        local = pair.index(seat) if seat in pair else None
        assert view["local_seat"] == local and view["view"] == sub.observe(local)
    play(st, until=lambda st: any(e.kind == "draw" for e in st.log))
    draw = next(e for e in st.log if e.kind == "draw")
    mover = draw.data["pair"][draw.data["seat"]]
    assert set(draw.secret) == {mover}
    for seat in range(4):
        told = next(e for e in st.events_for(seat) if e["kind"] == "draw")
        assert told["message"].startswith(f"P{mover + 1} draws")
        assert ("card" in told) == (seat == mover)


def test_a_game_at_a_named_table_names_its_players_and_places_as_the_tournaments():
    """A relayed game event names the game's two seats as the tournament players who sit
    in them, by the table's names, places too ("Cy's B1"), never a slot ref."""
    st = play(table(4, 2), until=in_cup)
    play(st, until=lambda st: any(e.kind == "use" for e in st.log))
    use = next(e for e in st.log if e.kind == "use")
    pair, (owner, slot) = use.data["pair"], use.data["actor"].split(".")
    user, holder = pair[use.data["seat"]], pair[int(owner[1:]) - 1]
    names = ["Ann", "Bob", "Cy", "Dee"]
    for lang, place in (("en", "{}'s {}"), ("ja", "{}の{}")):
        for given, name in ((names, names.__getitem__), (None, lambda s: f"P{s + 1}")):
            told = next(e for e in st.events_for(None, 0, lang, given) if e["kind"] == "use")
            assert told["message"].startswith(name(user))
            assert place.format(name(holder), slot) in told["message"]
            assert use.data["actor"] not in told["message"]
    roll = next(e for e in st.events_for(None, 0, "en", names) if e["kind"] == "first_roll")
    a, b = roll["pair"]
    assert roll["message"].startswith(f"First-player roll: {names[a]} ")
    assert f", {names[b]} " in roll["message"]


def test_forced_dice_reach_the_game_in_progress():
    """All dice come from `state.rng`: dice forced for the first-player roll decide it."""
    st = play(table(4, 4), until=in_cup)
    st.rng.force_for("first_player", 2, 5)
    play(st, until=lambda st: any(e.kind == "first_roll" for e in st.log))
    roll = st.events_for(None)
    roll = next(e for e in roll if e["kind"] == "first_roll")
    a, b = st.pair
    assert roll["rolls"] == [2, 5]
    assert roll["message"] == f"First-player roll: P{a + 1} 2, P{b + 1} 5"
    assert st.sub.first == 1


def test_determinize_keeps_what_the_seat_saw():
    st = table(4)
    for _ in range(9):
        st.apply(st.legal_actions()[0])
    seen = {c for c in range(180) if st.seen[c] & 1 << 2}
    twin = st.determinize(2, Rng(5))
    assert twin.observe(2) == st.observe(2)
    assert twin.packs[2] == st.packs[2] and twin.picks[2] == st.picks[2]
    for seat in (0, 1, 3):
        for mine, theirs in zip(st.picks[seat], twin.picks[seat], strict=True):
            assert theirs == mine or (mine not in seen and theirs not in seen)
    assert twin.packs != st.packs or twin.picks != st.picks


def test_replay_reproduces_a_whole_table(tmp_path):
    st = play(table(3, 9))
    outcome = rerun(record(st))
    assert outcome.ok, outcome.message
    assert outcome.state.digest() == st.digest()


def test_bad_input_changes_nothing():
    with pytest.raises(BadOption, match="a draft builds its own decks"):
        GAME.new_state(1, 4, decks=[["001"]] * 4)
    with pytest.raises(BadOption, match="2 to 4 players"):
        GAME.new_state(1, 5)
    st = table(4)
    before = st.digest()
    other = pack_ids(st.determinize(0, Rng(1)), 1)[0]  # a card of some other pack
    for wrong in ("pick 999", "pick", f"pick {st.cards.cards[st.packs[1][0]].id}", other):
        with pytest.raises(IllegalAction) as caught:
            st.apply(wrong if wrong.startswith("pick") else f"pick {wrong}")
        assert "\n" not in str(caught.value)
    assert st.digest() == before


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_ai_level_plays_every_seat(level):
    """The levels players choose from can sit at every seat of a draft table: easy and
    normal play whole tables; hard (a search) plays picks and games at every seat."""
    agents = [make_agent(level, GAME, seat) for seat in range(3)]
    st = table(3, 12, {"round_limit": 1})
    if level != "hard":
        play(st, agents=agents)
        assert st.over and len(st.result.winners) == 1
        return
    for phase, decisions in (("draft", 6), ("cup", 24)):
        play(st, until=lambda st, phase=phase: st.phase == phase)
        for _ in range(decisions):
            seat, legal = st.to_move, [action.id for action in st.legal_actions()]
            choice = agents[seat].choose(Decision(st))
            assert choice.id in legal, f"seat {seat} chose {choice.id!r} in the {phase}"
            st.apply(choice)
    assert st.phase == "cup" and not st.over


@pytest.mark.parametrize(("players", "aside"), [(4, 144), (3, 153)])
def test_we14_the_first_deal_sets_the_rest_aside(players, aside):
    """PGT-WE-14 / PGT-15.3(1): 9 each from the 180 cards, the rest set aside."""
    deal = next(e.data for e in table(players).log if e.kind == "draft_deal")
    assert deal == {"deal": 1, "each": 9, "aside": aside}


def test_the_draft_is_the_format_of_three_or_four():
    """PGT-15.1 the game declares its draft as a table format of 3 or 4 players, which
    builds its own decks (PGT-15.2)."""
    draft = GAME.capability("draft")
    assert draft.table and not draft.decks and draft.players == (3, 4)
    assert GAME.table_format(4) is draft and GAME.table_format(2) is None
    with pytest.raises(BadOption, match="a draft builds its own decks"):
        GAME.new_state(1, 4, decks=[["001"] * 18] * 4)


def test_gap12_the_match_format_plays_fresh_games_to_two_wins():
    """PGT-5.3 / PGT-GAP-12: a match is whole games, each from a fresh setup, until one
    player has won two; the standing counts games won."""
    match = GAME.capability("match")
    standing = match.run(GAME, 3, [PgtAgent(1), PgtAgent(2)], options={"round_limit": 3})
    assert standing.tally == "games" and max(standing.totals) <= 2
    decided = [g for g in standing.games if len(g["winners"]) == 1]
    assert list(standing.totals) == [sum(g["winners"] == [s] for g in decided) for s in (0, 1)]
    assert max(standing.totals) == 2 or len(standing.games) == 6
    if standing.winners:
        assert standing.totals[standing.winners[0]] == max(standing.totals)
    with pytest.raises(BadOption, match="a match is played by 2 players, not 3"):
        match.run(GAME, 3, [PgtAgent(s) for s in range(3)])


def test_the_sample_decks_come_from_an_ai_draft():
    """Four 18-card decks, no card in two of them (each card exists once, PGT-15.2)."""
    decks = GAME.prebuilt_decks()
    assert sorted(decks) == ["draft-1", "draft-2", "draft-3", "draft-4"]
    cards = [card for deck in decks.values() for card in deck]
    assert all(len(deck) == 18 for deck in decks.values()) and len(set(cards)) == 72
    decks["draft-1"].clear()
    assert len(GAME.prebuilt_decks()["draft-1"]) == 18  # a copy each time
