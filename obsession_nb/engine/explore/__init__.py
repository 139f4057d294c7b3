"""The explorer: every distinct way to finish the current turn, compared."""
