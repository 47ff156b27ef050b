"""The compiled middle-game search's interface (game/ai/_search.c), for type checkers:
they cannot read the built extension itself."""

from collections.abc import Callable, Sequence

INTERFACE: int

def new(side: int, table_limit: int, /) -> object: ...
def helper(handle: object, /) -> object: ...
def clear(handle: object, /) -> None: ...
def options(handle: object, pvs: bool, killers: bool, history: int, /) -> None: ...
def fresh(handle: object, /) -> None: ...
def size(handle: object, /) -> int: ...
def negamax(
    handle: object,
    me: bytes,
    op: bytes,
    mover: int,
    depth: int,
    alpha: int,
    beta: int,
    exact: bool,
    weights: Sequence[int] | object,
    limit: int,
    check: Callable[[], object] | None,
    /,
) -> tuple[int, int, bool]: ...
def root(
    handle: object,
    me: bytes,
    op: bytes,
    mover: int,
    depth: int,
    exact: bool,
    mode: int,
    weights: Sequence[int] | object,
    limit: int,
    check: Callable[[], object] | None,
    /,
) -> tuple[int, int, list[tuple[int, int]], int, bool]: ...
def patterns(
    side: int,
    stages: int,
    shapes: Sequence[tuple[int, int]],
    cells: bytes,
    table: bytes,
    terms: Sequence[int],
    /,
) -> object: ...
