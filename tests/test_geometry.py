import pytest

from game.rules import Position, geometry


@pytest.mark.parametrize("n", range(2, 10))
def test_cell_count_and_rows(n):
    g = geometry(n)
    assert g.cells == 3 * n * (n - 1) + 1
    assert g.row_lengths[0] == n and g.row_lengths[n - 1] == 2 * n - 1
    assert sum(g.row_lengths) == g.cells


def test_names_follow_the_spec_on_side_5():
    g = geometry(5)
    assert g.names[:5] == ("a1", "a2", "a3", "a4", "a5")
    assert g.name(g.at(0, 0)) == "e5"
    assert g.name(g.at(-4, 0)) == "e1" and g.name(g.at(4, 0)) == "e9"
    assert g.names[-1] == "i5"
    assert g.cell("e5") == 30


def test_unknown_cell_name_is_a_clear_error():
    with pytest.raises(ValueError, match="'j1' is not a cell of the side-5 board"):
        geometry(5).cell("j1")


@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_neighbours_are_symmetric_and_six_inside(n):
    g = geometry(n)
    # asserts-in-branch: every board has cells (test_cell_count_and_rows)
    for c in range(g.cells):
        q, r = g.coord(c)
        inner = max(abs(q), abs(r), abs(q + r)) < n - 1
        assert len(g.neighbours[c]) == 6 or not inner
        for d in g.neighbours[c]:
            assert c in g.neighbours[d]


@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_twelve_symmetries_preserve_adjacency(n):
    g = geometry(n)
    assert len({tuple(p) for p in g.symmetries}) == 12
    for perm in g.symmetries:
        for c in range(g.cells):
            assert {int(perm[d]) for d in g.neighbours[c]} == set(g.neighbours[int(perm[c])])


def test_dilate_stays_on_rows_and_matches_the_neighbours():
    g = geometry(5)
    # asserts-in-branch: every board has cells (test_cell_count_and_rows)
    for c in range(g.cells):
        got = g.cells_of(g.dilate(1 << g.bit_of[c]) & g.full)
        assert got == sorted([c, *g.neighbours[c]])


def test_canonical_is_shared_by_every_symmetric_image_and_the_colour_swap():
    p = Position.from_mfen("RB1/4/2B2/R3/3 r")
    canon = p.canonical()
    for s in range(12):
        image = p.transformed(s)
        assert image.canonical() == canon
        assert image.swapped().canonical() == canon
    other = Position.from_mfen("RB1/4/2B2/R3/3 b")  # same tiles, other side to move
    assert other.canonical() != canon
