# A* search on a grid maze with heapq: Manhattan heuristic, weighted terrain, path reconstruction
# drawn onto the map, and a comparison of expanded nodes against plain Dijkstra (h = 0).
import heapq
import random
from itertools import count

TERRAIN = {".": 1, "~": 5, "^": 3}


def make_grid(width, height, seed):
    rng = random.Random(seed)
    rows = []
    for _ in range(height):
        rows.append([rng.choices("..~^#", weights=[50, 10, 8, 8, 24])[0] for _ in range(width)])
    rows[0][0] = rows[-1][-1] = "."
    return rows


def neighbours(grid, node):
    r, c = node
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and grid[nr][nc] != "#":
            yield (nr, nc), TERRAIN[grid[nr][nc]]


def astar(grid, start, goal, heuristic):
    tie = count()
    frontier = [(heuristic(start, goal), next(tie), start)]
    best = {start: 0}
    came_from = {start: None}
    expanded = 0
    while frontier:
        _, _, node = heapq.heappop(frontier)
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = came_from[node]
            return best[goal], path[::-1], expanded
        expanded += 1
        for nxt, cost in neighbours(grid, node):
            new_cost = best[node] + cost
            if new_cost < best.get(nxt, float("inf")):
                best[nxt] = new_cost
                came_from[nxt] = node
                heapq.heappush(frontier, (new_cost + heuristic(nxt, goal), next(tie), nxt))
    return None, [], expanded


def manhattan(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def zero(a, b):
    return 0


for seed in (3, 5, 6):
    grid = make_grid(30, 12, seed)
    goal = (len(grid) - 1, len(grid[0]) - 1)
    cost, path, expanded = astar(grid, (0, 0), goal, manhattan)
    dcost, _, dexpanded = astar(grid, (0, 0), goal, zero)
    print(f"seed {seed:2}: cost={cost} len={len(path)} expanded={expanded} dijkstra={dcost}/{dexpanded}")
    if seed == 6 and path:
        for r, c in path:
            grid[r][c] = "*"
        print("\n".join("".join(row) for row in grid))
