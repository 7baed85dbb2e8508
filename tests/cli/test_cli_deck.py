"""`tcglab deck check`: a legal deck's curve and mix, counted from its cards."""

from collections import Counter

import pytest

from tcglab.engine import get_game


@pytest.mark.parametrize(
    ("game_id", "cost", "group"), [("pm", "cost", "work"), ("ps", "level", "work")]
)
def test_a_legal_deck_shows_its_curve_and_mix(cli, tmp_path, game_id, cost, group):
    game = get_game(game_id)
    name, ids = next(iter(game.prebuilt_decks().items()))
    path = tmp_path / f"{name}.txt"
    path.write_text("".join(f"{n} {card}\n" for card, n in Counter(ids).items()))
    code, out, err = cli("deck", "check", game_id, path)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"{path}: legal, {len(ids)} cards"
    faces = game.card_faces()
    curve = Counter(faces[i][cost] for i in ids)
    at = lines.index(f"curve by {cost}:")
    shown = {
        int(line.split()[0]): int(line.split()[-1]) for line in lines[at + 1 : at + 1 + len(curve)]
    }
    assert shown == dict(curve)  # every card counted at its cost, the bars in order
    assert f"mix by {group}:" in lines
    assert sum(
        int(line.split()[-1]) for line in lines[lines.index(f"mix by {group}:") + 1 :]
    ) == len(ids)


def test_deck_list_refuses_a_word_it_would_ignore(cli):
    code, out, err = cli("deck", "list", "pm", "extra")
    assert code == 2 and out == ""
    assert err == (
        "tcglab: error: deck list takes only the game (tcglab deck list pm), not 'extra'; "
        "to see one deck: tcglab deck show pm NAME\n"
    )
