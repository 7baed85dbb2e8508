"""Bad input to the environments: the same one-line errors as the command line, and a
clear word when the rl extra is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .helpers import need

need("pettingzoo")
need("gymnasium")

from tcglab.engine import BadOption, UnknownGame, get_game  # noqa: E402
from tcglab.rl import aec_env, extras, gym_env  # noqa: E402


def message(call) -> str:
    with pytest.raises((BadOption, UnknownGame)) as error:
        call()
    return str(error.value)


@pytest.mark.parametrize("make", [aec_env, gym_env])
def test_an_unknown_game_is_named_with_the_games_there_are(make):
    assert message(lambda: make("chess")) == message(lambda: get_game("chess"))
    assert message(lambda: make("chess")).startswith("unknown game 'chess'; games: higurashi")


@pytest.mark.parametrize("make", [aec_env, gym_env])
def test_bad_options_and_player_counts_say_what_is_accepted(make):
    game = get_game("higurashi")
    assert message(lambda: make("higurashi", options={"hand_limit": 0})) == message(
        lambda: game.resolve_options({"hand_limit": 0})
    )
    assert "option hand_limit takes a whole number from 1 to 60, not 0" in message(
        lambda: make("higurashi", options={"hand_limit": 0})
    )
    assert "no rule option 'speed'" in message(lambda: make("ps", options={"speed": 2}))
    assert message(lambda: make("pm", players=3)) == "pm is played by 2 players, not 3"


def test_bad_decks_say_what_is_wrong():
    assert "'nope' is not a prebuilt ps deck (" in message(
        lambda: aec_env("ps", decks=["nope", "x"])
    )
    assert "takes no decks" in message(lambda: aec_env("higurashi", decks=[["C01"], ["C02"]]))
    assert message(lambda: gym_env("ps", decks=[["SH01"], "moonlit"])) == (
        "deck 1 is not legal: the deck has 1 cards; a deck has 25 to 50 (PS-3.1)"
    )


def test_bad_environment_settings_say_what_is_accepted():
    assert "render_mode takes 'ansi' or None" in message(lambda: aec_env("ps", render_mode="rgb"))
    assert "illegal takes 'raise' or 'lose'" in message(lambda: gym_env("ps", illegal="pass"))
    assert message(lambda: gym_env("ps", opponent="genius")).startswith("unknown agent 'genius'")


def test_a_missing_package_of_the_extra_names_the_extra():
    with pytest.raises(
        extras.MissingExtra, match=r"which the rl extra installs: pip install tcglab\[rl\]"
    ):
        extras.need("tcglab_no_such_package")


def test_tcglab_runs_without_the_extra_and_the_adapters_say_what_to_install():
    """With numpy, Gymnasium, PettingZoo and OpenSpiel hidden, the games still play and
    declare their encodings, and building an environment names the extra."""
    script = (
        "import sys\n"
        "for name in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel'):\n"
        "    sys.modules[name] = None\n"
        "from tcglab.engine import get_game\n"
        "import tcglab.rl\n"
        "game = get_game('ps')\n"
        "state = game.new_state(1)\n"
        "state.apply(state.legal_actions()[0])\n"
        "assert game.capability('encoding').run().index('end') == 1\n"
        "try:\n"
        "    tcglab.rl.aec_env('ps')\n"
        "except ImportError as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "tcglab.rl needs pettingzoo, which the rl extra installs: pip install tcglab[rl]\n"
    )
