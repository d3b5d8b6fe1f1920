"""Two-Headed Giant: two teams that share a life total and win and lose as teams (CR 810).

A game of the ``two_headed_giant`` variant has two teams of equal size (CR 810.1, 810.11); each
team's shared life total starts at 30 (CR 810.4; 15 more for each player beyond the second,
810.11). Each player's seat shows their team's total: a gain or loss happens to one player and
its result is applied to the team's total (CR 810.9, kept by ``Tx.set_life``).

Leaving is where the variant differs most from a free-for-all game (CR 800.4): a player never
leaves alone. If either player on a team loses the game, the team loses (CR 810.8a); a player
who concedes takes their team out of the game (CR 810.8b); a team whose life total is 0 or less
loses (CR 810.8c). With two teams, the other team has no opponent left and wins (CR 104.2a;
810.8a: "the entire team wins the game"), so the game ends; CR 800.4a, which removes a departed
player's objects from a game that goes on, never has a game to go on in.

What magicsub does not model, refused with a clear error rather than played wrongly: the shared
team turns option (CR 810.2, 805) beyond the first turn; a plain ``leave`` (a player of a team
leaves only by losing or conceding); a subgame of a Two-Headed Giant game (CR 726 says nothing of
teams in a subgame; the subgame's life totals and teams would be a guess). Shared poison
counters (CR 810.8d, 810.10) are not modelled either.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import hooks
from ..engine.errors import RulesError
from ..engine.limits import joined
from ..engine.priority import end_game
from ..engine.state import game_name
from ..engine.transaction import Tx
from .leaving import games_over_with

VARIANT = "two_headed_giant"
"""The scenario's name of the Two-Headed Giant variant (CR 810)."""
TEAM_LIFE = 30
"""CR 810.4: a team's shared life total starts at 30 life."""
EXTRA_LIFE = 15
"""CR 810.11: 15 more starting life for each player a team has beyond the second."""


def team_life(size: int) -> int:
    """The starting shared life total of a team of ``size`` players (CR 810.4, 810.11)."""
    return TEAM_LIFE + EXTRA_LIFE * (size - 2)


def check_teams(players: Sequence[str], variant: str | None,
                teams: object) -> tuple[tuple[str, ...], ...]:
    """The teams of a game of ``players`` (turn order) as tuples in turn order; ``()`` for a
    game without teams.

    :raises RulesError: teams without the Two-Headed Giant variant or that variant without
        teams; not two teams (CR 810.1); teams of unequal size or of one player (CR 810.1,
        810.11); a player on no team, on two, or unknown.
    """
    if teams is None:
        if variant == VARIANT:
            raise RulesError("810.1", "variant two_headed_giant needs teams: two teams of the "
                             "players, e.g. teams: [[Alex, Bianca], [Cho, Dana]] (CR 810.1: "
                             "two teams of two players each)")
        return ()
    if variant != VARIANT:
        raise RulesError("810.1", "teams: only with variant: two_headed_giant (CR 810.1); "
                         "magicsub models no other team variant")
    if not isinstance(teams, list | tuple) or not all(
            isinstance(t, list | tuple) and all(isinstance(p, str) for p in t) for t in teams):
        raise RulesError("810.1", f"teams: expected a list of two teams, each a list of player "
                         f"names, got {teams!r}")
    if len(teams) != 2:
        raise RulesError("810.1", f"teams: Two-Headed Giant games are played with two teams, "
                         f"got {len(teams)}")
    sizes = {len(t) for t in teams}
    if len(sizes) != 1 or min(sizes) < 2:
        got = " and ".join(str(len(t)) for t in teams)
        raise RulesError("810.1", "teams: the two teams must be of equal size, two players or "
                         f"more each (CR 810.1, 810.11), got {got}")
    named = [p for t in teams for p in t]
    unknown = [p for p in named if p not in players]
    if unknown:
        raise RulesError("810.1", f"teams: unknown player {unknown[0]!r}; the players are "
                         f"{joined(list(players))}", subject=unknown[0])
    twice = next((p for p in named if named.count(p) > 1), None)
    if twice is not None:
        raise RulesError("810.1", f"teams: {twice} is on two teams", subject=twice)
    missing = [p for p in players if p not in named]
    if missing:
        raise RulesError("810.1", f"teams: {joined(missing)} on no team; every player plays on "
                         "one of the two teams", subject=missing[0])
    return tuple(tuple(p for p in players if p in t) for t in teams)


def check_life(teams: tuple[tuple[str, ...], ...], life: dict, start: int) -> None:
    """Raise unless the life totals given to a team's players are one shared total (CR 810.4:
    each player's seat shows their team's total).

    :raises RulesError: two players of one team given different life totals.
    """
    for team in teams:
        given = {p: life.get(p, start) for p in team}
        if len(set(given.values())) > 1:
            shown_ = ", ".join(f"{p}: {n}" for p, n in given.items())
            raise RulesError("810.4", f"life: {joined(list(team))} share one life total (CR "
                             f"810.4); give them the same life, got {shown_}",
                             subject=team[0])


def record_teams(tx: Tx, gid: int) -> None:
    """The game starts with its teams (CR 810.1) and their shared life totals (CR 810.4): two
    steps that change nothing."""
    game = tx.game(gid)
    tx.step("810.1", "Two-Headed Giant games are played with two teams")
    tx.note(" against ".join(joined(list(t)) for t in game.teams) + ".")
    tx.step("810.4", "Each team has a shared life total")
    totals = "; ".join(f"{joined(list(t))}, {game.seat(t[0]).life}" for t in game.teams)
    tx.note(f"The teams' shared life totals: {totals}. Each player's life shown is their team's "
            "shared total: a gain or loss happens to one player, and its result is applied to "
            "the team's total (CR 810.9).")


def _opponents(game, team: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for t in game.teams if t != team for p in t)


@hooks.on("players_losing")
def _team_loses(tx: Tx, gid: int, players: list[str], how: str) -> bool:
    """CR 810.8a–c: in a game with teams, a player who loses or concedes takes their whole team
    out of the game with them; the other team wins (CR 104.2a), or, when both teams lose at
    once, the game is a draw (CR 104.4a)."""
    game = tx.game(gid)
    if not game.teams:
        return False
    if how == "leaves":
        raise RulesError("810.8b", f"{joined(players)} cannot simply leave a Two-Headed Giant "
                         "game: a player leaves it by losing (CR 810.8a) or conceding (CR 810.8b), "
                         "and their team with them; use lose or concede", subject=players[0])
    losing = [t for t in game.teams if any(p in players for p in t)]
    for team in losing:
        named = [p for p in team if p in players]
        mates = [p for p in team if p not in players]
        if how == "concedes":
            tx.step("810.8b", "If a player concedes, their team leaves the game immediately")
            tx.note(f"{joined(named)} concede{'s' if len(named) == 1 else ''}: "
                    f"{joined(list(team))} leave the game and lose it as a team.")
        elif any(game.seat(p).life <= 0 for p in named):
            tx.step("810.8c", "If a team’s life total is 0 or less, the team loses the game")
            tx.note(f"The shared life total of {joined(list(team))} is "
                    f"{game.seat(named[0]).life}: the team loses the game.")
        else:
            tx.step("810.8a", "If either player on a team loses the game, the team loses the game")
            tx.note(f"{joined(named)} {'loses' if len(named) == 1 else 'lose'} the game, so "
                    f"{joined(list(team))}'s whole team loses it"
                    + (f": {joined(mates)} too." if mates else "."))
        if tx.game(gid).priority in team:
            tx.set_priority(gid, None, keep_passes=True)
        if tx.game(gid).active in team:
            tx.set_turn(gid, active=None)
        for p in team:
            seat = tx.game(gid).seat(p)
            if not seat.in_game:
                continue
            if seat.result == "lost":
                tx.player_event(gid, p, "leaves", in_game=False)
            else:
                tx.player_event(gid, p, "loses", in_game=False, result="lost")
    remaining = tx.game(gid).in_game
    if remaining:
        team = tx.game(gid).team_of(remaining[0])
        tx.step("104.2a", "wins the game if that player’s opponents have all left the game")
        tx.note(f"{joined(list(team))}: every opponent has left the game.")
        _team_wins_now(tx, gid, team, f"{joined([p for t in losing for p in t])} lost")
    else:
        tx.step("104.4a", "the game is a draw")
        end_game(tx, gid, None, "both teams lost")
    games_over_with(tx, gid)
    return True


@hooks.on("player_wins")
def _team_wins(tx: Tx, gid: int, player: str) -> bool:
    """CR 810.8a: if either player on a team wins the game, the entire team wins the game."""
    game = tx.game(gid)
    if not game.teams:
        return False
    _team_wins_now(tx, gid, game.team_of(player), f"{player} wins", player)
    return True


def _team_wins_now(tx: Tx, gid: int, team: tuple[str, ...], how: str,
                   named: str | None = None) -> None:
    """``team`` wins game ``gid`` (its opponents still in it lose); ``named``: the player an
    effect said wins, the game's recorded winner (else the team's first player still in it)."""
    game = tx.game(gid)
    tx.step("810.8a", "If either player on a team wins the game, the entire team wins the game")
    winners = [p for p in team if game.seat(p).in_game]
    for p in winners:
        tx.player_event(gid, p, "wins", result="won")
    for p in _opponents(game, team):
        if game.seat(p).in_game:
            tx.player_event(gid, p, "loses", result="lost")
    result = f"won by {joined(winners)}"
    tx.set_priority(gid, None)
    tx.game_event(gid, "ends", f"{result} ({how})", op="end", winner=named or winners[0],
                  result=result)
    hooks.emit("game_ended", tx, gid)


@hooks.on("turn_begins")
def _no_team_turns(tx: Tx, gid: int, player: str) -> None:
    """CR 810.2: Two-Headed Giant uses the shared team turns option (CR 805), which magicsub
    does not model: a game with teams is played within its first turn."""
    game = tx.game(gid)
    if game.teams and game.turn > 1:
        raise RulesError("810.2", f"{game_name(gid)} is a Two-Headed Giant game, which uses the "
                         "shared team turns option (CR 805); magicsub plays it within its first "
                         "turn only and does not begin another", subject=player)


@hooks.on("play_subgame")
def _no_team_subgame(tx: Tx, creator: str, asked: dict) -> None:
    """A subgame of a Two-Headed Giant game is refused: CR 726 says nothing of teams or shared
    life totals in a subgame."""
    gid = tx.world.objects[creator].game
    if tx.game(gid).teams:
        raise RulesError("726.2", f"{tx.world.objects[creator].label()} would start a subgame of "
                         "a Two-Headed Giant game; CR 726 does not say whether the subgame's "
                         "players play as teams or with shared life totals, and magicsub does not "
                         "guess", subject=creator)
