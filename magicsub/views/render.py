"""HTML views of the game tree, of one step and of a whole trace: pure functions to strings.

Nothing here imports ipywidgets; ``Step._repr_html_``, ``Trace._repr_html_`` and
``Game._repr_html_`` import this module lazily. Every name and text that comes from a scenario
is escaped. Meaning is never carried by colour alone: each mark (active player, priority, token,
moved in this step...) is also written out in words.

Every rule number the rules data knows shows its paragraph on hover; given ``rules_page`` (the
URL of the rules page, e.g. ``magicsub.views.rulelinks.RULES_PAGE`` in the book), it is also a link
to the paragraph's anchor there (``magicsub.views.rulelinks``). Without it (``magicsub html``,
Jupyter), there is no rules page to link to: hover titles only.

>>> import magicsub
>>> game = magicsub.Game(["Alex", "Bianca"], libraries={"Alex": 3})
>>> html = world_html(game.world)
>>> 'data-obj="Alex#1" data-zone="library" data-game="0"' in html
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, NamedTuple

from ..engine import characteristics
from ..engine.objects import Kind
from ..engine.state import game_name, place_of, step_label
from ..engine.trace import (
    Control,
    Counters,
    Create,
    Life,
    Loc,
    Move,
    MoveAll,
    PlayerChange,
    move_runs,
)
from ..engine.zones import SHARED, Zone
from . import rulelinks

if TYPE_CHECKING:
    from ..engine.objects import Obj
    from ..engine.state import GameState, Place, World
    from ..engine.trace import Change, Step, Trace

LIBRARY_NAMES_MAX = 8
"""A library of at most this many cards is listed card by card; a longer one by its count."""
GROUP_MOVES_MIN = 3
"""This many consecutive moves between the same two places are said in one line."""
NEST_INDENTED = 3
"""Subgames nested up to this depth are indented in full; deeper ones by a border only."""

CSS = """\
.magicsub{--ms-fg:#1b1b1b;--ms-bg:#ffffff;--ms-bg2:#f2f2f2;--ms-chip:#fafafa;--ms-line:#595959;\
--ms-line2:#6b6b6b;--ms-muted:#4d4d4d;--ms-acc:#0a4f96;--ms-link:#0a4f96;--ms-rule:#f5f8fc;\
--ms-hl:#fff1e0;--ms-hl-line:#a34700;--ms-mk:#8a3b00;\
font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ms-fg);\
background:var(--ms-bg);max-width:100%;min-width:0;overflow-wrap:anywhere}
html[data-theme="dark"] .magicsub,body[data-jp-theme-light="false"] .magicsub{--ms-fg:#e8e8e8;\
--ms-bg:#16191d;--ms-bg2:#23272d;--ms-chip:#20242a;--ms-line:#a6a6a6;--ms-line2:#8f8f8f;\
--ms-muted:#bcc1c7;--ms-acc:#5aa9f0;--ms-link:#9ccbff;--ms-rule:#1a2330;--ms-hl:#3a2612;\
--ms-hl-line:#ff9d4d;--ms-mk:#ffbe8a}
.magicsub p,.magicsub ul,.magicsub ol{margin:2px 0}
.magicsub .ms-row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.magicsub .ms-g{flex:1 1 320px;min-width:0;border:2px solid var(--ms-line);border-radius:6px;\
padding:6px}
.magicsub .ms-g.ms-cur{border:3px solid var(--ms-acc)}
.magicsub .ms-g.ms-dis{border-style:dashed;background:var(--ms-bg2)}
.magicsub .ms-g.ms-end{flex-basis:100%;background:var(--ms-bg2)}
.magicsub .ms-g.ms-sub{margin:8px 0 0;padding:4px 3px 4px 5px;border-left-width:5px}
.magicsub .ms-g.ms-deep{padding:2px 0 2px 2px;border-width:1px 0 1px 3px;border-radius:0}
.magicsub .ms-board>.ms-g{flex:3 1 480px}
.magicsub .ms-board>.ms-out{flex:1 1 200px}
.magicsub .ms-up{color:var(--ms-muted);font-style:italic}
.magicsub .ms-t{font-weight:700}
.magicsub .ms-st{font-weight:700;border:1px solid currentColor;border-radius:3px;padding:0 4px}
.magicsub .ms-cur>.ms-t .ms-st{color:#fff;background:#0a4f96}
.magicsub .ms-p{flex:1 1 230px;min-width:0;border:1px solid var(--ms-line2);border-radius:4px;\
padding:4px}
.magicsub .ms-z{margin:2px 0;min-width:0}
.magicsub .ms-zn{font-weight:600}
.magicsub ul.ms-l,.magicsub ol.ms-l{list-style:none;margin:0;padding:0;display:flex;\
flex-wrap:wrap;gap:3px}
.magicsub ol.ms-stk{display:block}
.magicsub [data-obj]{border:1px solid var(--ms-line2);border-radius:3px;padding:0 4px;\
background:var(--ms-chip)}
.magicsub .ms-gone{border:1px dashed var(--ms-line2);border-radius:3px;padding:0 4px;\
color:var(--ms-muted);font-style:italic}
.magicsub .ms-b{font-size:85%;border:1px solid currentColor;border-radius:3px;padding:0 3px;\
margin-left:3px;white-space:nowrap}
.magicsub [data-obj].ms-token{border-style:dashed}
.magicsub .ms-copy,.magicsub .ms-ability,.magicsub .ms-emblem{border-style:dotted}
.magicsub [data-obj].ms-fd{background:#3a3a3a;color:#fff}
.magicsub [data-obj].ms-po{opacity:.75;border-style:dashed}
.magicsub [data-obj].ms-tap{font-style:italic}
.magicsub .ms-hl,.magicsub .ms-p.ms-hl{outline:3px solid var(--ms-hl-line);background:var(--ms-hl);\
color:var(--ms-fg)}
.magicsub .ms-mk{color:var(--ms-mk);font-weight:700}
.magicsub .ms-rule{border-left:4px solid var(--ms-acc);padding:2px 8px;margin:4px 0;\
background:var(--ms-rule)}
.magicsub .ms-rn{font-weight:700;font-size:110%}
.magicsub .ms-ed{color:var(--ms-muted)}
.magicsub a.ms-cr,.magicsub a.ms-rn{color:var(--ms-link);text-decoration:underline}
.magicsub span.ms-cr{text-decoration:underline dotted;cursor:help}
.magicsub mark{background:#ffe27a;color:#000;font-weight:600}
.magicsub .ms-ch{flex:1 1 260px;min-width:0}
.magicsub .ms-ch ul{padding-left:18px}
.magicsub .ms-bd{flex:3 1 480px;min-width:0}
.magicsub details>summary{cursor:pointer}
.magicsub .ms-whole>summary{color:var(--ms-link)}
.magicsub ol.ms-steps>li{margin:6px 0}
"""

_STYLE = f"<style>{CSS}</style>"
_ANONYMOUS = re.compile(r"#\d+\Z")
_PLAYER_RESULT = {"won": "won", "lost": "lost", "drew": "drew", "left": "left the game"}
_MARK_WORDS = {"moved": "★ moved", "created": "★ new", "control": "★ control changed",
               "changed": "★ changed"}


def style() -> str:
    """The ``<style>`` element of every view (scoped under ``.magicsub``)."""
    return _STYLE


# -- helpers -----------------------------------------------------------------------------------

def escape_text(text: object) -> str:
    """Escape any value for HTML text content: ``str(value)`` with ``&``, ``<`` and ``>``
    escaped (quotes may stay: this is not an attribute value).

    >>> escape_text(["<script>"])
    "['&lt;script&gt;']"
    """
    return escape(str(text), quote=False)


_e = escape_text


def _a(text: object) -> str:
    """Escape an attribute value written between double quotes."""
    return escape(str(text), quote=False).replace('"', "&quot;")


def is_anonymous(obj: Obj) -> bool:
    """True for the unnamed library cards a scenario asks for by count (``Alex#12``)."""
    return obj.kind is Kind.CARD and isinstance(obj.id, str) and isinstance(obj.owner, str) \
        and obj.id.startswith(obj.owner + "#") and bool(_ANONYMOUS.search(obj.id))


_ZONE_WORDS = {"battlefield": "the battlefield", "stack": "the stack",
               "command": "the command zone", "ante": "the ante zone"}


def _loc(o: Obj) -> Loc:
    if o.game is None or o.zone is None:
        return Loc(None, "outside")
    return Loc(o.game, o.zone.value, o.owner if o.zone.per_player else None)


def place_key(loc: Loc) -> str:
    """A place as the board's ``data-to`` and ``data-place`` attributes name it:
    ``"GAME:ZONE"`` for a shared zone, ``"GAME:ZONE:PLAYER"`` for a player's, ``"outside"``.

    >>> place_key(Loc(1, "library", "Alex")), place_key(Loc(0, "exile")), place_key(Loc(None, ""))
    ('1:library:Alex', '0:exile', 'outside')
    """
    if loc.game is None:
        return "outside"
    return f"{loc.game}:{loc.zone}" + (f":{loc.player}" if loc.player else "")


def place_words(loc: Loc, here: int | None = None) -> str:
    """A place in words (escaped HTML), its game named when it is not the game ``here``.

    >>> place_words(Loc(1, "library", "<b>"), here=0), place_words(Loc(0, "stack"), here=0)
    ("&lt;b&gt;'s library (Subgame 1)", 'the stack')
    """
    if loc.game is None:
        return "outside the game"
    where = (f"{_e(loc.player)}'s {_e(loc.zone)}" if loc.player
             else _ZONE_WORDS.get(loc.zone, _e(loc.zone)))
    return where if loc.game == here else f"{where} ({_e(game_name(loc.game, 'title'))})"


def _to(loc: Loc, here: int | None) -> str:
    return "outside the game" if loc.game is None else "to " + place_words(loc, here)


class Moved(NamedTuple):
    """An object a step moved: its ``name`` as the change says it, ``src`` the place it left
    and ``dst`` the place it is in after the step."""

    name: str
    src: Loc
    dst: Loc


def _normalize_marks(highlight: Mapping[str, str] | Iterable[str] | None) -> dict[str, str]:
    if not highlight:
        return {}
    if isinstance(highlight, Mapping):
        return {str(k): str(v) for k, v in highlight.items()}
    return {str(k): "changed" for k in highlight}


class BoardCache:
    """What the boards of one stepper share, so that drawing a board costs about what changed
    since the boards drawn before it, not the whole board (``magicsub.pages.statichtml`` keeps one
    for all the pages of a stepper; a board drawn without one gets a cache of its own).

    For each place (``magicsub.engine.state.place_of``) it keeps the last contents seen there (the
    objects, in the board's order), each numbered; the fragments of a zone drawn for a
    content number and the step's marks there; and each object's list item, keyed by the
    object (held, so compared by identity) and how it is shown. A content is recognised by
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
        self._anonymous: dict[int, tuple[Obj, bool]] = {}
        self._maps: list[tuple[object, int]] = []
        self._numbers = 0
        self.zones_drawn = 0
        """How many zones were drawn, not found in the cache (a measure of the work done)."""
        self.items_drawn = 0
        """How many objects' list items were drawn, not found in the cache."""

    def _number(self) -> int:
        self._numbers += 1
        return self._numbers

    def contents(self, world: World, place: Place) -> tuple[int, list[Obj]]:
        """The objects in ``place`` of ``world`` in the board's order (``_order``), and the
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
            ordered = sorted(found, key=_order)
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
        key = (id(o), *key)
        found = self._items.get(key)
        if found is not None and found[0] is o:
            return found[1]
        self.items_drawn += 1
        html = draw()
        self._items[key] = (o, html)
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
        out.sort(key=_by_id)
        return out


class _Seen(NamedTuple):
    """A content of one place that a ``BoardCache`` remembers."""

    ids: object
    objects: object
    found: tuple
    ordered: list
    number: int


class _Board:
    """Renders one World; a helper object so the per-object state is not passed around."""

    def __init__(self, world: World, marks: dict[str, str], players: set[tuple[int, str]],
                 edition: str | None, rules_page: str | None = None,
                 moves: Mapping[str, Moved] | None = None, cache: BoardCache | None = None):
        self.world = world
        self.cache = cache if cache is not None else BoardCache()
        self.marks = marks
        self.player_marks = players
        self.discontinued_rule = _discontinued_rule(edition)
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

    # one object ------------------------------------------------------------------------------
    def item(self, o: Obj, *, show: str = "owner") -> str:
        """One object as a list item (``obj``), from the cache when it was drawn before the
        same way: the same object, shown the same, with the same mark and power/toughness."""
        mark = self.marks.get(o.id)
        words = None
        if mark:
            words = _MARK_WORDS.get(mark, "★ " + _e(mark))
            if mark == "moved" and o.id in self.origins and o.id not in self.said:
                words += " from " + place_words(self.origins[o.id], o.game)
        pt = characteristics.describe(self.world, o)
        return self.cache.item(o, (show, mark, words, pt),
                               lambda: self.obj(o, show=show, mark=mark, words=words, pt=pt))

    def obj(self, o: Obj, *, show: str = "owner", mark: str | None = None,
            words: str | None = None, pt: str = "") -> str:
        """One object as a list item; ``show`` is "owner" (shared zones), "control" or "";
        ``mark`` and its ``words`` ("★ moved from ..."), ``pt`` its power and toughness when
        an effect changes them (``characteristics.describe``)."""
        classes: list[str] = []
        badges = []
        if o.kind is not Kind.CARD:
            classes.append(f"ms-{o.kind}")
            badges.append(o.kind)
        if not o.traditional:
            badges.append(f"{o.deck} card" if o.deck else "nontraditional")
        if o.commander:
            badges.append("commander")
        if not o.face_up:
            classes.append("ms-fd")
            badges.append("face down")
        if o.phased_out:
            classes.append("ms-po")
            badges.append("phased out")
        if o.tapped:
            classes.append("ms-tap")
            badges.append("tapped")
        if o.damage:
            badges.append(f"{o.damage} damage")
        if pt:
            badges.append(pt)
        badges += [f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in o.counters]
        attrs = (f' data-obj="{_a(o.id)}" data-zone="{_a(o.place)}" '
                 f'data-game="{_a("outside" if o.game is None else o.game)}"')
        if mark:
            classes.append("ms-hl")
            attrs += f' data-mark="{_a(mark)}"'
        cls = f' class="{_a(" ".join(map(str, classes)))}"' if classes else ""
        parts = [f"<li{cls}{attrs}>"]
        if mark:
            parts.append(f'<span class="ms-mk">{words}</span> ')
        parts.append(_e(o.name))
        if str(o.name).lower() != str(o.id).lower() and not is_anonymous(o):
            parts.append(f' <small>[{_e(o.id)}]</small>')
        parts += [f'<span class="ms-b">{_e(b)}</span>' for b in badges]
        extra = []
        if o.kind is Kind.ABILITY and o.source:
            extra.append(f"of {_e(o.source)}")
        ctrl = o.controller
        if show == "control" and ctrl:
            if ctrl != o.owner:
                extra.append(f"owner {_e(o.owner)}, controlled by {_e(ctrl)}")
            else:
                extra.append(f"controlled by {_e(ctrl)}")
        elif show == "owner":
            if ctrl and ctrl != o.owner:
                extra.append(f"owner {_e(o.owner)}, controlled by {_e(ctrl)}")
            else:
                extra.append(f"owner {_e(o.owner)}")
        elif ctrl and ctrl != o.owner:
            extra.append(f"owner {_e(o.owner)}, controlled by {_e(ctrl)}")
        if o.game is None and o.left_from is not None:
            extra.append(f"left the {_e(game_name(o.left_from, 'bare'))}")
        if o.attached_to:
            extra.append(f"attached to {_e(o.attached_to)}")
        if o.targets:
            extra.append("targeting " + ", ".join(_e(t) for t in o.targets))
        if extra:
            parts.append(" — " + "; ".join(extra))
        parts.append("</li>")
        return "".join(parts)

    def obj_list(self, out: _Fragments, objs: list[Obj], *, show: str = "owner",
                 tag: str = "ul", extra_class: str = "") -> _Fragments:
        """Add the objects as a list to ``out``: each item a fragment of its own."""
        cls = f"ms-l {extra_class}".strip()
        out.add(f'<{tag} class="{cls}">').items([self.item(o, show=show) for o in objs])
        return out.add(f"</{tag}>")

    # where from, where to -------------------------------------------------------------------
    def gone(self, locs: Iterable[Loc], here: int | None, *, say_from: bool = False) -> str:
        """What left the places ``locs`` in this step: for each, a list of "ghost" items
        (``data-from``: the place, ``place_key``), said once (a place's ghosts are taken when
        first asked for). An item names the object (``data-left``, the ``data-obj`` of where
        it is now) or, for ``GROUP_MOVES_MIN`` or more cards going to one place, counts them
        (``data-left-count``); ``data-to`` is the place it went. ``say_from`` also names the
        place left (when the board no longer shows it). A fragment of its own, after the
        zone's: the zone's fragment stays the same as the next step's."""
        out = []
        for loc in locs:
            by_dst: dict[Loc, list[tuple[str, Moved]]] = {}
            for oid, m in self.left.pop(loc, ()):
                by_dst.setdefault(m.dst, []).append((oid, m))
            if not by_dst:
                continue
            src = f" from {place_words(loc, here)}" if say_from else ""
            items = []
            for dst, group in by_dst.items():
                to = f' data-to="{_a(place_key(dst))}">↗ '
                where = f" moved{src} {_to(dst, loc.game)}</li>"
                if len(group) >= GROUP_MOVES_MIN:
                    items.append(f'<li class="ms-gone" data-left-count="{len(group)}"{to}'
                                 f"{len(group)} cards{where}")
                else:
                    items += [f'<li class="ms-gone" data-left="{_a(oid)}"{to}{_e(m.name)}{where}'
                              for oid, m in group]
            out.append(f'<ul class="ms-l ms-left" data-from="{_a(place_key(loc))}">'
                       f'{"".join(items)}</ul>')
        return "".join(out)

    def zone_open(self, loc: Loc) -> str:
        """A zone's open tag; ``data-place`` when something arrived there in this step."""
        if loc in self.arrivals:
            return f'<div class="ms-z" data-place="{_a(place_key(loc))}">'
        return '<div class="ms-z">'

    def arrived_note(self, objs: list[Obj], here: int | None, *, listed: bool = True) -> str:
        """"★ N moved here from ...": for a zone whose cards are counted (``listed`` False),
        the marked ones; for a listed zone, when ``GROUP_MOVES_MIN`` or more objects came
        from one place (each of them then says "★ moved" only)."""
        marked = [o for o in objs if o.id in self.marks]
        moved = [o for o in marked if o.id in self.origins and self.marks[o.id] == "moved"]
        srcs = sorted({self.origins[o.id] for o in moved}, key=_loc_order)
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
                + said[-1] + ("" if game == here else f" ({_e(game_name(game, 'title'))})")
        n = len(moved) if listed else len(marked)
        return f' <span class="ms-mk">★ {n} moved here{whence}</span>'

    # zones -----------------------------------------------------------------------------------
    def library(self, place: Place, loc: Loc) -> list[str]:
        """A library in fragments: counted, and listed card by card when short or named."""
        number, objs = self.contents(place)
        return self.cached("library", place, number, loc, lambda: self._library(objs, loc))

    def _library(self, objs: list[Obj], loc: Loc) -> list[str]:
        n = len(objs)
        out = _Fragments().add(self.zone_open(loc))
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
        out = _Fragments().add(self.zone_open(loc)).add(f'<span class="ms-zn">{_e(label)}</span>')
        if not n:
            return out.add(": empty</div>").done()
        out.add(f" ({n}{order}):{self.arrived_note(objs, loc.game)}")
        return self.obj_list(out, objs, show=show).add("</div>").done()

    # a player's seat -------------------------------------------------------------------------
    def player(self, g: GameState, name: str) -> list[str]:
        """A player's panel in fragments: the seat line, library, hand, graveyard, close."""
        seat = g.players[name]
        bits = [f"life {_e(seat.life)}"]
        bits += [f"{_e(k)} counters {_e(v)}" for k, v in sorted(seat.counters.items()) if v]
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
        return [f'<div class="{cls}" data-player="{_a(name)}" role="group" '
                f'aria-label="{_a(name)}, {_a(game_name(g.gid, "bare"))}">'
                f'<p>{mark}<span class="ms-t">{_e(name)}</span> — {" · ".join(bits)}</p>',
                *self.library((g.gid, Zone.LIBRARY, name), library),
                self.gone((library,), g.gid),
                *self.zone("Hand", (g.gid, Zone.HAND, name), hand, show=""),
                self.gone((hand,), g.gid),
                *self.zone("Graveyard", (g.gid, Zone.GRAVEYARD, name), graveyard,
                           show="", order=", bottom to top"),
                self.gone((graveyard,), g.gid),
                "</div>"]

    # one game --------------------------------------------------------------------------------
    def game(self, g: GameState, zones: set, depth: int = 0) -> list[str]:
        """A game's panel in fragments: its head (title, status, where it sits in the tree),
        its turn and priority, each seat's, each shared zone (each followed by what left it),
        what waits, and the close, a fragment of its own (its subgames' panels go before it:
        see ``render``). ``zones``: its places that hold objects (``World.places``)."""
        gid = g.gid
        current = gid == self.world.current
        title = _e(game_name(gid, "title"))
        panel = f'data-game-panel="{_a(gid)}" aria-label="{_a(game_name(gid, "title"))}"'
        nested = " ms-sub" + (" ms-deep" if depth > NEST_INDENTED else "") if depth else ""
        up = self.connector(g)
        mine = sorted((loc for loc in self.left if loc.game == gid), key=_loc_order)
        if g.status == "ended" and g.parent is not None and not zones:
            result = f": {_e(g.result)}" if g.result else ""
            return [f'<section class="ms-g ms-end{nested}" {panel}>'
                    f'<p><span class="ms-t">{title}</span> — ended{result}</p>{up}',
                    self.gone(mine, gid, say_from=True), "</section>"]
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
        if g.parent is not None and g.creator:
            about.append(f"created by {_e(self._name(g.creator))}")
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
        out = [f'<section class="{cls}{nested}" {panel}>'
               f'<p class="ms-t">{title} <span class="ms-st">{status}</span></p>{up}',
               (f"<p>{'; '.join(about)}</p>" if about else "") + '<div class="ms-row">']
        for p in g.seats:
            out += self.player(g, p)
        out.append("</div>")
        out += self.battlefield(gid)
        out.append(self.gone((Loc(gid, "battlefield"),), gid))
        out += self.stack(gid)
        out.append(self.gone((Loc(gid, "stack"),), gid))
        for zone in SHARED:
            if zone in (Zone.BATTLEFIELD, Zone.STACK):
                continue
            loc = Loc(gid, zone.value)
            if (gid, zone, None) in zones or loc in self.left:
                out += self.zone(zone.value.capitalize(), (gid, zone, None), loc)
                out.append(self.gone((loc,), gid))
        out.append(self.waiting(g))
        rest = sorted((loc for loc in self.left if loc.game == gid), key=_loc_order)
        out.append(self.gone(rest, gid, say_from=True))
        out.append("</section>")
        return [part for part in out if part]

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
        out = _Fragments().add(self.zone_open(loc)).add('<span class="ms-zn">Battlefield</span>')
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
        out = _Fragments().add(self.zone_open(loc)).add('<span class="ms-zn">Stack</span>')
        if not stack:
            return out.add(": empty</div>").done()
        out.add(f" ({len(stack)}, bottom to top):{self.arrived_note(stack, loc.game)}")
        self.obj_list(out, stack, show="control", tag="ol", extra_class="ms-stk")
        return out.add("</div>").done()

    def waiting(self, g: GameState) -> str:
        out = []
        if g.held:
            items = "".join(f"<li>{_e(t.text)} (source {_e(self._name(t.source))}, controller "
                            f"{_e(t.controller)})</li>" for t in g.held)
            out.append(f'<div class="ms-z" data-held="{_a(len(g.held))}"><span class="ms-zn">'
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
                f"<li>{_e(e.text or f'{self._name(e.obj)} controlled by {e.to}')}"
                f" (until {_e(e.until.replace('_', ' '))})</li>" for e in effects)
            out.append(f'<div class="ms-z"><span class="ms-zn">Control effects</span>'
                       f"<ul>{items}</ul></div>")
        delayed = sorted((d for d in self.world.delayed.values() if d.game == g.gid),
                         key=lambda d: d.id)
        if delayed:
            items = "".join(f"<li>{_e(d.text)} ({_e(d.when.replace('_', ' '))})</li>"
                            for d in delayed)
            out.append('<div class="ms-z"><span class="ms-zn">Delayed triggers</span>'
                       f"<ul>{items}</ul></div>")
        return "".join(out)

    def _name(self, oid: str | None) -> str:
        o = self.world.objects.get(oid) if oid else None
        if o is None:
            o = self.world.lki.get(oid) if oid else None
        return getattr(o, "name", None) or str(oid)

    def outside(self) -> list[str]:
        """Cards outside every game in fragments: named ones one by one; the unnamed library
        cards of a player listed when there are few (or they just moved), else counted."""
        place = (None, None, None)
        number, objs = self.contents(place)
        return self.cached("outside", place, number, Loc(None, "outside"),
                           lambda: self._outside(objs))

    def _outside(self, objs: list[Obj]) -> list[str]:
        named = sorted((o for o in objs if not is_anonymous(o)), key=_by_id)
        anonymous: dict[str, list[Obj]] = {}
        for o in objs:
            if is_anonymous(o):
                anonymous.setdefault(o.owner, []).append(o)
        out = _Fragments()
        note = self.arrived_note(named, None)
        if note:
            out.add(f"<p>{note.strip()}</p>")
        if named:
            self.obj_list(out, named)
        for owner, cards in sorted(anonymous.items()):
            cards.sort(key=_order)
            n = len(cards)
            head = f"{_e(owner)}'s unnamed cards: {n}"
            if n <= LIBRARY_NAMES_MAX:
                note = self.arrived_note(cards, None)
                self.obj_list(out.add(f"<div>{head}{note}"), cards, show="").add("</div>")
            else:
                note = self.arrived_note(cards, None, listed=False)
                out.add(f"<div>{head}{note}</div>")
        return out.done() or ["<p>no cards</p>"]

    # the whole board -------------------------------------------------------------------------
    def render(self) -> list[str]:
        """The board in fragments (``board_fragments``). The objects are found through the
        world's index of places (``World.places``), zone by zone."""
        games = self.world.games
        zones: dict[int, set] = {}
        for game, zone, owner in self.world.places.keys():
            if game is not None:
                zones.setdefault(game, set()).add((game, zone, owner))
        children: dict[int | None, list[int]] = {}
        for gid in sorted(games):
            parent = games[gid].parent
            children.setdefault(parent if parent in games else None, []).append(gid)

        def tree(gid: int, depth: int) -> list[str]:
            panel = self.game(games[gid], zones.get(gid, set()), depth)
            inner = [part for child in children.get(gid, ()) for part in tree(child, depth + 1)]
            return panel[:-1] + inner + panel[-1:]

        out = ['<div class="ms-row ms-board">']
        for gid in children.get(None, ()):
            out += tree(gid, 0)
        loc = Loc(None, "outside")
        place = ' data-place="outside"' if loc in self.arrivals else ""
        out.append(f'<section class="ms-g ms-out" data-game-panel="outside"{place} '
                   'aria-label="Outside the game">'
                   '<p class="ms-t">Outside the game</p>')
        out += self.outside()
        out.append(self.gone((loc,), None) + self.gone(sorted(self.left, key=_loc_order), None,
                                                       say_from=True))
        out.append("</section></div>")
        return [part for part in out if part]


class _Fragments:
    """A list of fragments built from text, glued into the fragment being written, and
    items, each a fragment of its own (a zone's objects: one changes, the others stay)."""

    __slots__ = ("parts", "text")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.text: list[str] = []

    def add(self, text: str) -> _Fragments:
        """Glue ``text`` to the fragment being written."""
        self.text.append(text)
        return self

    def items(self, items: list[str]) -> _Fragments:
        """End the fragment being written; add each of ``items`` as a fragment."""
        if self.text:
            self.parts.append("".join(self.text))
            self.text = []
        self.parts += items
        return self

    def done(self) -> list[str]:
        """The fragments (the last one ended)."""
        return self.items([]).parts


def _loc_order(loc: Loc) -> tuple:
    return (loc.game is None, loc.game or 0, _ZONE_RANK.get(loc.zone, len(_ZONE_RANK)),
            loc.player or "")


_ZONE_RANK = {zone.value: i for i, zone in enumerate((Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD,
                                                       *SHARED))}


def _order(o: Obj) -> tuple[int, str]:
    return o.order, o.id


def _by_id(o: Obj) -> str:
    return o.id


def _first(item: tuple) -> object:
    return item[0]


def _discontinued_rule(edition: str | None) -> str:
    if edition and edition != "726":
        from ..engine.editions import edition as get_edition

        try:
            local = get_edition(edition).local("726.1a")
        except Exception:  # an unknown edition: fall back to the newest numbering
            local = None
        if local:
            return local.split("-")[0]
    return "726.1a"


# -- public views ------------------------------------------------------------------------------

def board_fragments(world: World, *,
                    highlight: Mapping[str, str] | Iterable[str] | None = None,
                    players: Iterable[tuple[int, str]] = (), edition: str | None = None,
                    rules_page: str | None = None,
                    moves: Mapping[str, Moved] | None = None,
                    cache: BoardCache | None = None) -> list[str]:
    """``board_html`` as a list of HTML fragments whose join is the board: the board's open
    tag; per game its head (title, status, the game it is a subgame of), its turn and
    priority, each player's seat line, library, hand and graveyard, the close of the seats,
    each shared zone, what waits, then its subgames' panels (the same, nested: the tree of
    games) and its close; then the panel of what is outside every game. In a zone, each
    listed object is a fragment of its own, between the zone's head and its close. A fragment
    is an unbalanced piece of HTML (an open or a close tag, or whole elements); consecutive
    boards share most of them, which a static stepper stores once (``magicsub.pages.statichtml``).

    ``moves`` (``step_moves``): each moved object says where from ("★ moved from ..."), and
    the place it left shows a "ghost" item (``class="ms-gone"``, ``data-left`` = its
    ``data-obj``, ``data-to`` = where it went, see ``place_key``); a zone something arrived in
    has ``data-place``. Ghosts carry no ``data-obj``: each object is on the board once.

    ``cache``: a ``BoardCache`` shared with the boards drawn before (a stepper's), so that
    the zones and objects they drew the same way are not drawn again.

    >>> import magicsub
    >>> world = magicsub.Game(["Alex", "Bianca"]).world
    >>> parts = board_fragments(world)
    >>> "".join(parts) == board_html(world), parts[0]
    (True, '<div class="ms-row ms-board">')
    """
    return _Board(world, _normalize_marks(highlight), set(players), edition,
                  rules_page, moves, cache).render()


def board_html(world: World, *, highlight: Mapping[str, str] | Iterable[str] | None = None,
               players: Iterable[tuple[int, str]] = (), edition: str | None = None,
               rules_page: str | None = None, moves: Mapping[str, Moved] | None = None) -> str:
    """The board alone, without the ``.magicsub`` wrapper or style (for composing views)."""
    return "".join(board_fragments(world, highlight=highlight, players=players,
                                   edition=edition, rules_page=rules_page, moves=moves))


def world_html(world: World, *, highlight: Mapping[str, str] | Iterable[str] | None = None,
               css: bool = True, edition: str | None = None,
               rules_page: str | None = None) -> str:
    """The board of a snapshot: a panel per game of the tree, and what is outside every game.

    ``highlight`` maps object ids to a mark (``"moved"``, ``"created"``, ``"control"``) or is
    a set of ids; marked objects get ``data-mark`` and a visible "★" label. ``rules_page``:
    see the module's docstring.
    """
    body = board_html(world, highlight=highlight, edition=edition, rules_page=rules_page)
    return (f'<div class="magicsub magicsub-board">{_STYLE if css else ""}{body}</div>')


def step_marks(step: Step, world_before: World | None = None) -> tuple[dict[str, str],
                                                                       set[tuple[int, str]]]:
    """Which objects a step marks (``id -> "moved" | "created" | "control"``) and which
    ``(game, player)`` figures it changed."""
    marks, players, _ = _step_marks(step, world_before)
    return marks, players


def step_moves(step: Step, world_before: World | None = None) -> dict[str, Moved]:
    """The objects a step moved, ``id -> Moved(name, src, dst)``: the place each left first
    and the place it is in after the step (or the last it went to, if it is gone), in the
    order of the changes. An object back where it started is left out. Given
    ``world_before``, a move the changes do not name is found too (as ``step_marks``)."""
    return _step_marks(step, world_before)[2]


def _step_marks(step: Step, world_before: World | None, cache: BoardCache | None = None):
    marks: dict[str, str] = {}
    players: set[tuple[int, str]] = set()
    first: dict[str, Moved] = {}
    for c in step.changes:
        if isinstance(c, Move):
            marks.setdefault(c.obj, "moved")
            was = first.get(c.obj)
            first[c.obj] = Moved(c.name, was.src if was else c.src, c.dst)
        elif isinstance(c, MoveAll):
            for oid, name, src in c.cards:
                marks.setdefault(oid, "moved")
                was = first.get(oid)
                first[oid] = Moved(name, was.src if was else src, c.dst)
        elif isinstance(c, Create):
            marks[c.obj] = "created"
        elif isinstance(c, Control):
            marks.setdefault(c.obj, "control")
        elif isinstance(c, (Life, Counters, PlayerChange)):
            players.add((c.game, c.player))
    if world_before is not None:
        before = world_before.objects
        cache = cache if cache is not None else BoardCache()
        for o in cache.changed(world_before, step.snapshot):
            oid = o.id
            if oid in marks:
                continue
            old = before.get(oid)
            if old is o:
                continue
            if old is None:
                marks[oid] = "created"
            elif (old.game, old.zone) != (o.game, o.zone):
                marks[oid] = "moved"
                first[oid] = Moved(o.name, _loc(old), _loc(o))
            elif old.controller != o.controller:
                marks[oid] = "control"
    moves: dict[str, Moved] = {}
    now = step.snapshot.objects
    for oid, m in first.items():
        o = now.get(oid)
        dst = m.dst if o is None else _loc(o)
        if dst != m.src:
            moves[oid] = m._replace(dst=dst)
    return marks, players, moves


def rule_html(step: Step, *, rules_page: str | None = None) -> str:
    """The rule header of a step: number (a link to the rules page ``rules_page``, if given),
    edition, the sentence that applies, and its whole paragraph folded (``<details>``), the
    sentence marked in it."""
    return "".join(_rule_fragments(step, rules_page))


def _rule_fragments(step: Step, rules_page: str | None) -> list[str]:
    """The rule header in three fragments: number and edition, the step's number, and the
    deciding sentence, marked, with the whole paragraph (the sentence marked in it) folded in a
    ``<details>`` when it says more (the first and last are the same for every step citing
    that sentence, and drawn once: ``_rule_parts``)."""
    head, sentence = _rule_parts(str(step.rule), step.edition, step.text, step.paragraph,
                                 rules_page)
    return [head, f" · step {_e(step.index + 1)}</p>", sentence]


@functools.lru_cache(maxsize=512)
def _rule_parts(rule: str, edition: str, sentence: str, paragraph: str | None,
                rules_page: str | None) -> tuple[str, str]:
    """The first and last fragments of ``_rule_fragments``: a function of the rule cited."""
    from ..engine.editions import edition as get_edition

    try:
        ed = get_edition(edition)
    except Exception:  # an unknown edition label: show it as given
        ed_title = f"edition {edition}"
    else:
        try:
            ed_title = ed.source(rule)
        except Exception:  # a rule the rules data does not quote: the edition's own label
            ed_title = ed.title
    editions = rulelinks.editions_for(edition)

    def text(value: object) -> str:
        return rulelinks.link_numbers(_e(value), editions=editions, page=rules_page)

    para = paragraph or sentence
    label = f"CR {rule}"
    at = para.find(sentence) if sentence else -1
    shown = f'<p class="ms-par"><mark>{text(sentence)}</mark></p>'
    if at >= 0 and para.strip() != sentence.strip():
        quoted = (text(para[:at]) + "<mark>" + text(sentence) + "</mark>"
                  + text(para[at + len(sentence):]))
    elif at < 0 and para and para != sentence:
        quoted = f"<mark>{text(sentence)}</mark> ({text(para)})"
    else:
        quoted = ""
    if quoted:
        shown += (f'<details class="ms-whole"><summary>Whole paragraph ({_e(label)})</summary>'
                  f"<p>{quoted}</p></details>")

    number = f'<span class="ms-rn">{_e(label)}</span>'
    if rules_page is not None:  # the paragraph is quoted below: the hover names the link
        number = rulelinks.rule_html(rule, editions=editions, page=rules_page,
                                     label=label, css_class="ms-rn", text=paragraph or None,
                                     title=f"{label} on the rules page") or number
        if not number.startswith("<"):
            number = f'<span class="ms-rn">{number}</span>'
    return (f'<div class="ms-rule"><p>{number} <span class="ms-ed">({_e(ed_title)})</span>',
            f"{shown}</div>")


def change_items(changes: Iterable[Change], *, edition: str | None = None,
                 rules_page: str | None = None) -> list[str]:
    """The changes as ``<li>`` items; runs of moves between the same places make one item.
    Rule numbers in their words are links (see the module's docstring)."""
    editions = rulelinks.editions_for(edition)
    items: list[str] = []
    for c in move_runs(changes, GROUP_MOVES_MIN):
        if isinstance(c, list):
            first = c[0]
            names = ", ".join(_e(m.name) for m in c)
            items.append(f'<li class="ms-c" data-kind="move">{len(c)} cards move from '
                         f"{_e(first.src)} to {_e(first.dst)}: <details><summary>which cards"
                         f"</summary>{names}</details></li>")
        else:
            words = rulelinks.link_numbers(_e(c.words()), editions=editions, page=rules_page)
            items.append(f'<li class="ms-c" data-kind="{_a(c.kind)}">{words}</li>')
    return items


def _changes_html(step: Step, rules_page: str | None, then: str = "") -> str:
    items = change_items(step.changes, edition=step.edition, rules_page=rules_page)
    body = f"<ul>{''.join(items)}</ul>" if items else "<p>No change: the rule is checked.</p>"
    return f'<div class="ms-ch"><p class="ms-t">What changed</p>{body}{then}</div>'


def step_html(step: Step, *, world_before: World | None = None, css: bool = True,
              of: int | None = None, rules_page: str | None = None) -> str:
    """One step: the rule header, the changes in words, and the board after the step with the
    objects it moved, created or gave to another controller marked.

    The root has ``class="magicsub magicsub-step" data-step=INDEX data-rule=RULE``; every object
    on the board has ``data-obj``, ``data-zone`` and ``data-game``. ``rules_page``: see the
    module's docstring.
    """
    parts = step_fragments(step, world_before=world_before, of=of, rules_page=rules_page)
    return "".join(parts[:1] + [_STYLE] * css + parts[1:])


def step_fragments(step: Step, *, world_before: World | None = None, of: int | None = None,
                   rules_page: str | None = None, then: str = "",
                   cache: BoardCache | None = None) -> list[str]:
    """``step_html`` without the style, as a list of HTML fragments whose join is that HTML:
    the step's open tag, its rule header (``_rule_fragments``), its changes, the board
    (``board_fragments``) and the close tags. ``then``: HTML closing the changes column (a
    compact stepper's list of the steps folded into this one, ``magicsub.pages.statichtml``);
    ``cache``: see ``board_fragments``."""
    cache = cache if cache is not None else BoardCache()
    marks, players, moves = _step_marks(step, world_before, cache)
    board = board_fragments(step.snapshot, highlight=marks, players=players,
                            edition=step.edition, rules_page=rules_page, moves=moves,
                            cache=cache)
    total = f" of {_a(of)}" if of else ""
    return [f'<div class="magicsub magicsub-step" data-step="{_a(step.index)}" '
            f'data-rule="{_a(step.rule)}" aria-label="Step {_a(step.index + 1)}{total}: '
            f'rule {_a(step.rule)}" role="group">',
            *_rule_fragments(step, rules_page),
            f'<div class="ms-row">{_changes_html(step, rules_page, then)}<div class="ms-bd">',
            *board, "</div></div></div>"]


def initial_html(world: World, *, css: bool = True, edition: str | None = None,
                 rules_page: str | None = None) -> str:
    """The board before the first step, as the first page of a walkthrough."""
    parts = initial_fragments(world, edition=edition, rules_page=rules_page)
    return "".join(parts[:1] + [_STYLE] * css + parts[1:])


def initial_fragments(world: World, *, edition: str | None = None,
                      rules_page: str | None = None,
                      cache: BoardCache | None = None) -> list[str]:
    """``initial_html`` without the style, as a list of HTML fragments (as ``step_fragments``)."""
    return ['<div class="magicsub magicsub-step" data-step="start" data-rule="" role="group" '
            'aria-label="Before the first step">',
            '<div class="ms-rule"><p><span class="ms-rn">Before the first step</span></p>'
            "<p>The game as the scenario sets it up.</p></div>",
            *board_fragments(world, edition=edition, rules_page=rules_page, cache=cache),
            "</div>"]


def trace_html(trace: Trace, *, css: bool = True, rules_page: str | None = None) -> str:
    """Every step of a trace (rule header and changes, no boards), then the final board."""
    items = [f'<li data-step="{_a(s.index)}" data-rule="{_a(s.rule)}">'
             f"{rule_html(s, rules_page=rules_page)}{_changes_html(s, rules_page)}</li>"
             for s in trace]
    last = trace[-1].snapshot if len(trace) else getattr(trace, "initial", None)
    edition = trace[-1].edition if len(trace) else None
    final = ""
    if last is not None:
        label = "Board after the last step" if len(trace) else "Board before the first step"
        final = (f'<details open><summary class="ms-t">{label}</summary>'
                 f"{board_html(last, edition=edition, rules_page=rules_page)}</details>")
    return (f'<div class="magicsub magicsub-trace">{_STYLE if css else ""}'
            f'<p class="ms-t">{len(trace)} step{"" if len(trace) == 1 else "s"}</p>'
            f'<ol class="ms-steps">{"".join(items)}</ol>{final}</div>')


__all__ = ["CSS", "BoardCache", "Moved", "board_fragments", "board_html", "change_items",
           "escape_text", "initial_fragments", "initial_html", "is_anonymous", "place_key",
           "place_words", "rule_html", "step_fragments", "step_html", "step_marks", "step_moves",
           "style", "trace_html", "world_html"]
