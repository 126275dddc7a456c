# random from quack's lib/: CPython's Mersenne Twister and its algorithms (seed, random,
# randint, randrange, getrandbits, shuffle, choice, sample, choices, uniform, gauss,
# normalvariate, expovariate, triangular, getstate/setstate) draw the same numbers for a seed.
import random
from random import Random

for s in (0, 1, 42, 12345, -7, 2**40 + 3, 3.5):
    random.seed(s)
    print(s, random.random(), random.randint(1, 100), random.getrandbits(40))
random.seed(2024)
xs = list(range(20))
random.shuffle(xs)
print(xs)
print(random.choice("abcdefg"), random.sample(range(100), 5), random.sample(range(1000), 30)[:5])
print(random.randrange(10), random.randrange(5, 50, 5), random.randrange(50, 5, -3))
print(round(random.uniform(1, 2), 12), round(random.gauss(0, 1), 12), round(random.gauss(5, 2), 12))
print(round(random.normalvariate(), 12), round(random.expovariate(2.0), 12), round(random.triangular(0, 10, 3), 12))
print(round(random.paretovariate(1.5), 12), round(random.Random(3).paretovariate(0.5), 12))
print(random.choices("abc", k=5), random.choices("abc", weights=[5, 1, 1], k=6))
print(random.sample(["x", "y", "z"], 3, counts=None), random.sample("ab", 2, counts=[2, 1]))
r = Random(99)
print(r.random(), r.randint(0, 9))
state = r.getstate()
a = r.random()
r.setstate(state)
print(a == r.random())
total = 0
random.seed(7)
for i in range(5000):
    total += random.randint(1, 6)
print(total)
for bad in (lambda: random.randrange(0), lambda: random.choice([]), lambda: random.sample([1], 2)):
    try:
        bad()
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
