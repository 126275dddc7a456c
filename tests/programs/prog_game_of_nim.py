# Impartial games: Nim by the xor rule, a subtraction game solved with Sprague-Grundy numbers and
# memoization, and seeded random play against the optimal strategy.
import random
from functools import lru_cache
from functools import reduce
from operator import xor


def nim_move(heaps):
    total = reduce(xor, heaps, 0)
    if total == 0:
        i = max(range(len(heaps)), key=lambda j: heaps[j])
        return i, 1
    for i, h in enumerate(heaps):
        if h ^ total < h:
            return i, h - (h ^ total)


@lru_cache(maxsize=None)
def grundy(n, moves):
    reachable = {grundy(n - m, moves) for m in moves if m <= n}
    g = 0
    while g in reachable:
        g += 1
    return g


print([grundy(n, (1, 3, 4)) for n in range(20)])
print([n for n in range(60) if grundy(n, (2, 5, 7)) == 0])
rng = random.Random(5)
wins = 0
for game in range(200):
    heaps = [rng.randint(1, 9) for _ in range(4)]
    player = 0
    while any(heaps):
        if player == 0:
            i, take = nim_move(heaps)
        else:
            i = rng.choice([j for j, h in enumerate(heaps) if h])
            take = rng.randint(1, heaps[i])
        heaps[i] -= take
        player ^= 1
    wins += player == 1
print(wins, grundy.cache_info().currsize)
