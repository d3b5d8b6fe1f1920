"""Where an object is, as the board says it: a place's key (``data-to``, ``data-place``), its
words, the board's order of places and of the objects in one, and what a step moved."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ..engine.objects import SUPPLEMENTARY_DECKS, Kind
from ..engine.state import game_name
from ..engine.trace import Loc
from ..engine.zones import SHARED, Zone
from .markup import escape_text as _e

if TYPE_CHECKING:
    from ..engine.objects import Obj

_ANONYMOUS = re.compile(r"#\d+\Z")


def is_anonymous(obj: Obj) -> bool:
    """True for the unnamed library cards a scenario asks for by count (``Alex#12``)."""
    if obj.kind is not Kind.CARD:
        return False
    oid, owner = obj.id, obj.owner
    if oid.__class__ is not str or owner.__class__ is not str:
        return isinstance(oid, str) and isinstance(owner, str) and _anonymous_id(oid, owner)
    key = (oid, owner)
    found = _ANONYMOUS_IDS.get(key)
    if found is None:
        if len(_ANONYMOUS_IDS) >= IDS_KEPT:
            _ANONYMOUS_IDS.clear()
        found = _ANONYMOUS_IDS[key] = _anonymous_id(oid, owner)
    return found


def _anonymous_id(oid: str, owner: str) -> bool:
    return oid.startswith(owner + "#") and bool(_ANONYMOUS.search(oid))


IDS_KEPT = 1 << 16
"""How many (id, owner) pairs ``is_anonymous`` remembers; past it, it starts anew."""
_ANONYMOUS_IDS: dict[tuple[str, str], bool] = {}


ZONE_WORDS = {"battlefield": "the battlefield", "stack": "the stack",
              "command": "the command zone", "ante": "the ante zone"}
"""The shared zones in words ("the stack"); any other zone is said by its name."""


def deck_piles(objs: list[Obj]) -> tuple[list[tuple[str, str, list[Obj]]], list[Obj]]:
    """A command zone's objects as the board shows them: each player's supplementary decks
    (CR 100.2d; their face-down cards, kept in the command zone: CR 717.2, 901.4, 904.4) as
    piles ``(owner, deck, cards)``, by owner then deck, each bottom to top in the order given;
    and the other objects (face-up plane, scheme or Attraction cards, a commander, a vanguard,
    an emblem...), in the order given.

    >>> from magicsub.engine.objects import Obj
    >>> objs = [Obj("p", "Naya", "Alex", traditional=False, deck="planar", face_up=False),
    ...         Obj("t", "Tazeem", "Alex", traditional=False, deck="planar")]
    >>> [(owner, deck, [o.id for o in cards]) for owner, deck, cards in deck_piles(objs)[0]]
    [('Alex', 'planar', ['p'])]
    """
    piles: dict[tuple[str, str], list[Obj]] = {}
    rest = []
    for o in objs:
        if o.kind is Kind.CARD and not o.traditional and not o.face_up \
                and o.deck in SUPPLEMENTARY_DECKS:
            piles.setdefault((o.owner, o.deck), []).append(o)
        else:
            rest.append(o)
    keys = sorted(piles, key=lambda k: (k[0], SUPPLEMENTARY_DECKS.index(k[1])))
    return [(owner, deck, piles[owner, deck]) for owner, deck in keys], rest


def loc_of(o: Obj) -> Loc:
    """The place of the object ``o`` as a ``Loc`` (``Loc(None, "outside")``: outside every
    game)."""
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
             else ZONE_WORDS.get(loc.zone, _e(loc.zone)))
    return where if loc.game == here else f"{where} ({_e(game_name(loc.game, 'title'))})"


def to_words(loc: Loc, here: int | None) -> str:
    """Where something went, in words: "to ..." (``place_words``) or "outside the game"."""
    return "outside the game" if loc.game is None else "to " + place_words(loc, here)

class Moved(NamedTuple):
    """An object a step moved: its ``name`` as the change says it, ``src`` the place it left
    and ``dst`` the place it is in after the step."""

    name: str
    src: Loc
    dst: Loc


def loc_order(loc: Loc) -> tuple:
    """The board's order of places: by game (outside last), then zone, then player."""
    return (loc.game is None, loc.game or 0, _ZONE_RANK.get(loc.zone, len(_ZONE_RANK)),
            loc.player or "")


_ZONE_RANK = {zone.value: i for i, zone in enumerate((Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD,
                                                       *SHARED))}

def board_order(o: Obj) -> tuple[int, str]:
    """The board's order of the objects in one place: timestamp order, then id."""
    return o.order, o.id


def by_id(o: Obj) -> str:
    """An object's id (a sort key)."""
    return o.id
