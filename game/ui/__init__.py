"""The table on screen (DESIGN.md, layer 4): arcade views, layout, textures, input.

Importing this package imports no arcade: the pure modules (``layout``,
``geometry``, ``snake``, ``preview``, ``tween``, ``seating``, ``wording``)
are tested without a window. ``table`` and what it draws import arcade;
set ``ARCADE_HEADLESS=1`` first for an off-screen window (``app.headless``).
"""
