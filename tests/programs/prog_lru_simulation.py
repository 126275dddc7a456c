# Cache simulations: an LRU cache on OrderedDict, a FIFO cache on deque, and their hit rates on a
# skewed access pattern, compared with functools.lru_cache's own statistics.
from collections import OrderedDict, deque
from functools import lru_cache


class LRU:
    def __init__(self, capacity):
        self.capacity = capacity
        self.data = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key):
        if key in self.data:
            self.data.move_to_end(key)
            self.hits += 1
            return self.data[key]
        self.misses += 1
        value = key * key
        self.data[key] = value
        if len(self.data) > self.capacity:
            self.data.popitem(last=False)
        return value


class FIFO:
    def __init__(self, capacity):
        self.order = deque()
        self.data = {}
        self.capacity = capacity
        self.hits = self.misses = 0

    def get(self, key):
        if key in self.data:
            self.hits += 1
            return self.data[key]
        self.misses += 1
        self.data[key] = key * key
        self.order.append(key)
        if len(self.order) > self.capacity:
            del self.data[self.order.popleft()]
        return self.data[key]


def accesses(n, seed):
    state = seed
    for _ in range(n):
        state = (state * 69069 + 1) % 4294967296
        r = (state >> 8) % 100
        yield r % 8 if r < 70 else r


@lru_cache(maxsize=16)
def square(key):
    return key * key


lru, fifo = LRU(16), FIFO(16)
total = 0
for key in accesses(6000, 17):
    total += lru.get(key) + fifo.get(key) + square(key)
print(total, lru.hits, lru.misses, fifo.hits, fifo.misses)
print(square.cache_info(), list(lru.data)[:6])
