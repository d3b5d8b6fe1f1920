"""CR 109.5: the words "you" and "your" on an object refer to its current controller, so a
permanent's "you control enchanted creature" follows whoever controls that permanent now."""

from __future__ import annotations

from magicsub import Game
from magicsub.engine.changes import Control


def _mind_control_game() -> Game:
    g = Game(["Alex", "Bianca", "Cho"], seed=1)
    g.add_object("mc", "Mind Control", owner="Alex", zone="hand")
    g.add_object("griffin", "Assault Griffin", owner="Bianca")
    g.add_object("confiscate", "Confiscate", owner="Cho", types=["enchantment"])
    g.apply({"cast": {"card": "mc", "by": "Alex", "target": "griffin"}})
    g.apply({"resolve": "mc"})
    return g


def test_109_5_control_of_mind_control_carries_the_creature():
    """Cho gains control of Mind Control: Cho controls the enchanted Griffin too, in the same
    step; when that effect ends, both return to Alex."""
    g = _mind_control_game()
    assert g.obj("griffin").controller == "Alex"
    steps = g.apply({"effect": {"control": "mc", "to": "Cho", "source": "confiscate",
                                "until": "source_leaves"}})
    controls = [c for s in steps for c in s.changes if isinstance(c, Control)]
    assert controls == [Control("mc", "Mind Control", "Alex", "Cho"),
                        Control("griffin", "Assault Griffin", "Alex", "Cho")]
    assert g.obj("mc").controller == "Cho" and g.obj("griffin").controller == "Cho"
    assert g.where("griffin") == ("main", "battlefield")
    g.apply({"move": {"object": "confiscate", "to": "graveyard"}})
    assert g.obj("mc").controller == "Alex" and g.obj("griffin").controller == "Alex"


def test_109_5_new_controller_of_mind_control_leaves():
    """CR 800.4a with 109.5: Cho, who controls Mind Control through Confiscate, leaves. Cho's
    Confiscate leaves the game, its effect ends, Mind Control returns to Alex and so does the
    Griffin; nothing of Alex's or Bianca's is exiled."""
    g = _mind_control_game()
    g.apply({"effect": {"control": "mc", "to": "Cho", "source": "confiscate",
                        "until": "source_leaves"}})
    g.apply({"leave": "Cho"})
    assert g.where("confiscate") == ("outside", "outside")
    assert g.where("mc") == ("main", "battlefield") and g.obj("mc").controller == "Alex"
    assert g.where("griffin") == ("main", "battlefield")
    assert g.obj("griffin").controller == "Alex"
    assert g.priority == "Alex"
