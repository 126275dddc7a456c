# upper(), lower() and casefold(): all-ASCII strings take a byte-for-byte path, the rest the full
# Unicode mappings; both agree with CPython, short and long, at the edges of the ASCII letters.

for s in ['', 'abc', 'ABC', 'aBc1!@[`{', 'ß', 'straße', 'x' * 300, 'Ǆ', 'İ', 'ΟΔΟΣ', '\x7f~']:
    print(repr(s.upper()), repr(s.lower()), repr(s.casefold()), repr(s.title()), repr(s.swapcase()))


def hot(n):
    words = ["Duck", "QUACK", "straße", "x@Z[", "ǅ"]
    total = 0
    out = []
    for i in range(n):
        w = words[i % 5]
        u, l, f = w.upper(), w.lower(), w.casefold()
        total += len(u) + len(l) + len(f)
        if i < 5:
            out.append((u, l, f))
    return total, out


print(hot(200))
