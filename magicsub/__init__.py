"""magicsub: the Magic: The Gathering rules for subgames (CR 726) and for leaving a multiplayer
game (CR 800.4), as an engine that records every change as a step citing its rule paragraph.

>>> import magicsub
>>> game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 8, "Bianca": 8})
>>> game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
>>> _ = game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
>>> _ = game.apply({"resolve": "shahrazad"})
>>> game.subgames, game.where("Alex#1")[0]
(1, '1')
"""

from .engine.editions import EDITIONS, Edition, edition
from .engine.errors import CitationError, RulesError, ScenarioError
from .engine.objects import Kind, Obj
from .engine.trace import Change, Loc, Step, Trace
from .engine.zones import OUTSIDE, Zone
from .game import Game
from .scenario import Scenario, ScenarioResult, load_scenario

__version__ = "0.1.0"
__all__ = ["EDITIONS", "OUTSIDE", "Change", "CitationError", "Edition", "Game", "Kind", "Loc",
           "Obj", "RulesError", "Scenario", "ScenarioError", "ScenarioResult", "Step", "Trace",
           "Zone", "edition", "load_scenario"]
