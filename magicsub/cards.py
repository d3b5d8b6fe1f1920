"""Built-in cards: the subgame cards and the cards of the CR 800.4 examples, with their Oracle text.

Any other name is a vanilla card of the types a scenario gives. What a card *does* lives in
``resolution.py`` and ``triggers.py``, keyed by ``behaviour``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardDef:
    """The printed facts of a card the engine knows by name."""

    name: str
    types: tuple[str, ...]
    text: str = ""
    power: int | None = None
    toughness: int | None = None
    behaviour: str | None = None
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()


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

BUILTIN: dict[str, CardDef] = {d.name: d for d in _DEFS}
"""The built-in cards by exact name."""

KNOWN_TYPES = frozenset({"creature", "artifact", "enchantment", "land", "instant", "sorcery",
                         "planeswalker", "legendary", "battle", "kindred", "plane", "phenomenon",
                         "scheme", "vanguard", "conspiracy", "attraction", "contraption",
                         "dungeon"})


def lookup(name: str) -> CardDef | None:
    """Return the built-in definition of ``name``, or None for a vanilla card."""
    return BUILTIN.get(name)
