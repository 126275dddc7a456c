# A sparse matrix as a dict of dicts (row -> column -> value, zeros never stored): construction
# from triples, addition, scalar and matrix multiplication, transpose, equality and a dense
# pretty-printer, then a PageRank power iteration over a random link graph stored sparsely.
import random


class SparseMatrix:
    def __init__(self, rows, cols, entries=()):
        self.shape = (rows, cols)
        self.data = {}
        for r, c, v in entries:
            self[r, c] = v

    def __getitem__(self, key):
        r, c = key
        return self.data.get(r, {}).get(c, 0)

    def __setitem__(self, key, value):
        r, c = key
        if not (0 <= r < self.shape[0] and 0 <= c < self.shape[1]):
            raise IndexError(f"index {key} out of range for shape {self.shape}")
        if value:
            self.data.setdefault(r, {})[c] = value
        elif c in self.data.get(r, {}):
            del self.data[r][c]
            if not self.data[r]:
                del self.data[r]

    def items(self):
        for r in sorted(self.data):
            for c in sorted(self.data[r]):
                yield r, c, self.data[r][c]

    def nnz(self):
        return sum(len(row) for row in self.data.values())

    def __add__(self, other):
        if self.shape != other.shape:
            raise ValueError(f"shapes {self.shape} and {other.shape} differ")
        out = SparseMatrix(*self.shape, self.items())
        for r, c, v in other.items():
            out[r, c] = out[r, c] + v
        return out

    def __mul__(self, other):
        if isinstance(other, SparseMatrix):
            if self.shape[1] != other.shape[0]:
                raise ValueError(f"cannot multiply {self.shape} by {other.shape}")
            out = SparseMatrix(self.shape[0], other.shape[1])
            for r, row in self.data.items():
                acc = {}
                for k, a in row.items():
                    for c, b in other.data.get(k, {}).items():
                        acc[c] = acc.get(c, 0) + a * b
                for c, v in acc.items():
                    out[r, c] = v
            return out
        return SparseMatrix(*self.shape, ((r, c, v * other) for r, c, v in self.items()))

    __rmul__ = __mul__

    def transpose(self):
        return SparseMatrix(self.shape[1], self.shape[0], ((c, r, v) for r, c, v in self.items()))

    def __eq__(self, other):
        return isinstance(other, SparseMatrix) and self.shape == other.shape and list(self.items()) == list(other.items())

    def __repr__(self):
        return f"SparseMatrix({self.shape[0]}x{self.shape[1]}, nnz={self.nnz()})"

    def dense(self):
        return "\n".join(" ".join(f"{self[r, c]:>4}" for c in range(self.shape[1])) for r in range(self.shape[0]))


a = SparseMatrix(4, 4, [(0, 0, 2), (1, 2, -1), (3, 1, 5), (2, 2, 3)])
b = SparseMatrix(4, 4, [(0, 0, -2), (1, 1, 4), (2, 3, 1)])
print(a, b, a + b)
print((a + b).dense())
print((a * a.transpose()).dense())
print(a * 3 == 3 * a, a.transpose().transpose() == a, a == b, (a + b).nnz())
identity = SparseMatrix(4, 4, [(i, i, 1) for i in range(4)])
print(a * identity == a, identity * a == a)
for bad in (lambda: a + SparseMatrix(3, 4), lambda: a * SparseMatrix(3, 3), lambda: a.__setitem__((9, 0), 1)):
    try:
        bad()
    except (ValueError, IndexError) as e:
        print(f"{type(e).__name__}: {e}")

rng = random.Random(17)
n = 60
links = {page: rng.sample(range(n), rng.randint(1, 8)) for page in range(n)}
transition = SparseMatrix(n, n, ((dst, src, 1 / len(out)) for src, out in links.items() for dst in out))
rank = SparseMatrix(n, 1, [(i, 0, 1 / n) for i in range(n)])
damping = 0.85
for iteration in range(15):
    spread = transition * rank * damping
    rank = SparseMatrix(n, 1, [(i, 0, (1 - damping) / n + spread[i, 0]) for i in range(n)])
top = sorted(((v, r) for r, _, v in rank.items()), reverse=True)[:5]
print(f"nnz={transition.nnz()} total={sum(v for _, _, v in rank.items()):.6f}")
print([(page, round(score, 5)) for score, page in top])
