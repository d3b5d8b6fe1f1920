"""Storm (CR 702.40a) and the record of the spells cast this turn it reads, which keeps the
spells of players who have left the game (CR 800.4i: "the effect can find actions that were
taken by a player who has left the game"). Under the limited range of influence option it sees
only the spells cast by players within its controller's range (CR 801.11).

The record (``GameState.cast_this_turn``) is kept in a game while a card with storm exists
anywhere in the world: every card a scenario can cast is in the world from the start, so a storm
spell always finds every spell cast before it this turn. It is emptied when a turn begins.
"""

from __future__ import annotations

from ..engine import hooks, triggers
from ..engine.objects import Kind, Obj
from ..engine.registry import BUILTIN, lookup, register_ability
from ..engine.resolution import FOLLOWS, copy_spell
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone
from .ranges import saw_this_turn


def has_storm(obj: Obj) -> bool:
    """True for a card (not a copy, not an ability) whose card has storm."""
    card = lookup(obj.name) if obj.kind is Kind.CARD else None
    return card is not None and "storm" in card.keywords


def _kept(tx: Tx) -> bool:
    names = tx.world.card_names  # every card of the world, by name: no object listed
    return any(name in names for name in _storm_names())


def _storm_names() -> frozenset[str]:
    """The names of the registered cards with storm."""
    return frozenset(name for name, card in BUILTIN.items() if "storm" in card.keywords)


@hooks.on("spell_cast")
def _cast(tx: Tx, gid: int, spell: str, player: str) -> None:
    """Record the spell cast; a spell with storm triggers (CR 702.40a: "When you cast this
    spell")."""
    if not _kept(tx):
        return
    record = tx.game(gid).cast_this_turn + ((spell, player),)
    tx.fact(gid, "cast_this_turn", record, f"spells cast this turn in {_where(gid)}: "
            f"{len(record)} (the latest {tx.obj(spell).label()}, by {player})")
    obj = tx.obj(spell)
    if has_storm(obj):
        tx.step("702.40a", "When you cast this spell, copy it for each other spell")
        triggers.fire(tx, gid, obj, f"Storm: copy {obj.name} for each other spell cast before "
                      "it this turn", "storm", (spell,))


@hooks.on("turn_begins")
def _new_turn(tx: Tx, gid: int, player: str) -> None:
    """"This turn": a new turn starts a new record."""
    if tx.game(gid).cast_this_turn:
        tx.fact(gid, "cast_this_turn", (), f"a new turn in {_where(gid)}: no spell has been cast "
                "this turn")


def cast_before(tx: Tx, gid: int, spell: str) -> tuple[tuple[str, str], ...]:
    """The spells cast this turn in game ``gid`` before ``spell`` (spell id, player), whoever
    cast them, in or out of the game now (CR 800.4i)."""
    record = tx.game(gid).cast_this_turn
    ids = [s for s, _ in record]
    return record[:ids.index(spell)] if spell in ids else record


def _storm(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The storm trigger resolves: one copy of the spell for each other spell cast before it this
    turn (CR 702.40a), counting the spells of players who have left (CR 800.4i)."""
    (spell,) = dict(top.extra).get("data") or (None,)
    before = cast_before(tx, gid, spell)
    unseen = [(s, p) for s, p in before if not saw_this_turn(tx.game(gid), top.controller, p)]
    if unseen:
        before = tuple(x for x in before if x not in unseen)
        tx.step("801.11", "doesn’t see objects or events outside its controller’s range")
        far = ", ".join(f"{tx.obj(s).name} ({p})" for s, p in unseen)
        tx.note(f"Storm sees only the spells cast within {top.controller}'s range of "
                f"influence: {far}, cast outside it, {'does' if len(unseen) == 1 else 'do'} "
                "not count.")
    gone = sorted({p for _, p in before if not tx.game(gid).seat(p).in_game})
    tx.step("608.2c", FOLLOWS)
    listed = ", ".join(f"{tx.obj(s).name} ({p})" for s, p in before) or "none"
    tx.note(f"Spells cast before {tx.obj(spell).label()} this turn: {len(before)} — {listed}.")
    if gone:
        tx.step("800.4i", "can find actions that were taken by a player who has left the game")
        tx.note(f"{', '.join(gone)} left the game, but the spells they cast this turn still "
                "count.")
    orig = tx.world.objects.get(spell)
    if orig is None or orig.game != gid or orig.zone is not Zone.STACK:
        tx.note(f"{tx.obj(spell).label()} is no longer on the stack: the engine makes no copy "
                "of it.")
        return
    if before:
        tx.note(f"{top.controller} keeps the original's target for each copy (the engine's "
                "recorded default; CR 702.40a lets them choose new targets).")
    for i in range(len(before)):
        copy_spell(tx, spell, top.controller, tx.fresh_id(f"{spell}-storm{i + 1}"))


register_ability("storm", _storm)
