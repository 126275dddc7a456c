# Dynamic programming classics: 0/1 knapsack with the chosen items recovered, unbounded coin change
# (number of ways and fewest coins with the coins used), and the same answers from memoised
# recursion with functools.lru_cache as a cross-check.
from functools import lru_cache
from typing import NamedTuple


class Item(NamedTuple):
    name: str
    weight: int
    value: int


ITEMS = [Item("map", 9, 150), Item("compass", 13, 35), Item("water", 153, 200), Item("sandwich", 50, 160),
         Item("glucose", 15, 60), Item("tin", 68, 45), Item("banana", 27, 60), Item("apple", 39, 40),
         Item("cheese", 23, 30), Item("beer", 52, 10), Item("suntan", 11, 70), Item("camera", 32, 30),
         Item("tshirt", 24, 15), Item("trousers", 48, 10), Item("umbrella", 73, 40), Item("towel", 18, 12),
         Item("socks", 4, 50), Item("book", 30, 10)]


def knapsack(items, capacity):
    best = [[0] * (capacity + 1) for _ in range(len(items) + 1)]
    for i, item in enumerate(items, 1):
        prev, row = best[i - 1], best[i]
        for w in range(capacity + 1):
            row[w] = prev[w]
            if item.weight <= w and prev[w - item.weight] + item.value > row[w]:
                row[w] = prev[w - item.weight] + item.value
    chosen, w = [], capacity
    for i in range(len(items), 0, -1):
        if best[i][w] != best[i - 1][w]:
            chosen.append(items[i - 1])
            w -= items[i - 1].weight
    return best[-1][capacity], chosen[::-1]


def knapsack_memo(items, capacity):
    @lru_cache(maxsize=None)
    def go(i, room):
        if i == len(items):
            return 0
        skip = go(i + 1, room)
        item = items[i]
        return max(skip, go(i + 1, room - item.weight) + item.value) if item.weight <= room else skip
    return go(0, capacity), go.cache_info().currsize


def coin_ways(coins, amount):
    ways = [1] + [0] * amount
    for coin in coins:
        for total in range(coin, amount + 1):
            ways[total] += ways[total - coin]
    return ways[amount]


def fewest_coins(coins, amount):
    INF = float("inf")
    best = [0] + [INF] * amount
    last = [None] * (amount + 1)
    for total in range(1, amount + 1):
        for coin in coins:
            if coin <= total and best[total - coin] + 1 < best[total]:
                best[total] = best[total - coin] + 1
                last[total] = coin
    if best[amount] == INF:
        return None
    used, total = [], amount
    while total:
        used.append(last[total])
        total -= last[total]
    return sorted(used, reverse=True)


value, chosen = knapsack(ITEMS, 400)
print(f"knapsack value {value}, weight {sum(i.weight for i in chosen)}")
print("  " + ", ".join(i.name for i in chosen))
print("memo:", knapsack_memo(tuple(ITEMS), 400))
for cap in (0, 50, 150):
    print(f"  capacity {cap:3}: {knapsack(ITEMS, cap)[0]}")

print("ways to make 100 from US coins:", coin_ways([1, 5, 10, 25, 50, 100], 100))
print("ways to make 200p from UK coins:", coin_ways([1, 2, 5, 10, 20, 50, 100, 200], 200))
print("ways, big:", coin_ways([1, 2, 5, 10, 20, 50, 100, 200], 1500))
for coins, amount in [([1, 5, 10, 25], 63), ([1, 3, 4], 6), ([7, 3], 11), ([5, 10], 3), ([2, 5, 9], 400)]:
    used = fewest_coins(coins, amount)
    summary = ", ".join(f"{used.count(c)}x{c}" for c in sorted(set(used), reverse=True)) if used else "impossible"
    print(f"{amount} from {coins}: {len(used) if used else '-'} coins ({summary})")
print(ITEMS[0], ITEMS[0]._replace(value=1)._asdict(), Item._fields, isinstance(ITEMS[0], tuple))
