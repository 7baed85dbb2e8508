"""Playing at the terminal: the person's seat sees what happened, the board as that
seat sees it (with the keywords of the face-up cards on the field) and its numbered
choices; `inspect PLACE` prints a field card's whole face, `help` lists what can be
typed. The other seats are agents."""

from __future__ import annotations

import re

from tcglab.engine import Action, Game, State
from tcglab.engine.decision import Decision
from tcglab.engine.messages import seat_name


class Quit(Exception):
    """The person at the terminal left."""


class TerminalPlayer:
    """The person at the terminal, as an agent for formats of several games: sees the
    seat's view, picks a number."""

    name = "you"

    def __init__(self, game: Game, lang: str = "en", full_control: bool = False) -> None:
        self.game = game
        self.lang = lang
        self.full_control = full_control
        self.seen = 0

    def choose(self, decision: Decision) -> Action:
        events = decision.events(0, self.lang)
        if len(events) < self.seen:  # a new game of the format has begun
            self.seen = 0
        for event in events[self.seen :]:
            print(f"  · {event['message']}")
        self.seen = len(events)
        lone = lone_pass(self.game, decision.legal, self.full_control)
        if lone is not None:
            print(passed_for_you(lone, self.lang))
            return lone
        print()
        board = Board(self.game, decision.observation, self.lang)
        print(board.text())
        action = ask(decision.legal, self.lang, board, decision.unavailable(self.lang))
        if action is None:
            raise Quit
        return action


def lone_pass(
    game: Game, legal: list[Action], full_control: bool, follows_own: bool = False
) -> Action | None:
    """The action to play for the person without asking, unless they asked for full
    control: the only legal one, when all it does is decline (`Game.pass_ids`) or, right
    after their own choice, finish it (`Game.completion_prefixes`: the sole target)."""
    if full_control or not game.plays_for_person(legal, follows_own):
        return None
    return legal[0]


def passed_for_you(action: Action, lang: str) -> str:
    if lang == "ja":
        return f"  · （自動）{action.text('ja')}"
    return f"  · (automatic) {action.text('en')}"


def play_to_end(
    state: State, me: int, agents: dict, game: Game, lang: str = "en", full_control=False
) -> bool:
    """Alternate between the person at `me` and the AI seats; False if the person quits.
    A lone pass, or the sole target of the person's own choice, is played for them and
    said so, unless `full_control`."""
    seen, mine = 0, False  # mine: the last action was the person's own
    while not state.over:
        seat = state.to_move
        legal = state.legal_actions()
        if seat == me and (lone := lone_pass(game, legal, full_control, mine)):
            seen = show_events(state, me, seen, lang)
            print(passed_for_you(lone, lang))
            state.apply(lone)
        elif seat == me:
            seen = show_events(state, me, seen, lang)
            print()
            board = Board(game, state.observe(me), lang)
            print(board.text())
            action = ask(legal, lang, board, state.unavailable(lang))
            if action is None:
                return False
            state.apply(action)
        else:
            state.apply(agents[seat].choose(Decision(state)))
        mine = seat == me
        seen = show_events(state, me, seen, lang)
    return True


def show_events(state: State, seat: int, start: int, lang: str = "en") -> int:
    """Print what happened since `start`, as `seat` may see it; returns the new start."""
    for event in state.events_for(seat, start, lang):
        print(f"  · {event['message']}")
    return len(state.log)


HELP = """What you can type:
  a number      take that choice
  inspect PLACE a card on the field in full: name, numbers, keywords, text, its state
                (inspect alone lists the places, named as the choices name them)
  help          this list
  q             leave the game"""


def ask(
    actions: list[Action],
    lang: str = "en",
    board: Board | None = None,
    unavailable: list[dict] | None = None,
) -> Action | None:
    """Number the actions and read a pick until it is valid; None to quit. `help` and
    `inspect PLACE` (with the board shown) answer and ask again. The options the seat
    cannot take now (`State.unavailable`) are listed after the choices, unnumbered,
    each with its reason."""
    count = len(actions)
    print("Your choices:")
    for number, action in enumerate(actions, start=1):
        print(f"  {number:>2}. {action.text(lang)}")
    print(unavailable_text(unavailable or [], lang), end="")
    hint = f"type a number from 1 to {count}, or q to quit"
    while True:
        try:
            text = input(f"Your choice (1-{count}, q quits): ").strip()
        except EOFError:
            print()
            return None
        except UnicodeDecodeError:  # bytes the terminal's encoding cannot read
            print(f"That was not readable text: {hint}.")
            continue
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text.lower() in ("help", "?"):
            print(HELP)
            continue
        command, _, place = text.partition(" ")
        if command.lower() in ("inspect", "i") and board is not None:
            print(board.inspect(place.strip()))
            continue
        if not text:
            print(f"Nothing typed: {hint}.")
            continue
        try:
            number = int(text)
        except ValueError:
            print(f"{text!r} is not a number: {hint}.")
            continue
        if not 1 <= number <= count:
            print(f"{number} is not a choice: {hint}.")
            continue
        return actions[number - 1]


def unavailable_text(options: list[dict], lang: str = "en") -> str:
    """The options the seat cannot take now, unnumbered, each with its reason under it;
    nothing when there are none."""
    if not options:
        return ""
    head = "今は選べない：" if lang == "ja" else "Not possible now:"
    lines = [head]
    for option in options:
        lines += [f"   - {option['label']}", f"       {option['why']}"]
    return "\n".join(lines) + "\n"


def result_text(state: State, me: int | None) -> str:
    result = state.result
    names = [seat_name(s) + (" (you)" if s == me else "") for s in range(state.players)]
    winners = " and ".join(names[s] for s in result.winners) or "nobody"
    scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(result.scores))
    return f"\nGame over: {winners} won ({result.reason}).\nScores: {scores}."


def who(seats) -> str:
    """Seats as a person reads them: "P1 and P3", or "nobody"."""
    return " and ".join(seat_name(s) for s in seats) or "nobody"


# -- the field, place by place --------------------------------------------------------
# Each game's observation holds its field its own way; these readers name every card
# on it by its place as the choices and the log name it, with the card's printed face
# (`info`, or its id to look up) and what is true of it now.


def _pgt_places(obs: dict):
    for side in obs["sides"]:
        for slot, unit in side["field"].items():
            if unit:
                yield f"P{side['seat'] + 1}.{slot}", unit
        # a party being re-formed: those still to place, by the slot each left
        for slot, unit in side.get("waiting", {}).items():
            yield f"P{side['seat'] + 1}.waiting.{slot}", unit


def _pm_places(obs: dict):
    for side in obs["seats"]:
        for area, key in (("M", "main"), ("S", "support")):
            for k, unit in enumerate(side[key], start=1):
                yield f"p{side['seat'] + 1}.{area}{k}", {**unit, "face_up": True}


def _ps_places(obs: dict):
    for side in obs["seats"]:
        for unit in side["characters"]:
            yield f"s{side['seat']}.c{unit['slot']}", {**unit, "face_up": True}
        for unit in side["events"]:
            yield f"s{side['seat']}.e{unit['slot']}", {**unit, "face_up": True}


def _higurashi_places(obs: dict):
    for side in obs["seats"]:
        for unit in side["characters"]:
            yield f"{side['seat']}.{unit['slot']}", unit


PLACES = {"pgt": _pgt_places, "pm": _pm_places, "ps": _ps_places, "higurashi": _higurashi_places}
# Facts of a place that are its card or where it is, not its state.
NOT_STATE = {"card", "slot", "name", "face_up"}


def _words(info: dict, lang: str) -> list[str]:
    """A face's text in `lang`: its abilities (Pretty Good Tactics), its ability and its
    text, whichever the card has."""
    ja = lang == "ja"
    if "abilities" in info:
        return list(info["abilities"] if ja else info.get("abilities_en") or info["abilities"])
    lines = []
    ability = info.get("ability")
    if isinstance(ability, dict):
        name = ability.get("name_ja") if ja else ability.get("name")
        text = ability.get("text_ja") if ja else ability.get("text")
        lines.append(f"{name or ability.get('name')}: {text or ability.get('text')}")
    text = (info.get("text_ja") if ja else info.get("text")) or info.get("text") or ""
    if text:
        lines.append(text)
    return lines


def keywords(info: dict, lang: str) -> list[str]:
    """What a face shows in short: Pretty Good Tactics' abilities as printed, the
    bracketed keywords of a text ([Active], 〔アクティブ〕), an ability's name."""
    if "abilities" in info:
        return list(info["abilities"])
    words = []
    ability = info.get("ability")
    if isinstance(ability, dict):
        words.append((ability.get("name_ja") if lang == "ja" else None) or ability.get("name"))
    text = (info.get("text_ja") if lang == "ja" else info.get("text")) or ""
    words += [w for w in re.findall(r"\[[^\]/]+\]|〔[^〕]+〕", text) if not re.search(r"\d", w)]
    return [w for w in words if w]


def _numbers(info: dict) -> str:
    shown = [
        f"{key} {value}" for key, value in info.items() if _scalar(value) and key not in FACE_WORDS
    ]
    return " · ".join(shown)


FACE_WORDS = {"id", "name", "name_ja", "name_en", "text", "text_ja", "title", "title_ja"}


def _scalar(value) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool) and value != ""


def _state(unit: dict) -> str:
    facts = []
    for key, value in unit.items():
        if key in NOT_STATE or not value or (isinstance(value, list) and not any(value)):
            continue
        if value is True:
            facts.append(key)
        elif isinstance(value, dict):
            facts.append(f"{key} " + ", ".join(f"{k}×{v}" for k, v in value.items()))
        elif isinstance(value, list):
            facts.append(
                f"{key} "
                + ", ".join(str(v.get("card", v)) if isinstance(v, dict) else str(v) for v in value)
            )
        else:
            facts.append(f"{key} {value}")
    return ", ".join(facts)


class Board:
    """One seat's observation at the terminal: the game's own picture of it, the
    keywords of the face-up cards on the field, and any field card in full."""

    def __init__(self, game: Game, obs: dict, lang: str = "en") -> None:
        self.game, self.obs, self.lang = game, obs, lang
        view = (obs.get("match") or {}).get("view") if obs.get("format") == "draft" else obs
        reader = PLACES.get((view or {}).get("game"))
        faces = game.card_faces() if reader else {}
        self.places = {}
        for ref, unit in reader(view) if reader else ():
            card = unit.get("card")
            info = (
                faces.get(card, {"id": card, "name": unit.get("name", card)})
                if isinstance(card, str)
                else card
            )
            self.places[ref] = (info, unit)

    def text(self) -> str:
        lines = [self.game.render(self.obs)]
        shown = [
            f"  {ref} {self._name(info)}: " + " | ".join(words)
            for ref, (info, unit) in self.places.items()
            if info and unit.get("face_up") and (words := keywords(info, self.lang))
        ]
        if shown:
            lines += ["Keywords on the field:", *shown]
        return "\n".join(lines)

    def _name(self, info: dict) -> str:
        return (
            (info.get("name_ja") if self.lang == "ja" else None) or info.get("name") or info["id"]
        )

    def inspect(self, place: str) -> str:
        """A card on the field in full, or the places there are when `place` is none."""
        if not self.places:
            return "There is no card on the field to inspect."
        names = ", ".join(self.places)
        if place not in self.places:
            said = f"{place!r} is not a place with a card" if place else "Inspect which card?"
            return f"{said}; the places are: {names}."
        info, unit = self.places[place]
        up = "face-up" if unit.get("face_up") else "face-down"
        if not info:
            return f"{place}: a face-down card; its face is hidden from you."
        lines = [f"{place}: {self._name(info)} ({info['id']}), {up}"]
        numbers = _numbers(info)
        if numbers:
            lines.append(f"  {numbers}")
        words = keywords(info, self.lang)
        if words:
            lines.append("  keywords: " + " | ".join(words))
        lines += [f"  {line}" for line in _words(info, self.lang)]
        state = _state(unit)
        if state:
            lines.append(f"  now: {state}")
        return "\n".join(lines)
