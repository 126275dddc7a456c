# Union-find (disjoint sets with path halving and union by size) used to count the connected
# components of a random graph, label the islands of a grid, and check a Kruskal-style forest.
import random
from collections import Counter


class DisjointSet:
    def __init__(self, n):
        self.parent = list(range(n))
        self.size = [1] * n
        self.components = n

    def find(self, x):
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self.components -= 1
        return True

    def groups(self):
        out = {}
        for x in range(len(self.parent)):
            out.setdefault(self.find(x), []).append(x)
        return sorted(out.values(), key=lambda g: (-len(g), g[0]))


rng = random.Random(99)
n = 2000
ds = DisjointSet(n)
checkpoints = {500, 1000, 1500, 2000, 3000}
for i in range(1, 3001):
    ds.union(rng.randrange(n), rng.randrange(n))
    if i in checkpoints:
        print(f"after {i:4} edges: {ds.components:4} components, largest {max(ds.size)}")
sizes = Counter(len(g) for g in ds.groups())
print(sorted(sizes.items())[:6])

grid = [
    "##..#....#",
    "#...##..##",
    "..#.......",
    ".###..#..#",
    "......##.#",
    "#.#......#",
]
h, w = len(grid), len(grid[0])
cells = DisjointSet(h * w)
land = [(r, c) for r in range(h) for c in range(w) if grid[r][c] == "#"]
for r, c in land:
    for dr, dc in ((0, 1), (1, 0)):
        rr, cc = r + dr, c + dc
        if rr < h and cc < w and grid[rr][cc] == "#":
            cells.union(r * w + c, rr * w + cc)
roots = {cells.find(r * w + c) for r, c in land}
labels = {root: chr(ord("A") + i) for i, root in enumerate(sorted(roots))}
for r in range(h):
    print("".join(labels[cells.find(r * w + c)] if grid[r][c] == "#" else "." for c in range(w)))
print("islands:", len(roots))

edges = sorted((rng.randint(1, 50), a, b) for a in range(30) for b in range(a + 1, 30) if rng.random() < 0.2)
forest = DisjointSet(30)
tree = [(wt, a, b) for wt, a, b in edges if forest.union(a, b)]
print(len(edges), len(tree), sum(wt for wt, _, _ in tree), forest.components)
