"""The build backend: setuptools, after copying the widget JavaScript into the package.

``pyproject.toml`` names this module (``backend-path = ["tools"]``). Before a wheel or an sdist
is built, ``vendor_widgets.vendor_package`` copies what ``magicsub html`` needs from the pinned
npm packages (``node_modules``, installed by ``npm ci`` from ``package-lock.json``) into
``magicsub/assets/vendor/``, which ``[tool.setuptools.package-data]`` puts in both. A build from
the sdist finds the copy there; a build with neither stops, saying to run ``npm ci``.
Editable installs use the checkout's ``node_modules`` and skip the copy.
"""

from __future__ import annotations

import sys

import vendor_widgets
from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the other hooks, unchanged)


def _vendor() -> None:
    try:
        done = vendor_widgets.vendor_package()
    except FileNotFoundError as error:
        raise SystemExit(f"magicsub build: {error}") from None
    print(f"magicsub build: {done}", file=sys.stderr)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """Vendor the widget JavaScript, then build the wheel with setuptools."""
    _vendor()
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory, config_settings=None):
    """Vendor the widget JavaScript, then build the sdist with setuptools."""
    _vendor()
    return _setuptools.build_sdist(sdist_directory, config_settings)
