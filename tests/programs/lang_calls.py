# Calls: defaults, keywords, keyword-only parameters, *args and **kwargs at both ends.


def describe(a, b=2, *rest, c, d=4, **options):
    keys = sorted(options)
    return f"a={a} b={b} rest={rest} c={c} d={d} " + ",".join(f"{k}={options[k]}" for k in keys)


def pair(x, y):
    return (x, y)


print(describe(1, c=3))
print(describe(1, 5, 6, 7, c=3, d=8, z=9, y=10))
args = [1, 2]
kwargs = {"c": 30, "e": 50}
print(describe(*args, **kwargs))
print(describe(0, *args, 9, c=1, **{"f": 6}))
print(pair(y=1, x=2))
print(pair(*"ab"))
print(max([3, 9, 2]), min(4, 1, key=lambda v: -v))
square = lambda n: n * n  # noqa: E731
print(list(map(square, range(5))))
print(sorted(["pear", "fig", "apple"], key=len))
