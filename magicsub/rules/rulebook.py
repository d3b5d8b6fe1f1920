"""Imports every rules module that hooks into the core (``magicsub.engine.hooks``), in a fixed
order.

The order here is the order in which handlers of one event run. ``magicsub.game`` imports this
module; a new rules module adds one import line below.
"""

from __future__ import annotations

from . import (  # noqa: F401
    activation,
    attractions,
    choices,
    control,
    designations,
    dungeons,
    emblems,
    extra_turns,
    initiative,
    leaving,
    modifiers,
    outcomes,
    phasing,
    ranges,
    recorded_choices,
    restart,
    schemes,
    storm,
    subgame,
    teams,
    until,
)
