"""Built-in cards: the subgame cards and the cards of the rules' examples, with their Oracle text.

Any other name is a vanilla card of the types a scenario gives. Each built-in card lives in one
module of this package (``magicsub/cards/mind_control.py``): its printed facts and what it does,
registered with ``register(CardDef(...))`` when the module is imported. ``load_all()`` imports
every card module (``magicsub.game`` calls it), so the rules modules only ever look cards up
here and never import a card.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

Resolver = Callable[..., None]
"""``resolve(tx, gid, top, choose, target)``: what a spell or ability does as it resolves."""
Watcher = Callable[..., None]
"""``watch(tx, gid, source, before, after)``: a triggered ability of ``source`` (on the
battlefield of game ``gid``) looks at one object's move (``before``/``after`` None: created or
ceased to exist)."""


@dataclass(frozen=True)
class CardDef:
    """A card the engine knows by name: its printed facts and its behaviour.

    ``target`` names what its one target must be (``"creature"``, ``"opponent"``, ``"spell"``,
    ...; None: no target). ``resolve`` is what the spell does (None: a permanent spell becomes a
    permanent, CR 608.3a; any other does nothing the engine records). ``abilities`` maps the
    behaviour of each triggered, activated or delayed ability the card creates to its resolver.
    ``watch`` checks its triggered abilities when an object moves.
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


_DEFS = [
    CardDef("Shahrazad", ("sorcery",),
            "Players play a Magic subgame, using their libraries as their decks. Each player who "
            "doesn't win the subgame loses half their life, rounded up.", behaviour="shahrazad"),
    CardDef("Fork", ("instant",),
            "Copy target instant or sorcery spell, except that the copy is red. You may choose new "
            "targets for the copy.", behaviour="fork"),
    CardDef("Living Wish", ("sorcery",),
            "You may reveal a creature or land card you own from outside the game and put it into "
            "your hand. Exile Living Wish.", behaviour="living_wish"),
    CardDef("Syr Konrad, the Grim", ("legendary", "creature"),
            "Whenever another creature dies, or a creature card is put into a graveyard from "
            "anywhere other than the battlefield, or a creature card leaves your graveyard, Syr "
            "Konrad, the Grim deals 1 damage to each opponent.", 5, 4, behaviour="syr_konrad"),
    CardDef("Mind Control", ("enchantment",),
            "Enchant creature. You control enchanted creature.", behaviour="mind_control",
            subtypes=("aura",)),
    CardDef("Act of Treason", ("sorcery",),
            "Gain control of target creature until end of turn. Untap that creature. It gains "
            "haste until end of turn.", behaviour="act_of_treason"),
    CardDef("Bribery", ("sorcery",),
            "Search target opponent's library for a creature card and put that card onto the "
            "battlefield under your control. Then that player shuffles.", behaviour="bribery"),
    CardDef("Genesis Chamber", ("artifact",),
            "Whenever a nontoken creature enters, if Genesis Chamber is untapped, that creature's "
            "controller creates a 1/1 colorless Myr artifact creature token.",
            behaviour="genesis_chamber"),
    CardDef("Astral Slide", ("enchantment",),
            "Whenever a player cycles a card, you may exile target creature. If you do, return "
            "that card to the battlefield under its owner's control at the beginning of the next "
            "end step.", behaviour="astral_slide"),
    CardDef("Serra Angel", ("creature",), "Flying, vigilance", 4, 4,
            keywords=("flying", "vigilance")),
    CardDef("Runeclaw Bears", ("creature",), "", 2, 2),
    CardDef("Assault Griffin", ("creature",), "Flying", 3, 2, keywords=("flying",)),
    CardDef("Hypnotic Specter", ("creature",),
            "Flying. Whenever Hypnotic Specter deals damage to an opponent, that player discards "
            "a card at random.", 2, 2, keywords=("flying",)),
    CardDef("Grizzly Bears", ("creature",), "", 2, 2),
    CardDef("Myr", ("artifact", "creature"), "", 1, 1),
]

_CARDS: dict[str, CardDef] = {d.name: d for d in _DEFS}
_ABILITIES: dict[str, Resolver] = {}
_WATCHING: frozenset[str] = frozenset()
BUILTIN: Mapping[str, CardDef] = MappingProxyType(_CARDS)
"""The built-in cards by exact name (read-only; ``register`` adds one)."""

KNOWN_TYPES = frozenset({"creature", "artifact", "enchantment", "land", "instant", "sorcery",
                         "planeswalker", "legendary", "battle", "kindred", "plane", "phenomenon",
                         "scheme", "vanguard", "conspiracy", "attraction", "contraption",
                         "dungeon"})


def register(card: CardDef) -> CardDef:
    """Add a built-in card (called once by its module); a second card of one name, or a second
    resolver for one ability behaviour, is a programming error."""
    old = _CARDS.get(card.name)
    if old is not None and old != card:
        raise ValueError(f"card {card.name!r} is registered twice")
    _CARDS[card.name] = card
    global _WATCHING
    _WATCHING = frozenset(name for name, c in _CARDS.items() if c.watch is not None)
    for behaviour, resolver in card.abilities.items():
        if _ABILITIES.get(behaviour, resolver) is not resolver:
            raise ValueError(f"ability behaviour {behaviour!r} is registered twice")
        _ABILITIES[behaviour] = resolver
    return card


def lookup(name: str) -> CardDef | None:
    """Return the built-in definition of ``name``, or None for a vanilla card."""
    return _CARDS.get(name)


def watching() -> frozenset[str]:
    """The names of the registered cards that have a ``watch`` (triggered abilities)."""
    return _WATCHING


def ability(behaviour: str) -> Resolver | None:
    """The resolver of a triggered, activated or delayed ability's ``behaviour``."""
    return _ABILITIES.get(behaviour)


def load_all() -> tuple[str, ...]:
    """Import every card module of this package (sorted by name); return their names."""
    names = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)
                         if not m.name.startswith("_")))
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return names
