"""Events: what happened, as structured records filtered per seat.

An event has public data that every seat and spectator may see, and optional secret
data for the seats allowed to see more (the card a player drew, the card a player
peeked at). The human message is written from the data the viewer may see.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    kind: str
    data: dict
    secret: dict[int, dict] | None = None

    def view(self, seat: int | None, describe, lang: str = "en") -> dict:
        """The event as `seat` sees it (None = spectator), with its message in `lang`."""
        data = self.data
        if self.secret is not None and seat is not None and seat in self.secret:
            data = {**data, **self.secret[seat]}
        return {"kind": self.kind, **data, "message": describe(self.kind, data, lang)}

    def public(self) -> Event:
        return self if self.secret is None else Event(self.kind, self.data)
