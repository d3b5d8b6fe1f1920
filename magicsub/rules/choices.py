"""Choices, costs and information about players (CR 800.4f–800.4i), and mulligans (CR 103.5,
800.6): what happens when the player asked is still in the game, and when they have left."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import hooks
from ..engine.errors import RulesError
from ..engine.limits import listed
from ..engine.start import hand_size
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.turns import draw
from ..engine.zones import Zone

HAND_SIZE = 7
"""The starting hand size (CR 103.5: "normally seven")."""



def _counters(items) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in sorted(items)) or "none"


@dataclass(frozen=True)
class RuleChoice:
    """A rule that requires one player to make a choice (CR 800.4h: a "rule", not an object).

    ``phrase`` is the words of the paragraph that ask for the choice (quoted in the trace);
    ``what`` names the choice; ``pregame``: the rule asks only before the first turn begins;
    ``decides``: what the ``decision`` of the step sets (a ``GameState`` fact), or None;
    ``in_subgame``: the (726-numbered) rule and phrase that decide the point instead in a
    subgame, where nobody is asked (None: a subgame asks the choice like any game)."""

    phrase: str
    what: str
    pregame: bool = False
    decides: str | None = None
    in_subgame: tuple[str, str] | None = None


RULE_CHOICES: dict[str, RuleChoice] = {
    "103.1": RuleChoice("the players determine which one of them will choose who takes the "
                        "first turn", "who takes the first turn", pregame=True, decides="first",
                        in_subgame=("726.2.first", "Randomly determine which player goes first")),
}
"""The rules the engine knows to ask one player's choice, by paragraph. CR 103.1: at the start
of a game, one player (picked by coin flip, die roll, ...) chooses the starting player; CR 104.3a
lets that player concede before choosing, and CR 800.4h gives the choice to the next player. A
subgame asks nobody: "Randomly determine which player goes first" (CR 726.2; 723.2 and 506.4 in
the older editions say the same)."""


def _rule_choice(tx: Tx, gid: int, rule: str | None, player: str) -> RuleChoice:
    """The known rule ``rule`` names (CR 800.4h needs a rule that asks a player's choice)."""
    if rule is None:
        raise RulesError("800.4h", f"a choice a rule asks of {player} names that rule (rule:, "
                         f"one of {', '.join(sorted(RULE_CHOICES))})", subject=player)
    if not tx.edition.knows(rule):
        raise RulesError(rule, f"CR edition {tx.edition.number} has no rule {rule}", subject=rule)
    known = RULE_CHOICES.get(rule)
    if known is None:
        raise RulesError(rule, f"rule {rule} is not a rule the engine knows to ask one player's "
                         f"choice (it knows {', '.join(sorted(RULE_CHOICES))})", subject=rule)
    if known.pregame and not tx.game(gid).pregame:
        raise RulesError(rule, f"rule {rule} asks {known.what} at the start of a game; "
                         f"{_where(gid)} has begun its first turn", subject=rule)
    game = tx.game(gid)
    if known.in_subgame is not None and game.parent is not None:
        cite = tx.edition.cite(*known.in_subgame)
        raise RulesError(cite.rule, f"nobody chooses {known.what} in {_where(gid)}: CR "
                         f"{cite.rule} replaces rule {rule}'s choice in a subgame (“{cite.text}”); "
                         f"{game.first} was determined at random as its starting player",
                         subject=player)
    return known


def _decide(tx: Tx, gid: int, rule: str, known: RuleChoice | None, who: str,
            decision: str | None) -> None:
    """Record the decision ``who`` made for the rule (CR 103.1: the starting player)."""
    if decision is None:
        return
    game = tx.game(gid)
    if known is None or known.decides is None:
        raise RulesError(rule or "800.4", "this choice records no decision (decision: is for a "
                         "rule's choice of a player, CR 103.1)", subject=decision)
    if decision not in game.seats or not game.seat(decision).in_game:
        raise RulesError(rule, f"{decision} is not a player still in {_where(gid)}: {who} "
                         f"cannot choose them for {known.what}", subject=decision)
    tx.fact(gid, known.decides, decision, f"{who} chooses {decision}: {decision} takes the "
            "first turn, and turn order proceeds clockwise from them (CR 103.1)")


def choice(tx: Tx, player: str, kind: str, obj: str | None, chooser: str | None,
           rule: str | None = None, decision: str | None = None) -> None:
    """An object (or, for ``kind="rule"``, the rule ``rule``) requires ``player`` to pay a cost
    or choose; ``decision`` is what a rule's choice decides (CR 103.1: the starting player)."""
    gid = tx.world.current
    game = tx.game(gid)
    if player not in game.seats:
        raise RulesError("800.4", f"{player} is not a player of {_where(gid)}", subject=player)
    if kind != "rule" and rule is not None:
        raise RulesError("800.4g" if kind == "choice" else "800.4f", f"a {kind} is asked by an "
                         f"object, not by a rule ({rule}): name it with object:", subject=rule)
    known = _rule_choice(tx, gid, rule, player) if kind == "rule" else None
    if known is None and decision is not None:
        _decide(tx, gid, rule, None, player, decision)
    source = tx.obj(obj) if obj else None
    if kind == "rule" and source is not None:
        raise RulesError("800.4h", f"a choice rule {rule} asks is not asked by an object "
                         f"({source.label()})", subject=obj)
    if kind != "rule" and source is None:
        raise RulesError("608.2d", f"a {kind} needs the object that requires it", subject=player)
    if source is not None and source.game != gid:
        raise RulesError("726.1b", f"{source.label()} is not in {_where(gid)}", subject=obj)
    present = game.seat(player).in_game
    what = source.label() if source else f"rule {rule}"
    if present:
        from .control import decider

        who = decider(tx.world, gid, player)
        if who != player:
            if chooser not in (None, who):
                raise RulesError("720.5", f"{who} controls {player} and makes this choice for "
                                 f"them, not {chooser}", subject=chooser)
            tx.step("720.5", "a player makes all choices and decisions the controlled player")
            act = f"chooses whether {player} pays the cost" if kind == "cost" else \
                "makes the choice"
            tx.note(f"{who} controls {player}: {who} {act} for {what}, with {player}'s "
                    "resources (CR 720.5a).")
            if known is not None:
                _decide(tx, gid, rule, known, who, decision)
            return
        if chooser not in (None, player):
            raise RulesError("608.2d" if kind != "rule" else rule, f"{player} is still in "
                             f"the game and makes this choice themself, not {chooser}",
                             subject=chooser)
        if known is not None:
            tx.step(rule, known.phrase)
            tx.note(f"{player} is in the game: {player} chooses {known.what}.")
            _decide(tx, gid, rule, known, player, decision)
            return
        tx.step("608.2d")
        tx.note(f"{player} is in the game: {player} "
                f"{'chooses whether to pay the cost' if kind == 'cost' else 'makes the choice'} "
                f"for {what}.")
        return
    if kind == "cost":
        if chooser is not None:
            raise RulesError("800.4f", f"{player} has left the game: the cost {what} asks of "
                             f"them is not paid, and nobody else ({chooser}) pays it",
                             subject=chooser)
        tx.step("800.4f", "that cost is not paid")
        tx.note(f"{player} has left the game: the cost {what} asks of them is not paid, and "
                "nobody waits for them.")
        return
    if kind == "rule":
        nxt = game.next_in_order(player)
        if chooser not in (None, nxt):
            raise RulesError("800.4h", f"{player} has left the game: the next player in turn "
                             f"order, {nxt}, makes the choice, not {chooser}", subject=chooser)
        tx.step(rule, known.phrase)
        tx.note(f"CR {rule} asks {player} to choose {known.what}.")
        tx.step("800.4h", "the next player in turn order makes that choice")
        tx.note(f"{player} has left the game: {nxt}, next in turn order, chooses {known.what}.")
        if known.pregame:
            tx.note("Literal reading: before the starting player is chosen there is no turn yet; "
                    "the turn order is the seating order, clockwise (CR 103.1).")
        _decide(tx, gid, rule, known, nxt, decision)
        return
    controller = source.controller or source.owner
    candidates = [p for p in game.in_game if p != player]
    opponents = [p for p in candidates if p != controller]
    if chooser is None:
        raise RulesError("800.4g", f"{player} has left the game: {controller}, who controls "
                         f"{what}, must choose another player to make the choice (give chooser)",
                         subject=player)
    if chooser not in candidates:
        raise RulesError("800.4g", f"{chooser} cannot make the choice: not a player still in "
                         f"{_where(gid)}", subject=chooser)
    if player != controller and opponents and chooser == controller:
        raise RulesError("800.4g", f"the choice was an opponent's: {controller} must choose "
                         f"another opponent ({listed(opponents, 'players')})", subject=chooser)
    tx.step("800.4g", "chooses another player to make that choice")
    tx.note(f"{player} has left the game: {controller} chooses {chooser} to make the choice "
            f"for {what}.")


def info(tx: Tx, player: str, what: str) -> None:
    """CR 800.4i: an effect uses a player's current information, or the last known information
    from before they left the game."""
    gid = tx.world.current
    game = tx.game(gid)
    if player not in game.seats:
        raise RulesError("800.4i", f"{player} is not a player of {_where(gid)}", subject=player)
    seat = game.seat(player)
    value = seat.life if what == "life" else _counters(seat.counters.items())
    if seat.in_game:
        tx.step("800.4i", "uses the current information about that player")
        tx.note(f"{player} is in the game: the effect uses their current {what}: {value}.")
        return
    lki = tx.world.lki.get((gid, player))
    if lki is not None:
        value = lki[0] if what == "life" else _counters(lki[1])
    tx.step("800.4i", "last known information")
    tx.note(f"{player} has left the game: the effect uses their last known {what} from before "
            f"they left: {value}.")


def mulligan(tx: Tx, player: str) -> None:
    """CR 103.5 (London mulligan) with CR 800.6: in a multiplayer game the first is free."""
    gid = tx.world.current
    game = tx.game(gid)
    if not game.pregame:
        raise RulesError("103.5", f"{player} can mulligan only before the first turn of "
                         f"{_where(gid)} begins (it is turn {game.turn}, "
                         f"{game.step.replace('_', ' ')} step)", subject=player)
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError("103.5", f"{player} is not in {_where(gid)}", subject=player)
    taken = game.seat(player).mulligans + 1
    counted = taken - 1 if game.multiplayer else taken
    if counted > HAND_SIZE:
        raise RulesError("103.5", f"{player} cannot take another mulligan: their opening hand "
                         "would already be zero cards", subject=player)
    tx.step("103.5", "A player who is dissatisfied with their initial hand may take a mulligan")
    tx.move_all(player, [o.id for o in tx.world.in_zone(gid, Zone.HAND, player)], gid,
                Zone.LIBRARY, shuffle=True)
    draw(tx, gid, player, hand_size(tx, gid, player))
    tx.player_event(gid, player, f"takes mulligan number {taken} in", mulligans=taken)
    if game.multiplayer and taken == 1:
        tx.step("800.6", "the first mulligan a player takes doesn’t count")
        tx.note(f"{player}'s first mulligan in a multiplayer game is free: no card goes to the "
                "bottom.")
    if counted:
        hand = tx.world.in_zone(gid, Zone.HAND, player)[:counted]
        tx.note(f"{player} puts {counted} card(s) on the bottom of their library.")
        for obj in hand:
            tx.move(obj.id, gid, Zone.LIBRARY, top=False)


@hooks.action("choice")
def _choice_step(tx: Tx, a: dict) -> None:
    choice(tx, a["player"], a["kind"], a.get("object"), a.get("chooser"), a.get("rule"),
           a.get("decision"))


@hooks.action("info")
def _info_step(tx: Tx, a: dict) -> None:
    info(tx, a["player"], a["what"])


@hooks.action("mulligan")
def _mulligan_step(tx: Tx, a: dict) -> None:
    mulligan(tx, a["player"])
