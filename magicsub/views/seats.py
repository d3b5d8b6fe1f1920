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
    from ..engine.state import GameState

_PLAYER_RESULT = {"won": "won", "lost": "lost", "drew": "drew", "left": "left the game"}


class Seats(Zones):
    """The board's seats."""

    def player(self, g: GameState, name: str) -> list[str]:
        """A player's panel in fragments: the seat line, library, hand, graveyard, close."""
        seat = g.players[name]
        bits = [f"life {_e(seat.life)}"]
        bits += [f"{_e(k)} counters {_e(v)}" for k, v in sorted(seat.counters.items()) if v]
        bits += [f"commander damage from {_e(self.name_of(cid))} {_e(n)}"
                 for p, cid, n in g.commander_damage if p == name]
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
        changed = (g.gid, name) in self.player_marks
        library, hand, graveyard = (Loc(g.gid, zone, name)
                                    for zone in ("library", "hand", "graveyard"))
        cls = "ms-p ms-hl" if changed else "ms-p"
        mark = '<span class="ms-mk">★ changed</span> ' if changed else ""
        return [f'<div class="{cls}" data-player="{attr(name)}" role="group" '
                f'aria-label="{attr(name)}, {attr(game_name(g.gid, "bare"))}">'
                f'<p>{mark}<span class="ms-t">{_e(name)}</span> — {" · ".join(bits)}</p>',
                *self.library((g.gid, Zone.LIBRARY, name), library),
                self.gone((library,), g.gid),
                *self.zone("Hand", (g.gid, Zone.HAND, name), hand, show=""),
                self.gone((hand,), g.gid),
                *self.zone("Graveyard", (g.gid, Zone.GRAVEYARD, name), graveyard,
                           show="", order=", bottom to top"),
                self.gone((graveyard,), g.gid),
                "</div>"]
