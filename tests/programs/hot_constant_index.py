# A list indexed by a constant the trace knows (`p[2]`, `p[2] += ...`) is read and written with
# one test of the bound. The programs around it break that: lists that get shorter under the
# hot loop (an IndexError from the read and from the store, at the same line CPython reports),
# an empty list, a negative constant (from the end), a subclass, and a tuple at the same site.


class Row(list):
    pass


def drift(rows, steps):
    total = 0.0
    for _ in range(steps):
        for p in rows:
            p[0] += p[3] * 0.5
            p[1] -= p[2] * 0.25
            p[2] = p[0] - p[1]
            total += p[2] + p[-1]
    return total


def first_and_last(items):
    out = []
    for xs in items:
        try:
            out.append(xs[0] + xs[2] - xs[-2])
        except IndexError as e:
            out.append(str(e))
    return out


def store_third(items):
    done = 0
    for xs in items:
        try:
            xs[2] = done
            done += 1
        except IndexError as e:
            return done, str(e)
        except TypeError as e:
            return done, str(e)
    return done, None


rows = [[1.0, 2.0, 3.0, 4.0], Row([0.5, 0.25, 0.125, 2.0]), [3.0, -1.0, 0.0, 1.0]]
print(drift(rows, 300), rows)
shapes = [[1, 2, 3, 4]] * 50 + [[1, 2]] * 3 + [(5, 6, 7)] * 20 + [Row([7, 8, 9])] * 20 + [[]] * 2
print(first_and_last(shapes)[45:100])
print(store_third([[0, 0, 0] for _ in range(60)] + [[1]]))
print(store_third([[0, 0, 0, 0] for _ in range(60)] + [(1, 2, 3)]))
