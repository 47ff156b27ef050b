"""The pygame-ce client: the only package that imports pygame.

:mod:`.app` runs the window and the scene stack; :mod:`.scenes` holds what the
player sees; :mod:`.match` (no pygame) is a match's state and its record.
"""
