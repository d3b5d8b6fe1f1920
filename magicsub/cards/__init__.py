"""The built-in cards, ONE MODULE PER CARD: each registers itself with
``magicsub.engine.registry.register`` when it is imported (``load_all``). A card module
may import the engine and the rules; nothing below ``magicsub.game`` imports a card module.
"""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> tuple[str, ...]:
    """Import every card module of this package (sorted by name); return their names."""
    names = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)
                         if not m.name.startswith("_")))
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return names
