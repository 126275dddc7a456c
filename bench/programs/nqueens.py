# A constraint solver: N-queens by backtracking with bit masks, and a small sudoku solved by
# constraint propagation plus search, as in puzzle solvers and schedulers.

MOD = 1000003


def queens(n):
    full = (1 << n) - 1
    count = 0
    stack = [(0, 0, 0)]
    while stack:
        cols, left, right = stack.pop()
        if cols == full:
            count += 1
            continue
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free -= bit
            stack.append((cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1))
    return count


PUZZLE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def candidates(grid, cell):
    row, col = divmod(cell, 9)
    used = set()
    for i in range(9):
        used.add(grid[row * 9 + i])
        used.add(grid[i * 9 + col])
    box = (row // 3) * 27 + (col // 3) * 3
    for r in range(3):
        for c in range(3):
            used.add(grid[box + r * 9 + c])
    return [d for d in range(1, 10) if d not in used]


def solve(grid):
    best, best_options = -1, None
    for cell in range(81):
        if grid[cell] == 0:
            options = candidates(grid, cell)
            if not options:
                return False
            if best_options is None or len(options) < len(best_options):
                best, best_options = cell, options
    if best < 0:
        return True
    for digit in best_options:
        grid[best] = digit
        if solve(grid):
            return True
    grid[best] = 0
    return False


def main():
    checksum = 0
    for n in range(4, 11):
        checksum = (checksum * 31 + queens(n)) % MOD
    for _ in range(50):
        grid = [int(ch) for ch in PUZZLE]
        solve(grid)
        for i, digit in enumerate(grid):
            checksum = (checksum * 7 + digit * (i + 1)) % MOD
    print("nqueens", checksum)


main()
