# BINARY_SUBSCR_TUPLE_INT and BINARY_SUBSCR_STR_INT, hot: negative indices, an index out of range,
# a non-ASCII str, a str or tuple subclass, a bool or big int index and a slice reach a site that
# specialized on plain ints and go back to the generic instruction, which answers as CPython does.


class Name(str):
    def __getitem__(self, i):
        return "<" + str.__getitem__(self, i) + ">"


class Row(tuple):
    pass


def pick(seq, i):
    return seq[i]


def main():
    pairs = [(i, i * 3, -i) for i in range(60)]
    t = 0
    for k in range(30):
        for p in pairs:
            t += p[0] + p[1] * 2 - p[-1] + p[-3]
    print(t)
    word = "quackery"
    letters = []
    for k in range(200):
        letters.append(word[k % 8] + word[-1 - k % 8])
    print("".join(letters[:12]), len(letters))
    odd = [
        ("abc", 1),
        ("añb", 1),
        ("añb", 2),
        ("añb", -1),
        ("🦆x", 1),
        (Name("duck"), 2),
        ((1, 2, 3), True),
        ((1, 2, 3), 2**70),
        ("abc", 2**70),
        (Row((7, 8, 9)), -2),
        ((1, 2, 3), slice(1, None)),
        ("abcdef", slice(None, None, 2)),
        ((), 0),
        ("", 0),
        ("abc", 3),
        ((1, 2, 3), -4),
        ("abc", "x"),
    ]
    for k in range(40):
        for seq in ((5, 6), "xy"):
            t += len(str(pick(seq, k % 2)))
        for seq, i in odd:
            try:
                r = pick(seq, i)
            except (IndexError, TypeError) as e:
                r = type(e).__name__ + ": " + str(e)
            if k == 39:
                print(repr(seq), repr(i), "->", repr(r))
    print(t)


main()
