"""A compiled search built for another interface (a checkout pulled and not
rebuilt) is left aside with a message that says how to rebuild it, rather than
failing at its first call in the AI's process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.ai import fastsearch

ROOT = Path(__file__).resolve().parents[2]


def test_a_build_of_another_interface_is_left_aside_saying_how_to_rebuild():
    assert fastsearch.usable(SimpleNamespace(INTERFACE=fastsearch.INTERFACE))
    with pytest.warns(RuntimeWarning, match=r"interface None, not \d+: .*build_ext --inplace"):
        assert not fastsearch.usable(SimpleNamespace())
    with pytest.warns(RuntimeWarning, match="until it is rebuilt"):
        assert not fastsearch.usable(SimpleNamespace(INTERFACE=fastsearch.INTERFACE - 1))


@pytest.mark.skipif(not fastsearch.COMPILED, reason="the compiled search is not built")
def test_the_built_module_has_the_interface_this_code_calls():
    from game.ai import _search

    assert _search.INTERFACE == fastsearch.INTERFACE


def test_the_c_source_and_the_python_side_name_the_same_interface():
    source = (ROOT / "game" / "ai" / "_search_py.c").read_text()
    assert f"#define SEARCH_INTERFACE {fastsearch.INTERFACE}\n" in source


def test_a_stale_build_leaves_the_python_search_to_play():
    # A module without the constant stands for a build from before it.
    code = (
        "import sys, types, warnings; warnings.simplefilter('always')\n"
        "sys.modules['game.ai._search'] = types.ModuleType('game.ai._search')\n"
        "from game.ai import fastsearch, search\n"
        "print(fastsearch.COMPILED, search.Searcher().fast)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "None"]
    assert "built for interface None" in done.stderr
