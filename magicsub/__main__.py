"""``python -m magicsub``: the command line."""

from .cli import run

run()
