"""The step and concern modules of the order of play: each returns what happened; none
calls the sequencer."""
