"""Expectations: checks of a game's state, written as in scenario files (DESIGN.md section 5).

``check(game, exp)`` returns what did not hold, as ``(expected, actual)`` strings; ``[]`` when
the expectation holds. Without ``game``, an object is looked for in the whole tree, a player's
figures are the main game's, and priority, active player and stack are the game in progress's.
An expectation about a game that does not exist does not hold ("game 9 does not exist").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import characteristics
from ..engine.actions import kind_of, parse_game
from ..engine.objects import Kind
from ..engine.state import game_name
from ..engine.zones import Zone
from .validation import validate

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..game import Game

def check(game: Game, exp: dict) -> list[tuple[str, str]]:
    """Check one expectation against ``game``; return the mismatches as (expected, actual).

    :raises ScenarioError: ``exp`` is not a well-formed expectation (``magicsub.scenario.schema``).
    """
    validate(exp, ref="expectation", line=None)
    kind = kind_of(exp)
    return _CHECKS[kind](game, exp)


def _in(game: Game, exp: dict, default: int | None) -> tuple[int, GameState | None]:
    """The game an expectation names (``default`` without ``game``: None is the game in
    progress), and its state, or None when there is no such game."""
    if "game" in exp:
        gid = parse_game(exp["game"])
    else:
        gid = game.world.current if default is None else default
    return gid, game.world.games.get(gid)


def _missing(what: str, gid: int) -> list[tuple[str, str]]:
    return [(f"{what} in game {game_name(gid, 'key')}", f"game {gid} does not exist")]


def _obj(game: Game, exp: dict) -> list[tuple[str, str]]:
    oid = exp["object"]
    o = game.world.obj(oid)
    out: list[tuple[str, str]] = []
    if "exists" in exp:
        if bool(exp["exists"]) != (o is not None):
            out.append((f"{oid} exists: {exp['exists']}", f"exists: {o is not None}"))
        if o is None or not exp["exists"]:
            return out
    if o is None:
        return [(f"{oid} to exist", "it does not exist")]
    if "zone" in exp:
        want = exp["zone"]
        got = o.place
        if want != got:
            out.append((f"{oid} in {want}", f"in {got} ({game_name(o.game, 'key')})"))
    if "game" in exp:
        gid = parse_game(exp["game"])
        if o.game != gid:
            out.append((f"{oid} in game {game_name(gid, 'key')}",
                        f"in game {game_name(o.game, 'key')}"))
    for key in ("controller", "owner", "face_up", "tapped", "attached_to", "phased_out"):
        if key in exp and getattr(o, key) != exp[key]:
            out.append((f"{oid} {key} {exp[key]!r}", f"{key} {getattr(o, key)!r}"))
    if "power" in exp or "toughness" in exp:
        now = characteristics.power_toughness(game.world, o)
        got = dict(zip(("power", "toughness"), now, strict=True))
        for key in ("power", "toughness"):
            if key in exp and got[key] != exp[key]:
                out.append((f"{oid} {key} {exp[key]!r}", f"{key} {got[key]!r}"))
    if "counters" in exp:
        have = dict(o.counters)
        for k, n in exp["counters"].items():
            if have.get(k, 0) != n:
                out.append((f"{oid} {k} counters {n}", f"{have.get(k, 0)}"))
    return out


def _player(game: Game, exp: dict) -> list[tuple[str, str]]:
    p = exp["player"]
    gid, g = _in(game, exp, 0)
    if g is None:
        return _missing(f"player {p}", gid)
    if p not in g.seats:
        if exp.get("in_game") is False and len(exp) <= 3:
            return []
        return [(f"{p} to be a player of game {game_name(gid, 'key')}", "not a player of it")]
    seat = g.seat(p)
    out = []
    if "life" in exp and seat.life != exp["life"]:
        out.append((f"{p} life {exp['life']}", f"life {seat.life}"))
    if "counters" in exp:
        for k, n in exp["counters"].items():
            if seat.counters.get(k, 0) != n:
                out.append((f"{p} {k} counters {n}", f"{seat.counters.get(k, 0)}"))
    for key in ("commander_damage", "commander_casts"):
        have = {cid: n for who, cid, n in getattr(g, key) if who == p}
        for cid, n in exp.get(key, {}).items():
            if have.get(cid, 0) != n:
                out.append((f"{p} {key} {cid} {n}", f"{have.get(cid, 0)}"))
    if "in_game" in exp and seat.in_game != exp["in_game"]:
        out.append((f"{p} in_game {exp['in_game']}", f"in_game {seat.in_game}"))
    if "result" in exp and seat.result != exp["result"]:
        out.append((f"{p} result {exp['result']!r}", f"result {seat.result!r}"))
    return out


def _zone(game: Game, exp: dict) -> list[tuple[str, str]]:
    gid, g = _in(game, exp, 0)
    zone = Zone(exp["zone"])
    owner = exp.get("owner")
    if g is None:
        return _missing(f"{owner + ' ' if owner else ''}{zone.value}", gid)
    out = []
    what = f"{owner + ' ' if owner else ''}{zone.value} of game {game_name(gid, 'key')}"
    if "count" in exp:
        count = game.world.count(gid, zone, owner)  # a count lists no object
        if count != exp["count"]:
            out.append((f"{exp['count']} objects in {what}", f"{count}"))
    if "cards" not in exp and "contains" not in exp:
        return out
    ids = [o.id for o in game.world.in_zone(gid, zone, owner)]
    if "cards" in exp and ids != list(exp["cards"]):
        out.append((f"{what} = {exp['cards']}", f"{ids}"))
    if "contains" in exp:
        missing = [i for i in exp["contains"] if i not in ids]
        if missing:
            out.append((f"{what} contains {missing}", f"{ids}"))
    return out


def _compare(game: Game, exp: dict, key: str, default, got):
    """One value of the game ``exp`` names (``default``: the game when it names none, see
    ``_in``), ``got(game)``, against ``exp[key]``: no failure, or the one it is."""
    gid, g = _in(game, exp, default)
    if g is None:
        return _missing(f"{key} {exp[key]}", gid)
    value, want = got(g), exp[key]
    same = value == (list(want) if isinstance(value, list) else want)
    return [] if same else [(f"{key} {want}", f"{key} {value}")]


def _priority(game: Game, exp: dict):
    return _compare(game, exp, "priority", None, lambda g: g.priority)


def _active(game: Game, exp: dict):
    return _compare(game, exp, "active", None, lambda g: g.active)


def _stack(game: Game, exp: dict):
    return _compare(game, exp, "stack", None, lambda g: [
        o.source if o.kind is Kind.ABILITY else o.id for o in game.world.stack(g.gid)])


def _subgames(game: Game, exp: dict):
    n = game.world.running_subgames()
    return [] if n == exp["subgames"] else [(f"{exp['subgames']} subgames", f"{n}")]


def _rules(value: str | list) -> list:
    """A citation or a list of them."""
    return [value] if isinstance(value, str) else list(value)


def _cites(game: Game, exp: dict):
    rules = set(game.trace.paragraph_keys())
    missing = [r for r in _rules(exp["trace_cites"]) if r not in rules]
    return [(f"trace cites {missing}", f"cites {sorted(rules)}")] if missing else []


def _lacks(game: Game, exp: dict):
    rules = set(game.trace.paragraph_keys())
    present = [r for r in _rules(exp["trace_lacks"]) if r in rules]
    return [(f"trace does not cite {present}", "it does")] if present else []


def _winner(game: Game, exp: dict):
    gid, g = _in(game, exp, 0)
    if g is None:
        return _missing(f"won by {exp['winner']}", gid)
    return [] if g.winner == exp["winner"] and g.ended else [
        (f"game {game_name(g.gid, 'key')} won by {exp['winner']}",
         f"winner {g.winner} ({g.status})")]


def _step(game: Game, exp: dict):
    gid, g = _in(game, exp, None)
    if g is None:
        return _missing(f"step {exp['step']}", gid)
    out = []
    if g.step != exp["step"]:
        out.append((f"step {exp['step']}", f"step {g.step}"))
    if "turn" in exp and g.turn != exp["turn"]:
        out.append((f"turn {exp['turn']}", f"turn {g.turn}"))
    return out


def _held(game: Game, exp: dict):
    return _compare(game, exp, "held", 0, lambda g: [t.source for t in g.held])


def _monarch(game: Game, exp: dict):
    return _compare(game, exp, "monarch", None, lambda g: g.monarch)


def _initiative(game: Game, exp: dict):
    gid, g = _in(game, exp, None)
    if g is None:
        return _missing(f"initiative {exp['initiative']}", gid)
    return [] if g.initiative == exp["initiative"] else [
        (f"initiative {exp['initiative']}", f"initiative {g.initiative}")]


def _venture(game: Game, exp: dict):
    gid, g = _in(game, exp, None)
    want = f"{exp['venture']}'s venture marker on {exp.get('room')}"
    if g is None:
        return _missing(want, gid)
    at = next((room for who, _, room in g.venture_markers if who == exp["venture"]), None)
    return [] if at == exp.get("room") else [(want, f"on {at}")]


_CHECKS = {"object": _obj, "player": _player, "zone": _zone, "priority": _priority,
           "active": _active, "stack": _stack, "subgames": _subgames, "trace_cites": _cites,
           "trace_lacks": _lacks, "winner": _winner, "step": _step, "held": _held,
           "monarch": _monarch, "initiative": _initiative, "venture": _venture}
