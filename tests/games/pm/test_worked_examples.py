"""The worked examples of the rules digest that a scenario file cannot say: PM-WE-10
compares three costs in one loop. Every other worked example is a scenario in
tests/scenarios/pm/ (PM-WE-1.toml ...), run by tests/scenarios/test_scenarios.py."""

from .builder import build, play


def test_pm_we_10_cards_spent_per_cost():
    """PM-WE-10: with 2-source cards a cost-2 card spends 2 cards, cost 3 and cost 4
    spend 3, which is why 2- and 4-cost cards are the efficient ones."""
    spent = {}
    for card_id, cost in (("SHD-004", 2), ("SHD-002", 3), ("SHD-011", 4)):
        st = build(hand=([card_id, "SHD-001", "SHD-001", "SHD-001"], []), at="main")
        play(st, f"play {card_id}")
        while st.stack[-1][0] == "pay":
            play(st, "pay SHD-001")
        spent[cost] = 4 - len(st.hand[0])
    assert spent == {2: 2, 3: 3, 4: 3}
