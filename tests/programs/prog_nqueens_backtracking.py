# Backtracking puzzles: N-queens counted with bitmasks and listed with sets, the distinct solutions
# up to symmetry found by canonicalising boards under the eight rotations and reflections, and a
# subset-sum search yielding solutions lazily from a recursive generator.
from itertools import islice


def count_queens(n):
    full = (1 << n) - 1

    def place(cols, diag1, diag2):
        if cols == full:
            return 1
        total = 0
        free = full & ~(cols | diag1 | diag2)
        while free:
            bit = free & -free
            free ^= bit
            total += place(cols | bit, (diag1 | bit) << 1 & full, (diag2 | bit) >> 1)
        return total

    return place(0, 0, 0)


def queens(n):
    cols, diag1, diag2, board = set(), set(), set(), []

    def solve(row):
        if row == n:
            yield tuple(board)
            return
        for col in range(n):
            if col in cols or row - col in diag1 or row + col in diag2:
                continue
            cols.add(col), diag1.add(row - col), diag2.add(row + col), board.append(col)
            yield from solve(row + 1)
            cols.discard(col), diag1.discard(row - col), diag2.discard(row + col), board.pop()

    yield from solve(0)


def symmetries(board):
    n = len(board)
    cells = {(r, c) for r, c in enumerate(board)}
    transforms = [lambda r, c: (r, c), lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - r, n - 1 - c),
                  lambda r, c: (n - 1 - c, r), lambda r, c: (r, n - 1 - c), lambda r, c: (n - 1 - r, c),
                  lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r)]
    for t in transforms:
        moved = sorted(t(r, c) for r, c in cells)
        yield tuple(c for _, c in moved)


def draw(board):
    return "\n".join("".join("Q" if c == col else "." for c in range(len(board))) for col in board)


for n in range(1, 8):
    boards = list(queens(n))
    unique = {min(symmetries(b)) for b in boards}
    assert len(boards) == count_queens(n)
    print(f"n={n}: {len(boards):4} solutions, {len(unique):3} distinct")
first = next(queens(8))
print(first)
print(draw(first))
print(sorted({min(symmetries(b)) for b in queens(6)}))


def subset_sums(items, target, start=0, chosen=()):
    if target == 0:
        yield chosen
        return
    for i in range(start, len(items)):
        if items[i] > target:
            break
        if i > start and items[i] == items[i - 1]:
            continue
        yield from subset_sums(items, target - items[i], i + 1, chosen + (items[i],))


weights = sorted([3, 34, 4, 12, 5, 2, 7, 8, 9, 11, 13, 1, 6, 10, 4])
print(list(islice(subset_sums(weights, 30), 5)))
print(sum(1 for _ in subset_sums(weights, 30)), next(subset_sums(weights, 1000), None))
