"""The pygame-ce client: the only package that imports pygame.

:mod:`.app` runs the window and the scene stack; :mod:`.scenes` holds what the
player sees; :mod:`.scripted` drives the real scenes for the screenshot tour, the
smoke test and the tests. What the scenes show (matches, puzzles, lessons, saved
data) lives beneath, in :mod:`game.play`, which has no pygame.
"""
