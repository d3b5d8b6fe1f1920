"""Game objects (CR 109): what a card, a token, a copy or an ability is in one zone of one game.

A physical card keeps its scenario id wherever it goes, so a reader can follow it from the main
game into a subgame and back. Tokens, copies of spells and abilities are objects without a card.

An ``Obj`` has its fields as the arguments of ``Obj(...)`` take them (``FIELDS``), but holds
them in twelve slots: the fields a card keeps from zone to zone are one ``Card`` record, those a
move resets (CR 400.7) one ``State`` record, each shared by every object that has the same (most
library cards share both). So a move writes twelve slots, not thirty-seven, and a trace that
moves whole libraries (nested subgames) keeps a third less memory.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from enum import StrEnum
from operator import attrgetter
from typing import NamedTuple

from .zones import OUTSIDE, Zone


class Kind(StrEnum):
    """What an object is made of."""

    CARD = "card"
    TOKEN = "token"
    COPY = "copy"
    ABILITY = "ability"
    EMBLEM = "emblem"

    def __str__(self) -> str:
        return self.value


NONTRADITIONAL_DECKS = ("planar", "scheme", "attraction", "contraption", "conspiracy", "vanguard")
"""Supplementary decks and other nontraditional cards (CR 108.2a-b) a scenario may name."""
SUPPLEMENTARY_DECKS = ("planar", "scheme", "attraction")
"""The kinds of ``NONTRADITIONAL_DECKS`` that are supplementary decks: those CR 100.2d names
(rule 717, "Attraction Cards;" rule 901, "Planechase;" and rule 904, "Archenemy."). A vanguard
card and the conspiracy cards start the game in the command zone on their own, not as a deck;
a Contraption deck (Unstable, silver-bordered: CR 100.7) is no supplementary deck either."""
DECK_NAMES = {"planar": "planar deck", "scheme": "scheme deck", "attraction": "Attraction deck"}
"""Each of ``SUPPLEMENTARY_DECKS`` by the name the rules give it (CR 901.3, 904.3, 717.2)."""


class Card(NamedTuple):
    """The fields of an ``Obj`` that stay the same when it moves (see ``Obj``)."""

    types: tuple[str, ...] = ()
    traditional: bool = True
    deck: str | None = None
    commander: bool = False
    power: int | None = None
    toughness: int | None = None
    source: str | None = None
    began_in_deck: str | None = None
    hand_modifier: int | None = None
    life_modifier: int | None = None
    extra: tuple[tuple[str, object], ...] = ()
    face_down_by: str | None = None
    printed: tuple | None = None
    command_zone_instead: bool = True


class State(NamedTuple):
    """The fields of an ``Obj`` that a move resets (CR 400.7; see ``Obj.entering``), but
    ``controller`` and ``face_up``."""

    base: str | None = None
    entered_under: str | None = None
    targets: tuple[str, ...] = ()
    left_from: int | None = None
    tapped: bool = False
    phased_out: bool = False
    phased_indirectly: bool = False
    attached_to: str | None = None
    activated: tuple[int, int] | None = None
    phased_under: str | None = None
    phased_until: str | None = None
    damage: int = 0
    counters: tuple[tuple[str, int], ...] = ()


class _Slots(NamedTuple):
    id: str
    name: str
    owner: str
    kind: Kind
    game: int | None
    zone: Zone | None
    order: int
    moment: int
    controller: str | None
    face_up: bool
    card: Card
    state: State


class Obj(_Slots):
    """One object, or one physical card while it is outside every game (``game is None``).

    An immutable record (a tuple with named fields, so that the copy a move makes is cheap);
    ``moved`` returns a copy with some fields changed. It was a frozen dataclass and can still
    be used as one (``dataclasses.fields``, ``dataclasses.replace``).

    ``base`` is the controller the object has by default (who put it onto the battlefield or the
    stack); ``controller`` is the controller after control-changing effects. A vanguard card has
    a ``hand_modifier`` and a ``life_modifier`` (CR 902.4, 902.5). ``counters`` are the counters
    on a permanent (CR 122.1), by kind; ``activated`` is ``(game, turn)`` of the turn a loyalty
    ability of this permanent was last activated (CR 606.3). Both belong to one object: a move
    makes a new object without them (CR 400.7).

    Phasing (CR 702.26, ``magicsub.rules.phasing``): ``phased_under`` is the player under whose
    control it phased out, ``phased_indirectly`` says it phased out with the permanent it is
    attached to (CR 702.26g), ``phased_until`` is the object whose leaving the battlefield phases it
    in (or ``phasing.NEXT_UNTAP``, CR 702.26n). Face down (CR 708): ``face_down_by`` says what
    turned it face down (``"manifest"``, CR 701.34a, or ``"effect"``) and ``printed`` keeps its
    face-up ``(types, power, toughness)`` while it is a face-down 2/2 (CR 708.2a).

    ``command_zone_instead``: for a commander, its owner's choice each time it would be put into
    their hand or library (CR 903.9b): the command zone instead (the default), or not
    (``magicsub.rules.commander``). It belongs to the card and follows it from zone to zone.
    ``moment`` is the event in which it entered its zone. Objects that entered in one event
    share it: one ``Tx.move_all``, the moves of one ``Tx.at_once`` block (the objects a player's
    leaving takes out of the game at once, CR 800.4a; the 610.3 returns made after one event,
    CR 610.3d), the objects set up before play (``0``). Any other object's ``moment`` is its
    ``order``. ``order`` breaks the ties the players settle (the timestamp order of objects that
    enter at once, CR 613.7m); ``moment`` does not: the world rule (CR 704.5k) compares it.
    """

    __slots__ = ()

    def __new__(cls, id: str, name: str, owner: str,  # noqa: A002, PLR0913
                kind: Kind = Kind.CARD, types: tuple[str, ...] = (), traditional: bool = True,
                deck: str | None = None, commander: bool = False, power: int | None = None,
                toughness: int | None = None, game: int | None = None,
                zone: Zone | None = None, base: str | None = None,
                controller: str | None = None, order: int = 0, face_up: bool = True,
                phased_out: bool = False, tapped: bool = False, source: str | None = None,
                targets: tuple[str, ...] = (), attached_to: str | None = None,
                entered_under: str | None = None, began_in_deck: str | None = None,
                damage: int = 0, left_from: int | None = None,
                hand_modifier: int | None = None, life_modifier: int | None = None,
                extra: tuple[tuple[str, object], ...] = (),
                counters: tuple[tuple[str, int], ...] = (),
                activated: tuple[int, int] | None = None, phased_under: str | None = None,
                phased_indirectly: bool = False, phased_until: str | None = None,
                face_down_by: str | None = None, printed: tuple | None = None,
                command_zone_instead: bool = True, moment: int = 0):
        """An object with these fields (each described above)."""
        card = _shared(Card(types, traditional, deck, commander, power, toughness, source,
                            began_in_deck, hand_modifier, life_modifier, extra, face_down_by,
                            printed, command_zone_instead), _CARD)
        state = _shared(State(base, entered_under, targets, left_from, tapped, phased_out,
                              phased_indirectly, attached_to, activated, phased_under,
                              phased_until, damage, counters), _STATE)
        return _new(cls, (id, name, owner, kind, game, zone, order, moment, controller, face_up,
                          card, state))

    def __repr__(self) -> str:
        return "Obj(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in FIELDS) + ")"

    def __getnewargs__(self) -> tuple:
        return tuple(getattr(self, name) for name in FIELDS)

    @property
    def is_card(self) -> bool:
        """True for a physical card (traditional or not)."""
        return self.kind is Kind.CARD

    @property
    def outside(self) -> bool:
        """True when the object is in no zone of any game."""
        return self.game is None

    @property
    def place(self) -> str:
        """The zone name, or ``"outside"``."""
        return OUTSIDE if self.zone is None else self.zone.value

    def is_type(self, card_type: str) -> bool:
        """True when the object has this card type (e.g. ``"creature"``)."""
        return card_type in self.card.types

    def moved(self, **changes) -> Obj:
        """Return a copy with fields changed (a faster ``dataclasses.replace``); an unknown
        field is a TypeError, as ``dataclasses.replace`` makes it."""
        values = list(self)
        card = state = None
        for key, value in changes.items():
            i = _SLOT.get(key)
            if i is not None:
                values[i] = value
            elif key in _CARD_INDEX:
                card = card or list(self.card)
                card[_CARD_INDEX[key]] = value
            elif key in _STATE_INDEX:
                state = state or list(self.state)
                state[_STATE_INDEX[key]] = value
            else:
                raise TypeError(f"Obj has no field {key!r}")
        if card is not None:
            values[_CARD_SLOT] = _shared(_new(Card, card), _CARD)
        if state is not None:
            values[_STATE_SLOT] = _shared(_new(State, state), _STATE)
        return _new(Obj, values)

    def entering(self, game: int | None, zone: Zone | None, order: int,
                 controller: str | None, face_up: bool, targets: tuple[str, ...],
                 left_from: int | None, moment: int | None = None) -> Obj:
        """This card or object as the new object it becomes in another place (CR 400.7), at
        position ``order``, controlled by ``controller`` (None off the battlefield and the
        stack): untapped, undamaged, unattached, phased in, without counters, and with no
        memory of a loyalty activation. ``left_from`` is the game it left when it goes outside
        every game; ``moment`` the event it enters in (default: ``order``, an event of its
        own)."""
        if controller is None and not targets and left_from is None:
            state = _STATE
        else:
            state = _new(State, (controller, controller if zone is Zone.BATTLEFIELD else None,
                                 targets, left_from, False, False, False, None, None, None, None,
                                 0, ()))
        return _new(Obj, (self[0], self[1], self[2], self[3], game, zone, order,
                          order if moment is None else moment, controller, face_up,
                          self[_CARD_SLOT], state))

    def label(self) -> str:
        """A short human label: name, and the id when it differs."""
        return self.name if self.name == self.id else f"{self.name} [{self.id}]"


_new = tuple.__new__
_CARD, _STATE = Card(), State()
"""The records most objects share: a card with no characteristics of note, a state as a move
leaves it off the battlefield and the stack."""


def _shared(record: tuple, default: tuple) -> tuple:
    """``default`` when ``record`` equals it (one record shared by every such object)."""
    return default if record == default else record


_SLOT = {name: i for i, name in enumerate(_Slots._fields) if name not in ("card", "state")}
_CARD_SLOT, _STATE_SLOT = _Slots._fields.index("card"), _Slots._fields.index("state")
_CARD_INDEX = {name: i for i, name in enumerate(Card._fields)}
_STATE_INDEX = {name: i for i, name in enumerate(State._fields)}
for _name in Card._fields:
    setattr(Obj, _name, property(attrgetter(f"card.{_name}"),
                                 doc=f"``{_name}`` (kept from zone to zone, ``Card``)."))
for _name in State._fields:
    setattr(Obj, _name, property(attrgetter(f"state.{_name}"),
                                 doc=f"``{_name}`` (reset by a move, ``State``)."))
del _name

FIELDS = tuple(Obj.__new__.__code__.co_varnames[1:Obj.__new__.__code__.co_argcount])
"""The fields of an object, as ``Obj(...)`` takes them, in order."""
_DEFAULTS = dict(zip(FIELDS[-len(Obj.__new__.__defaults__):], Obj.__new__.__defaults__,
                     strict=True))


def _as_dataclass() -> None:
    """Give ``Obj`` the field descriptions ``dataclasses`` reads (``records.as_dataclass``
    for a record whose fields are its constructor's arguments)."""
    annotations = {name: Obj.__new__.__annotations__[name] for name in FIELDS}
    spec = {"__annotations__": annotations, **_DEFAULTS}
    Obj.__dataclass_fields__ = dataclasses.dataclass(frozen=True)(
        type("Obj", (), spec)).__dataclass_fields__


_as_dataclass()


# -- ids as views list them ------------------------------------------------------------------

ANONYMOUS_ID = re.compile(r"(.+)#(\d+)\Z")
"""The id of an unnamed library card: ``Alex#12`` (its owner, then its number)."""
RANGE_MIN = 3
"""This many consecutive unnamed cards (``Alex#1``, ``Alex#2``, ``Alex#3``) make one range."""


def anonymous(oid: str) -> tuple[str, int] | None:
    """``(owner, number)`` when ``oid`` is the id of an unnamed library card (``ANONYMOUS_ID``:
    ``Alex#12`` gives ``("Alex", 12)``), else None. The regular expression's answer, read
    without it (views parse every id of a whole library moved at once).

    >>> anonymous("Alex#12"), anonymous("angel"), anonymous("#3"), anonymous("a#1b")
    (('Alex', 12), None, None, None)
    """
    owner, sep, number = oid.rpartition("#")
    if not sep or not owner or not number.isdecimal() or "\n" in owner:
        return None  # ``(.+)``: one character or more, no line break; ``(\d+)\Z``: digits
    return owner, int(number)


def id_key(oid: str) -> tuple:
    """Sort key for listing ids: named objects first (by id), then unnamed library cards by
    owner and number (``Alex#2`` before ``Alex#10``)."""
    parsed = anonymous(oid)
    return (1, parsed[0], parsed[1], oid) if parsed else (0, oid, 0, oid)


def compress_ids(ids: Sequence[str]) -> str:
    """Object ids in the order given, runs of consecutive unnamed library cards as ranges.

    >>> compress_ids(["Alex#1", "Alex#2", "Alex#3", "angel", "Alex#7", "Alex#6"])
    'Alex#1–Alex#3, angel, Alex#7, Alex#6'
    """
    out: list[str] = []
    run: list[tuple[str, int]] = []

    def flush() -> None:
        if len(run) >= RANGE_MIN:
            out.append(f"{run[0][0]}#{run[0][1]}–{run[-1][0]}#{run[-1][1]}")
        else:
            out.extend(f"{p}#{n}" for p, n in run)
        run.clear()

    for oid in ids:
        parsed = anonymous(oid)
        if parsed and run and parsed[0] == run[-1][0] and parsed[1] == run[-1][1] + 1:
            run.append(parsed)
            continue
        flush()
        if parsed:
            run.append(parsed)
        else:
            out.append(oid)
    flush()
    return ", ".join(out)
