"""What the game looks and sounds like: the tile textures (drawn once with PIL) and the sounds."""
