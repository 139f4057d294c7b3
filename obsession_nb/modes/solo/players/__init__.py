"""Players of the Solo Estate Challenge: the greedy, planner, search and random strategies,
and what they value (none of this is a rule of the challenge)."""
