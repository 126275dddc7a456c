# Dynamic programming with functools.lru_cache and cache: coin change, edit distance, longest
# common subsequence and partition counts, with the caches' statistics.
from functools import cache, lru_cache


@lru_cache(maxsize=None)
def coin_ways(amount, coins):
    if amount == 0:
        return 1
    if amount < 0 or not coins:
        return 0
    return coin_ways(amount - coins[0], coins) + coin_ways(amount, coins[1:])


@cache
def edit_distance(a, b):
    if not a or not b:
        return len(a) + len(b)
    if a[0] == b[0]:
        return edit_distance(a[1:], b[1:])
    return 1 + min(edit_distance(a[1:], b), edit_distance(a, b[1:]), edit_distance(a[1:], b[1:]))


def lcs(a, b):
    @lru_cache(maxsize=4096)
    def go(i, j):
        if i == len(a) or j == len(b):
            return ""
        if a[i] == b[j]:
            return a[i] + go(i + 1, j + 1)
        left, right = go(i + 1, j), go(i, j + 1)
        return left if len(left) >= len(right) else right

    result = go(0, 0)
    return result, go.cache_info()


@cache
def partitions(n, largest):
    if n == 0:
        return 1
    return sum(partitions(n - k, k) for k in range(1, min(n, largest) + 1))


print(coin_ways(200, (1, 2, 5, 10, 20, 50, 100, 200)), coin_ways.cache_info().currsize)
pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"), ("quack", "quick")]
for a, b in pairs:
    print(a, b, edit_distance(a, b))
print(edit_distance.cache_info())
print(lcs("AGGTABQWERTY", "GXTXAYBWRT"))
print([partitions(n, n) for n in range(1, 30)])
