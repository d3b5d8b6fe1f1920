"""Damage dealt to a player, the one place it is dealt (CR 120.3a), and the replacement effects
of one game that change it (CR 614.1a, "instead").

Combat damage, a spell's damage and an ability's damage all come here (``deal``, or
``deal_at_once`` for the damage several sources deal at the same time, CR 510.2). Before a player
loses life, the damage replacement effects of the game it is dealt in apply
(``DamageReplacement``, created by ``double_for``): "if a source would deal damage to [a player],
it deals double that damage to that player instead". Each is a step citing CR 614.1a that names
the card that created it. Damage dealt to a player causes that player to lose that much life
(CR 120.3a: the damage actually dealt, after the replacement), and lifelink gains that much life
(CR 702.15b, the caller's: ``deal`` returns the damage dealt).

An effect lives in the game it was created in (CR 726.1b): one of the main game means nothing in
its subgame, and one created in a subgame ends with it (``end_with_game``). When two apply to
one player, that player chooses the order (CR 616.1); each doubles once (CR 614.5), so any order
gives the same damage (x2 then x2 is x4): the engine applies them oldest first and says so.
A player who has left the game is dealt no damage (CR 800.4a: nothing is recorded).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from .changes import ReplacementChange
from .errors import RulesError
from .limits import joined, shown
from .state import DamageReplacement, GameState
from .state import game_name as _where
from .transaction import Tx

Hit = tuple[str, str, int]
"""Damage one source would deal to one player: ``(source label, player, damage)``."""
Say = Callable[[str, list[tuple[str, int]]], str]
"""The caller's note on the damage dealt to one player, once it is known: ``say(player,
[(source label, damage dealt), ...])``."""
SayAll = Callable[[dict[str, list[tuple[str, int]]]], str]
"""The caller's one note on all the damage dealt, once it is known: ``say_all({player:
[(source label, damage dealt), ...]})`` (players who are dealt none are left out)."""


def every(game: GameState) -> list[DamageReplacement]:
    """Every damage replacement effect of ``game``, oldest first."""
    return sorted(game.damage_replacements, key=lambda r: (r.order, r.id))


def applying(game: GameState, player: str) -> list[DamageReplacement]:
    """The damage replacement effects of ``game`` that multiply the damage dealt to ``player``,
    oldest first (CR 726.1b: only this game's)."""
    return [r for r in every(game) if player in r.players and not r.floor]


def floors(game: GameState, player: str) -> list[DamageReplacement]:
    """The damage replacement effects of ``game`` that keep damage from reducing ``player``'s
    life total below a floor, oldest first."""
    return [r for r in every(game) if player in r.players and r.floor]


def floors_of(game: GameState, sources: set[str]) -> list[DamageReplacement]:
    """The floor effects of ``game`` created by the cards named in ``sources``, oldest first."""
    return [r for r in every(game) if r.floor and r.source in sources]


def factor(game: GameState, player: str) -> int:
    """What damage dealt to ``player`` in ``game`` is multiplied by (1: not changed; each
    doubling effect doubles it again, CR 614.5)."""
    result = 1
    for r in applying(game, player):
        result *= r.factor
    return result


def describe(effect: DamageReplacement) -> str:
    """The effect in words: "damage dealt to Bianca is doubled (The Countdown Is at One)"."""
    names = joined(effect.players)
    if effect.floor:
        return (f"damage that would reduce {names}'s life total to less than {effect.floor} "
                f"reduces it to {effect.floor} instead ({effect.source})")
    how = "doubled" if effect.factor == 2 else f"multiplied by {effect.factor}"
    return f"damage dealt to {names} is {how} ({effect.source})"


def double_for(tx: Tx, gid: int, players: Iterable[str], source: str,
               text: str = "") -> DamageReplacement | None:
    """Start, in game ``gid``, the replacement effect "if a source would deal damage to one of
    ``players``, it deals double that damage to that player instead" for the rest of that game
    (CR 614.1a, 611.2a; CR 726.1b: in that game only). ``source`` names the card that created it,
    ``text`` says what it does (by default ``describe``'s words). Recorded as an effect beginning,
    in a step citing CR 614.1a (the step open before goes on after it). Return the effect, or
    None when ``players`` is empty (nothing begins).

    :raises RulesError: (CR 726.1a) game ``gid`` is not in progress; (CR 102.1) a name is not a
        player of that game. Nothing is recorded then.
    """
    game = tx.game(gid)
    if game.status != "in progress":
        raise RulesError("726.1a", f"{_where(gid)} is {game.status}: no effect can begin in it",
                         subject=str(gid))
    named = list(players)
    for player in named:
        if player not in game.seats:
            raise RulesError("102.1", f"{shown(player)} is not a player of {_where(gid)} "
                             f"(its players are {shown(list(game.seats))})", subject=str(player))
    chosen = tuple(p for p in game.seats if p in named)
    if not chosen:
        return None
    order = tx.next_order()
    effect = DamageReplacement(f"replacement-{order}", gid, chosen, source, "", order)
    effect = replace(effect, text=text or describe(effect))
    with tx.aside("614.1a", "are replacement effects"):
        tx.record(ReplacementChange(gid, effect.id, f"{effect.text}, for the rest of "
                                    f"{_where(gid)}", "begins", "begin", effect))
    return effect


def floor_for(tx: Tx, gid: int, player: str, source: str, floor: int = 1) -> DamageReplacement:
    """Start, in game ``gid``, the replacement effect "damage that would reduce ``player``'s
    life total to less than ``floor`` reduces it to ``floor`` instead" (CR 614.1a), recorded in
    a step citing CR 614.1a aside from the open one. Damage dealt to a player whose life is
    already below the floor reduces it as normal. The rule that made it ends it (``end``).

    :raises RulesError: (CR 102.1) ``player`` is not a player of game ``gid``.
    """
    game = tx.game(gid)
    if player not in game.seats:
        raise RulesError("102.1", f"{shown(player)} is not a player of {_where(gid)}",
                         subject=str(player))
    order = tx.next_order()
    effect = DamageReplacement(f"replacement-{order}", gid, (player,), source, "", order,
                               factor=1, floor=floor)
    effect = replace(effect, text=describe(effect))
    with tx.aside("614.1a", "are replacement effects"):
        tx.record(ReplacementChange(gid, effect.id, effect.text, "begins", "begin", effect))
    return effect


def end(tx: Tx, effect: DamageReplacement, ends: str) -> None:
    """One damage replacement effect ends (``ends``: the words of its ending), recorded in the
    open step."""
    tx.record(ReplacementChange(effect.game, effect.id, effect.text, ends, "end", effect))


def end_with_game(tx: Tx, gid: int, ends: str) -> None:
    """The damage replacement effects of game ``gid`` end with it (CR 726.1b), recorded in the
    open step; ``ends``: the words of their ending."""
    for effect in every(tx.game(gid)):
        tx.record(ReplacementChange(gid, effect.id, effect.text, ends, "end", effect))


def deal(tx: Tx, gid: int, source: str, player: str, amount: int, *,
         cite: tuple[str, str] | None = None, say: str | None = None) -> int:
    """The source ``source`` (its label) deals ``amount`` damage to ``player`` in game ``gid``
    (``deal_at_once`` with one hit; ``say`` is a template with ``{source}``, ``{n}``, the
    damage dealt, and ``{player}``). Return the damage dealt (0 to a player who has left)."""
    note = None if say is None else (
        lambda who, dealt: say.format(source=dealt[0][0], n=dealt[0][1], player=who))
    return deal_at_once(tx, gid, [(source, player, amount)], cite=cite, say=note)[0]


def deal_at_once(tx: Tx, gid: int, hits: Sequence[Hit], *,
                 cite: tuple[str, str] | None = None, say: Say | None = None,
                 say_all: SayAll | None = None) -> list[int]:
    """Sources deal damage to players of game ``gid`` at the same time (``hits``, e.g. all
    combat damage, CR 510.2, or 1 damage to each opponent). First each source's damage to each
    player is replaced by the game's damage replacement effects (CR 614.1a: a step aside from
    the caller's for each effect that applies; CR 616.1 when several apply to one player). Then
    ``cite`` (rule, matched sentence) opens the caller's step, ``say_all`` makes one note on
    all of it (even when no player is dealt damage), and each player, in the order they first
    appear in ``hits``, gets the caller's note (``say``) and loses the damage dealt to them, all
    at once (CR 120.3a: one life change). Return the damage each hit deals, in
    the order of ``hits``: 0, with nothing recorded, to a player who has left the game or
    never had a seat in it (CR 800.4a)."""
    game = tx.game(gid)
    players = [p for p in dict.fromkeys(p for _, p, _ in hits)
               if p in game.seats and game.seat(p).in_game]
    dealt: dict[str, list[tuple[str, int]]] = {}
    for player in players:
        dealt[player] = _replaced(tx, gid, player, [(s, n) for s, p, n in hits if p == player])
    if cite is not None and players:
        tx.step(*cite)
    if say_all is not None:
        tx.note(say_all(dealt))
    for player in players:
        if say is not None:
            tx.note(say(player, dealt[player]))
        total = sum(n for _, n in dealt[player] if n > 0)
        life = tx.game(gid).seat(player).life
        tx.set_life(gid, player, _floored(tx, gid, player, life, life - total))
    taken = {player: iter(amounts) for player, amounts in dealt.items()}
    return [next(taken[p])[1] if p in taken else 0 for _, p, _ in hits]


def _replaced(tx: Tx, gid: int, player: str,
              hits: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``hits`` (source, damage) to ``player`` after the damage replacement effects of game
    ``gid`` on that player applied, oldest first, each in a step citing CR 614.1a (after one
    citing CR 616.1 when there are several) aside from the caller's step."""
    effects = applying(tx.game(gid), player)
    if not effects or not any(n > 0 for _, n in hits):
        return hits
    with tx.aside("616.1" if len(effects) > 1 else "614.1a",
                  "the affected player chooses" if len(effects) > 1 else "are replacement effects"):
        if len(effects) > 1:
            tx.note(f"{len(effects)} replacement effects would change the damage dealt to "
                    f"{player}: {player}, the affected player, chooses the order. Each doubles "
                    "the damage once (CR 614.5), and doubling it one way or the other gives the "
                    "same damage, so they apply oldest first.")
        for effect in effects:
            if len(effects) > 1:
                tx.step("614.1a", "are replacement effects")
            now = []
            for source, n in hits:
                if n > 0:
                    tx.note(f"{effect.text}: {source} would deal {n} damage to {player}; it "
                            f"deals {n * effect.factor} damage to {player} instead.")
                    n *= effect.factor
                now.append((source, n))
            hits = now
    return hits


def _floored(tx: Tx, gid: int, player: str, life: int, new: int) -> int:
    """``player``'s life total after damage takes it from ``life`` to ``new``, with the game's
    floors applied (a step citing CR 614.1a aside from the caller's for each that applies)."""
    for effect in floors(tx.game(gid), player):
        if life >= effect.floor > new:
            with tx.aside("614.1a", "are replacement effects"):
                tx.note(f"{effect.text}: the damage would reduce {player}'s life total from "
                        f"{life} to {new}; it reduces it to {effect.floor} instead. The damage "
                        "is still dealt (lifelink still gains that much life).")
            new = effect.floor
    return new
