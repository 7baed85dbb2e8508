"""Pretty Good Tactics party formation as its players see it (PGT-8): each placement in
its slot, the hand shrinking, the party points against the cap, and undo until the
layout is fixed."""

from array import array

import pytest
from pgt_position import act, at, card, ids, position

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine.errors import IllegalAction, ScenarioError
from tcglab.engine.rng import Rng
from tcglab.engine.scenario_file import load_scenario, write_scenario
from tcglab.games.pgt import GAME
from tcglab.games.pgt.formation import SLOTS, TAKE_BACKS, draw

HAND = ("001", "002", "006", "008", "027")  # scores 2, 3, 3, 1, 2


def reforming(hand=HAND, p1=None):
    """P1 re-forming (PGT-7.8(3)) with `hand`, P2 holding one character."""
    return position(p1 or {}, {"F1": "003"}, hands=(hand, ()), step=("form", 0, False))


def test_a_placed_card_shows_in_its_slot_and_leaves_the_hand():
    """PGT-8.2 a card from the hand enters face-down; PGT-12.3 its owner sees it."""
    st = reforming()
    act(st, "put H2")  # F1: 002
    view = st.observe(0)
    f1 = view["sides"][0]["field"]["F1"]
    assert f1["card"]["id"] == "002" and not f1["face_up"]
    assert [c["id"] for c in view["hand"]] == ["001", "006", "008", "027"]
    assert view["sides"][0]["hand_size"] == 4
    assert view["forming"] == ["002"]


def test_the_hand_is_numbered_as_the_put_actions_number_it():
    """After a placement, "put H1" is the first card the hand shows."""
    st = reforming()
    act(st, "put H1")  # F1: 001
    first = st.observe(0)["hand"][0]["id"]
    act(st, "put H1")
    assert st.observe(0)["forming"] == ["001", first] == ["001", "002"]


def test_the_opponent_sees_a_reformation_face_down():
    """PGT-7.8(3)(4) a re-formation is made in the open, but cards from the hand enter
    face-down (PGT-12.1): the other seat sees a back in F1 and the hand one smaller."""
    st = reforming()
    act(st, "put H2")
    view = st.observe(1)
    f1 = view["sides"][0]["field"]["F1"]
    assert f1 is not None and f1["card"] is None and not f1["face_up"]
    assert view["sides"][0]["hand_size"] == 4
    assert "formation" not in view or view["formation"] is None


def test_gap4_a_first_formation_in_progress_stays_hidden_from_the_other_seat():
    """PGT-GAP-4 both place at the same time: the other seat sees no slot filled and
    the full hand of 10 until both parties are revealed together."""
    st = GAME.new_state(7)
    st.apply("put H1")
    mine, theirs = st.observe(0), st.observe(1)
    assert mine["sides"][0]["field"]["F1"]["card"] is not None
    assert mine["sides"][0]["hand_size"] == 9 and len(mine["hand"]) == 9
    assert theirs["sides"][0]["field"]["F1"] is None
    assert theirs["sides"][0]["hand_size"] == 10


def test_the_party_points_run_against_the_cap():
    """PGT-8.1.1 the scores add up to 10 or less: 3 + 3 placed is 6 of 10."""
    st = reforming()
    assert st.observe(0)["formation"] == {"slot": "F1", "points": 0, "limit": 10}
    act(st, "put H2", "put H2")  # F1 002 (3), F2 006 (3)
    assert st.observe(0)["formation"] == {"slot": "F3", "points": 6, "limit": 10}


def test_face_up_characters_that_must_stay_count_at_once():
    """PGT-8.3 face-up characters cannot leave, so their score is committed already."""
    st = reforming(hand=("001",), p1={"F1": "006"})  # face-up, score 3
    assert st.observe(0)["formation"]["points"] == card("006").score == 3


def test_undo_takes_back_the_last_placement():
    """PGT-8.4 formation is over once the layout is fixed; until then the last
    placement can be taken back, and the choices are what they were."""
    st = reforming()
    act(st, "put H2")
    before = ids(st)
    act(st, "put H1", "undo")
    assert ids(st) == before
    view = st.observe(0)
    assert view["forming"] == ["002"] and len(view["hand"]) == 4
    assert view["formation"]["slot"] == "F2" and view["formation"]["points"] == 3
    assert view["sides"][0]["field"]["F2"] is None


def test_a_formation_allows_a_dozen_take_backs_then_undo_is_refused():
    """Placing and taking back the same card must not go on for ever: after TAKE_BACKS
    (12) take-backs "undo" is no longer offered, a typed one is refused with the reason,
    and the table lists it greyed out with that reason in both languages."""
    assert TAKE_BACKS == 12
    st = reforming()
    for _ in range(TAKE_BACKS):
        act(st, "put H1", "undo")
    act(st, "put H2")
    assert "undo" not in ids(st)
    refused = {option["id"]: option for option in st.unavailable()}
    assert refused["undo"]["why"] == "all 12 take-backs of this formation are used"
    ja = {option["id"]: option for option in st.unavailable("ja")}
    assert ja["undo"]["why"] == "この編成のやり直し12回をすべて使った"
    with pytest.raises(IllegalAction, match=r"take-backs of this formation are used \(PGT-8\.4\)"):
        st.apply("undo")
    assert st.observe(0)["forming"] == ["002"]  # the refusal changed nothing
    act(st, "empty", "empty", "empty")  # F2, F3, B1 empty: the party is settled
    assert st.forming[0] == [] and at(st, "P1.F1") == "002"


def test_the_take_back_count_survives_a_scenario_file():
    """A position written mid-formation keeps how many take-backs are used (a count of
    none is left out), and the file loads back to the same formation step."""
    st = reforming()
    act(st, "put H1", "undo", "put H1", "undo", "put H3")
    assert st.stack[-1] == ("form", 0, False, 2)
    text = write_scenario(st, GAME, players=["p1", "p2"], options=st.options)
    assert "formation p1 first=no undone=2" in text
    built = load_scenario("pgt.toml", text).build()
    assert built.stack == st.stack and ids(built) == ids(st)
    fresh = write_scenario(reforming(), GAME, players=["p1", "p2"], options=st.options)
    assert 'formation p1 first=no"' in fresh
    with pytest.raises(ScenarioError, match="undone takes 0 to 12, not 13"):
        load_scenario("pgt.toml", text.replace("undone=2", "undone=13")).build()


def test_undo_is_offered_only_while_a_placement_can_be_taken_back():
    """Nothing placed: no undo. The sixth slot settles the party (PGT-8.4): the
    re-formation is on the field and undo is gone."""
    st = reforming()
    assert "undo" not in ids(st)
    act(st, "put H1")
    assert ids(st)[-1] == "undo"
    act(st, "empty", "empty", "empty")  # F2, F3, B1 empty: B2, B3 follow (PGT-8.1.3)
    assert at(st, "P1.F1") == "001" and st.forming[0] == []
    assert "undo" not in ids(st)
    with pytest.raises(IllegalAction):
        st.apply("undo")


def test_undo_takes_back_the_empty_slots_the_rules_added():
    """PGT-8.1.3 nothing may stand behind an empty front slot, so leaving F1 empty and
    then filling F3 also settles B1; undo takes back F3 and B1 together."""
    st = reforming()
    act(st, "empty", "put H1", "put H1")  # F1 empty, F2 001, F3 002: B1 left empty
    assert len(st.forming[0]) == 4
    undo = next(a for a in st.legal_actions() if a.id == "undo")
    assert (undo.label, undo.ja) == ("Undo F3 (take it back)", "F3を取り消す（戻す）")
    act(st, "undo")
    assert len(st.forming[0]) == 2 and st.observe(0)["formation"]["slot"] == "F3"


def test_a_kept_character_goes_back_to_its_slot_on_undo():
    """PGT-8.4 free rearrangement: B1's face-down character moved to F1 is back in B1
    for its owner once the move is taken back."""
    st = reforming(hand=("001",), p1={"F2": "006", "B2": ("002", False)})
    act(st, "keep B2")  # F1: the face-down 002
    view = st.observe(0)["sides"][0]["field"]
    assert view["F1"]["card"]["id"] == "002" and view["B2"] is None
    act(st, "undo")
    view = st.observe(0)["sides"][0]["field"]
    assert view["F1"] is None and view["B2"]["card"]["id"] == "002"


def test_a_character_whose_slot_is_taken_waits_by_the_slot_it_left():
    """PGT-8.4 free rearrangement, made in the open (PGT-7.8(3)(4)): once F1 holds the
    character moved there from F2, F1's old character is shown waiting as "F1", the
    slot "keep F1" names it by, to its owner and to the other seat alike."""
    st = reforming(hand=(), p1={"F1": "006", "F2": ("002", False)})
    act(st, "keep F2")  # F1: the face-down 002
    mine, theirs = st.observe(0)["sides"][0], st.observe(1)["sides"][0]
    assert mine["field"]["F1"]["card"]["id"] == "002" and mine["field"]["F2"] is None
    assert list(mine["waiting"]) == list(theirs["waiting"]) == ["F1"]
    assert mine["waiting"]["F1"]["card"]["id"] == theirs["waiting"]["F1"]["card"]["id"] == "006"
    assert "keep F1" in ids(st)
    act(st, "keep F1")  # F2: 006, which waits no more
    assert st.observe(0)["sides"][0]["waiting"] == {}
    assert st.observe(0)["sides"][0]["field"]["F2"]["card"]["id"] == "006"


def test_a_waiting_face_down_character_stays_hidden_from_the_other_seat():
    """PGT-12.3 a face-down character waiting for a place shows its back to the enemy."""
    st = reforming(hand=(), p1={"F1": ("002", False), "F2": "006"})
    act(st, "keep F2")  # F1: 006; the face-down 002 waits
    assert st.observe(0)["sides"][0]["waiting"]["F1"]["card"]["id"] == "002"
    hidden = st.observe(1)["sides"][0]["waiting"]["F1"]
    assert hidden["card"] is None and not hidden["face_up"]


def test_the_tensor_shows_a_waiting_character_by_the_slot_it_left():
    """The learning agents' tensor (tcglab.rl) holds what the observation holds: the
    waiting character in its own block, written alike from the state and from the view."""
    encoding = GAME.capability("encoding").run()
    st = reforming(hand=(), p1={"F1": "006", "F2": ("002", False)})
    act(st, "keep F2")
    for seat in (0, 1):
        straight, seen = (array("f", bytes(4 * encoding.size)) for _ in range(2))
        encoding.write_state(st, seat, straight)
        encoding.write(st.observe(seat), seen)
        assert straight == seen
        # the seat's own side comes first; its waiting block follows its six places
        side = encoding._start["sides"] + (0 - seat) % 2 * encoding.side_size
        waiting_f1 = side + 3 + 2 * len(encoding.cards) + 6 * encoding.place_size
        assert straight[waiting_f1] == 1.0  # present
        assert straight[waiting_f1 + 1] == 1.0  # face-up: the enemy sees 006 too


def test_the_heuristic_values_a_waiting_character_as_itself():
    """Once F1 is filled, 'keep F1' means F1's old character (008, worth most of all), not
    the one now in F1 (026): the heuristic keeps it rather than put the weaker 007."""
    st = reforming(hand=("007",), p1={"F1": ("008", False), "F2": ("026", False)})
    act(st, "keep F2")  # F1: 026; 008 waits
    agent = make_agent("heuristic", GAME, 0)
    assert agent.choose(Decision(st)).id == "keep F1"


def test_every_keep_names_the_character_its_owner_sees_under_that_slot():
    """In random games, at every "keep S" offered, the owner's view shows the character
    it keeps under S: in its waiting places if the new party has filled S, else on the
    field."""
    checked = 0
    for seed in range(12):
        st, rng = GAME.new_state(seed), Rng(seed)
        while not st.over:
            seat = st.to_move
            side = st.observe(seat)["sides"][seat]
            for action in ids(st):
                if action.startswith("keep "):
                    slot = action[5:]
                    kept = st.card(st.field[seat][SLOTS.index(slot)]).id
                    shown = side["waiting"].get(slot) or side["field"][slot]
                    assert shown["card"]["id"] == kept, (seed, action)
                    checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 100


def test_the_text_board_lists_the_characters_waiting_for_a_place():
    st = reforming(hand=(), p1={"F1": "006", "F2": ("002", False)})
    act(st, "keep F2")
    board = GAME.render(st.observe(0))
    assert "to place: F1:" in board and card("006").name_en in board.split("to place:")[1]


def test_a_seat_sees_the_order_of_its_latest_draws_and_no_other_seat_does():
    """The hand is shown sorted; the cards just drawn (PGT-7.8(2), ドローn) are listed in
    the order they came, for the drawer only."""
    st = reforming()
    top, below = st.deck_of(0)[-1], st.deck_of(0)[-2]
    draw(st, 0)
    draw(st, 0)
    assert st.observe(0)["drawn"] == [st.card(top).id, st.card(below).id]
    assert st.observe(1)["drawn"] == []


def test_room_is_kept_for_the_face_up_characters_that_must_stay():
    """PGT-8.1.3 nothing stands behind an empty front slot and PGT-8.3 face-up
    characters must be placed again: with five of them, F1 cannot be left empty (B1
    would close, four places for five), and once a hand card takes F1 every other
    place belongs to them."""
    five = {"F1": "009", "F2": "010", "F3": "011", "B1": "012", "B2": "013"}
    st = reforming(hand=("008",), p1=five)  # all score 1: 6 of 10 with the hand card
    keeps = {f"keep {slot}" for slot in five}
    assert set(ids(st)) == keeps | {"put H1"}
    act(st, "put H1")  # F1: 008 from the hand
    assert set(ids(st)) == keeps | {"undo"}
