"""Cards with no behaviour beyond their printed facts and keyword abilities, sharing one module:
Serra Angel, Runeclaw Bears, Assault Griffin, Grizzly Bears, Pillarfield Ox, Silvercoat Lion,
Myr (the name of the token Genesis Chamber creates), two legendary creatures with no abilities
that the book plays as commanders (Yargle, Glutton of Urborg, {4}{B} 9/3, the one that deals 21
commander damage in three hits, CR 903.10a; Isamaru, Hound of Konda, {W} 2/2) and the five basic
lands (Plains, Island, Swamp, Mountain, Forest). Each is
registered for its types, power/toughness and keywords (flying, vigilance: CR 702.9, 702.20) —
none resolves, triggers or watches anything.

A basic land's one ability is the mana ability of its land type (CR 305.6, "({T}: Add {G}.)"),
and magicsub models no mana: no cost is paid in any scenario, so a Forest here plays as every
other card's costs do. Registered, a name is a card magicsub knows: a scenario naming it gets
no warning (``game.unknown_card``).
"""

from __future__ import annotations

from ..engine.registry import CardDef, register

VANILLA = tuple(register(card) for card in (
    CardDef("Serra Angel", ("creature",), "Flying, vigilance", 4, 4,
            keywords=("flying", "vigilance")),
    CardDef("Runeclaw Bears", ("creature",), "", 2, 2),
    CardDef("Assault Griffin", ("creature",), "Flying", 3, 2, keywords=("flying",)),
    CardDef("Grizzly Bears", ("creature",), "", 2, 2),
    CardDef("Pillarfield Ox", ("creature",), "", 2, 4, subtypes=("ox",)),
    CardDef("Silvercoat Lion", ("creature",), "", 2, 2, subtypes=("cat",)),
    CardDef("Myr", ("artifact", "creature"), "", 1, 1),
    CardDef("Yargle, Glutton of Urborg", ("legendary", "creature"), "", 9, 3,
            subtypes=("frog", "spirit")),
    CardDef("Isamaru, Hound of Konda", ("legendary", "creature"), "", 2, 2, subtypes=("dog",)),
    *(CardDef(name, ("basic", "land"), f"({{T}}: Add {{{mana}}}.)", subtypes=(name.lower(),))
      for name, mana in (("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                         ("Forest", "G"))),
))
"""The vanilla cards' registered definitions."""
