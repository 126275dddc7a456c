# Dicts: any hashable key, insertion order, deletion, methods, views.
d = {"one": 1, 2: "two", (3, 4): [3, 4], 5.5: None, True: "bool"}
print(d, len(d), d["one"], d[2], d[(3, 4)], d[1], d[5.5])
d["new"] = 0
d[2] = "TWO"
del d["one"]
print(d, "one" in d, 2 in d, "new" not in d)
print(d.get("zz"), d.get("zz", 5), d.pop("new"), d.pop("missing", "dflt"), d.setdefault("s", []))
d["s"].append(1)
print(d.setdefault("s", "ignored"), d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(d.keys(), d.values())
for k in d:
    print("key", k)
for k, v in d.items():
    print(k, "->", v)
e = dict(a=1, b=2)
e.update({"c": 3}, d=4)
e.update([("e", 5)])
print(e, dict([(1, 2), (3, 4)]), dict(e) == e, e.copy(), {} == {}, {"a": 1} == {"a": 2})
print(e.popitem(), e, dict(zip("abc", range(3), strict=True)), {1: 2} | {3: 4})
counts = {}
for ch in "mississippi banana":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, sorted(counts.items()), sorted(counts, key=lambda k: -counts[k]))
big = {}
for i in range(300):
    big[i * 7 % 101] = i
    if i % 3 == 0 and i % 101 in big:
        del big[i % 101]
print(len(big), list(big.items())[:8], sum(big.values()))
inv = {v: k for k, v in {"x": 1, "y": 2}.items()}
print(inv, {i: i * i for i in range(5)}, {**inv, 3: "z"})
e.clear()
print(e, len(e), dict())
nested = {"a": {"b": {"c": 1}}}
nested["self"] = nested
print(nested)

# keys() and items() compare as sets, with sets and with each other; values() and lists do not.
d = {"a": 1, "b": [2]}
print(frozenset("a") <= d.keys(), d.keys() >= {"a"}, {"a"} < d.keys(), d.keys() == {"a", "b"}, d.keys() != {"b", "a"})
print(d.items() == {"a": 1, "b": [2]}.items(), d.items() > {("a", 1)}, d.items() <= d.items(), d.keys() == ["a", "b"])
print(d.keys() > d.keys(), {}.keys() < d.keys(), d.values() == d.values(), d.keys() ^ {"a"} == {"b"})
try:
    d.keys() < ["a"]
except TypeError as e:
    print(e)
