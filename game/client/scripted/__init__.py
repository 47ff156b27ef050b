"""Scripted runs of the real client: the screenshot tour, its online part and the
executable's smoke test. Tests drive scenes through :mod:`.tour`'s ``Driver``."""
