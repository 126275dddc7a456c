# Minimum spanning trees of a generated weighted graph: Kruskal with union-find (path compression,
# union by rank) and Prim with heapq, which must agree on the total weight.
import heapq
from itertools import combinations


class DisjointSet:
    def __init__(self, n):
        self.parent = list(range(n))
        self.rank = [0] * n

    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.rank[ra] < self.rank[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        if self.rank[ra] == self.rank[rb]:
            self.rank[ra] += 1
        return True


def edges(n, seed):
    state = seed
    result = []
    for a, b in combinations(range(n), 2):
        state = (state * 1103515245 + 12345) % 2147483648
        if state % 5 < 2:
            result.append(((state >> 10) % 1000, a, b))
    return result


def kruskal(n, graph):
    ds = DisjointSet(n)
    tree = [(w, a, b) for w, a, b in sorted(graph) if ds.union(a, b)]
    return sum(w for w, _, _ in tree), len(tree)


def prim(n, graph):
    adjacent = [[] for _ in range(n)]
    for w, a, b in graph:
        adjacent[a].append((w, b))
        adjacent[b].append((w, a))
    seen, total, heap = {0}, 0, list(adjacent[0])
    heapq.heapify(heap)
    while heap and len(seen) < n:
        w, v = heapq.heappop(heap)
        if v in seen:
            continue
        seen.add(v)
        total += w
        for edge in adjacent[v]:
            if edge[1] not in seen:
                heapq.heappush(heap, edge)
    return total, len(seen) - 1


for n, seed in ((30, 1), (80, 2), (120, 3)):
    graph = edges(n, seed)
    print(n, len(graph), kruskal(n, graph), prim(n, graph))
