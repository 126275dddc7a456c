# Grid and triangle exercises: a matrix filled in a spiral, read back in a spiral, rotated;
# Pascal's triangle rows with binomial checks through math.comb; and a diamond drawing.
import math


def spiral_fill(n):
    grid = [[0] * n for _ in range(n)]
    x = y = 0
    dx, dy = 1, 0
    for value in range(1, n * n + 1):
        grid[y][x] = value
        nx, ny = x + dx, y + dy
        if not (0 <= nx < n and 0 <= ny < n and grid[ny][nx] == 0):
            dx, dy = -dy, dx
            nx, ny = x + dx, y + dy
        x, y = nx, ny
    return grid


def spiral_read(grid):
    out = []
    grid = [row[:] for row in grid]
    while grid:
        out.extend(grid.pop(0))
        grid = [list(row) for row in zip(*grid)][::-1]
    return out


def pascal(n):
    row = [1]
    rows = [row]
    for _ in range(n - 1):
        row = [a + b for a, b in zip([0] + row, row + [0])]
        rows.append(row)
    return rows


grid = spiral_fill(6)
for row in grid:
    print(" ".join(f"{v:2}" for v in row))
print(spiral_read(grid) == list(range(1, 37)), [list(r) for r in zip(*grid[::-1])][0])
rows = pascal(15)
print(rows[-1], all(rows[n][k] == math.comb(n, k) for n in range(15) for k in range(n + 1)))
print([sum(r) for r in rows[:10]], [r[len(r) // 2] for r in rows[::3]])
for i in list(range(4)) + list(range(2, -1, -1)):
    print(" " * (3 - i) + "*" * (2 * i + 1))
