"""The table: one view that owns its parts (board, hand, seats, top bar, choices, input,
preview, the computer's thinking, the deal over it) and reports what happened instead of
navigating.
"""
