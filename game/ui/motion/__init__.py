"""Things that move: the tweens every sprite glides by, the wash of the tiles and the deal."""
