# String searching: naive search, Knuth-Morris-Pratt with its failure table, a trie of words
# answering prefix queries, and the longest repeated substring by sorting suffixes.
def kmp_table(pattern):
    table, k = [0] * len(pattern), 0
    for i in range(1, len(pattern)):
        while k and pattern[i] != pattern[k]:
            k = table[k - 1]
        if pattern[i] == pattern[k]:
            k += 1
        table[i] = k
    return table


def kmp_search(text, pattern):
    table, k, found = kmp_table(pattern), 0, []
    for i, c in enumerate(text):
        while k and c != pattern[k]:
            k = table[k - 1]
        if c == pattern[k]:
            k += 1
        if k == len(pattern):
            found.append(i - k + 1)
            k = table[k - 1]
    return found


def naive(text, pattern):
    return [i for i in range(len(text) - len(pattern) + 1) if text[i:i + len(pattern)] == pattern]


class Trie:
    def __init__(self):
        self.root = {}

    def insert(self, word):
        node = self.root
        for c in word:
            node = node.setdefault(c, {})
        node["$"] = True

    def with_prefix(self, prefix):
        node = self.root
        for c in prefix:
            if c not in node:
                return []
            node = node[c]
        out, stack = [], [(node, prefix)]
        while stack:
            node, word = stack.pop()
            for c, child in sorted(node.items(), reverse=True):
                if c == "$":
                    out.append(word)
                else:
                    stack.append((child, word + c))
        return sorted(out)


text = "abracadabra " * 40 + "abracadabrab"
for pattern in ("abra", "cad", "abrab", "zzz", "a"):
    hits = kmp_search(text, pattern)
    print(pattern, len(hits), hits[:4], hits == naive(text, pattern))
print(kmp_table("aabaaab"), kmp_table("abcabcabd"))
trie = Trie()
for word in "quack quick quiet quilt duck dusk dust queue".split():
    trie.insert(word)
print(trie.with_prefix("qu"), trie.with_prefix("du"), trie.with_prefix("x"))
sample = "banana bandana"
suffixes = sorted(sample[i:] for i in range(len(sample)))
best = ""
for a, b in zip(suffixes, suffixes[1:]):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    if n > len(best):
        best = a[:n]
print(repr(best))
