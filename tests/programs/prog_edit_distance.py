# String alignment by dynamic programming: Levenshtein distance with the edit script recovered,
# the longest common subsequence with its reconstruction, a line diff built on the LCS, and a
# spelling suggester ranking dictionary words by distance.
from itertools import zip_longest


def edit_script(a, b):
    n, m = len(a), len(b)
    dist = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        dist[i][0] = i
    for j in range(m + 1):
        dist[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost = a[i - 1] != b[j - 1]
            dist[i][j] = min(dist[i - 1][j] + 1, dist[i][j - 1] + 1, dist[i - 1][j - 1] + cost)
    ops, i, j = [], n, m
    while i or j:
        if i and j and dist[i][j] == dist[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            ops.append(("=" if a[i - 1] == b[j - 1] else "~", a[i - 1], b[j - 1]))
            i, j = i - 1, j - 1
        elif i and dist[i][j] == dist[i - 1][j] + 1:
            ops.append(("-", a[i - 1], ""))
            i -= 1
        else:
            ops.append(("+", "", b[j - 1]))
            j -= 1
    return dist[n][m], ops[::-1]


def lcs(a, b):
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            table[i][j] = table[i + 1][j + 1] + 1 if a[i] == b[j] else max(table[i + 1][j], table[i][j + 1])
    out, i, j = [], 0, 0
    while i < n and j < m:
        if a[i] == b[j]:
            out.append(a[i])
            i, j = i + 1, j + 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return out


def diff(old, new):
    common = lcs(old, new)
    i = j = 0
    for line in common + [None]:
        while i < len(old) and old[i] != line:
            yield f"- {old[i]}"
            i += 1
        while j < len(new) and new[j] != line:
            yield f"+ {new[j]}"
            j += 1
        if line is not None:
            yield f"  {line}"
            i, j = i + 1, j + 1


for a, b in [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"), ("", "abc"), ("same", "same")]:
    distance, ops = edit_script(a, b)
    top = "".join(x or "-" for _, x, _ in ops)
    mid = "".join(" " if op == "=" else op for op, _, _ in ops)
    bottom = "".join(y or "-" for _, _, y in ops)
    print(f"{a!r} -> {b!r}: {distance}\n  {top}\n  {mid}\n  {bottom}")

print("".join(lcs("AGGTABQXRTY", "GXTXAYBQRTTY")), len(lcs("the quick brown fox", "a quick brown dog")))

old = ["def area(r):", "    pi = 3.14", "    return pi * r * r", "", "print(area(2))"]
new = ["import math", "def area(r):", "    return math.pi * r * r", "", "print(area(2))", "print(area(3))"]
print("\n".join(diff(old, new)))

WORDS = ["apple", "apply", "ample", "maple", "angle", "ankle", "apricot", "happy", "papal", "appeal",
         "people", "purple", "simple", "sample", "staple", "example", "applet", "dapple", "grapple"]
for typo in ("appel", "smaple", "exampel", "pursple", "aple"):
    ranked = sorted(WORDS, key=lambda w: (edit_script(typo, w)[0], w))[:3]
    print(f"{typo:8} -> {', '.join(f'{w}({edit_script(typo, w)[0]})' for w in ranked)}")

pairs = list(zip_longest("abcdefgh", "abxdefg", fillvalue="?"))
print(sum(x != y for x, y in pairs), pairs[-2:])
