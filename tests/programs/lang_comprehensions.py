# Comprehensions of every kind, nested and filtered, and generator expressions.

words = ["apple", "banana", "cherry", "date"]
print([w.upper() for w in words if len(w) > 4])
print({len(w) for w in words})
print({w: len(w) for w in words if w != "date"})
print([(i, j) for i in range(3) for j in range(i)])
print([[i * j for j in range(3)] for i in range(3)])
print(sum(x * x for x in range(10)))
print(list(c for c in "hello" if c != "l"))
print(sorted({k: v for k, v in zip("cab", [3, 1, 2], strict=True)}.items()))
scale = 3
print([x * scale for x in range(4)])
print(tuple(n for n in range(20) if n % 3 == 0 if n % 2 == 0))
print(any(w.startswith("b") for w in words), all(len(w) > 3 for w in words))
