"""The one part of the build that pyproject.toml cannot say: the compiled ending solver
and the compiled middle-game search.

``optional=True``: where no C compiler is at hand the install goes on without it,
and the game uses the Python solver (see game/ai/endgame.py).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "game.ai._endgame",
            ["game/ai/_endgame.c"],
            depends=["game/ai/_bits.h", "game/ai/_caller.h", "game/ai/_endgame_core.h"],
            optional=True,
        ),
        Extension(
            "game.ai._search",
            ["game/ai/_search.c", "game/ai/_search_py.c"],
            depends=[
                "game/ai/_bits.h",
                "game/ai/_caller.h",
                "game/ai/_patterns.h",
                "game/ai/_search.h",
            ],
            optional=True,
        ),
    ]
)
