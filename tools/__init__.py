"""The project's tools, run from the checkout as modules: ``python -m tools.soak``."""
