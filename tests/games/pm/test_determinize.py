"""determinize for the seat that is not paying (PM-1.5.1): a card is only played when its
cost can be paid, so every sample of the payer's hidden hand can finish the payment
under way, and the sample plays on like the real game."""

from tcglab.engine.rng import Rng
from tcglab.games.pm import GAME, paying
from tcglab.games.pm.state import PMState

from .builder import build

SOURCE_2 = ["CWA-004", "CWA-006", "CWA-008"]  # characters giving 2 source each


def finish_payment(st: PMState, rng: Rng) -> None:
    """Take random payment actions until nothing is left to pay."""
    while paying.payments_under_way(st, 0):
        assert st.to_move == 0
        st.apply(rng.choice(st.legal_actions()))


def check_samples(st: PMState) -> set[tuple[str, ...]]:
    """Seat 1's samples of a position where P1 is paying: each keeps what seat 1 sees,
    finishes the payment and plays on. Returns the sampled hands."""
    hands = set()
    for seed in range(40):
        twin = st.determinize(1, Rng(seed))
        assert twin.observe(1) == st.observe(1)
        assert paying.can_finish(twin, 0)
        hands.add(tuple(sorted(twin.card(i).id for i in twin.hand[0])))
        rng = Rng(seed)
        finish_payment(twin, rng)
        assert twin.limbo == st.limbo and twin.observe(1)["paying"] is None
        for _ in range(6):
            twin.apply(rng.choice(twin.legal_actions()))
    return hands


def test_pm_1_5_1_the_payers_sampled_hand_covers_what_is_left():
    # Cost 6 with three 2-source cards: after one is paid, the other two must be in hand.
    st = build(hand=(["PCS-003", *SOURCE_2], []))
    st.apply("play PCS-003")
    st.apply("pay CWA-004")
    assert st.stack[-1] == ("pay", 0, st.limbo[0], 4, "", False)
    hands = check_samples(st)
    assert len(hands) > 1, "the payer's hand was not resampled"
    cards = GAME.cards
    assert all(sum(cards.cards[cards.index(c)].source for c in hand) >= 4 for hand in hands)


def test_pm_1_11_4_the_payers_sampled_hand_holds_the_combi_name():
    # [Combi] Kokone & Rin: after a 1-source card, the last card paid must carry a name;
    # the only such card of P1 is the one in hand, so almost no random hand would do.
    st = build(hand=(["CWA-012", "CWA-001", "SHD-002"], []))
    st.apply("play CWA-012")
    st.apply("pay SHD-002")
    assert [a.id for a in st.legal_actions()] == ["pay CWA-001"]
    assert check_samples(st) == {("CWA-001",)}
