"""Find the texts a player may read that are not marked for translation.

An AST scan: every string literal of the scanned modules that reads as prose (two
words or more, or one capitalised word handed to a drawing or widget call) must sit
inside ``_()``, ``N_()``, ``ngettext()`` or ``pgettext()``, unless it is a
docstring, a logger's message, or its line says ``# i18n: not shown`` (a
developer's message, a file format, a key). A prose literal that is none of these
is a text someone forgot to mark.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

MARKERS = frozenset({"_", "N_", "ngettext", "pgettext"})
#: Calls whose text is never a player's: the log, and text that goes to developers.
QUIET = frozenset(
    {"debug", "info", "warning", "error", "exception", "critical", "log", "warn", "getLogger"}
)
#: Calls that draw or show a text: a single word handed to one of these is a caption.
SINKS = frozenset(
    {
        "render",
        "text",
        "text_block",
        "draw_text",
        "Button",
        "Label",
        "Toggle",
        "Choice",
        "Slider",
        "caption",
        "set_caption",
        "say",
        "notice",
        "show",
        "toast",
        "title",
        "heading",
        "TextBlock",
    }
)
#: A line that says why its text stays as it is: "# i18n: not shown", "# i18n: a file's words".
QUIET_LINE = "# i18n: "
#: Two words: letters, a space (after punctuation, perhaps), then a letter.
PROSE = re.compile(r"[A-Za-z]{2,}[’']?[a-z]*[,:;!?.…)]*\s+[(\"'“]?[A-Za-z]")
CAPTION = re.compile(r"^[A-Z][a-z]{2,}(\.\.\.|[.!?…])?$")


@dataclass(frozen=True)
class Unmarked:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _docstrings(tree: ast.Module) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _parents(tree: ast.Module) -> dict[int, ast.AST]:
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    return parents


def scan_source(source: str, path: str) -> list[Unmarked]:
    """The unmarked prose literals of one module's ``source``."""
    tree = ast.parse(source)
    lines = source.splitlines()
    docs = _docstrings(tree)
    parents = _parents(tree)
    found: list[Unmarked] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in docs:
            continue
        text = node.value
        # Walk up to the call that holds the literal (through f-strings, operators and
        # containers): marked, quiet, or a sink.
        marked = quiet = in_sink = in_fstring = False
        child: ast.AST = node
        parent = parents.get(id(node))
        while parent is not None:
            if isinstance(parent, ast.JoinedStr):
                in_fstring = True
            if isinstance(parent, ast.Call) and child is not parent.func:
                name = _name(parent.func)
                if name in MARKERS:
                    marked = True
                    break
                if name in QUIET:
                    quiet = True
                    break
                if name in SINKS:
                    in_sink = True
                    break
            if isinstance(parent, ast.stmt):
                break
            child, parent = parent, parents.get(id(parent))
        if marked or quiet:
            continue
        if isinstance(parent, ast.Raise | ast.Assert):
            # A raised message is checked like any other text: the game shows them.
            pass
        prose = bool(PROSE.search(text)) and not _looks_technical(text)
        caption = in_sink and bool(CAPTION.match(text)) and not in_fstring
        if not (prose or caption):
            continue
        stmt = parent if isinstance(parent, ast.stmt) else node
        first = getattr(stmt, "lineno", node.lineno)
        last = max(node.end_lineno or node.lineno, getattr(stmt, "end_lineno", 0) or 0)
        # The comment may stand on the line above the statement, or on any of its lines.
        if any(QUIET_LINE in lines[i - 1] for i in range(max(1, first - 1), last + 1)):
            continue
        found.append(Unmarked(path, node.lineno, text))
    return found


#: Words that are the same in every language, so never marked: the names of the
#: designers and publisher, and the credit line the designer asks for word for word
#: ("Mosaic by Mark Steere", game.CREDIT; a translated sentence may stand around a
#: name, as "by {designer}" does, but the name and the credit itself stay).
NAMES = frozenset({"Mark Steere", "Christof Tisch", "Schmidt Spiele", "Mosaic by Mark Steere"})
#: A position written in MFEN (rows of R, B and counts of empty cells, "/" between
#: rows, then the side to move): a file's words, read by the program, not a player.
MFEN = re.compile(r"^[RB0-9]+(?:/[RB0-9]+)+ [rb](?: \S+)*$")


def _looks_technical(text: str) -> bool:
    """Format strings, paths, SQL and the like that happen to hold two words."""
    stripped = text.strip()
    return (
        stripped in NAMES
        or bool(MFEN.match(stripped))
        or stripped.startswith(("%", "/", "--", "SELECT", "INSERT", "UPDATE", "CREATE", "DELETE"))
        or "://" in stripped
        or stripped.isupper()
    )


def scan(root: Path, packages: list[str]) -> list[Unmarked]:
    """The unmarked prose literals of every module under ``packages`` (paths from
    ``root``, each a folder or one file)."""
    found: list[Unmarked] = []
    for package in packages:
        base = root / package
        files = [base] if base.is_file() else sorted(base.rglob("*.py"))
        for file in files:
            rel = file.relative_to(root).as_posix()
            found += scan_source(file.read_text(encoding="utf-8"), rel)
    return found
