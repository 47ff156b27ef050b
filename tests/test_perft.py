import json

import pytest

from .perft import GOLDEN, SIDES_DEPTHS, engine_perft


@pytest.mark.parametrize("n", sorted(SIDES_DEPTHS))
def test_distinct_positions_match_golden_counts(n):
    golden = json.loads(GOLDEN.read_text())[str(n)]
    assert len(golden) == SIDES_DEPTHS[n]
    assert engine_perft(n, SIDES_DEPTHS[n]) == golden
