# Shortest paths on a generated road network: Dijkstra with heapq, adjacency in a defaultdict,
# path reconstruction, and the k nearest towns by heapq.nsmallest.
import heapq
from collections import defaultdict


def build_roads(n, seed):
    roads = defaultdict(list)
    state = seed
    for town in range(n):
        for _ in range(3):
            state = (state * 1103515245 + 12345) % 2147483648
            other = state % n
            if other != town:
                length = 1 + (state >> 8) % 40
                roads[town].append((other, length))
                roads[other].append((town, length))
    return roads


def dijkstra(roads, source):
    dist = {source: 0}
    previous = {}
    queue = [(0, source)]
    while queue:
        d, town = heapq.heappop(queue)
        if d > dist[town]:
            continue
        for other, length in roads[town]:
            nd = d + length
            if nd < dist.get(other, float("inf")):
                dist[other] = nd
                previous[other] = town
                heapq.heappush(queue, (nd, other))
    return dist, previous


def path_to(previous, source, target):
    path = [target]
    while path[-1] != source:
        path.append(previous[path[-1]])
    return path[::-1]


roads = build_roads(400, 7)
dist, previous = dijkstra(roads, 0)
print(len(dist), max(dist.values()), sum(dist.values()))
far = max(dist, key=lambda t: (dist[t], t))
print(far, dist[far], path_to(previous, 0, far))
print(heapq.nsmallest(5, ((d, t) for t, d in dist.items() if t)))
print(heapq.nlargest(3, dist.items(), key=lambda item: item[1]))
