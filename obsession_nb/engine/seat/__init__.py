"""What each seat may know of a position (DESIGN principle 10): where cards lie face down and who
may look at them (``places``), the cards that became public (``knowledge``), a re-deal of what a
seat cannot know (``redeal``), the position and the log as a seat sees them (``view``, ``log``)."""
