"""A position as a file and as JSON: scenarios, their checks, argument checks, the view."""
