"""Line-by-line command-line tools that never stop on a bad line (standard
library only, so every layer may use it).

Standard input is read as bytes and each line decoded on its own, so one line
that is not UTF-8 costs only its own answer. Every input line, a blank one
included, gets exactly one answer line, flushed at once so that a program on
the other end of a pipe can talk to the tool turn by turn.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO, TextIO

#: A line longer than this is answered with an error without being looked at.
MAX_LINE = 64 * 1024


class LineError(ValueError):
    """An input line that cannot be read as text, or is far too long."""


def decoded(stream: BinaryIO) -> Iterator[str | LineError]:
    """Each line of ``stream`` without its line ending, or the error it has."""
    for raw in stream:
        if len(raw) > MAX_LINE:
            yield LineError(f"the line is {len(raw)} bytes long; at most {MAX_LINE} are read")
            continue
        try:
            yield raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as e:
            yield LineError(f"the line is not UTF-8 text (byte {e.start + 1})")


def answers(
    lines: Iterable[str | LineError],
    answer: Callable[[str], str],
    error: Callable[[str], str],
    errors: tuple[type[Exception], ...] = (ValueError,),
) -> Iterator[str]:
    """``answer(line)`` for each line, or ``error(message)`` when the line is bad.

    One of ``errors`` (the tool's own domain errors) is the expected way for
    ``answer`` to refuse a line. Any other exception is a bug, but it still costs
    only its own line: the tool answers ``internal error`` and goes on, and the
    tests look for that word.
    """
    for line in lines:
        if isinstance(line, LineError):
            yield error(str(line))
            continue
        if not line.strip():
            yield error("empty line")
            continue
        try:
            yield answer(line)
        except errors as exc:
            yield error(str(exc))
        except Exception as exc:  # a bug costs one line, never the run
            yield error(f"internal error ({type(exc).__name__}): {exc}")


def serve(
    answer: Callable[[str], str],
    error: Callable[[str], str],
    errors: tuple[type[Exception], ...] = (ValueError,),
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Answer standard input line by line on standard output; the exit status."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout
    try:
        for out in answers(decoded(stdin), answer, error, errors):
            stdout.write(out + "\n")
            stdout.flush()
    except OSError as exc:
        print(f"error: cannot read standard input: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0
