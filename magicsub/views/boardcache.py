"""What the boards of one stepper share (``BoardCache``): each place's contents, the zones
and the object items drawn before."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

from .places import by_id, is_anonymous

if TYPE_CHECKING:
    from ..engine.objects import Obj
    from ..engine.state import Place, World


_BOARD_ORDER = attrgetter("order", "id")
"""``places.board_order`` (timestamp order, then id) as a C-level key."""


def _kept(store: dict[tuple, tuple[object, str]], held: object, key: tuple,
          draw: Callable[[], str]) -> tuple[str, bool]:
    """The fragment kept in ``store`` for ``held`` (compared by identity) and ``key``, or
    ``draw()`` kept there; with True when it was drawn."""
    entry = (id(held), *key)
    found = store.get(entry)
    if found is not None and found[0] is held:
        return found[1], False
    html = draw()
    store[entry] = (held, html)
    return html, True


class BoardCache:
    """What the boards of one stepper share, so that drawing a board costs about what changed
    since the boards drawn before it, not the whole board (``magicsub.pages.statichtml`` keeps one
    for all the pages of a stepper; a board drawn without one gets a cache of its own).

    For each place (``magicsub.engine.state.place_of``) it keeps the last contents seen there (the
    objects, in the board's order), each numbered; the fragments of a zone drawn for a
    content number and the step's marks there; and each object's list item, keyed by the
    object (held, so compared by identity) and how it is shown; each player's seat line and
    each game panel's head, keyed by the seat or game (held likewise) and what else they show
    (``line``). A content is recognised by
    identity first (the same index entry and objects map as a snapshot seen before), then by
    value (the same objects, compared field by field): the cache is right whatever the
    snapshots share, and fast when they share what did not change.
    """

    KEEP = 4
    """How many contents of one place are remembered (a stepper's compact pages go back to
    earlier snapshots)."""

    def __init__(self) -> None:
        self._seen: dict[Place, list[_Seen]] = {}
        self._zones: dict[tuple, list[str]] = {}
        self._items: dict[tuple, tuple[Obj, str]] = {}
        self._lines: dict[tuple, tuple[object, str]] = {}
        self._anonymous: dict[int, tuple[Obj, bool]] = {}
        self._maps: list[tuple[object, int]] = []
        self._numbers = 0
        self.zones_drawn = 0
        """How many zones were drawn, not found in the cache (a measure of the work done)."""
        self.items_drawn = 0
        """How many objects' list items were drawn, not found in the cache."""
        self.lines_drawn = 0
        """How many seat lines and game heads were drawn, not found in the cache."""

    def _number(self) -> int:
        self._numbers += 1
        return self._numbers

    def contents(self, world: World, place: Place) -> tuple[int, list[Obj]]:
        """The objects in ``place`` of ``world`` in the board's order (``board_order``), and the
        number of that content (0: empty; the same number for the same objects)."""
        ids = world.places.get(place)
        if not ids:
            return 0, []
        objects = world.objects
        seen = self._seen.setdefault(place, [])
        for entry in seen:
            if entry.ids is ids and entry.objects is objects:
                return entry.number, entry.ordered
        found = tuple(map(objects.__getitem__, ids))
        match = next((e for e in seen if e.ids is ids and e.found == found), None)
        if match is None:
            ordered = sorted(found, key=_BOARD_ORDER)
            match = next((e for e in seen if e.ordered == ordered), None)
            if match is None:
                match = _Seen(ids, objects, found, ordered, self._number())
        seen[:] = [_Seen(ids, objects, found, match.ordered, match.number),
                   *(e for e in seen if e is not match)][:self.KEEP]
        return match.number, match.ordered

    def zone(self, key: tuple, draw: Callable[[], list[str]]) -> list[str]:
        """The fragments of a zone drawn under ``key`` (what it shows: its place, content
        number, marks...), ``draw()`` the first time."""
        found = self._zones.get(key)
        if found is None:
            self.zones_drawn += 1
            found = self._zones[key] = draw()
        return found

    def item(self, o: Obj, key: tuple, draw: Callable[[], str]) -> str:
        """The list item of the object ``o`` drawn under ``key`` (how it is shown), ``draw()``
        the first time ``o`` itself is shown so."""
        html, drawn = _kept(self._items, o, key, draw)
        self.items_drawn += drawn
        return html

    def line(self, held: object, key: tuple, draw: Callable[[], str]) -> str:
        """A fragment shown for ``held`` (a player's seat, a game: held, so compared by
        identity) and ``key`` (everything else it shows), ``draw()`` the first time."""
        html, drawn = _kept(self._lines, held, key, draw)
        self.lines_drawn += drawn
        return html

    def named(self, objs: list[Obj]) -> list[Obj]:
        """The objects of ``objs`` that are not unnamed library cards (``is_anonymous``),
        each object looked at once."""
        known = self._anonymous
        out = []
        for o in objs:
            found = known.get(id(o))
            if found is None or found[0] is not o:
                found = known[id(o)] = (o, is_anonymous(o))
            if not found[1]:
                out.append(o)
        return out

    def token(self, value: object) -> int:
        """A number for ``value`` (a map of the world, e.g. its modifiers): the same number for
        the same value, found by identity first, then by equality."""
        for known, number in self._maps:
            if known is value:
                return number
        for known, number in self._maps:
            if known == value:
                return number
        number = self._number()
        self._maps = [(value, number), *self._maps][:self.KEEP]
        return number

    def changed(self, before: World, after: World) -> list[Obj]:
        """The objects of ``after`` that may differ from ``before``'s: every object of each
        place whose content differs (a superset of those that changed; none when the two
        share their objects map), in the order of their ids."""
        if before.objects is after.objects:
            return []
        out: list[Obj] = []
        for place in after.places.keys():
            number, objs = self.contents(after, place)
            if number != self.contents(before, place)[0]:
                out += objs
        out.sort(key=by_id)
        return out


class _Seen(NamedTuple):
    """A content of one place that a ``BoardCache`` remembers."""

    ids: object
    objects: object
    found: tuple
    ordered: list
    number: int
