"""The card registry: every card the engine knows by name, with its Oracle text and behaviour.

Any other name is a card magicsub does not know (``game.unknown_card``), played with no abilities,
of the types a scenario gives. ONE MODULE PER CARD: everything one card does lives in its own
module of this package (``magicsub/cards/mind_control.py``): its
printed facts (Oracle text, types, power/toughness), what its one target must be, what it does
as it resolves, the resolvers of the abilities it creates, its triggered abilities (``watch``)
and, for a card that creates a subgame, what its text says of that subgame (``Subgame``),
all registered with ``register(CardDef(...))`` when the module is imported. Cards with no
behaviour beyond their keywords share ``vanilla.py``.

``load_all()`` imports every card module (``magicsub.game`` calls it). A card module may import
the rules modules (``magicsub.engine.resolution`` exports the helpers cards use: ``fizzle``,
``final_part``, ``FOLLOWS``, ``bring_in``, ``copy_spell``, ...); the rules modules never import a
card module and never name a card: they look cards up here (``lookup``, ``ability``,
``watching``) and call what the card registered.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .objects import Kind, Obj

Resolver = Callable[..., None]
"""``resolve(tx, gid, top, choose, target)``: what a spell or ability does as it resolves."""
Finisher = Callable[..., None]
"""``after(tx, gid, source, sub)``: the rest of a resolving spell's instructions once the
subgame ``sub`` it created has ended (CR 726.5); ``source`` is the spell (None: it no longer
exists), ``gid`` the main game."""
Watcher = Callable[..., None]
"""``watch(tx, gid, source, before, after)``: a triggered ability of ``source`` (on the
battlefield of game ``gid``) looks at one object's move (``before``/``after`` None: created or
ceased to exist)."""
Gives = Callable[..., tuple[str, ...]]
"""``gives(source, obj)``: the keyword abilities a static ability of the permanent ``source``
gives the object ``obj`` of its game now (``()``: none)."""
Static = Callable[..., None]
"""``static(tx, gid, permanent)``: the static abilities of ``permanent`` (on the battlefield of
game ``gid``) start the continuous effects the engine records (``effects.add(...,
static=True)``): called whichever way it arrives on the battlefield (CR 611.3a, 611.3c) and for
the permanents set up in place; it must do nothing when its effects are in place already."""


@dataclass(frozen=True)
class Subgame:
    """What a card that creates a subgame says of that subgame (CR 726.1b: "except as defined
    by the effect that created the subgame"): one effect, with Shahrazad, Enter the Dungeon, The
    Countdown Is at One and Tug of War as its instances.

    ``life``: the starting life total of every player of the subgame (None: the game's usual,
    CR 103.4); ``set_aside``: how many permanent cards with different names each player may set
    aside from their library as the libraries are shuffled (CR 726.2) and put onto the subgame
    battlefield after the mulligans (Tug of War: "up to three"; 0: none); ``keeps``: how many of
    the cards they set aside the winner puts onto the main-game battlefield as the subgame ends,
    instead of CR 726.5 shuffling them into their library (Tug of War: one); ``finds``: how many
    cards the winner searches their library for afterwards (Enter the Dungeon: two; its
    ``after`` does it); ``after``: the rest of its instructions, followed in the main game once
    the subgame has ended (CR 726.5, the spell "finishes resolving"), with ``sub.winner`` the
    winner (None: a draw, nobody won).
    """

    life: int | None = None
    set_aside: int = 0
    keeps: int = 0
    finds: int = 0
    after: Finisher | None = None


@dataclass(frozen=True)
class CardDef:
    """A card the engine knows by name: its printed facts and its behaviour.

    ``target`` names what its one target must be (``"creature"``, ``"opponent"``, ``"spell"``:
    ``resolution.target_kinds()``; None: no target). ``resolve`` is what the spell does (None: a
    permanent spell becomes a permanent, CR 608.3a; any other does nothing the engine records).
    ``abilities`` maps the behaviour of each triggered, activated or delayed ability the card
    creates to its resolver. ``watch`` checks its triggered abilities when an object moves;
    ``events`` maps a moment the core announces (``CARD_EVENTS``) to what its triggered
    abilities do then. ``subgame``: resolving it starts a subgame (the core's ``play_subgame``
    moment, ``rules.subgame.start_subgame``; casting or copying it is refused when the subgame
    would be nested too deep), and says what its text defines of that subgame (``Subgame``,
    CR 726.1b). ``grants``
    are the keyword abilities its control effects give the object they apply to ("It gains
    haste until end of turn"). ``behaviour`` names what the card does (a label for tests and
    readers; the engine never dispatches on it).

    ``static`` starts the effects of its static abilities that the engine records (a control
    effect: Mind Control's "You control enchanted creature"), see ``Static``; a static ability
    whose effect is computed each time it is asked for (Glorious Anthem's,
    ``characteristics.static``) needs none. An effect ``static`` starts lasts while the
    permanent is on the battlefield and is ignored while it is phased out (CR 611.3b, 702.26b).
    ``gives`` is a static ability that gives keyword abilities (Concordant Crossroads: "All
    creatures have haste."), asked each time an object's keywords are (CR 611.3a), see
    ``Gives``. ``enchant`` is what an Aura can enchant (its enchant ability, CR 702.5a,
    303.4a): ``"creature"`` or ``"player"``. ``copies`` is the id of the copy resolving it
    puts onto the stack, a template over its ``target`` (Fork's ``"{target}-copy"``, CR 707.10;
    a taken id gets ``-2``, ``-3``...: ``Tx.fresh_id``), so a scenario's later steps can name it.
    """

    name: str
    types: tuple[str, ...]
    text: str = ""
    power: int | None = None
    toughness: int | None = None
    behaviour: str | None = None
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    target: str | None = None
    resolve: Resolver | None = None
    abilities: Mapping[str, Resolver] = field(default_factory=dict)
    watch: Watcher | None = None
    events: Mapping[str, Callable[..., None]] = field(default_factory=dict)
    subgame: Subgame | None = None
    grants: tuple[str, ...] = ()
    static: Static | None = None
    gives: Gives | None = None
    enchant: str | None = None
    copies: str | None = None

    @property
    def starts_subgame(self) -> bool:
        """Whether resolving it starts a subgame (CR 726.1)."""
        return self.subgame is not None


_CARDS: dict[str, CardDef] = {}
CARD_EVENTS = {
    "cycled": "a player cycled a card (CR 702.29a); the handler gets (tx, gid, source, player, "
              "card): the player and the cycled card's id",
}
"""The moments the core announces to cards (``CardDef.events``), with their arguments. The first
argument after ``source`` is always the player the event involves (CR 801.7: a triggered ability
triggers only on an event within its controller's range of influence)."""

_ORIGIN: dict[str, str] = {}
_ABILITIES: dict[str, Resolver] = {}
_WATCHING: frozenset[str] = frozenset()
_LISTENING: dict[str | None, frozenset[str]] = {}
_TRIGGERING: frozenset[str] = frozenset()
_GIVING: frozenset[str] = frozenset()
BUILTIN: Mapping[str, CardDef] = MappingProxyType(_CARDS)
"""The built-in cards by exact name (read-only; ``register`` adds one)."""

KNOWN_TYPES = frozenset({"creature", "artifact", "enchantment", "land", "instant", "sorcery",
                         "planeswalker", "legendary", "battle", "kindred", "plane", "phenomenon",
                         "scheme", "vanguard", "conspiracy", "attraction", "contraption",
                         "dungeon", "world", "basic", "snow"})


def register(card: CardDef) -> CardDef:
    """Add a built-in card (called once by its module). A second card of one name, a second
    resolver for one ability behaviour, or a resolver that is not callable is a programming
    error (ValueError)."""
    if not isinstance(card, CardDef) or not card.name:
        raise ValueError(f"register takes a CardDef with a name, not {card!r}")
    if card.name in _CARDS:
        raise ValueError(f"card {card.name!r} is registered twice (first by "
                         f"{_ORIGIN[card.name]})")
    for behaviour, resolver in card.abilities.items():
        if not behaviour or not callable(resolver):
            raise ValueError(f"{card.name}: ability behaviour {behaviour!r} needs a callable "
                             "resolver")
        if behaviour in _ABILITIES:
            raise ValueError(f"{card.name}: ability behaviour {behaviour!r} is registered twice")
    if card.enchant not in (None, "creature", "player"):
        raise ValueError(f"{card.name}: enchant must be 'creature' or 'player', not "
                         f"{card.enchant!r}")
    for what in ("resolve", "watch", "static", "gives"):
        fn = getattr(card, what)
        if fn is not None and not callable(fn):
            raise ValueError(f"{card.name}: {what} must be callable, not {fn!r}")
    if card.subgame is not None:
        _check_subgame(card.name, card.subgame)
        if card.resolve is not None:
            raise ValueError(f"{card.name}: resolving a card that creates a subgame starts it "
                             "(subgame); it has no resolve of its own")
    for event, handler in card.events.items():
        if event not in CARD_EVENTS or not callable(handler):
            raise ValueError(f"{card.name}: unknown card event {event!r} (or its handler is not "
                             f"callable); the core announces {', '.join(CARD_EVENTS)}")
    _CARDS[card.name] = card
    _ORIGIN[card.name] = _caller_module()
    _ABILITIES.update(card.abilities)
    _index()
    return card


def _check_subgame(name: str, sub: Subgame) -> None:
    """Refuse a ``Subgame`` that is not one (a programming error: ValueError)."""
    if not isinstance(sub, Subgame):
        raise ValueError(f"{name}: subgame must be a Subgame, not {sub!r}")
    if sub.after is not None and not callable(sub.after):
        raise ValueError(f"{name}: subgame after must be callable, not {sub.after!r}")
    if sub.life is not None and (not isinstance(sub.life, int) or sub.life < 1):
        raise ValueError(f"{name}: a subgame's starting life is a whole number from 1")
    for what in ("set_aside", "keeps", "finds"):
        if not isinstance(getattr(sub, what), int) or getattr(sub, what) < 0:
            raise ValueError(f"{name}: subgame {what} is a number of cards from 0")
    if sub.keeps > sub.set_aside:
        raise ValueError(f"{name}: the winner keeps only cards that were set aside")


def unregister(name: str) -> None:
    """Take back a card ``register`` added (a test's own card), with its abilities' resolvers.
    An unknown name is a programming error (KeyError)."""
    card = _CARDS.pop(name)
    _ORIGIN.pop(name, None)
    for behaviour in card.abilities:
        _ABILITIES.pop(behaviour, None)
    _index()


def _index() -> None:
    """Recompute which cards watch moves and listen to the core's moments."""
    global _WATCHING, _TRIGGERING
    _WATCHING = frozenset(name for name, c in _CARDS.items() if c.watch is not None)
    for event in CARD_EVENTS:
        _LISTENING[event] = frozenset(n for n, c in _CARDS.items() if event in c.events)
    _LISTENING[None] = frozenset(n for n, c in _CARDS.items() if c.events)
    global _TRIGGERING, _GIVING
    _TRIGGERING = _WATCHING | _LISTENING[None]
    _GIVING = frozenset(name for name, c in _CARDS.items() if c.gives is not None)


def register_ability(behaviour: str, resolver: Resolver) -> None:
    """Register the resolver of an ability a rules module creates (not a card's: cycling's "Draw
    a card", CR 702.29a); a second resolver for one behaviour is a programming error."""
    if behaviour in _ABILITIES and _ABILITIES[behaviour] is not resolver:
        raise ValueError(f"ability behaviour {behaviour!r} is registered twice")
    _ABILITIES[behaviour] = resolver


def origin(name: str) -> str | None:
    """The module that registered the card ``name`` (None: not registered)."""
    return _ORIGIN.get(name)


def _caller_module() -> str:
    frame = sys._getframe(2)
    return frame.f_globals.get("__name__", "?")


def giving() -> frozenset[str]:
    """The names of the registered cards with a static ability that gives keywords
    (``CardDef.gives``)."""
    return _GIVING


def lookup(name: str) -> CardDef | None:
    """Return the built-in definition of ``name``, or None for a card magicsub does not know."""
    return _CARDS.get(name)


def subgame_of(obj: Obj | None) -> Subgame | None:
    """What the card of the spell ``obj`` defines of the subgame resolving it creates (CR
    726.1b); None when ``obj`` is missing, an ability, or a spell whose card creates none."""
    card = lookup(obj.name) if obj is not None and obj.kind is not Kind.ABILITY else None
    return card.subgame if card is not None else None


def watching() -> frozenset[str]:
    """The names of the registered cards that have a ``watch`` (triggered abilities)."""
    return _WATCHING


def listening(event: str | None) -> frozenset[str]:
    """The names of the registered cards with a handler of ``event`` (None: of any event)."""
    return _LISTENING.get(event, frozenset())


def triggering() -> frozenset[str]:
    """The names of the registered cards with triggered abilities (a ``watch`` or ``events``)."""
    return _TRIGGERING


def ability(behaviour: str) -> Resolver | None:
    """The resolver of a triggered, activated or delayed ability's ``behaviour``."""
    return _ABILITIES.get(behaviour)
