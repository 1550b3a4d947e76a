"""Test-wide settings: Arcade runs headless (Mesa's software GL) in every test."""

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")
