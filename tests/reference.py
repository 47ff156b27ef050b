"""A deliberately simple reference implementation of the rules, for tests only.

It shares no code with ``game.rules``: its own coordinates and cell names from
docs/rules.md, a dict for the board, and group counts recounted by a plain
search after every trial change. Slow and obviously right is the point.
"""

from __future__ import annotations

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


class RefBoard:
    def __init__(self, n: int, tiles: dict[tuple[int, int], str] | None = None, mover: str = "R"):
        self.n = n
        m = n - 1
        self.cells = [
            (q, r)
            for r in range(-m, m + 1)
            for q in range(-m, m + 1)
            if abs(q) <= m and abs(r) <= m and abs(q + r) <= m
        ]
        self.tiles = dict(tiles or {})
        self.mover = mover

    # -- notation, straight from the spec --
    def name(self, cell: tuple[int, int]) -> str:
        q, r = cell
        m = self.n - 1
        return chr(ord("a") + r + m) + str(q - max(-m, -m - r) + 1)

    @classmethod
    def from_mfen(cls, text: str) -> RefBoard:
        rows_text, side = text.split()
        rows = rows_text.split("/")
        n = (len(rows) + 1) // 2
        board = cls(n, mover="R" if side == "r" else "B")
        by_row: dict[int, list] = {}
        for c in board.cells:
            by_row.setdefault(c[1], []).append(c)
        for i, row in enumerate(rows):
            cells = sorted(by_row[i - (n - 1)])
            col = 0
            num = ""
            for ch in row + "/":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    col += int(num)
                    num = ""
                if ch in "RB":
                    board.tiles[cells[col]] = ch
                    col += 1
        return board

    def mfen(self) -> str:
        m = self.n - 1
        rows = []
        for r in range(-m, m + 1):
            out, run = "", 0
            for c in sorted(c for c in self.cells if c[1] == r):
                t = self.tiles.get(c)
                if t:
                    out += (str(run) if run else "") + t
                    run = 0
                else:
                    run += 1
            rows.append(out + (str(run) if run else ""))
        return "/".join(rows) + " " + ("r" if self.mover == "R" else "b")

    # -- rules --
    def neighbours(self, cell):
        nbrs = self.__dict__.get("_nbrs")
        if nbrs is None:
            cellset = set(self.cells)
            nbrs = self.__dict__["_nbrs"] = {
                (q, r): [(q + dq, r + dr) for dq, dr in DIRS if (q + dq, r + dr) in cellset]
                for q, r in self.cells
            }
        return nbrs[cell]

    def groups(self, colour: str, tiles=None) -> int:
        tiles = self.tiles if tiles is None else tiles
        seen = set()
        count = 0
        for c in self.cells:
            if tiles.get(c) != colour or c in seen:
                continue
            count += 1
            todo = [c]
            seen.add(c)
            while todo:
                x = todo.pop()
                for y in self.neighbours(x):
                    if tiles.get(y) == colour and y not in seen:
                        seen.add(y)
                        todo.append(y)
        return count

    def other(self, colour: str) -> str:
        return "B" if colour == "R" else "R"

    def placement_ok(self, c, me: str) -> bool:
        if c in self.tiles:
            return False
        nb = [self.tiles.get(x) for x in self.neighbours(c)]
        occupied = [t for t in nb if t]
        if occupied and self.other(me) not in occupied:
            return False
        trial = dict(self.tiles)
        trial[c] = me
        return self.groups(me, trial) >= self.groups(me)

    def flip_ok(self, tiles, t, me: str) -> bool:
        if tiles.get(t) != self.other(me):
            return False
        trial = dict(tiles)
        trial[t] = me
        op = self.other(me)
        before_me = self.groups(me, tiles)
        before_all = before_me + self.groups(op, tiles)
        after_me = self.groups(me, trial)
        after_all = after_me + self.groups(op, trial)
        return after_me < before_me and after_all < before_all

    def flip_outcomes(self, me: str) -> set[frozenset]:
        """Every set of tiles a complete flip turn can flip."""
        results: set[frozenset] = set()
        seen: set[frozenset] = set()

        def extend(tiles, flipped):
            if flipped in seen:
                return
            seen.add(flipped)
            nxt = {
                y
                for x in flipped
                for y in self.neighbours(x)
                if y not in flipped and self.flip_ok(tiles, y, me)
            }
            if not nxt:
                results.add(flipped)
                return
            for y in nxt:
                trial = dict(tiles)
                trial[y] = me
                extend(trial, flipped | {y})

        for t in self.cells:
            if self.flip_ok(self.tiles, t, me):
                trial = dict(self.tiles)
                trial[t] = me
                extend(trial, frozenset([t]))
        return results

    def outcomes(self, me: str | None = None) -> set[str]:
        """Outcome keys as in the shared vectors: p:CELL, x:CELL,CELL (sorted), pass."""
        me = me or self.mover
        out = {"p:" + self.name(c) for c in self.cells if self.placement_ok(c, me)}
        out |= {"x:" + ",".join(sorted(self.name(c) for c in s)) for s in self.flip_outcomes(me)}
        return out

    def has_turn(self, me: str) -> bool:
        if any(self.placement_ok(c, me) for c in self.cells):
            return True
        return any(self.flip_ok(self.tiles, t, me) for t in self.cells)

    def legal(self) -> set[str]:
        """Like the engine's ``legal`` output: {'pass'} for a forced pass, set() when over."""
        out = self.outcomes()
        if out:
            return out
        return {"pass"} if self.has_turn(self.other(self.mover)) else set()

    def count(self, colour: str) -> int:
        return sum(1 for t in self.tiles.values() if t == colour)
