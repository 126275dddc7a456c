# Subscripts whose type guards the trace optimizer drops where it knows the types (a local list
# indexed by an int it computed: checked before the peeled loop only), and exits from each guard
# when the types change under a hot loop.


def scan(a, n):
    total = 0
    for i in range(n):
        total += a[i % 10] + a[3]
        a[i % 10] = i
    return total


def lookup(table, keys):
    found = 0
    for k in keys:
        found += table[k]
    return found


def letters(word, count):
    out = 0
    for i in range(count):
        out += ord(word[i % len(word)])
    return out


def pick(rows, n):
    total = 0
    for i in range(n):
        row = rows[i % len(rows)]
        total += row[1]
    return total


class Key(int):
    pass


def main():
    print(scan(list(range(10)), 3000))
    # A tuple where the list was: the container's guard exits, and stores raise.
    try:
        print(scan((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 3000))
    except TypeError as e:
        print("TypeError", e)
    # An index that is an int but not a small one (a bool, a subclass), then one out of range.
    data = list(range(10))
    for index in (True, Key(2), -1, 9):
        print(index, data[index])
    try:
        print(data[10])
    except IndexError as e:
        print("IndexError", e)
    table = {k: k * 3 for k in range(50)}
    keys = [k % 50 for k in range(4000)]
    print(lookup(table, keys))
    # A dict subclass where the dict was, then a missing key.
    class Counting(dict):
        def __missing__(self, key):
            return -1
    print(lookup(Counting(table), keys + [99]))
    try:
        print(lookup(table, keys + [99]))
    except KeyError as e:
        print("KeyError", e)
    print(letters("abcdefg", 3000))
    print(letters("héllo wörld", 3000))
    rows = [(i, i * 2) for i in range(7)]
    print(pick(rows, 3000))
    print(pick([[1, 2], (3, 4), "xy" and [5, 6]], 3000))
    try:
        print(pick([(1, 2), (3,)], 3000))
    except IndexError as e:
        print("IndexError", e)


main()
