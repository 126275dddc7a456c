# An LFU cache class (least frequently used, ties broken by recency) built on a dict of nodes and
# a dict of frequency buckets holding OrderedDicts, checked against a brute-force reference.
from collections import OrderedDict, defaultdict
import random


class LFUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.values = {}
        self.freq = {}
        self.buckets = defaultdict(OrderedDict)
        self.min_freq = 0
        self.evictions = 0

    def _touch(self, key):
        f = self.freq[key]
        del self.buckets[f][key]
        if not self.buckets[f]:
            del self.buckets[f]
            if self.min_freq == f:
                self.min_freq = f + 1
        self.freq[key] = f + 1
        self.buckets[f + 1][key] = None

    def get(self, key, default=None):
        if key not in self.values:
            return default
        self._touch(key)
        return self.values[key]

    def put(self, key, value):
        if self.capacity <= 0:
            return
        if key in self.values:
            self.values[key] = value
            self._touch(key)
            return
        if len(self.values) >= self.capacity:
            victim, _ = self.buckets[self.min_freq].popitem(last=False)
            if not self.buckets[self.min_freq]:
                del self.buckets[self.min_freq]
            del self.values[victim]
            del self.freq[victim]
            self.evictions += 1
        self.values[key] = value
        self.freq[key] = 1
        self.buckets[1][key] = None
        self.min_freq = 1

    def __len__(self):
        return len(self.values)

    def __repr__(self):
        items = sorted(self.freq.items(), key=lambda kv: (-kv[1], kv[0]))
        return f"LFUCache({self.capacity}, {items[:5]}...)"


class Reference:
    """The same policy by brute force: a clock stamps every use."""

    def __init__(self, capacity):
        self.capacity, self.data, self.clock = capacity, {}, 0

    def get(self, key, default=None):
        if key not in self.data:
            return default
        value, count, _ = self.data[key]
        self.clock += 1
        self.data[key] = (value, count + 1, self.clock)
        return value

    def put(self, key, value):
        self.clock += 1
        if key in self.data:
            _, count, _ = self.data[key]
            self.data[key] = (value, count + 1, self.clock)
            return
        if len(self.data) >= self.capacity:
            victim = min(self.data, key=lambda k: self.data[k][1:])
            del self.data[victim]
        self.data[key] = (value, 1, self.clock)


rng = random.Random(2024)
cache, ref = LFUCache(8), Reference(8)
hits = mismatches = 0
for step in range(1500):
    key = int(rng.paretovariate(1.2)) % 30 if rng.random() < 0.8 else rng.randrange(100)
    if rng.random() < 0.6:
        got, want = cache.get(key), ref.get(key)
        hits += got is not None
        mismatches += got != want
    else:
        cache.put(key, step)
        ref.put(key, step)
print(f"hits={hits} evictions={cache.evictions} mismatches={mismatches} size={len(cache)}")
print(cache)
print(sorted(cache.values) == sorted(ref.data))
