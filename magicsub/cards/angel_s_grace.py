"""Angel's Grace (Time Spiral): an instant whose effect lasts this turn: its controller can't lose
the game and their opponents can't win it until the cleanup step ends "this turn" effects
(CR 514.2; then CR 514.3a checks state-based actions: the Gatherer ruling of 2006-09-25, "After
the effect wears off during the cleanup step, you'll lose the game if your total is 0 or less").
Its last sentence is a replacement effect on damage (CR 614.1a, ``damage.floor_for``) that ends
with the rest in the cleanup step. Split second (CR 702.61a) is printed here; this engine has no
responses to forbid."""

from __future__ import annotations

from ..engine import damage
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..rules import outcomes

NAME = "Angel's Grace"
TEXT = ("Split second (As long as this spell is on the stack, players can't cast spells or "
        "activate abilities that aren't mana abilities.)\n"
        "You can't lose the game this turn and your opponents can't win the game this turn. "
        "Until end of turn, damage that would reduce your life total to less than 1 reduces it "
        "to 1 instead.")


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """"You can't lose the game this turn and your opponents can't win the game this turn"
    ("you": the spell's controller, CR 109.5; its opponents: the other players in the game)."""
    you = top.controller
    game = tx.game(gid)
    tx.step("608.2c", FOLLOWS)
    outcomes.begin(tx, gid, NAME, ((you, outcomes.LOSE),) + tuple(
        (p, outcomes.WIN) for p in game.in_game if p != you))
    damage.floor_for(tx, gid, you, NAME)


register(CardDef(NAME, ("instant",), TEXT, keywords=("split second",),
                 behaviour="angels_grace", resolve=_resolve))
