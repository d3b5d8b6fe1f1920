"""Laelia, the Blade Reforged: a creature that grows when cards are exiled from
its controller's library or graveyard (CR 603.2, 122.1a: +1/+1 counters, layer 7c).

Oracle text: "Haste / Whenever Laelia, the Blade Reforged attacks, exile the top card of your
library. You may play that card this turn. / Whenever one or more cards are put into exile from
your library and/or your graveyard, put a +1/+1 counter on Laelia."

Modelled: haste (a keyword) and the last ability, which triggers once per event however many
cards it moves ("one or more", CR 603.2c). Not modelled: the attack trigger (exiling the top
card and playing it this turn), which no scenario needs.

Under the 2003 rules (CR 506.3) each library is "removed from the game face down" as a subgame
starts; the engine's exile is that edition's "removed from the game", so the ability triggers
there (held until the subgame is completed, CR 506.2). Under CR 726.2 the library moves straight
to the subgame library: nothing is exiled and it does not trigger."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..engine.triggers import fire, first_in_event
from ..engine.zones import Zone
from ..rules import modifiers

NAME = "Laelia, the Blade Reforged"
KIND = "laelia_counter"


def _watch(tx: Tx, gid: int, laelia: Obj, before: Obj | None, after: Obj | None) -> None:
    """A card of Laelia's controller put into game ``gid``'s exile from their library or
    graveyard of ``gid``; one trigger for every card the same event moves."""
    if before is None or after is None or not before.is_card:
        return
    if before.game != gid or before.zone not in (Zone.LIBRARY, Zone.GRAVEYARD):
        return
    if after.game != gid or after.zone is not Zone.EXILE or before.owner != laelia.controller:
        return
    if not first_in_event(tx, laelia, KIND):
        return
    face = "" if after.face_up else " face down"
    fire(tx, gid, laelia, f"Laelia: cards were put into exile{face} from your "
         f"{before.zone.value}; put a +1/+1 counter on Laelia", KIND, (laelia.id, laelia.order))


def _counter(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The ability resolves: a +1/+1 counter on Laelia, if she is still the same permanent
    (CR 400.7: a new object otherwise)."""
    tx.step("608.2c", FOLLOWS)
    oid, order = dict(top.extra).get("data") or (None, None)
    laelia = tx.world.objects.get(oid)
    if laelia is None or laelia.zone is not Zone.BATTLEFIELD or laelia.order != order:
        tx.note("Laelia has left the battlefield: no counter is put on anything (CR 400.7).")
        return
    modifiers.add_counters(tx, laelia.id, "+1/+1", 1)


LAELIA = register(CardDef(
    NAME, ("legendary", "creature"),
    "Haste\nWhenever Laelia, the Blade Reforged attacks, exile the top card of your library. You "
    "may play that card this turn.\nWhenever one or more cards are put into exile from your "
    "library and/or your graveyard, put a +1/+1 counter on Laelia.", 2, 2,
    subtypes=("spirit", "warrior"), keywords=("haste",), behaviour="laelia",
    watch=_watch, abilities={KIND: _counter}))
"""Laelia's registered definition."""
