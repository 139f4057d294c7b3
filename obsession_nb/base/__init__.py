"""Foundations with no game knowledge: files, YAML, HTML rendering, executors, languages."""
