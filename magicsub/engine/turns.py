"""Turns and steps: passing priority, the turn-based actions, advancing through the steps and
beginning the next turn (CR 117.3d, 117.4, 500, 504, 508.8, 510, 514), with the multiplayer
exceptions of CR 800.4e, 800.4k, 800.4m and 800.7.

The steps ``advance``, ``pass_priority``, ``win`` (CR 104.2b), ``draw_game`` (CR 104.4a) and
``planar_controller`` (CR 311.5) are handled here.

Priority, state-based actions and the end of a game live in ``magicsub.engine.priority``
(re-exported here); the core imports in one direction: priority, then resolution, then turns.
"""

from __future__ import annotations

from . import damage, effects, hooks
from .characteristics import keywords, power
from .errors import RulesError
from .limits import shown
from .objects import Obj
from .priority import (  # noqa: F401 - re-exported: the core's entry points stay reachable here
    active_acts,
    check_one_left,
    check_sba,
    declaring,
    draw,
    end_declarations,
    end_game,
    player_in_game,
    priority_point,
    put_triggers,
    receiver,
    set_planar_controller,
    settle,
)
from .resolution import resolve_top
from .start import first_turn, require_begun
from .state import PRIORITY_STEPS, STEPS, PendingTrigger, game_name
from .transaction import Tx
from .zones import Zone

ADVANCE_TARGETS = STEPS[1:] + ("next_turn",)


def pass_priority(tx: Tx, player: str) -> None:
    """CR 117.3d and 117.4: the priority holder passes; after all pass in succession, the top of the
    stack resolves or the step ends."""
    gid = tx.world.current
    game = tx.game(gid)
    if game.pregame:
        require_begun(tx, gid, f"{player} cannot pass priority", player)
    if game.priority != player:
        holder = game.priority or "no player"
        raise RulesError("117.3d", f"{player} cannot pass priority: {holder} holds priority in "
                         f"the {game_name(gid, 'bare')}", subject=player)
    passed = game.passed + (player,)
    nxt = game.next_in_order(player)
    tx.step("117.3d", "Then the next player in turn order receives priority")
    tx.pass_priority(gid, player)
    if set(passed) >= set(game.in_game):
        if tx.world.stack(gid):
            resolve_top(tx)
        else:
            tx.step("117.4", "if the stack is empty, the phase or step ends")
            nxt = STEPS[STEPS.index(game.step) + 1] if game.step != "cleanup" else "next_turn"
            if game.step == "cleanup" and _another_cleanup(tx, gid):
                return
            advance(tx, "main" if nxt == "draw" and skips_first_draw(game) else nxt)
        return
    tx.set_priority(gid, nxt, keep_passes=True)


def advance(tx: Tx, target: str) -> None:
    """Move the game in progress forward to the next ``target`` step (CR 500.2: the stack must be
    empty), performing the turn-based actions on the way."""
    if target not in ADVANCE_TARGETS:
        raise RulesError("500.2", f"unknown step {shown(target)}; expected one of "
                         f"{', '.join(ADVANCE_TARGETS)}", subject=str(target))
    gid = tx.world.current
    if tx.world.stack(gid):
        top = tx.world.stack(gid)[-1]
        raise RulesError("500.2", f"the step cannot end while {top.label()} is on the stack",
                         subject=top.id)
    _refuse_skipped_draw(tx, gid, target)
    if tx.game(gid).pregame:
        first_turn(tx, gid)
        if target == "next_turn":
            return
    for _ in range(len(STEPS) * 3):
        game = tx.game(gid)
        if game.ended or tx.world.current != gid:
            return
        if game.step == "cleanup":
            if game.priority is not None and _another_cleanup(tx, gid):
                return
            begin_turn(tx, gid)
            if target == "next_turn":
                return
            continue
        if declaring(game):
            end_declarations(tx, gid)
            game = tx.game(gid)
        nxt = STEPS[STEPS.index(game.step) + 1]
        skipped: tuple[str, ...] = ()
        if nxt == "draw" and skips_first_draw(game) and game.teams:
            tx.step("103.8b", "the team who plays first skips the draw step")
            tx.note(f"{game.active}'s team plays first in a Two-Headed Giant game: its first "
                    "turn has no draw step; the upkeep is followed by the precombat main phase.")
            nxt, skipped = "main", ("draw",)
        elif nxt == "draw" and skips_first_draw(game):
            tx.step("103.8a", "skips the draw step")
            tx.note(f"{game.active} plays first in a two-player game: their first turn has no "
                    "draw step; the upkeep is followed by the precombat main phase.")
            nxt, skipped = "main", ("draw",)
        elif game.step == "declare_attackers" and not game.attacks:
            tx.step("508.8", "skip the declare blockers and combat damage steps")
            tx.note("No creature was declared as an attacker: the combat phase goes on to its end "
                    "of combat step.")
            nxt, skipped = "end_of_combat", ("declare_blockers", "combat_damage")
        elif game.step in ("untap", "cleanup"):
            tx.step("500.3", "ends when all specified actions")
        else:
            tx.step("500.2", "ends when the stack is empty and all players pass")
        if game.step == "end_of_combat" and game.attacks:
            tx.step("511.3", "all creatures, battles, and planeswalkers are removed from combat")
            tx.fact(gid, "attacks", (), "no creature is attacking any more")
        tx.set_turn(gid, step=nxt)
        tx.set_priority(gid, None)
        _turn_based(tx, gid, nxt)
        game = tx.game(gid)
        if game.ended or tx.world.current != gid:
            return
        if nxt in PRIORITY_STEPS:
            priority_point(tx, gid, None)
        elif nxt == "cleanup" and _cleanup_priority(tx, gid):
            return
        else:
            tx.set_priority(gid, None)
        if tx.world.current != gid or tx.game(gid).ended:
            return
        if nxt == target or target in skipped:
            return
        if tx.world.stack(gid):
            tx.note("The stack is not empty, so the game stops here (CR 500.2).")
            return


def _cleanup_priority(tx: Tx, gid: int) -> bool:
    """CR 514.3a: triggered abilities wait after the cleanup step's actions (a discarded card
    triggered one): they go on the stack and the active player gets priority. True when so."""
    if not tx.game(gid).pending:
        return False
    tx.step("514.3a", "then the active player gets priority")
    priority_point(tx, gid, None)
    return True


def _another_cleanup(tx: Tx, gid: int) -> bool:
    """CR 514.3a: players had priority in the cleanup step, the stack is empty and all passed:
    another cleanup step begins. True when players receive priority in it again."""
    tx.step("514.3a", "another cleanup step begins")
    tx.set_priority(gid, None)
    _turn_based(tx, gid, "cleanup")
    game = tx.game(gid)
    return game.ended or tx.world.current != gid or _cleanup_priority(tx, gid)


def skips_first_draw(game) -> bool:
    """CR 103.8a: in a two-player game the player who plays first skips the draw step of their
    first turn (CR 800.7: not in a multiplayer game; CR 103.8b: in a Two-Headed Giant game, the
    team who plays first)."""
    first = game.turn <= 1 and (game.pregame or game.active == game.first)
    return (not game.multiplayer or bool(game.teams)) and first


def _refuse_skipped_draw(tx: Tx, gid: int, target: str) -> None:
    game = tx.game(gid)
    if target == "draw" and skips_first_draw(game) and game.step in ("pregame", "untap",
                                                                     "upkeep"):
        who = game.active or game.first
        if game.teams:
            raise RulesError("103.8b", f"{who}'s team plays first in a Two-Headed Giant game and "
                             "skips the draw step of its first turn: there is no draw step to "
                             "advance to (advance to upkeep or main)", subject=who)
        raise RulesError("103.8a", f"{who} plays first in a two-player game and skips the draw "
                         "step of their first turn: there is no draw step to advance to (advance "
                         "to upkeep or main)", subject=who)


def _turn_based(tx: Tx, gid: int, step: str) -> None:
    hooks.emit("step_begins", tx, gid, step)
    game = tx.game(gid)
    if step == "draw" and game.active is not None:
        if game.turn == 1 and game.active == game.first:
            tx.step("800.7", "doesn’t skip the draw step")
        else:
            tx.step("504.1", "the active player draws a card")
        draw(tx, gid, game.active)
    elif step == "declare_blockers":
        tx.step("509.1", "the defending player declares blockers")
        tx.note("No creature blocks (this engine does not model blocking).")
    elif step == "combat_damage":
        _combat_damage(tx, gid)
    elif step == "end":
        _end_step_triggers(tx, gid)
    elif step == "cleanup":
        tx.step("514.2", "“until end of turn” and “this turn” effects end")
        for obj in sorted((o for o in tx.world.in_zone(gid, Zone.BATTLEFIELD) if o.damage),
                          key=lambda o: o.order):  # damage is marked on permanents only
            tx.set_damage(obj.id, 0)
        touched = effects.end(tx, lambda e: e.game == gid and e.until == "end_of_turn",
                              "end of turn")
        effects.exile_orphans(tx, touched)
        hooks.emit("cleanup", tx, gid)


def _combat_damage(tx: Tx, gid: int) -> None:
    """CR 510.1-510.2: each attacker assigns its damage to the player it attacks (none to a
    player who has left, CR 800.4e); then all of it is dealt at once (``damage.deal_at_once``:
    the game's damage replacement effects apply first, CR 614.1a)."""
    game = tx.game(gid)
    hits: list[damage.Hit] = []
    sources: list[Obj] = []
    for creature, defender in game.attacks:
        obj = tx.world.objects.get(creature)
        if obj is None or obj.game != gid or obj.zone is not Zone.BATTLEFIELD:
            continue
        if not tx.game(gid).seat(defender).in_game:
            tx.step("800.4e", "that damage isn’t assigned")
            tx.note(f"{obj.label()} attacked {defender}, who has left the game: its combat "
                    "damage is not assigned.")
            continue
        hits.append((obj.label(), defender, power(tx.world, obj)))
        sources.append(obj)
    if not hits:
        return
    dealt = damage.deal_at_once(
        tx, gid, hits, cite=("510.2", "all combat damage that’s been assigned is dealt "
                             "simultaneously"),
        say=lambda defender, done: (
            f"{' and '.join(f'{name} ({n})' for name, n in done)} deal"
            f"{'s' if len(done) == 1 else ''} combat damage to {defender}."))
    hooks.emit("combat_damage_dealt", tx, gid, tuple(
        (obj, defender, n) for obj, (_, defender, _), n in zip(sources, hits, dealt, strict=True)
        if n > 0))
    _lifelink(tx, gid, list(zip(sources, dealt, strict=True)))


def _lifelink(tx: Tx, gid: int, dealt: list[tuple[Obj, int]]) -> None:
    """CR 702.15b: damage dealt by a source with lifelink makes its controller gain that much
    life: the damage it dealt, after replacement effects (``dealt``: each source with the
    damage it dealt to a player still in the game)."""
    for obj, amount in dealt:
        if amount > 0 and "lifelink" in keywords(tx.world, obj) and obj.controller \
                and tx.game(gid).seat(obj.controller).in_game:
            tx.step("702.15b", "to gain that much life")
            tx.set_life(gid, obj.controller, tx.game(gid).seat(obj.controller).life + amount)

def _end_step_triggers(tx: Tx, gid: int) -> None:
    for d in sorted((d for d in tx.world.delayed.values() if d.game == gid and d.when == "end"),
                    key=lambda d: d.id):
        tx.step("603.3", "the next time a player would receive priority")
        tx.delayed_event(d.id, d.text, "its moment has come")
        tx.trigger_event(gid, d.id, d.text, "triggers", "pending", PendingTrigger(
            d.id, d.source, d.controller, d.text, d.behaviour, (d.obj, *d.data)))


def begin_turn(tx: Tx, gid: int) -> None:
    """The next turn begins: an extra turn first, the most recently created one (CR 500.7), else
    the next player's in turn order, resumed after the player whose turn in that order came last
    (``GameState.order_from``). A turn of a player who has left doesn't begin (CR 800.4k; effects
    that last until it end, 800.4m); a rule may replace a turn with nothing (``turn_replaced``:
    skipping, CR 614.10), and the next one would begin instead."""
    while tx.game(gid).extra_turns:
        game = tx.game(gid)
        extra = game.extra_turns[-1]
        tx.step("500.7", "The most recently created turn will be taken first")
        tx.fact(gid, "extra_turns", game.extra_turns[:-1],
                f"{extra.words()} is the next turn, taken before any turn in turn order")
        if _turn_would_begin(tx, gid, extra.player, extra):
            return
    game = tx.game(gid)
    order = game.seats
    current = game.order_from or game.turn_of
    i = order.index(current) if current in order else 0
    for k in range(1, len(order) + 1):
        if _turn_would_begin(tx, gid, order[(i + k) % len(order)], None):
            return


def _turn_would_begin(tx: Tx, gid: int, player: str, extra) -> bool:
    """``player``'s turn (``extra``: the extra turn's record, else a turn in turn order) would
    begin: True when it begins."""
    game = tx.game(gid)
    ending = lambda e, p=player: e.game == gid and e.until == f"next_turn:{p}"  # noqa: E731
    if not game.seat(player).in_game:
        tx.step("800.4k", "that turn doesn’t begin")
        kind = "extra turn" if extra is not None else "turn"
        tx.note(f"{player} has left the game, so {player}'s {kind} does not begin.")
        if any(ending(e) for e in tx.world.effects.values()):
            tx.step("800.4m", "will last until that turn would have begun")
            touched = effects.end(tx, ending, f"{player}'s turn would have begun")
            effects.exile_orphans(tx, touched)
        hooks.emit("turn_skipped", tx, gid, player)
        return False
    if hooks.emit_any("turn_replaced", tx, gid, player):
        hooks.emit("turn_skipped", tx, gid, player)
        return False
    turn = game.turn + 1
    if extra is None:
        tx.step("500.3", "ends when all specified actions")
    after = game.order_from or game.turn_of if extra is not None else None
    if game.order_from != after:
        tx.fact(gid, "order_from", after, f"after it, the turn order goes on after {after}'s turn"
                if after else f"{player}'s turn comes in turn order")
    if game.extra_turn is not extra:
        tx.fact(gid, "extra_turn", extra, f"{extra.words()} begins" if extra is not None
                else "no extra turn is being taken")
    tx.set_turn(gid, turn=turn, active=player, turn_of=player, step="untap")
    tx.set_priority(gid, None)
    if game.variant == "planechase" and game.planar_controller != player:
        tx.step("311.5", "a different player becomes the active player")
        set_planar_controller(tx, gid, player)
    if any(ending(e) for e in tx.world.effects.values()):
        touched = effects.end(tx, ending, f"{player}'s turn began")
        effects.exile_orphans(tx, touched)
    hooks.emit("turn_begins", tx, gid, player)
    _untap(tx, gid, player)
    return True


def _untap(tx: Tx, gid: int, player: str) -> None:
    """CR 502.3: the active player untaps the permanents they control, all at once (after
    phasing, CR 502.1: the ``turn_begins`` handlers); a phased-out permanent is treated as
    though it doesn't exist (CR 702.26b)."""
    tapped = sorted((o for o in tx.world.in_zone(gid, Zone.BATTLEFIELD)
                     if o.tapped and o.controller == player and not o.phased_out),
                    key=lambda o: (o.order, o.id))
    if not tapped:
        return
    tx.step("502.3", "untap them all simultaneously")
    for obj in tapped:
        tx.tap(obj.id, False)


# -- the steps -----------------------------------------------------------------------------------

@hooks.action("advance")
def _advance_step(tx: Tx, a: dict) -> None:
    advance(tx, a["step"])


@hooks.action("pass_priority")
def _pass_priority_step(tx: Tx, a: dict) -> None:
    active_acts(tx, a["player"])
    pass_priority(tx, a["player"])


@hooks.action("win")
def _win_step(tx: Tx, a: dict) -> None:
    """CR 104.2b: an effect states that a player wins the game in progress (unless a rule
    applies instead, CR 801.14: a ``player_wins`` handler)."""
    player = a["player"]
    gid = player_in_game(tx, player, "104.2b")
    tx.step("104.2b")
    if hooks.emit_any("player_wins", tx, gid, player):
        return
    end_game(tx, gid, player, f"{player} wins")


@hooks.action("draw_game")
def _draw_game_step(tx: Tx, a: dict) -> None:
    """CR 104.4a: an effect states that the game in progress is a draw."""
    if not a["value"]:
        raise RulesError("104.4a", "draw_game takes true")
    tx.step("104.1", "when the game is a draw")
    end_game(tx, tx.world.current, None, "draw")


@hooks.action("planar_controller")
def _planar_controller_step(tx: Tx, a: dict) -> None:
    """CR 311.5, 901.6: a player becomes the planar controller of a Planechase game."""
    gid = tx.world.current
    player = a["player"]
    if tx.game(gid).variant != "planechase":
        raise RulesError("901.1", f"{game_name(gid)} is not a Planechase game: "
                         f"{player} cannot be its planar controller", subject=player)
    player_in_game(tx, player, "800.4p")
    tx.step("311.5")
    set_planar_controller(tx, gid, player)
    tx.note(f"{player} is the planar controller.")
