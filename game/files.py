"""Reading and writing the game's JSON files safely: standard library only, so
every layer may use it.

A write goes to a temporary file beside the target and is renamed over it, so a
crash or a full disk never leaves half a file; :func:`write_new` never replaces
another file. A read turns every way a file can be bad (unreadable, not UTF-8,
not JSON, nested too deeply, a number too long to read, far too large) into one
:class:`BadFile` whose message says what is wrong in plain words.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
from pathlib import Path
from typing import Any

#: No file the game writes comes near this; a larger one is refused unread.
MAX_BYTES = 32 * 1024 * 1024


class BadFile(ValueError):
    """A file that cannot be used; the message says why, for the player."""


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_with(path, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically."""
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) + "\n")


def write_new(folder: Path, stem: str, data: Any) -> Path:
    """Write ``data`` as JSON to a new file ``stem.json`` in ``folder`` (or
    ``stem-2.json``, ``stem-3.json``, ... when that name is taken), atomically and
    never over another file. Returns the path written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    tmp = _temp_with(folder / f"{stem}.json", json.dumps(data, indent=1, allow_nan=False) + "\n")
    try:
        for n in range(1, 10_000):
            target = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
            try:
                os.link(tmp, target)  # fails if the name is taken: no window for a race
            except FileExistsError:
                continue
            except OSError:  # a file system without hard links: reserve the name first
                try:
                    with open(target, "x"):
                        pass
                except FileExistsError:
                    continue
                os.replace(tmp, target)
            return target
        raise OSError(f"no free file name for {stem} in {folder}")
    finally:
        tmp.unlink(missing_ok=True)


def _temp_with(path: Path, text: str) -> Path:
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
    return Path(name)


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in ``path``; raises :class:`BadFile` saying why it cannot be
    used, or :class:`FileNotFoundError` when there is no file."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise BadFile(f"it is {size // 1024} KiB, far larger than the game ever writes")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as e:
        raise BadFile(f"it cannot be read: {e.strerror or e}") from None
    return parse_json(raw)


def parse_json(raw: bytes | str) -> Any:
    """Parse JSON text strictly; raises :class:`BadFile` saying why it is not usable."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as e:
        raise BadFile(f"it is not UTF-8 text (byte {e.start + 1})") from None
    if not text.strip():
        raise BadFile("it is empty")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise BadFile(
            f"it is not valid JSON ({e.msg} at line {e.lineno} column {e.colno})"
        ) from None
    except RecursionError:
        raise BadFile("it is nested far too deeply") from None
    except ValueError as e:  # a number with thousands of digits, or NaN / Infinity
        raise BadFile(f"it holds a value that cannot be read ({_first_line(e)})") from None
    if data is None:
        raise BadFile("it holds no data (null)")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _first_line(e: BaseException) -> str:
    text = str(e).split("\n", 1)[0]
    return text if len(text) < 80 else text[:77] + "..."


def finite(value: Any) -> bool:
    """A real number (not a boolean) that is neither infinite nor NaN."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def move_aside(path: Path, stamp: str) -> Path:
    """Rename a bad file out of the way as ``name.corrupt-STAMP``, keeping it for the
    player to look at; never over another file."""
    path = Path(path)
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target
