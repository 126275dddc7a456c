# Slicing every way: strs (ASCII and not) and lists, slice assignment and deletion.
texts = ["", "abc", "héllo wörld", "mississippi"]
idx = [None, -100, -3, -1, 0, 2, 100]
steps = [None, 1, 2, -1, -3]
for t in texts:
    out = []
    for a in idx:
        for b in idx:
            for c in steps:
                out.append(t[a:b:c])
    print(repr(t), len(t), "|".join(out))
    print(
        t.find("s", 3), t.find("", 20), t.count("s", -5), t.startswith("", 20), t.rfind("ö", 1, -1)
    )
for base in [[], [1, 2, 3, 4, 5, 6, 7]]:
    for a in idx:
        for b in idx:
            for c in steps:
                lst = list(base)
                try:
                    lst[a:b:c] = ["x", "y"]
                    assigned = lst
                except ValueError as e:
                    assigned = str(e)
                lst = list(base)
                del lst[a:b:c]
                print(a, b, c, base[a:b:c], assigned, lst)
r = range(3, 30, 4)
print(r[::2], r[::-1], r[1:-1], list(r[5:1:-2]), (1, 2, 3, 4)[::-2])
