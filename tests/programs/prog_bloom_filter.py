# A Bloom filter over a bit array held in a Python int, with k hash functions made by double
# hashing from two 32-bit integer hashes (FNV-1a and a multiply-xorshift mix), its measured false-positive
# rate against the formula, a counting variant that supports removal, and a union of two filters.
import math
import random
import string

MASK32 = (1 << 32) - 1


def fnv1a(data):
    h = 0x811C9DC5
    for byte in data.encode():
        h = ((h ^ byte) * 0x01000193) & MASK32
    return h


def mix(data):
    h = len(data)
    for ch in data:
        h = (h * 31 + ord(ch)) & MASK32
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & MASK32
    h ^= h >> 13
    return h | 1


class BloomFilter:
    def __init__(self, capacity, error_rate):
        self.size = math.ceil(-capacity * math.log(error_rate) / math.log(2) ** 2)
        self.hashes = max(1, round(self.size / capacity * math.log(2)))
        self.bits = 0
        self.count = 0

    def _positions(self, item):
        a, b = fnv1a(item), mix(item)
        return [(a + i * b) % self.size for i in range(self.hashes)]

    def add(self, item):
        for p in self._positions(item):
            self.bits |= 1 << p
        self.count += 1

    def __contains__(self, item):
        return all(self.bits >> p & 1 for p in self._positions(item))

    def __or__(self, other):
        if (self.size, self.hashes) != (other.size, other.hashes):
            raise ValueError("filters differ in shape")
        merged = BloomFilter.__new__(BloomFilter)
        merged.size, merged.hashes = self.size, self.hashes
        merged.bits, merged.count = self.bits | other.bits, self.count + other.count
        return merged

    def expected_error(self):
        return (1 - math.exp(-self.hashes * self.count / self.size)) ** self.hashes

    def fill(self):
        return bin(self.bits).count("1") / self.size


class CountingBloom(BloomFilter):
    def __init__(self, capacity, error_rate):
        super().__init__(capacity, error_rate)
        self.counters = [0] * self.size

    def add(self, item):
        for p in self._positions(item):
            self.counters[p] += 1
        self.count += 1

    def remove(self, item):
        if item not in self:
            raise KeyError(item)
        for p in self._positions(item):
            self.counters[p] -= 1
        self.count -= 1

    def __contains__(self, item):
        return all(self.counters[p] for p in self._positions(item))


rng = random.Random(77)


def word():
    return "".join(rng.choices(string.ascii_lowercase, k=rng.randint(4, 10)))


members = {word() for _ in range(400)}
others = {w for w in (word() for _ in range(1200)) if w not in members}
for rate in (0.1, 0.01, 0.001):
    bf = BloomFilter(len(members), rate)
    for w in members:
        bf.add(w)
    false = sum(w in bf for w in others)
    assert all(w in bf for w in members)
    print(f"target {rate:<6} bits={bf.size:6} k={bf.hashes:2} fill={bf.fill():.3f} "
          f"measured={false / len(others):.4f} expected={bf.expected_error():.4f}")

cb = CountingBloom(200, 0.01)
words = sorted(members)[:200]
for w in words:
    cb.add(w)
for w in words[:100]:
    cb.remove(w)
print(sum(w in cb for w in words[100:]), sum(w in cb for w in words[:100]))
try:
    cb.remove("definitely-not-there")
except KeyError as e:
    print("KeyError", e)
left, right = BloomFilter(500, 0.01), BloomFilter(500, 0.01)
for i, w in enumerate(words):
    (left if i % 2 else right).add(w)
both = left | right
print(all(w in both for w in words), both.count, f"{both.fill():.3f}", fnv1a("hello"), mix("hello"))
