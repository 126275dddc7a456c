# Conway's Game of Life on a set of live cells: a glider, a blinker and an R-pentomino run for
# a few hundred generations, with the population history summarized.
from collections import Counter


def step(live):
    neighbours = Counter(
        (x + dx, y + dy) for x, y in live for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
    )
    return {cell for cell, n in neighbours.items() if n == 3 or (n == 2 and cell in live)}


def run(live, generations):
    history = []
    for _ in range(generations):
        live = step(live)
        history.append(len(live))
    return live, history


glider = {(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)}
live, history = run(glider, 40)
print(sorted(live), history[-5:])
blinker = {(0, 1), (1, 1), (2, 1)}
print(sorted(run(blinker, 3)[0]))
r_pentomino = {(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)}
live, history = run(r_pentomino, 120)
print(len(live), max(history), history.index(max(history)), history[::25])
xs = [x for x, _ in live]
ys = [y for _, y in live]
print(min(xs), max(xs), min(ys), max(ys))
