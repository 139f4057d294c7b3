"""Playing against the computer: AI opponents (random, heuristic, search), the coach that
reviews a turn, arenas between strategies, and the practice game."""
