"""What a person reads and clicks: the widgets, the explorer view, quiz, rule browser, casebook, builder."""
