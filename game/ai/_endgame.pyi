"""The compiled ending solver's interface (game/ai/_endgame.c), for type checkers: they
cannot read the built extension itself."""

from collections.abc import Callable, Sequence

def new(neighbours: Sequence[Sequence[int]], table_bits: int, /) -> object: ...
def clear(handle: object, /) -> None: ...
def probe(
    handle: object,
    me: int,
    op: int,
    alpha: int,
    beta: int,
    node_limit: int,
    check: Callable[[], object] | None,
    /,
) -> tuple[int, int, bool]: ...
def lookup(handle: object, me: int, op: int, /) -> tuple[int, int, int] | None: ...
