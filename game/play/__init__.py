"""What playing means, without a screen: the application layer beneath the client.

A match and its controller, puzzle sessions and arcade runs, the lessons, the
analysis of a finished game, online play's model, and everything the game keeps
on disk (settings, progress, history, saved games). Nothing here imports pygame:
:mod:`game.client` draws these objects and turns clicks and keys into calls on
them, and tests drive them directly.
"""
