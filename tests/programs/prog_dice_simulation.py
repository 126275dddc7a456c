# Seeded Monte Carlo simulations with random: dice sums, a random walk, shuffled decks, sampling
# and weighted choices. CPython's Mersenne Twister gives the same numbers for the same seed.
import random
from collections import Counter

random.seed(12345)
sums = Counter(random.randint(1, 6) + random.randint(1, 6) for _ in range(6000))
print(sorted(sums.items()))
print(sums.most_common(3))

position, farthest = 0, 0
for step in range(5000):
    position += random.choice((-1, 1))
    farthest = max(farthest, abs(position))
print(position, farthest)

deck = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
random.shuffle(deck)
print(deck[:8])
hand = random.sample(deck, 5)
print(hand, len(set(hand)))
print(random.choices(["red", "green", "blue"], weights=[10, 3, 1], k=12))

rng = random.Random(2718)
inside = sum(1 for _ in range(20000) if rng.random() ** 2 + rng.random() ** 2 <= 1.0)
print(inside, round(4 * inside / 20000, 4))
print([round(rng.gauss(100, 15), 6) for _ in range(4)])
print(rng.randrange(0, 100, 7), rng.uniform(-1, 1) < 1)
