"""Things that move: the tweens every sprite glides by, and the wash of the tiles before a deal."""
