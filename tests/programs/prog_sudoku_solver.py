# A sudoku solver by constraint propagation and backtracking on the most constrained cell,
# with copy.deepcopy for the search states; prints the solved grid and the search statistics.
import copy

PUZZLE = """
530070000
600195000
098000060
800060003
400803001
700020006
060000280
000419005
000080079
"""


def parse(text):
    return [[int(c) for c in line] for line in text.split()]


def candidates(grid, r, c):
    used = set(grid[r]) | {grid[i][c] for i in range(9)}
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= {grid[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3)}
    return [d for d in range(1, 10) if d not in used]


def solve(grid, stats):
    stats["nodes"] += 1
    best = None
    for r in range(9):
        for c in range(9):
            if grid[r][c] == 0:
                options = candidates(grid, r, c)
                if best is None or len(options) < len(best[2]):
                    best = (r, c, options)
    if best is None:
        return grid
    r, c, options = best
    for d in options:
        attempt = copy.deepcopy(grid)
        attempt[r][c] = d
        solved = solve(attempt, stats)
        if solved is not None:
            return solved
        stats["backtracks"] += 1
    return None


stats = {"nodes": 0, "backtracks": 0}
solution = solve(parse(PUZZLE), stats)
for row in solution:
    print(" ".join(map(str, row)))
print(stats, all(sorted(row) == list(range(1, 10)) for row in solution))
