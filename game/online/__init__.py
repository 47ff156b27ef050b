"""Online play: the protocol, the game server, its store, and a bot that plays
seeks with our AI. Imports the rules and the AI, never pygame.

Run a server with ``mosaic-server`` (or ``python -m game.online``); see
``docs/online-protocol.md`` for the messages and ``docs/online-server.md`` for
running one in public.
"""
