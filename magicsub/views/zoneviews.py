"""The board's zones (``Zones``): a library (counted, listed when short), a hand, a graveyard,
the battlefield by controller, the stack, what is outside every game; and what left each
place in the step (its "ghost" items) and what arrived there ("★ N moved here from ...")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..engine.objects import DECK_NAMES
from ..engine.state import game_name
from ..engine.trace import Loc
from ..engine.zones import Zone
from .markup import Fragments, attr
from .markup import escape_text as _e
from .objectitems import ObjectItems
from .places import (
    board_order,
    by_id,
    deck_piles,
    is_anonymous,
    loc_order,
    place_key,
    place_words,
    to_words,
)

if TYPE_CHECKING:
    from ..engine.objects import Obj
    from ..engine.state import Place
    from .places import Moved

LIBRARY_NAMES_MAX = 8
"""A library of at most this many cards is listed card by card; a longer one by its count."""
GROUP_MOVES_MIN = 3
"""This many consecutive moves between the same two places are said in one line."""


class Zones(ObjectItems):
    """The board's zones, each in fragments (``magicsub.views.markup.Fragments``)."""

    def gone(self, locs: Iterable[Loc], here: int | None, *, say_from: bool = False) -> str:
        """What left the places ``locs`` in this step: for each, a list of "ghost" items
        (``data-from``: the place, ``place_key``), said once (a place's ghosts are taken when
        first asked for). An item names the object (``data-left``, the ``data-obj`` of where
        it is now) or, for ``GROUP_MOVES_MIN`` or more cards going to one place, counts them
        (``data-left-count``); ``data-to`` is the place it went. ``say_from`` also names the
        place left (when the board no longer shows it). A fragment of its own, after the
        zone's: the zone's fragment stays the same as the next step's."""
        left = self.left
        if not left:
            return ""
        out = []
        for loc in locs:
            by_dst: dict[Loc, list[tuple[str, Moved]]] = {}
            for oid, m in left.pop(loc, ()):
                by_dst.setdefault(m.dst, []).append((oid, m))
            if not by_dst:
                continue
            src = f" from {place_words(loc, here)}" if say_from else ""
            items = []
            for dst, group in by_dst.items():
                to = f' data-to="{attr(place_key(dst))}">↗ '
                where = f" moved{src} {to_words(dst, loc.game)}</li>"
                if len(group) >= GROUP_MOVES_MIN:
                    items.append(f'<li class="ms-gone" data-left-count="{len(group)}"{to}'
                                 f"{len(group)} cards{where}")
                else:
                    items += [f'<li class="ms-gone" data-left="{attr(oid)}"{to}{_e(m.name)}{where}'
                              for oid, m in group]
            out.append(f'<ul class="ms-l ms-left" data-from="{attr(place_key(loc))}">'
                       f'{"".join(items)}</ul>')
        return "".join(out)

    def zone_open(self, loc: Loc) -> str:
        """A zone's open tag; ``data-place`` when something arrived there in this step."""
        if loc in self.arrivals:
            return f'<div class="ms-z" data-place="{attr(place_key(loc))}">'
        return '<div class="ms-z">'

    def arrived_note(self, objs: list[Obj], here: int | None, *, listed: bool = True) -> str:
        """"★ N moved here from ...": for a zone whose cards are counted (``listed`` False),
        the marked ones; for a listed zone, when ``GROUP_MOVES_MIN`` or more objects came
        from one place (each of them then says "★ moved" only)."""
        marked = [o for o in objs if o.id in self.marks]
        moved = [o for o in marked if o.id in self.origins and self.marks[o.id] == "moved"]
        srcs = sorted({self.origins[o.id] for o in moved}, key=loc_order)
        if listed and (len(moved) < GROUP_MOVES_MIN or len(srcs) != 1):
            return ""
        if not marked:
            return ""
        self.said.update(o.id for o in moved)
        whence = ""
        if 0 < len(srcs) <= 3:
            games = {src.game for src in srcs}
            game = games.pop() if len(games) == 1 else here
            said = [place_words(src, game) for src in srcs]
            whence = " from " + (", ".join(said[:-1]) + " and " if len(said) > 1 else "") \
                + said[-1] + ("" if game in (here, None) else f" ({_e(game_name(game, 'title'))})")
        n = len(moved) if listed else len(marked)
        return f' <span class="ms-mk">★ {n} moved here{whence}</span>'

    def library(self, place: Place, loc: Loc) -> list[str]:
        """A library in fragments: counted, and listed card by card when short or named."""
        number, objs = self.contents(place)
        return self.cached("library", place, number, loc, lambda: self._library(objs, loc))

    def _library(self, objs: list[Obj], loc: Loc) -> list[str]:
        n = len(objs)
        out = Fragments().add(self.zone_open(loc))
        if n == 0:
            return out.add('<span class="ms-zn">Library</span>: empty</div>').done()
        out.add(f'<span class="ms-zn">Library</span>: {n} card{"" if n == 1 else "s"}')
        if n <= LIBRARY_NAMES_MAX:
            out.add(f" (bottom to top){self.arrived_note(objs, loc.game)}")
            return self.obj_list(out, objs, show="").add("</div>").done()
        named = self.cache.named(objs)
        out.add(self.arrived_note(objs, loc.game, listed=False))
        if named and len(named) <= LIBRARY_NAMES_MAX:
            self.obj_list(out.add(", including:"), named, show="")
        elif named:
            out.add(f", {len(named)} of them named cards")
        return out.add("</div>").done()

    def zone(self, label: str, place: Place, loc: Loc, *, show: str = "owner",
             order: str = "") -> list[str]:
        """A zone in fragments: its name, how many objects, and each object."""
        number, objs = self.contents(place)
        return self.cached(f"zone:{label}:{show}:{order}", place, number, loc,
                           lambda: self._zone(label, objs, loc, show, order))

    def _zone(self, label: str, objs: list[Obj], loc: Loc, show: str, order: str) -> list[str]:
        n = len(objs)
        out = Fragments().add(self.zone_open(loc)).add(f'<span class="ms-zn">{_e(label)}</span>')
        if not n:
            return out.add(": empty</div>").done()
        out.add(f" ({n}{order}):{self.arrived_note(objs, loc.game)}")
        return self.obj_list(out, objs, show=show).add("</div>").done()

    def command(self, place: Place, loc: Loc) -> list[str]:
        """A command zone in fragments: each player's supplementary decks (a planar, scheme or
        Attraction deck: ``deck_piles``) as a face-down pile with its count, listed card by
        card when short, like a library; then the zone's other objects."""
        number, objs = self.contents(place)
        return self.cached("command", place, number, loc, lambda: self._command(objs, loc))

    def _command(self, objs: list[Obj], loc: Loc) -> list[str]:
        piles, rest = deck_piles(objs)
        if not piles:
            return self._zone("Command", objs, loc, "owner", "")
        out = Fragments().add(self.zone_open(loc)).add('<span class="ms-zn">Command</span>')
        out.add(f" ({len(objs)}):")
        for owner, deck, cards in piles:
            n = len(cards)
            out.add(f'<div class="ms-deck" data-deck="{attr(deck)}" data-owner="{attr(owner)}">'
                    f'<span class="ms-zn">{_e(owner)}\'s {_e(DECK_NAMES[deck])}</span>: '
                    f'{n} card{"" if n == 1 else "s"}, face down')
            if n <= LIBRARY_NAMES_MAX:
                out.add(f" (bottom to top){self.arrived_note(cards, loc.game)}")
                self.obj_list(out, cards, show="")
            else:
                out.add(self.arrived_note(cards, loc.game, listed=False))
            out.add("</div>")
        if rest:
            out.add(f"<div>{self.arrived_note(rest, loc.game)}")
            self.obj_list(out, rest).add("</div>")
        return out.add("</div>").done()

    def battlefield(self, gid: int) -> list[str]:
        """A game's battlefield in fragments: its permanents by controller. A creature's
        power and toughness depend on the effects in play (``modifiers``), also part of the
        key under which the zone is cached."""
        place = (gid, Zone.BATTLEFIELD, None)
        number, objs = self.contents(place)
        loc = Loc(gid, "battlefield")
        return self.cached("battlefield", place, number, loc,
                           lambda: self._battlefield(objs, loc),
                           self.cache.token(self.world.modifiers))

    def _battlefield(self, objs: list[Obj], loc: Loc) -> list[str]:
        out = Fragments().add(self.zone_open(loc)).add('<span class="ms-zn">Battlefield</span>')
        if not objs:
            return out.add(": empty</div>").done()
        by: dict[str, list[Obj]] = {}
        for o in objs:
            by.setdefault(o.controller or o.owner, []).append(o)
        out.add(f" ({len(objs)}):{self.arrived_note(objs, loc.game)}")
        for p, v in by.items():
            self.obj_list(out.add(f"<div>{_e(p)} controls:"), v, show="").add("</div>")
        return out.add("</div>").done()

    def stack(self, gid: int) -> list[str]:
        """A game's stack in fragments, bottom to top, each object with its controller."""
        place = (gid, Zone.STACK, None)
        number, objs = self.contents(place)
        loc = Loc(gid, "stack")
        return self.cached("stack", place, number, loc, lambda: self._stack(objs, loc))

    def _stack(self, stack: list[Obj], loc: Loc) -> list[str]:
        out = Fragments().add(self.zone_open(loc)).add('<span class="ms-zn">Stack</span>')
        if not stack:
            return out.add(": empty</div>").done()
        out.add(f" ({len(stack)}, bottom to top):{self.arrived_note(stack, loc.game)}")
        self.obj_list(out, stack, show="control", tag="ol", extra_class="ms-stk")
        return out.add("</div>").done()

    def outside(self) -> list[str]:
        """Cards outside every game in fragments: named ones one by one; the unnamed library
        cards of a player listed when there are few (or they just moved), else counted."""
        place = (None, None, None)
        number, objs = self.contents(place)
        return self.cached("outside", place, number, Loc(None, "outside"),
                           lambda: self._outside(objs))

    def _outside(self, objs: list[Obj]) -> list[str]:
        named = sorted((o for o in objs if not is_anonymous(o)), key=by_id)
        anonymous: dict[str, list[Obj]] = {}
        for o in objs:
            if is_anonymous(o):
                anonymous.setdefault(o.owner, []).append(o)
        out = Fragments()
        note = self.arrived_note(named, None)
        if note:
            out.add(f"<p>{note.strip()}</p>")
        if named:
            self.obj_list(out, named)
        for owner, cards in sorted(anonymous.items()):
            cards.sort(key=board_order)
            n = len(cards)
            head = f"{_e(owner)}'s unnamed cards: {n}"
            if n <= LIBRARY_NAMES_MAX:
                note = self.arrived_note(cards, None)
                self.obj_list(out.add(f"<div>{head}{note}"), cards, show="").add("</div>")
            else:
                note = self.arrived_note(cards, None, listed=False)
                out.add(f"<div>{head}{note}</div>")
        return out.done() or ["<p>no cards</p>"]
