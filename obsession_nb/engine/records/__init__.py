"""The records of a position and of an action: state, options, actions, their notation and names,
and the verdict of a check."""
