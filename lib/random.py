"""Pseudo-random numbers, as CPython's random: the Mersenne Twister MT19937 seeded the same way, and
the same algorithms on top of it, so a program seeded with the same int draws the same numbers.

Seeds are ints (as CPython: their absolute value, in 32-bit words), floats (their hash), or None
(the time). str and bytes seeds, which CPython hashes with SHA-512, are refused."""

from bisect import bisect as _bisect
from itertools import accumulate as _accumulate
from math import ceil as _ceil
from math import cos as _cos
from math import exp as _exp
from math import floor as _floor
from math import log as _log
from math import sin as _sin
from math import sqrt as _sqrt

_N = 624
_M = 397
_MATRIX_A = 0x9908B0DF
_UPPER = 0x80000000
_LOWER = 0x7FFFFFFF
_MASK32 = 0xFFFFFFFF
TWOPI = 6.283185307179586
NV_MAGICCONST = 4 * _exp(-0.5) / _sqrt(2.0)
_RECIP_BPF = 1.0 / 9007199254740992.0  # 2 ** -53


def _mul32(a, b):
    """(a * b) mod 2**32 for 32-bit a and b, with no product beyond 48 bits."""
    return ((((a * (b >> 16)) & 0xFFFF) << 16) + a * (b & 0xFFFF)) & _MASK32


class Random:
    def __init__(self, x=None):
        self._mt = [0] * _N
        self._index = _N
        self.gauss_next = None
        self.seed(x)

    # -- the generator (CPython's _randommodule.c) ------------------------------------------

    def _init_genrand(self, s):
        mt = self._mt
        mt[0] = s & _MASK32
        for i in range(1, _N):
            previous = mt[i - 1]
            mt[i] = (_mul32(1812433253, previous ^ (previous >> 30)) + i) & _MASK32
        self._index = _N

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            previous = mt[i - 1]
            mixed = _mul32(previous ^ (previous >> 30), 1664525)
            mt[i] = ((mt[i] ^ mixed) + key[j] + j) & _MASK32
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            previous = mt[i - 1]
            mixed = _mul32(previous ^ (previous >> 30), 1566083941)
            mt[i] = ((mt[i] ^ mixed) - i) & _MASK32
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000

    def _twist(self):
        mt = self._mt
        for k in range(_N - _M):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + _M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        for k in range(_N - _M, _N - 1):
            y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
            mt[k] = mt[k + (_M - _N)] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
        mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._index = 0

    def _genrand_uint32(self):
        if self._index >= _N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def seed(self, a=None, version=2):
        if a is None:
            import time

            a = int(time.time() * 256)
        elif isinstance(a, float):
            a = hash(a)
        elif not isinstance(a, int):
            raise TypeError(
                "The only supported seed types are: None,\nint, float, str, bytes, and bytearray."
                if not isinstance(a, str)
                else "quack's random takes int, float and None seeds, not str"
            )
        a = abs(a)
        key = []
        while a:
            key.append(a & _MASK32)
            a >>= 32
        self._init_by_array(key or [0])
        self.gauss_next = None

    def getstate(self):
        return (3, tuple(self._mt) + (self._index,), self.gauss_next)

    def setstate(self, state):
        version, internal, self.gauss_next = state
        if version != 3 or len(internal) != _N + 1:
            raise ValueError("state vector is the wrong size")
        self._mt = list(internal[:_N])
        self._index = internal[_N]

    def random(self):
        a = self._genrand_uint32() >> 5
        b = self._genrand_uint32() >> 6
        return (a * 67108864.0 + b) * _RECIP_BPF

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k <= 32:
            return self._genrand_uint32() >> (32 - k) if k else 0
        result = 0
        shift = 0
        while k > 0:
            word = self._genrand_uint32()
            if k < 32:
                word >>= 32 - k
            result |= word << shift
            shift += 32
            k -= 32
        return result

    # -- on top of it (CPython's random.py) ----------------------------------------------------

    def _randbelow(self, n):
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if not isinstance(start, int):
            raise TypeError(f"'{type(start).__name__}' object cannot be interpreted as an integer")
        if stop is None:
            if step != 1:
                raise TypeError("Missing a non-None stop argument")
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        if not isinstance(stop, int):
            raise TypeError(f"'{type(stop).__name__}' object cannot be interpreted as an integer")
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError(f"empty range for randrange() ({start}, {stop}, {width})")
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in reversed(range(1, len(x))):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k, *, counts=None):
        if isinstance(population, (set, frozenset)):
            raise TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).")
        n = len(population)
        if counts is not None:
            cum_counts = list(_accumulate(counts))
            if len(cum_counts) != n:
                raise ValueError("The number of counts does not match the population")
            total = cum_counts.pop()
            selections = self.sample(range(total), k=k)
            return [population[_bisect(cum_counts, s)] for s in selections]
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _ceil(_log(k * 3, 4))
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, *, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[_floor(self.random() * n)] for _ in range(k)]
            cum_weights = list(_accumulate(weights))
        elif weights is not None:
            raise TypeError("Cannot specify both weights and cumulative weights")
        if len(cum_weights) != n:
            raise ValueError("The number of weights does not match the population")
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError("Total of weights must be greater than zero")
        hi = n - 1
        return [population[_bisect(cum_weights, self.random() * total, 0, hi)] for _ in range(k)]

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def triangular(self, low=0.0, high=1.0, mode=None):
        u = self.random()
        try:
            c = 0.5 if mode is None else (mode - low) / (high - low)
        except ZeroDivisionError:
            return low
        if u > c:
            u = 1.0 - u
            c = 1.0 - c
            low, high = high, low
        return low + (high - low) * _sqrt(u * c)

    def gauss(self, mu=0.0, sigma=1.0):
        z = self.gauss_next
        self.gauss_next = None
        if z is None:
            x2pi = self.random() * TWOPI
            g2rad = _sqrt(-2.0 * _log(1.0 - self.random()))
            z = _cos(x2pi) * g2rad
            self.gauss_next = _sin(x2pi) * g2rad
        return mu + z * sigma

    def normalvariate(self, mu=0.0, sigma=1.0):
        while True:
            u1 = self.random()
            u2 = 1.0 - self.random()
            z = NV_MAGICCONST * (u1 - 0.5) / u2
            if z * z / 4.0 <= -_log(u2):
                break
        return mu + z * sigma

    def expovariate(self, lambd):
        return -_log(1.0 - self.random()) / lambd

    def paretovariate(self, alpha):
        return (1.0 - self.random()) ** (-1.0 / alpha)


_inst = Random()
seed = _inst.seed
random = _inst.random
uniform = _inst.uniform
triangular = _inst.triangular
randint = _inst.randint
choice = _inst.choice
randrange = _inst.randrange
sample = _inst.sample
shuffle = _inst.shuffle
choices = _inst.choices
normalvariate = _inst.normalvariate
gauss = _inst.gauss
expovariate = _inst.expovariate
paretovariate = _inst.paretovariate
getstate = _inst.getstate
setstate = _inst.setstate
getrandbits = _inst.getrandbits
