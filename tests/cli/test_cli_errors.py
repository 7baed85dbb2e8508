"""Every user mistake is one line `tcglab: error: ...` on stderr with exit status 2."""

import pytest

from tcglab.engine import games


def one_line(err: str) -> str:
    assert err.startswith("tcglab: error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    return err[len("tcglab: error: ") : -1]


@pytest.mark.parametrize("command", ["play", "sim"])
def test_unknown_game_lists_the_games(cli, command):
    code, out, err = cli(command, "chess")
    assert code == 2 and out == ""
    assert one_line(err) == f"unknown game 'chess'; games: {', '.join(games())}"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("foo=bar", "higurashi has no rule option 'foo'; options: hand_limit, sideways_until"),
        ("hand_limit", "--option takes name=value (e.g. hand_limit=VALUE), not 'hand_limit'"),
        ("=5", "--option takes name=value (e.g. hand_limit=VALUE), not '=5'"),
        ("hand_limit=0", "option hand_limit takes a whole number from 1 to"),
        ("bonus_rule=maybe", "option bonus_rule takes true or false, not 'maybe'"),
        ("sideways_until=never", "option sideways_until takes 'own_turn' or 'next_turn', not"),
    ],
)
def test_bad_rule_options(cli, option, message):
    code, out, err = cli("sim", "higurashi", "--games", "1", "--option", option)
    assert code == 2 and out == ""
    assert one_line(err).startswith(message)


def test_a_later_option_value_wins(cli):
    code, out, _ = cli(
        "sim", "higurashi", "--games", "1", "--json",
        "--option", "hand_limit=3", "--option", "hand_limit=4",
    )  # fmt: skip
    assert code == 0 and '"hand_limit": 4' in out


@pytest.mark.parametrize("players", ["1", "6"])
def test_players_out_of_range(cli, players):
    code, _, err = cli("sim", "higurashi", "--players", players)
    assert code == 2
    assert one_line(err) == f"higurashi is played by 2 to 5 players, not {players}"


def test_options_are_checked_for_a_game_with_options_of_its_own(cli, countdown):
    code, _, err = cli("sim", "countdown", "--option", "hand_limit=3")
    assert code == 2
    assert one_line(err) == "countdown has no rule option 'hand_limit'; options: pile, endless"
