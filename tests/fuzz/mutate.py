"""Hypothesis strategies for hostile files: random bytes, and structure-aware
mutations of a valid document (wrong types, huge and non-finite numbers, deep
nesting, unknown keys and names, truncation)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["Master", "Bogus", "", "r", "pass", "xe5", "é", "\x00", "9" * 40])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

#: Raw text spliced into a document where a value goes: what json.dumps cannot make.
RAW_VALUES = [
    "1" * 5000,  # more digits than Python reads
    "1e999",  # an infinite float
    "-1e999",
    "NaN",
    "Infinity",
    "[" * 50_000 + "]" * 50_000,  # deeper than the parser's recursion
    '"' + "x" * 100_000 + '"',
    "{}",
    "[]",
]


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in ``doc`` a value sits, as key/index paths."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, (*prefix, i))
    return out


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def _delete(doc: Any, path: tuple) -> Any:
    if not path:
        return doc
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    del parent[path[-1]]
    return doc


@st.composite
def mutated(draw, valid: Any) -> bytes:
    """``valid`` with a few random changes, serialised, perhaps cut short or with
    a value JSON writers never produce spliced in."""
    doc = copy.deepcopy(valid)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)))
        how = draw(st.sampled_from(["replace", "delete", "unknown-key", "wrap"]))
        if how == "replace":
            doc = _set(doc, where, draw(JSON))
        elif how == "delete":
            doc = _delete(doc, where)
        elif how == "wrap":
            old = doc
            for key in where:
                old = old[key]
            doc = _set(doc, where, [old] if draw(st.booleans()) else {"v": old})
        else:
            target = doc
            for key in where:
                target = target[key]
            if isinstance(target, dict):
                target[draw(st.text(max_size=10))] = draw(JSON)
    text = json.dumps(doc, allow_nan=True)
    if draw(st.booleans()) and paths(doc)[1:]:
        # Splice a raw value in place of one the document has.
        marker = "__raw__"
        spot = draw(st.sampled_from(paths(doc)[1:]))
        text = json.dumps(_set(doc, spot, marker), allow_nan=True)
        text = text.replace(json.dumps(marker), draw(st.sampled_from(RAW_VALUES)), 1)
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 4)) == 0:
        data = data[: draw(st.integers(0, len(data)))]
    return data


def hostile(valid: Any) -> st.SearchStrategy[bytes]:
    """Bytes a bad file may hold: noise, any JSON at all, or a mutated valid file."""
    noise = st.binary(max_size=200)
    anything = JSON.map(lambda v: json.dumps(v, allow_nan=True).encode("utf-8", "surrogatepass"))
    return st.one_of(noise, anything, mutated(valid), mutated(valid), mutated(valid))
