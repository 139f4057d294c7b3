"""A turn, played: the sequencer, the turn's own steps, move generation and dispatch."""
