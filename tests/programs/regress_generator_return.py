# A generator's return value: StopIteration.value through next(), the value of yield from,
# and loops that end at it.
def g():
    yield 1
    return "done"
it = g()
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("value:", e.value)
print(next(g(), 5), next(iter([]), "default"))
it = g(); next(it); print(next(it, "dflt"))
print(list(g()), sum(x for x in g()))
def outer():
    r = yield from g()
    yield r
print(list(outer()))
for x in g():
    print("loop", x)
