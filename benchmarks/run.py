"""Run every benchmark under benchmarks/ and print its tables (``make bench``)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

HERE = pathlib.Path(__file__).parent


def main() -> int:
    """Import each ``bench_*.py`` beside this file and call its ``main``."""
    for path in sorted(HERE.glob("bench_*.py")):
        print(f"# {path.stem}\n")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.main()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
