# str.strip over ASCII and beyond: Unicode whitespace, non-ASCII characters to strip, ASCII
# characters among non-ASCII ones.

for s in [' \u3000ab\u3000 ', 'ßaß', 'xyx', '\x1cq\x1f', 'ààbà', '', '  ', 'a\u2003']:
    print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr(s.strip('ß')), repr(s.strip('xà')), repr(s.strip('a ')))


def hot(n):
    words = [" duck ", "\u3000ß ", "x..x", "àa", "  "]
    total = 0
    for i in range(n):
        w = words[i % 5]
        total += len(w.strip()) + len(w.strip("x.")) + len(w.rstrip("à "))
    return total


print(hot(200))
