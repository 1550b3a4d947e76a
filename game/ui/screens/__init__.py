"""The screens around the table: title, setup, settings, handover, summaries, panels.

A screen is given a navigator (open a route, back, home) and the services
it reads (settings, store, sounds, kiosk, scale), never the whole game.
"""
