"""One game of the tree on the board (``GamePanels``): its title and status, the game it is a
subgame of, its turn and priority, its seats and shared zones, and what waits in it (held
and pending triggers, control effects, damage replacement effects, delayed triggers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import damage
from ..engine.state import game_name, step_label
from ..engine.trace import Loc
from ..engine.zones import SHARED, Zone
from .markup import attr
from .markup import escape_text as _e
from .places import loc_order
from .seats import Seats

if TYPE_CHECKING:
    from ..engine.state import GameState

NEST_INDENTED = 3
"""Subgames nested up to this depth are indented in full; deeper ones by a border only."""


class GamePanels(Seats):
    """The board's game panels."""

    def game(self, g: GameState, zones: set, depth: int = 0) -> list[str]:
        """A game's panel in fragments: its head (title, status, where it sits in the tree),
        its turn and priority, each seat's, each shared zone (each followed by what left it),
        what waits, and the close, a fragment of its own (its subgames' panels go before it:
        see ``render``). ``zones``: its places that hold objects (``World.places``)."""
        gid = g.gid
        short = g.status == "ended" and g.parent is not None and not zones
        parent = self.world.games.get(g.parent) if g.parent is not None else None
        creator = self.name_of(g.creator) if g.parent is not None and g.creator else None
        head = self.cache.line(g, ("game", gid == self.world.current, depth, short,
                                   parent.status if parent is not None else None, creator,
                                   self.discontinued_rule, self.editions, self.rules_page),
                               lambda: self._head(g, depth, short, creator))
        if short:
            mine = sorted((loc for loc in self.left if loc.game == gid), key=loc_order)
            return [head[0], self.gone(mine, gid, say_from=True), "</section>"]
        out = list(head)
        for p in g.seats:
            out += self.player(g, p)
        out.append("</div>")
        out += self.battlefield(gid)
        out.append(self.gone((Loc(gid, "battlefield"),), gid))
        out += self.stack(gid)
        out.append(self.gone((Loc(gid, "stack"),), gid))
        for zone, loc in _shared_locs(gid):
            if (gid, zone, None) in zones or loc in self.left:
                out += (self.command((gid, zone, None), loc) if zone is Zone.COMMAND else
                        self.zone(zone.value.capitalize(), (gid, zone, None), loc))
                out.append(self.gone((loc,), gid))
        out.append(self.waiting(g))
        if self.left:
            rest = sorted((loc for loc in self.left if loc.game == gid), key=loc_order)
            out.append(self.gone(rest, gid, say_from=True))
        out.append("</section>")
        return [part for part in out if part]

    def _head(self, g: GameState, depth: int, short: bool, creator: str | None) -> tuple[str, ...]:
        """The head of a game's panel: its open tag, title, status and connector; then, unless
        the panel is ``short`` (an ended subgame with nothing left in it: one fragment),
        what it is about (creator, variant, turn, priority) and the open tag of its seats."""
        gid = g.gid
        current = gid == self.world.current
        title = _e(game_name(gid, "title"))
        panel = f'data-game-panel="{attr(gid)}" aria-label="{attr(game_name(gid, "title"))}"'
        nested = " ms-sub" + (" ms-deep" if depth > NEST_INDENTED else "") if depth else ""
        up = self.connector(g)
        if short:
            result = f": {_e(g.result)}" if g.result else ""
            return (f'<section class="ms-g ms-end{nested}" {panel}>'
                    f'<p><span class="ms-t">{title}</span> — ended{result}</p>{up}',)
        if g.status == "discontinued":
            status = f"discontinued ({self.rule(self.discontinued_rule)})"
            cls = "ms-g ms-dis"
        elif g.status == "ended":
            status = f"ended{': ' + _e(g.result) if g.result else ''}"
            cls = "ms-g ms-end"
        else:
            status = "in progress" + (" — the game being played" if current else "")
            cls = "ms-g ms-cur" if current else "ms-g"
        about = []
        if creator is not None:
            about.append(f"created by {_e(creator)}")
        if g.variant:
            about.append(_e(g.variant))
        if g.status != "ended" and g.pregame:
            about.append(f"before the first turn, starting player {_e(g.first)}" if g.first
                         else "before the first turn, starting player not chosen yet")
            about.append("no one has priority")
        elif g.status != "ended":
            turn_of = g.turn_of or g.active
            whose = f"{_e(turn_of)}'s turn" if turn_of else "no one's turn"
            about.append(f"turn {_e(g.turn)}, {whose}, {_e(step_label(g.step))}")
            about.append(f"priority: {_e(g.priority)}" if g.priority else "no one has priority")
        return (f'<section class="{cls}{nested}" {panel}>'
                f'<p class="ms-t">{title} <span class="ms-st">{status}</span></p>{up}',
                (f"<p>{'; '.join(about)}</p>" if about else "") + '<div class="ms-row">')

    def connector(self, g: GameState) -> str:
        """Under a subgame's title, the game it was created in and what that game does now
        (CR 726.1a: it waits, discontinued, while the subgame is played)."""
        if g.parent is None:
            return ""
        parent = self.world.games.get(g.parent)
        state = ""
        if parent is not None and parent.status == "discontinued":
            state = f", which waits (CR {_e(self.discontinued_rule)})"
        elif parent is not None and parent.status == "ended":
            state = ", which has ended"
        elif parent is not None and g.status == "ended":
            state = ", which has resumed"
        parent_name = _e(game_name(g.parent))
        return f'<p class="ms-up">↳ a subgame of {parent_name}{state}</p>'

    def waiting(self, g: GameState) -> str:
        """What waits in the game ``g``: held triggers (CR 726.4a), triggered abilities not yet
        on the stack, control effects, damage replacement effects (CR 614.1a) and delayed
        triggers."""
        out = []
        if g.held:
            items = "".join(f"<li>{_e(t.text)} (source {_e(self.name_of(t.source))}, controller "
                            f"{_e(t.controller)})</li>" for t in g.held)
            out.append(f'<div class="ms-z" data-held="{attr(len(g.held))}"><span class="ms-zn">'
                       f"Held triggers</span> ({self.rule('726.4a')}: they wait until this "
                       "game resumes)"
                       f"<ul>{items}</ul></div>")
        if g.pending:
            items = "".join(f"<li>{_e(t.text)} (controller {_e(t.controller)})</li>"
                            for t in g.pending)
            out.append('<div class="ms-z"><span class="ms-zn">Triggered, waiting to be put '
                       f"on the stack</span><ul>{items}</ul></div>")
        effects = [e for e in self.world.effects.values() if e.game == g.gid]
        if effects:
            effects.sort(key=lambda e: e.order)
            items = "".join(
                f"<li>{_e(e.text or f'{self.name_of(e.obj)} controlled by {e.to}')}"
                f" (until {_e(e.until.replace('_', ' '))})</li>" for e in effects)
            out.append(f'<div class="ms-z"><span class="ms-zn">Control effects</span>'
                       f"<ul>{items}</ul></div>")
        if g.damage_replacements:
            items = "".join(f"<li>{_e(r.text)} ("
                            f"{'until end of turn' if r.floor else 'for the rest of the game'}, "
                            f"{self.rule('614.1a')})</li>" for r in damage.every(g))
            out.append('<div class="ms-z" data-replacements="'
                       f'{attr(len(g.damage_replacements))}"><span class="ms-zn">Replacement '
                       f"effects</span><ul>{items}</ul></div>")
        delayed = sorted((d for d in self.world.delayed.values() if d.game == g.gid),
                         key=lambda d: d.id)
        if delayed:
            items = "".join(f"<li>{_e(d.text)} ({_e(d.when.replace('_', ' '))})</li>"
                            for d in delayed)
            out.append('<div class="ms-z"><span class="ms-zn">Delayed triggers</span>'
                       f"<ul>{items}</ul></div>")
        return "".join(out)


def _shared_locs(gid: int) -> tuple[tuple[Zone, Loc], ...]:
    """The shared zones of the game ``gid`` a panel shows after its battlefield and stack,
    each with its ``Loc``."""
    found = _SHARED_LOCS.get(gid)
    if found is None:
        if len(_SHARED_LOCS) >= 4096:
            _SHARED_LOCS.clear()
        found = _SHARED_LOCS[gid] = tuple((zone, Loc(gid, zone.value)) for zone in SHARED
                                          if zone not in (Zone.BATTLEFIELD, Zone.STACK))
    return found


_SHARED_LOCS: dict[int, tuple[tuple[Zone, Loc], ...]] = {}
