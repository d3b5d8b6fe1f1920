"""A player's seat on the board (``Seats``): life, counters, commander damage taken by
commander (CR 903.10a), result, active player, priority, planar controller, and their library,
hand and graveyard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.state import game_name
from ..engine.trace import Loc
from ..engine.zones import Zone
from .markup import attr
from .markup import escape_text as _e
from .zoneviews import Zones

if TYPE_CHECKING:
    from ..engine.state import GameState, Seat

_PLAYER_RESULT = {"won": "won", "lost": "lost", "drew": "drew", "left": "left the game"}


class Seats(Zones):
    """The board's seats."""

    def player(self, g: GameState, name: str) -> list[str]:
        """A player's panel in fragments: the seat line, library, hand, graveyard, close."""
        seat = g.players[name]
        gid = g.gid
        damage = tuple((self.name_of(cid), n) for p, cid, n in g.commander_damage if p == name)
        changed = (gid, name) in self.player_marks
        line = self.cache.line(seat, (gid, name, g.active == name, g.priority == name,
                                      g.planar_controller == name, damage, changed),
                               lambda: self._seat_line(g, name, seat, damage, changed))
        library, hand, graveyard = _seat_locs(gid, name)
        return [line,
                *self.library((gid, Zone.LIBRARY, name), library),
                self.gone((library,), gid),
                *self.zone("Hand", (gid, Zone.HAND, name), hand, show=""),
                self.gone((hand,), gid),
                *self.zone("Graveyard", (gid, Zone.GRAVEYARD, name), graveyard,
                           show="", order=", bottom to top"),
                self.gone((graveyard,), gid),
                "</div>"]

    def _seat_line(self, g: GameState, name: str, seat: Seat, damage: tuple,
                   changed: bool) -> str:
        """The seat's open tag and its line: life, counters, commander damage, result, active
        player, priority, planar controller."""
        bits = [f"life {_e(seat.life)}"]
        bits += [f"{_e(k)} counters {_e(v)}" for k, v in sorted(seat.counters.items()) if v]
        bits += [f"commander damage from {_e(source)} {_e(n)}" for source, n in damage]
        if seat.result:
            bits.append(_PLAYER_RESULT.get(seat.result, _e(seat.result)))
        elif seat.in_game:
            bits.append("in game")
        else:
            bits.append("left the game")
        if g.active == name:
            bits.append('<span class="ms-st">▶ active player</span>')
        if g.priority == name:
            bits.append('<span class="ms-st">◆ has priority</span>')
        if g.planar_controller == name:
            bits.append("planar controller")
        cls = "ms-p ms-hl" if changed else "ms-p"
        mark = '<span class="ms-mk">★ changed</span> ' if changed else ""
        return (f'<div class="{cls}" data-player="{attr(name)}" role="group" '
                f'aria-label="{attr(name)}, {attr(game_name(g.gid, "bare"))}">'
                f'<p>{mark}<span class="ms-t">{_e(name)}</span> — {" · ".join(bits)}</p>')


def _seat_locs(gid: int, name: str) -> tuple[Loc, Loc, Loc]:
    """A player's library, hand and graveyard in the game ``gid``, as ``Loc``s."""
    key = (gid, name)
    found = _SEAT_LOCS.get(key)
    if found is None:
        if len(_SEAT_LOCS) >= 4096:
            _SEAT_LOCS.clear()
        found = _SEAT_LOCS[key] = tuple(Loc(gid, zone, name)
                                        for zone in ("library", "hand", "graveyard"))
    return found


_SEAT_LOCS: dict[tuple[int, str], tuple[Loc, Loc, Loc]] = {}
