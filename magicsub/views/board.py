"""The whole board of a snapshot (``Board``, ``board_fragments``): a panel per game of the
tree, each subgame's inside the panel of the game it was created in, then what is outside
every game.

The board is drawn in layers, each a module: an object (``objectitems``), a zone
(``zoneviews``), a seat (``seats``), a game (``gamepanels``), the tree (here); what they share
is ``boardstate`` and ``boardcache``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..engine.trace import Loc
from .boardcache import BoardCache
from .gamepanels import GamePanels
from .places import Moved, loc_order

if TYPE_CHECKING:
    from ..engine.state import World


class Board(GamePanels):
    """Draws one World: the tree of games, then what is outside every game."""

    def render(self) -> list[str]:
        """The board in fragments (``board_fragments``). The objects are found through the
        world's index of places (``World.places``), zone by zone."""
        games = self.world.games
        zones: dict[int, set] = {}
        for game, zone, owner in self.world.places.keys():
            if game is not None:
                zones.setdefault(game, set()).add((game, zone, owner))
        children: dict[int | None, list[int]] = {}
        for gid in sorted(games):
            parent = games[gid].parent
            children.setdefault(parent if parent in games else None, []).append(gid)

        out = ['<div class="ms-row ms-board">']
        for gid in children.get(None, ()):
            out += self._tree(gid, 0, zones, children)
        loc = Loc(None, "outside")
        place = ' data-place="outside"' if loc in self.arrivals else ""
        out.append(f'<section class="ms-g ms-out" data-game-panel="outside"{place} '
                   'aria-label="Outside the game">'
                   '<p class="ms-t">Outside the game</p>')
        out += self.outside()
        out.append(self.gone((loc,), None) + self.gone(sorted(self.left, key=loc_order), None,
                                                       say_from=True))
        out.append("</section></div>")
        return [part for part in out if part]

    def _tree(self, gid: int, depth: int, zones: dict[int, set],
              children: dict[int | None, list[int]]) -> list[str]:
        # A method, not a closure: a nested function calling itself is a reference cycle that
        # keeps each board's cache alive until the garbage collector runs.
        panel = self.game(self.world.games[gid], zones.get(gid, set()), depth)
        inner = [part for child in children.get(gid, ())
                 for part in self._tree(child, depth + 1, zones, children)]
        return panel[:-1] + inner + panel[-1:]


def _normalize_marks(highlight: Mapping[str, str] | Iterable[str] | None) -> dict[str, str]:
    if not highlight:
        return {}
    if isinstance(highlight, Mapping):
        return {str(k): str(v) for k, v in highlight.items()}
    return {str(k): "changed" for k in highlight}


def board_fragments(world: World, *,
                    highlight: Mapping[str, str] | Iterable[str] | None = None,
                    players: Iterable[tuple[int, str]] = (), edition: str | None = None,
                    rules_page: str | None = None,
                    moves: Mapping[str, Moved] | None = None,
                    cache: BoardCache | None = None) -> list[str]:
    """``board_html`` as a list of HTML fragments whose join is the board: the board's open
    tag; per game its head (title, status, the game it is a subgame of), its turn and
    priority, each player's seat line, library, hand and graveyard, the close of the seats,
    each shared zone, what waits, then its subgames' panels (the same, nested: the tree of
    games) and its close; then the panel of what is outside every game. In a zone, each
    listed object is a fragment of its own, between the zone's head and its close. A fragment
    is an unbalanced piece of HTML (an open or a close tag, or whole elements); consecutive
    boards share most of them, which a static stepper stores once (``magicsub.pages.statichtml``).

    ``moves`` (``step_moves``): each moved object says where from ("★ moved from ..."), and
    the place it left shows a "ghost" item (``class="ms-gone"``, ``data-left`` = its
    ``data-obj``, ``data-to`` = where it went, see ``place_key``); a zone something arrived in
    has ``data-place``. Ghosts carry no ``data-obj``: each object is on the board once.

    ``cache``: a ``BoardCache`` shared with the boards drawn before (a stepper's), so that
    the zones and objects they drew the same way are not drawn again.

    >>> import magicsub
    >>> world = magicsub.Game(["Alex", "Bianca"]).world
    >>> parts = board_fragments(world)
    >>> "".join(parts) == board_html(world), parts[0]
    (True, '<div class="ms-row ms-board">')
    """
    return Board(world, _normalize_marks(highlight), set(players), edition,
                  rules_page, moves, cache).render()


def board_html(world: World, *, highlight: Mapping[str, str] | Iterable[str] | None = None,
               players: Iterable[tuple[int, str]] = (), edition: str | None = None,
               rules_page: str | None = None, moves: Mapping[str, Moved] | None = None) -> str:
    """The board alone, without the ``.magicsub`` wrapper or style (for composing views)."""
    return "".join(board_fragments(world, highlight=highlight, players=players,
                                   edition=edition, rules_page=rules_page, moves=moves))
