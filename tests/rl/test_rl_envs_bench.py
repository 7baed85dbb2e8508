"""bench/rl_envs.py: the room the 30% aim leaves a step's tensor, and the table that
shows it beside the steps a second."""

import pytest

import scripts

# PettingZoo's poker modules, the bench's anchors, warn on import of their own old API
pytestmark = pytest.mark.filterwarnings(
    "ignore:The old environment creation API:DeprecationWarning"
)


@pytest.fixture(scope="module")
def bench():
    return scripts.load("bench/rl_envs.py")


def test_the_room_is_what_the_aim_allows_past_the_step_without_a_tensor(bench):
    # 10 us an engine action: a 30% share allows 10 / 0.7 = 14.29 us a step, and a step
    # without the tensor already takes 12.5 us
    assert bench.tensor_room_us(100_000, 80_000) == pytest.approx(1.786, abs=0.001)
    # a step without the tensor past the allowance leaves no room at all
    assert bench.tensor_room_us(100_000, 60_000) < 0


def test_every_tcglab_row_carries_the_tensor_and_its_room(bench, capsys):
    rows = bench.main(["--seconds", "0.05", "--runs", "1", "--game", "ps"])
    ps = next(row for row in rows if row["env"] == "tcglab ps")
    assert set(ps) >= {"tensor_us", "tensor_room_us", "wrapper_share", "share_without_tensor"}
    header = capsys.readouterr().out.splitlines()[0]
    assert header.split()[-4:] == ["tensor", "us", "room", "us"]
