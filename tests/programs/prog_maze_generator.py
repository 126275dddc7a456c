# Maze generation and solving: a perfect maze carved by randomised depth-first search with an
# explicit stack, another by randomised Kruskal with union-find, both drawn in ASCII, solved by
# BFS, and compared by dead ends, corridor lengths and solution length.
import random
from collections import deque


class Maze:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.open = set()  # frozenset({cell_a, cell_b}) for every removed wall

    def cells(self):
        return ((x, y) for y in range(self.height) for x in range(self.width))

    def adjacent(self, cell):
        x, y = cell
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < self.width and 0 <= ny < self.height:
                yield nx, ny

    def passages(self, cell):
        return [n for n in self.adjacent(cell) if frozenset((cell, n)) in self.open]

    def carve(self, a, b):
        self.open.add(frozenset((a, b)))

    def render(self, path=()):
        on_path = set(path)
        lines = ["+" + "--+" * self.width]
        for y in range(self.height):
            row, floor = ["|"], ["+"]
            for x in range(self.width):
                row.append(" *" if (x, y) in on_path else "  ")
                row.append(" " if frozenset(((x, y), (x + 1, y))) in self.open else "|")
                floor.append("  +" if frozenset(((x, y), (x, y + 1))) in self.open else "--+")
            lines += ["".join(row), "".join(floor)]
        return "\n".join(lines)


def dfs_maze(width, height, rng):
    maze = Maze(width, height)
    stack, seen = [(0, 0)], {(0, 0)}
    while stack:
        cell = stack[-1]
        fresh = [n for n in maze.adjacent(cell) if n not in seen]
        if not fresh:
            stack.pop()
            continue
        nxt = rng.choice(fresh)
        maze.carve(cell, nxt)
        seen.add(nxt)
        stack.append(nxt)
    return maze


def kruskal_maze(width, height, rng):
    maze = Maze(width, height)
    parent = {c: c for c in maze.cells()}

    def find(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    walls = [(c, n) for c in maze.cells() for n in maze.adjacent(c) if c < n]
    rng.shuffle(walls)
    for a, b in walls:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            maze.carve(a, b)
    return maze


def solve(maze, start, goal):
    previous = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell == goal:
            break
        for n in maze.passages(cell):
            if n not in previous:
                previous[n] = cell
                queue.append(n)
    path, cell = [], goal
    while cell is not None:
        path.append(cell)
        cell = previous[cell]
    return path[::-1]


rng = random.Random(1234)
small = dfs_maze(10, 5, rng)
route = solve(small, (0, 0), (9, 4))
print(small.render(route))
for name, make in (("dfs", dfs_maze), ("kruskal", kruskal_maze)):
    stats = []
    for trial in range(2):
        maze = make(12, 8, rng)
        assert len(maze.open) == 12 * 8 - 1  # a perfect maze is a spanning tree
        dead_ends = sum(len(maze.passages(c)) == 1 for c in maze.cells())
        straight = sum(len(p) == 2 and p[0][0] != p[1][0] and p[0][1] != p[1][1] for p in map(maze.passages, maze.cells()))
        stats.append((len(solve(maze, (0, 0), (11, 7))), dead_ends, straight))
    print(f"{name:8} path/dead ends/turns: {stats}")
