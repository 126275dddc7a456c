# Container-heavy: graph algorithms on a generated maze, as in route planning or build-system
# dependency work. Dicts of adjacency lists, sets for visited nodes, a hand-written binary heap
# for Dijkstra, breadth-first search with a list queue, union-find for connected components,
# and a topological sort of a generated DAG.

MOD = 1000003


def build_grid(width, height, seed):
    state = seed
    walls = set()
    for y in range(height):
        for x in range(width):
            state = (state * 1103515245 + 12345) % 2147483648
            if (state >> 12) % 100 < 22:
                walls.add((x, y))
    walls.discard((0, 0))
    walls.discard((width - 1, height - 1))
    graph = {}
    for y in range(height):
        for x in range(width):
            if (x, y) in walls:
                continue
            edges = []
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in walls:
                    edges.append(((nx, ny), 1 + (nx * 7 + ny * 13) % 9))
            graph[(x, y)] = edges
    return graph


def bfs(graph, start):
    dist = {start: 0}
    queue = [start]
    head = 0
    while head < len(queue):
        node = queue[head]
        head += 1
        d = dist[node] + 1
        for neighbor, _ in graph[node]:
            if neighbor not in dist:
                dist[neighbor] = d
                queue.append(neighbor)
    return dist


class Heap:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)

    def push(self, item):
        items = self.items
        items.append(item)
        i = len(items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if items[parent] <= items[i]:
                break
            items[parent], items[i] = items[i], items[parent]
            i = parent

    def pop(self):
        items = self.items
        top = items[0]
        last = items.pop()
        if items:
            items[0] = last
            i = 0
            n = len(items)
            while True:
                left = 2 * i + 1
                smallest = i
                if left < n and items[left] < items[smallest]:
                    smallest = left
                if left + 1 < n and items[left + 1] < items[smallest]:
                    smallest = left + 1
                if smallest == i:
                    break
                items[smallest], items[i] = items[i], items[smallest]
                i = smallest
        return top


def dijkstra(graph, start):
    best = {start: 0}
    heap = Heap()
    heap.push((0, start))
    done = set()
    while len(heap):
        d, node = heap.pop()
        if node in done:
            continue
        done.add(node)
        for neighbor, weight in graph[node]:
            nd = d + weight
            if nd < best.get(neighbor, 1 << 40):
                best[neighbor] = nd
                heap.push((nd, neighbor))
    return best


def find(parent, x):
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        parent[x], x = root, parent[x]
    return root


def components(graph):
    parent = {node: node for node in graph}
    for node, edges in graph.items():
        for neighbor, _ in edges:
            a = find(parent, node)
            b = find(parent, neighbor)
            if a != b:
                parent[a] = b
    roots = {}
    for node in graph:
        r = find(parent, node)
        roots[r] = roots.get(r, 0) + 1
    return sorted(roots.values(), reverse=True)


def toposort(n, seed):
    state = seed
    deps = {i: [] for i in range(n)}
    for i in range(1, n):
        for _ in range(3):
            state = (state * 1103515245 + 12345) % 2147483648
            deps[i].append((state >> 8) % i)
    indegree = [0] * n
    users = [[] for _ in range(n)]
    for node, needs in deps.items():
        for need in needs:
            users[need].append(node)
            indegree[node] += 1
    ready = [i for i in range(n) if indegree[i] == 0]
    order = []
    while ready:
        node = ready.pop()
        order.append(node)
        for user in users[node]:
            indegree[user] -= 1
            if indegree[user] == 0:
                ready.append(user)
    h = 0
    for position, node in enumerate(order):
        h = (h * 31 + position * node) % MOD
    return len(order), h


def main():
    graph = build_grid(150, 150, 11)
    hops = bfs(graph, (0, 0))
    costs = dijkstra(graph, (0, 0))
    sizes = components(graph)
    target = (149, 149)
    h = 0
    for node in sorted(costs):
        h = (h * 7 + costs[node] + hops[node]) % MOD
    n, th = toposort(50000, 5)
    print(
        "graph:",
        len(graph),
        hops.get(target, -1),
        costs.get(target, -1),
        h,
        sizes[:3],
        len(sizes),
        n,
        th,
    )


main()
