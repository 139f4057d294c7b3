"""Competitive Team Play (UD p.12), a plugin of obsession_nb/engine/mode.py."""
