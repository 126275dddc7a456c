# Huffman codes: symbol counts with Counter, the tree built with heapq (ties broken by an
# insertion counter, as careful implementations do), encoding, decoding and the savings.
import heapq
from collections import Counter
from itertools import count

TEXT = ("it was the best of times it was the worst of times it was the age of wisdom "
        "it was the age of foolishness it was the epoch of belief it was the epoch of incredulity")


def build(text):
    tiebreak = count()
    heap = [(n, next(tiebreak), symbol) for symbol, n in sorted(Counter(text).items())]
    heapq.heapify(heap)
    while len(heap) > 1:
        n1, _, left = heapq.heappop(heap)
        n2, _, right = heapq.heappop(heap)
        heapq.heappush(heap, (n1 + n2, next(tiebreak), (left, right)))
    return heap[0][2]


def codes(tree, prefix="", table=None):
    table = {} if table is None else table
    if isinstance(tree, str):
        table[tree] = prefix or "0"
    else:
        codes(tree[0], prefix + "0", table)
        codes(tree[1], prefix + "1", table)
    return table


def decode(tree, bits):
    out, node = [], tree
    for bit in bits:
        node = node[int(bit)]
        if isinstance(node, str):
            out.append(node)
            node = tree
    return "".join(out)


tree = build(TEXT)
table = codes(tree)
encoded = "".join(table[c] for c in TEXT)
print(len(TEXT) * 8, len(encoded), round(len(encoded) / (len(TEXT) * 8), 3))
for symbol, code in sorted(table.items(), key=lambda kv: (len(kv[1]), kv[1]))[:8]:
    print(repr(symbol), code)
print(decode(tree, encoded) == TEXT, encoded[:40])
