"""Work for the jobs process in tests: module level, so a spawned process can import it."""

import os
import time


def square(x: int) -> int:
    return x * x


def refuse(message: str) -> None:
    raise ValueError(message)


def sleep_then(value: int, seconds: float) -> int:
    time.sleep(seconds)
    return value


def pid() -> int:
    return os.getpid()


def die() -> None:
    os._exit(3)
