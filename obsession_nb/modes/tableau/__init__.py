"""Tableau Obsession and Tableau Duel (UD p.15), plugins of obsession_nb/engine/mode.py."""
