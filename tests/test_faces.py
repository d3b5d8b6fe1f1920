"""CR 708.9: a face-down permanent that moves from the battlefield to any other zone is turned
face up (its owner reveals it); CR 406.3: cards in exile are face up unless an effect says
otherwise -- including CR 800.4a's exile of what a departed player still controls."""

from __future__ import annotations

from magicsub import Game
from magicsub.engine.changes import Move


def _game() -> Game:
    g = Game(["Alex", "Bianca", "Cho"], seed=1)
    g.add_object("angel", "Exalted Angel", owner="Alex", face_up=False, types=["creature"],
                 power=2, toughness=2)
    g.add_object("hystrodon", "Hystrodon", owner="Bianca", controller="Alex", face_up=False,
                 types=["creature"], power=2, toughness=2)
    return g


def test_708_9_face_down_permanent_to_graveyard_is_turned_face_up():
    g = _game()
    steps = g.apply({"move": {"object": "angel", "to": "graveyard"}})
    moves = [c for s in steps for c in s.changes if isinstance(c, Move)]
    assert moves[0].turned == "face up" and "turned face up" in moves[0].words()
    assert g.where("angel") == ("main", "graveyard") and g.obj("angel").face_up


def test_800_4a_exile_of_a_face_down_permanent_turns_it_face_up():
    g = _game()
    steps = g.apply({"leave": "Alex"})
    exiled = next(s for s in steps if s.rule == "800.4a" and "exiled" in s.text)
    [move] = [c for c in exiled.changes if isinstance(c, Move)]
    assert (move.obj, move.dst.zone, move.turned) == ("hystrodon", "exile", "face up")
    assert g.where("hystrodon") == ("main", "exile") and g.obj("hystrodon").face_up
    assert g.obj("hystrodon").controller is None
    assert g.where("angel") == ("outside", "outside") and g.obj("angel").face_up
    assert g.priority == "Bianca"


def test_face_down_permanent_staying_on_the_battlefield_stays_face_down():
    g = _game()
    g.apply({"effect": {"control": "hystrodon", "to": "Cho"}})
    assert g.obj("hystrodon").controller == "Cho" and not g.obj("hystrodon").face_up
