"""Card-use timings and playing cards (PM-1.7, PM-1.8, PM-1.10.5, PM-1.10.6.2): who
may play what when, choosing area, character or target, interrupts, and resolving.
Paying is in paying.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.engine.unavailable import Why, why
from tcglab.games.pm import effects, values
from tcglab.games.pm.paying import (
    character_cost,
    matches,
    pay_problem,
    payable,
    push_pay,
    source_of,
    sources,
)
from tcglab.games.pm.places import owner, retire
from tcglab.games.pm.procedure import automatic, decision
from tcglab.games.pm.turn import take_from_hand
from tcglab.games.pm.words import say

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Card, Text
    from tcglab.games.pm.state import PMState

MAIN_LIMIT = 5  # PM-1.4.4


def phase_now(st: PMState) -> str:
    return "approach" if st.approach else "main"


def tag_allows(st: PMState, seat: int, text: Text, phase: str) -> bool:
    """PM-1.8 [phase/turn]: own, opponent's or both turns; interrupts only answer
    their target (PM-1.8.2, PM-GAP-21)."""
    if text.phase != phase or text.turn == "interrupt":
        return False
    return text.turn == "both" or (text.turn == "own") == (seat == st.current)


# -- what may be played --------------------------------------------------------


def card_problem(st: PMState, seat: int, inst: int, phase: str, trigger=None) -> Why | None:
    """Why a card in hand cannot be played now, or None if it can (worded by the
    catalogues' [terms.unable], tcglab.engine.unavailable)."""
    card = st.card(inst)
    if card.kind in ("character", "support"):
        if phase != "main" or seat != st.current or trigger:
            # PM-1.7.1 / PM-1.7.3 the turn player, in the main phase
            rule = "PM-1.7.1" if card.kind == "character" else "PM-1.7.3"
            return why("main_only", rule, kind=card.kind)
        if card.kind == "character" and (clash := name_clash(st, seat, card)):
            return why("name_clash", "PM-GAP-10", other=clash)
        if card.kind == "support" and not (st.main[seat] or st.support[seat]):
            return why("no_host", "PM-1.7.3")
        cost = character_cost(st, seat, card) if card.kind == "character" else card.cost
    else:
        text = card.text
        if trigger is None and not tag_allows(st, seat, text, phase):
            return timing_problem(st, seat, text, phase)
        if not effects.usable(st, seat, text.effect, inst):
            return nothing_to_do(text, "PM-1.7.2")
        cost = card.cost
    names = card.names if card.combi else None
    if not payable(st, seat, cost, "", inst, names):
        have = sum(source_of(st, seat, i) for i in sources(st, seat, "", inst))
        if have >= cost:  # PM-1.11.4 the sources must include a character of its name
            return why("combi", "PM-1.11.4", names=sorted(names), either=" or ".join(sorted(names)))
        return why("cost", "PM-1.5", cost=cost, have=have)  # PM-1.5.1 / PM-1.6.2
    return None


def timing_problem(st: PMState, seat: int, text: Text, phase: str) -> Why:
    """PM-1.8 the tag [phase/turn] of a text that does not fit now."""
    if text.turn == "interrupt":  # PM-1.8.2 it answers its interrupt target only
        return why("interrupt_only", "PM-1.8.2", trigger=text.trigger)
    now = "own" if seat == st.current else "opp"
    return why("timing", "PM-1.8", phase=text.phase, turn=text.turn, now=phase, whose=now)


def nothing_to_do(text: Text, rule: str) -> Why:
    """A text whose effect has nothing to work on now: no character to aim at, or
    nothing for an unaimed part to change."""
    return why("no_target" if effects.needs_target(text.effect) else "nothing", rule)


def name_clash(st: PMState, seat: int, card: Card) -> str:
    """PM-GAP-10 (option unique_names) no two characters of one name on a field, as
    the deck advice PM-2.1 implies."""
    if not st.options["unique_names"]:
        return ""
    for inst in st.main[seat] + st.support[seat]:
        if not card.names.isdisjoint(st.card(inst).names):
            return st.name(inst)
    return ""


def text_problem(st: PMState, seat: int, inst: int, phase: str) -> Why | str | None:
    """PM-1.7.4 a character's text: its tag, its rest and its (coloured) sources."""
    card = st.card(inst)
    text = card.text
    if text is None or not card.is_character:
        return f"{card.name_en} has no text to use"
    if not values.gate(st, card, seat):  # PM-1.11.5 [逆境X]
        return why("adversity", "PM-1.11.5", need=card.adversity, have=len(st.points[seat]))
    if not tag_allows(st, seat, text, phase):
        return timing_problem(st, seat, text, phase)
    if text.rest and st.rested[inst]:
        return why("rested", "PM-1.7.4")
    if not effects.usable(st, seat, text.effect, inst):
        return nothing_to_do(text, "PM-1.7.4")
    if not payable(st, seat, text.pay, text.colour, -1, None):
        have = sum(source_of(st, seat, i) for i in sources(st, seat, text.colour, -1))
        colour = text.colour or "any"
        return why("text_cost", "PM-1.7.4", cost=text.pay, colour=colour, have=have)
    return None


def hand_plays(st: PMState, seat: int, phase: str) -> list[Action]:
    """The cards in hand playable now: what `card_problem` finds no problem with,
    tested here without building the sources once per card. The sources a card could
    pay with are the hand but itself and the face-up point cards (`payable`), so the
    sum of their sources is one total less the card's own."""
    pool, cid, down = st.pool, st.cid, st.down
    points = st.points[seat]
    count = len(points)
    hand = [(inst, pool[cid[inst]]) for inst in st.hand[seat]]
    total = 0
    for _, card in hand:
        total += 3 if card.source3 is not None and count >= card.source3 else card.source
    for i in points:
        if not down[i]:
            card = pool[cid[i]]
            total += 3 if card.source3 is not None and count >= card.source3 else card.source
    own_main = phase == "main" and seat == st.current
    acts, seen = [], set()
    taken = None  # the names on one's field (PM-GAP-10), found if needed
    for inst, card in hand:
        card_id = card.id
        if card_id in seen:
            continue
        seen.add(card_id)
        kind = card.kind
        given = 3 if card.source3 is not None and count >= card.source3 else card.source
        if kind == "event":
            text = card.text
            if not tag_allows(st, seat, text, phase):
                continue
            if card.cost > total - given:  # PM-1.5 / PM-1.6.2
                continue
            if not effects.usable(st, seat, text.effect, inst):  # PM-1.7.2
                continue
        elif not own_main:  # PM-1.7.1 / PM-1.7.3 the turn player, in the main phase
            continue
        elif kind == "character":
            if card.cost - st.discount[seat] > total - given:
                continue
            if st.options["unique_names"]:  # `name_clash`, with the field's names found once
                if taken is None:
                    taken = set()
                    for other in st.main[seat] + st.support[seat]:
                        taken.update(pool[cid[other]].names)
                if not card.names.isdisjoint(taken):
                    continue
        elif card.cost > total - given or not (st.main[seat] or st.support[seat]):
            continue
        if card.combi and card.names and not _combi_source(st, seat, inst, card.names):
            continue  # PM-1.11.4 the sources must include a character of its name
        acts.append(card.action(_play_action, PLAY))  # a hand's plays recur all game
    acts.sort()
    return acts


PLAY = 0  # the key a card keeps its "play" action under (KeepsActions)


def _play_action(card) -> Action:
    """The action of playing `card` from the hand."""
    return say(f"play {card.id}", "play", card=card, cost=card.cost)


def _combi_source(st: PMState, seat: int, inst: int, names: frozenset) -> bool:
    """A source other than `inst` that is a character of one of `names` (`payable`)."""
    pool, cid, down = st.pool, st.cid, st.down
    for i in st.hand[seat]:
        if i != inst and matches(pool[cid[i]], names):
            return True
    return any(not down[i] and matches(pool[cid[i]], names) for i in st.points[seat])


def text_uses(st: PMState, seat: int, phase: str) -> list[Action]:
    """The texts of one's characters usable now: what `text_problem` finds no problem
    with, the sources of each colour summed once for all of them."""
    pool, cid, rested = st.pool, st.cid, st.rested
    have: dict[str, int] = {}
    acts = []
    for inst in st.main[seat] + st.support[seat]:
        card = pool[cid[inst]]
        text = card.text
        if text is None or card.kind != "character":
            continue
        if not values.gate(st, card, seat) or not tag_allows(st, seat, text, phase):
            continue  # PM-1.11.5, PM-1.8
        if text.rest and rested[inst]:  # PM-1.7.4
            continue
        if not effects.usable(st, seat, text.effect, inst):
            continue
        colour = text.colour
        if colour not in have:
            have[colour] = sum([source_of(st, seat, i) for i in sources(st, seat, colour, -1)])
        if have[colour] >= text.pay:
            acts.append(say(f"use {st.ref(inst)}", "use", card=card))
    return acts


def why_not(st: PMState, action_id: str) -> Why | str | None:
    """A one-line reason for an illegal play or use, for the person who typed it: the
    rules' reason (a Why, worded by the catalogues), or a slip of the input."""
    verb, _, arg = action_id.partition(" ")
    seat = st.to_move
    step = st.stack[-1]
    if verb == "play" and step[0] in ("window", "interrupt"):
        inst = next((i for i in st.hand[seat] if st.card(i).id == arg), None)
        if inst is None:
            return (
                f"'{action_id}': {arg} is not in your hand; hand: {', '.join(hand_ids(st, seat))}"
            )
        if step[0] == "interrupt":
            return interrupt_problem(st, seat, inst, step[2], step[3])
        return card_problem(st, seat, inst, phase_now(st))
    if verb in ("pay", "flip") and step[0] == "pay":
        return pay_problem(st, seat, verb, arg, step)
    if verb == "use" and step[0] == "window":
        try:
            inst = st.at(arg)
        except (ValueError, KeyError, IndexError):
            return f"'{action_id}': no card at {arg}; name one of your characters like p1.M1"
        if owner(inst) != seat:
            return f"'{action_id}': {arg} is not your character"
        return text_problem(st, seat, inst, phase_now(st))
    return None


def hand_ids(st: PMState, seat: int) -> list[str]:
    return sorted(st.card(i).id for i in st.hand[seat])


# -- card-use timings ---------------------------------------------------------------


PASS = say("pass", "pass")


def _window_actions(st, seat, phase, passes, step) -> list[Action]:
    acts = hand_plays(st, seat, phase) + text_uses(st, seat, phase)
    acts.append(PASS)
    return acts


@decision("window", _window_actions)
def window(st: PMState, action: Action, seat: int, phase: str, passes: int, step: int):
    """PM-1.10.5.1 / PM-1.10.6.2 / PM-GAP-4 timings alternate, turn player first, one
    action each (PM-GAP-12); two passes in a row close the timing (PM-GAP-3)."""
    if action.id == "pass":
        st.emit("pass", seat=seat, phase=phase)
        if passes == 0:
            st.stack.append(("window", 1 - seat, phase, 1, step))
        return
    st.stack.append(("window", 1 - seat, phase, 0, step))
    verb, arg = action.id.split(" ", 1)
    if verb == "play":
        begin_card(st, seat, take_from_hand(st, seat, arg))
    else:
        begin_text(st, seat, st.at(arg))


def begin_card(st: PMState, seat: int, inst: int) -> None:
    """PM-1.7.1 characters appear, PM-1.7.3 support cards are set, PM-1.7.2 events
    are used; the card is shown and the cost paid first."""
    card = st.card(inst)
    st.limbo.append(inst)
    st.emit("play", seat=seat, card=card.id, name=card.name_en, type=card.kind)
    if card.kind == "character":
        cost = character_cost(st, seat, card)
        if st.discount[seat]:
            st.discount[seat] = 0  # spent on this character
        st.stack.append(("place", seat, inst) if card.has_values else ("arrive", inst, "S", -1))
        push_pay(st, seat, inst, cost, "", card.combi)
    elif card.kind == "support":
        st.stack.append(("attach", seat, inst))
        push_pay(st, seat, inst, card.cost, "", False)
    else:
        push_effect(st, seat, inst, "event")
        push_pay(st, seat, inst, card.cost, "", False)


def begin_text(st: PMState, seat: int, inst: int) -> None:
    """PM-1.7.4 rest the character if its text says so, then pay its sources."""
    text = st.card(inst).text
    if text.rest:
        st.rested[inst] = True
    st.emit("use", seat=seat, actor=st.ref(inst), name=st.name(inst), text=st.card(inst).text_en)
    push_effect(st, seat, inst, "text")
    push_pay(st, seat, inst, text.pay, text.colour, False)


def push_effect(st: PMState, seat: int, inst: int, mode: str) -> None:
    """Choose a target after paying when there is a choice; then, for an event, the
    opponent's interrupt timing (PM-GAP-22); then the effect."""
    fx = st.card(inst).text.effect
    found = effects.targets(st, seat, fx, inst) if effects.needs_target(fx) else []
    if len(found) > 1:
        st.stack.append(("target", seat, inst, mode))
    else:
        push_resolution(st, seat, inst, found[0] if found else -1, mode)


def push_resolution(st: PMState, seat: int, inst: int, target: int, mode: str) -> None:
    st.stack.append(("resolve", seat, inst, target, mode))
    if mode in ("event", "break") and st.hand[1 - seat]:
        st.stack.append(("interrupt", 1 - seat, "event", inst))


def _target_actions(st, seat, inst, mode) -> list[Action]:
    card = st.card(inst)
    acts = []
    for i in effects.targets(st, seat, card.text.effect, inst):
        ref, aim = st.ref(i), st.card(i)
        acts.append(say(f"target {ref}", "target", card=card, aim=aim, ref=ref))
    return acts


@decision("target", _target_actions)
def choose_target(st: PMState, action: Action, seat: int, inst: int, mode: str) -> None:
    push_resolution(st, seat, inst, st.at(action.id.split(" ")[1]), mode)


@automatic("resolve")
def resolve(st: PMState, seat: int, inst: int, target: int, mode: str) -> None:
    """Carry out the text; a used event goes to the discard, a [ブレイク] event stays
    face-down in the point area (PM-1.11.3)."""
    effects.apply(st, seat, st.card(inst).text.effect, inst, target)
    if mode in ("event", "interrupt") and inst in st.limbo:
        st.limbo.remove(inst)
        st.discard[seat].append(inst)


@automatic("negated")
def negated(st: PMState, seat: int, inst: int, target: int, mode: str) -> None:
    st.emit("negated", seat=seat, card=st.card(inst).id, name=st.name(inst))
    if inst in st.limbo:
        st.limbo.remove(inst)
        st.discard[seat].append(inst)


# -- interrupts --------------------------------------------------------------------


def interrupt_plays(st: PMState, seat: int, trigger: str, about: int) -> list[Action]:
    """PM-1.8.2 [割り込み] cards whose phase and interrupt target match."""
    acts, seen = [], set()
    phase = phase_now(st)
    for inst in st.hand[seat]:
        card = st.card(inst)
        text = card.text
        if card.id in seen or text is None or text.turn != "interrupt":
            continue
        seen.add(card.id)
        if text.trigger != trigger or text.phase != phase:
            continue
        if not text.effect.fits(st, about):
            continue
        if card_problem(st, seat, inst, phase, trigger) is None:
            acts.append(say(f"play {card.id}", "interrupt", card=card))
    return sorted(acts)


ALLOW = say("allow", "allow")


def interrupt_problem(st: PMState, seat: int, inst: int, trigger: str, about: int) -> Why | None:
    """Why a card in hand cannot interrupt now (PM-1.8.2: the phase and the interrupt
    target must match, PM-GAP-22), or None if it can."""
    text = st.card(inst).text
    if text is None or text.turn != "interrupt":
        return why("not_interrupt", "PM-GAP-22")
    if text.trigger != trigger:
        return why("wrong_trigger", "PM-1.8.2", trigger=text.trigger)
    phase = phase_now(st)
    if text.phase != phase:
        return why("interrupt_phase", "PM-1.8.2", phase=text.phase, now=phase)
    if not text.effect.fits(st, about):
        return why("cannot_answer", "PM-1.8.2", name=st.name(about))
    return card_problem(st, seat, inst, phase, trigger)


def _interrupt_actions(st, seat, trigger, about) -> list[Action]:
    # Asked whenever the player holds cards, so pausing here tells the opponent nothing.
    if not st.hand[seat]:
        return []
    return [
        *interrupt_plays(st, seat, trigger, about),
        ALLOW,
    ]


@decision("interrupt", _interrupt_actions)
def interrupt(st: PMState, action: Action, seat: int, trigger: str, about: int) -> None:
    """PM-GAP-22 an interrupt is used at once, outside the alternation, and resolves
    before what it answers; it does not itself open another interrupt."""
    if action.id == "allow":
        return
    inst = take_from_hand(st, seat, action.id.split(" ", 1)[1])
    card = st.card(inst)
    st.limbo.append(inst)
    st.emit("play", seat=seat, card=card.id, name=card.name_en, type="interrupt")
    if card.text.effect.answers:  # it works on what it answers (parts.Negate)
        push_resolution(st, seat, inst, about, "interrupt")
    else:
        push_effect(st, seat, inst, "interrupt")
    push_pay(st, seat, inst, card.cost, "", False)


# -- characters and support cards -------------------------------------------------


def _place_actions(st: PMState, seat: int, inst: int) -> list[Action]:
    """PM-GAP-9 a character with AP/DP goes to either area, chosen on appearing."""
    card = st.card(inst)
    main = st.main[seat]
    if len(main) < MAIN_LIMIT:
        acts = [say("main", "main", card=card)]
    else:  # PM-1.4.4 a sixth main character: one already there goes to the discard
        acts = [
            say(f"main over M{n + 1}", "main_over", card=card, gone=st.card(i))
            for n, i in enumerate(main)
        ]
    acts.append(say("support", "support", card=card))
    return acts


@decision("place", _place_actions)
def place(st: PMState, action: Action, seat: int, inst: int) -> None:
    if action.id == "support":
        arrive(st, inst, "S", -1)
    else:
        over = st.main[seat][int(action.id[-1]) - 1] if " over " in action.id else -1
        arrive(st, inst, "M", over)


@automatic("arrive")
def arrive(st: PMState, inst: int, area: str, over: int) -> None:
    """PM-1.7.1 the character appears, active; PM-1.4.5 no AP/DP: the support area."""
    seat = owner(inst)
    if over >= 0:
        retire(st, [over], "main area full")
    st.limbo.remove(inst)
    (st.main if area == "M" else st.support)[seat].append(inst)
    st.entered[inst] = st.turn
    st.since[inst] = values.stamp(st)
    st.rested[inst] = False
    st.emit("appear", seat=seat, card=st.card(inst).id, name=st.name(inst), at=st.ref(inst))


def _attach_actions(st: PMState, seat: int, inst: int) -> list[Action]:
    card = st.card(inst)
    return [
        say(f"target {st.ref(i)}", "attach", card=card, aim=st.card(i))
        for i in st.main[seat] + st.support[seat]
    ]


@decision("attach", _attach_actions)
def attach(st: PMState, action: Action, seat: int, inst: int) -> None:
    """PM-1.7.3 / PM-GAP-11 the support card is set on a character of one's own."""
    host = st.at(action.id.split(" ")[1])
    st.limbo.remove(inst)
    st.host[inst] = host
    st.since[inst] = values.stamp(st)
    st.emit("set", seat=seat, card=st.card(inst).id, name=st.name(inst), target=st.ref(host))
