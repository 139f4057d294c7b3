"""Classic solitaire, the base game's solo mode (Facts §6), a plugin of obsession_nb/engine/mode.py."""
