# An abstract class instantiated, uncaught: CPython's TypeError names the missing methods, sorted.
from collections.abc import MutableMapping


class Registry(MutableMapping):
    def __init__(self):
        self.entries = {}

    def __getitem__(self, key):
        return self.entries[key]

    def __iter__(self):
        return iter(self.entries)


def build(names):
    registry = Registry()
    for name in names:
        registry[name] = len(name)
    return registry


print(build(["a", "bc"]))
