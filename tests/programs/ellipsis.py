# Ellipsis: the `...` constant (which code images carry, and the runtime used to refuse).
x = ...
print(x, Ellipsis, x is Ellipsis, repr(...), type(...).__name__, ... == ..., bool(...))
print({...: 1}[Ellipsis], [..., 1], (...,), str(...))


def stub():
    ...


print(stub(), hash(...) == hash(Ellipsis))


def count(items):
    n = 0
    for item in items:
        if item is ...:
            n += 1
    return n


print(count([..., 1, None, ...] * 1000))
