# Puzzle solving with itertools: a cryptarithm by permutations, subset sums by combinations,
# a magic-square check over product, and grouping anagrams with groupby.
from itertools import combinations, groupby, permutations, product


def solve(words, result):
    letters = sorted(set("".join(words) + result))
    leading = {w[0] for w in words + [result]}
    solutions = []
    for digits in permutations(range(10), len(letters)):
        table = dict(zip(letters, digits))
        if any(table[c] == 0 for c in leading):
            continue

        def value(word):
            n = 0
            for c in word:
                n = n * 10 + table[c]
            return n

        if sum(value(w) for w in words) == value(result):
            solutions.append(tuple(value(w) for w in words + [result]))
    return solutions


print(solve(["TO", "GO"], "OUT"))
print(solve(["AB", "BA"], "CC")[:5])
numbers = [3, 34, 4, 12, 5, 2, 27, 9]
hits = [c for r in range(2, 5) for c in combinations(numbers, r) if sum(c) == 30]
print(len(hits), hits[:6])
squares = 0
for a, b, c in product(range(1, 10), repeat=3):
    if a * a + b * b == c * c:
        squares += 1
print(squares)
words = ["listen", "silent", "enlist", "google", "gogole", "cat", "act", "tac", "dog"]
keyed = sorted(words, key=lambda w: ("".join(sorted(w)), w))
for key, group in groupby(keyed, key=lambda w: "".join(sorted(w))):
    print(key, list(group))
