"""What one board knows as it is drawn (``BoardState``): the world, the step's marks and moves,
the cache shared with the boards drawn before, and the rule numbers it links."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..engine.editions import edition as get_edition
from ..engine.state import place_of
from ..engine.trace import Loc
from . import rulelinks
from .boardcache import BoardCache
from .places import Moved

if TYPE_CHECKING:
    from ..engine.objects import Obj
    from ..engine.state import Place, World


class BoardState:
    """The state of one board being drawn, shared by its parts (``magicsub.views.board``): the
    world, the marks of the step (``marks``, ``player_marks``), where the moved objects came
    from (``origins``) and what left each place (``left``), the places something arrived in
    (``arrivals``), and the ``BoardCache``."""

    def __init__(self, world: World, marks: dict[str, str], players: set[tuple[int, str]],
                 edition: str | None, rules_page: str | None = None,
                 moves: Mapping[str, Moved] | None = None, cache: BoardCache | None = None):
        self.world = world
        self.cache = cache if cache is not None else BoardCache()
        self.marks = marks
        self.player_marks = players
        self.discontinued_rule = discontinued_rule(edition)
        self.editions = rulelinks.editions_for(edition)
        self.rules_page = rules_page
        self.origins: dict[str, Loc] = {}
        self.left: dict[Loc, list[tuple[str, Moved]]] = {}
        self.arrivals: set[Loc] = set()
        self.said: set[str] = set()
        for oid, m in (moves or {}).items():
            if oid in world.objects:
                self.origins[oid] = m.src
            self.left.setdefault(m.src, []).append((oid, m))
            self.arrivals.add(m.dst)
        local: dict[Place, list[tuple]] = {}
        for oid, mark in marks.items():
            o = world.objects.get(oid)
            if o is not None:
                local.setdefault(place_of(o), []).append((oid, mark, self.origins.get(oid)))
        self.local = {place: tuple(sorted(items, key=_first)) for place, items in local.items()}

    def contents(self, place: Place) -> tuple[int, list[Obj]]:
        """The objects in ``place``, in order, and their content number (``BoardCache``)."""
        return self.cache.contents(self.world, place)

    def cached(self, kind: str, place: Place, number: int, loc: Loc,
               draw: Callable[[], list[str]], *extra: object) -> list[str]:
        """The fragments of the zone ``place`` (content ``number``), drawn by ``draw()`` unless
        the cache has them for the same content, marks, arrival and ``extra``."""
        key = (kind, place, number, self.local.get(place, ()), loc in self.arrivals, *extra)
        return self.cache.zone(key, draw)

    def rule(self, number: str) -> str:
        """A rule number of the board: a link or a hover title (escaped)."""
        return rulelinks.rule_html(number, editions=self.editions, page=self.rules_page)

    def name_of(self, oid: str | None) -> str:
        """The name of the object ``oid``, or of what it was when last seen (its id when
        unknown)."""
        o = self.world.objects.get(oid) if oid else None
        if o is None:
            o = self.world.lki.get(oid) if oid else None
        return getattr(o, "name", None) or str(oid)


def _first(item: tuple) -> object:
    return item[0]


def discontinued_rule(edition: str | None) -> str:
    """The rule by which a main game waits while its subgame is played (CR 726.1a), as
    ``edition`` numbers it."""
    if edition and edition != "726":
        try:
            local = get_edition(edition).local("726.1a")
        except Exception:  # an unknown edition: fall back to the newest numbering
            local = None
        if local:
            return local.split("-")[0]
    return "726.1a"
