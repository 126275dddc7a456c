# Breadth-first search through a generated maze with collections.deque, then the shortest path
# drawn on the grid, and a flood fill counting the regions.
from collections import deque


def make_maze(width, height, seed):
    state = seed
    grid = []
    for y in range(height):
        row = []
        for x in range(width):
            state = (state * 1103515245 + 12345) % 2147483648
            row.append("#" if (state >> 10) % 100 < 28 else ".")
        grid.append(row)
    grid[0][0] = grid[height - 1][width - 1] = "."
    return grid


def bfs(grid, start, goal):
    height, width = len(grid), len(grid[0])
    came = {start: None}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        if (x, y) == goal:
            break
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and grid[ny][nx] == "." and (nx, ny) not in came:
                came[(nx, ny)] = (x, y)
                queue.append((nx, ny))
    if goal not in came:
        return None
    path = deque()
    node = goal
    while node is not None:
        path.appendleft(node)
        node = came[node]
    return list(path)


def regions(grid):
    seen = set()
    sizes = []
    for y, row in enumerate(grid):
        for x, cell in enumerate(row):
            if cell != "." or (x, y) in seen:
                continue
            size = 0
            queue = deque([(x, y)])
            seen.add((x, y))
            while queue:
                cx, cy = queue.pop()
                size += 1
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= ny < len(grid) and 0 <= nx < len(row) and grid[ny][nx] == "." and (nx, ny) not in seen:
                        seen.add((nx, ny))
                        queue.append((nx, ny))
            sizes.append(size)
    return sorted(sizes, reverse=True)


for seed in (3, 11, 29):
    grid = make_maze(40, 20, seed)
    path = bfs(grid, (0, 0), (39, 19))
    sizes = regions(grid)
    print(seed, None if path is None else len(path), len(sizes), sizes[:5])
grid = make_maze(30, 12, 5)
path = bfs(grid, (0, 0), (29, 11)) or []
for x, y in path:
    grid[y][x] = "o"
print("\n".join("".join(row) for row in grid))
