"""Write ``magicsub/scenario.schema.json``: the scenario format's JSON Schema, built by
``magicsub.scenario.schema`` from the vocabulary of steps and expectations.

Usage: ``python tools/schema.py`` rewrites the file when it differs; ``--check`` writes nothing
and exits 1 when it is stale (``tests/test_schema.py`` checks the same).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from magicsub.scenario.safefiles import write_atomic  # noqa: E402
from magicsub.scenario.schema import SCHEMA_FILE, schema_text  # noqa: E402


def main(argv: list[str]) -> int:
    """Write the schema file, or with ``--check`` say whether it is up to date."""
    text = schema_text()
    current = SCHEMA_FILE.read_text(encoding="utf-8") if SCHEMA_FILE.exists() else ""
    if current == text:
        print(f"{SCHEMA_FILE.name} is up to date")
        return 0
    if "--check" in argv:
        print(f"{SCHEMA_FILE.name} is stale: run python tools/schema.py", file=sys.stderr)
        return 1
    write_atomic(SCHEMA_FILE, text.encode("utf-8"))  # never into a FIFO or through a link
    print(f"wrote {SCHEMA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
