"""Setting up a new game: the tiles, the servant draft, the starter draft, the set-up decisions."""
