"""Actions: a stable id that equality, sorting and replays use, and labels made only
when read."""

import pickle

from tcglab.engine.actions import Action, renamed
from tcglab.engine.registry import get_game


def test_actions_are_equal_by_id_and_sort_by_id():
    assert Action("pass", "Pass") == Action("pass", "Pass this timing")
    assert Action("pass") != Action("play x") and Action("pass") != "pass"
    assert sorted([Action("play b"), Action("play a")]) == [Action("play a"), Action("play b")]
    assert len({Action("pass", "Pass"), Action("pass", "Pass again")}) == 1


def test_a_label_without_japanese_reads_in_english():
    assert Action("rest", "Rest").text("ja") == "Rest"
    assert Action("rest", "Rest", "休む").ja == "休む"


def test_a_game_action_travels_to_another_process_with_its_words():
    """A search worker gets a copy of the action, not the game's catalogue."""
    action = get_game("pm").new_state(1, 2, {}).legal_actions()[0]
    copy = pickle.loads(pickle.dumps(action))
    assert (copy.id, copy.label, copy.ja) == (action.id, action.label, action.ja)


def test_a_renamed_action_names_other_players_in_every_language():
    action = Action("target P1.F1", "Target P1's F1", "P1のF1を対象にする")
    moved = renamed(action, lambda text, who: text.replace("P1", who), "P3")
    assert moved == action
    assert (moved.label, moved.ja) == ("Target P3's F1", "P3のF1を対象にする")
