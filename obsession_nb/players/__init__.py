"""Seeded players and batches of whole games."""
