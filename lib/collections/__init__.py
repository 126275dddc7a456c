"""Container datatypes, as CPython's collections: deque, defaultdict, Counter, OrderedDict and
namedtuple, with CPython's reprs, orders and errors for what programs use of them.

defaultdict, Counter and OrderedDict are dict subclasses, and a namedtuple class a tuple
subclass, as in CPython."""


class deque:
    """A double-ended queue: a ring buffer, so that both ends and indexing cost O(1)."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        self._ring = [None] * 8
        self._head = 0
        self._size = 0
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _grow(self):
        ring = self._ring
        n = len(ring)
        self._ring = [ring[(self._head + i) % n] for i in range(self._size)] + [None] * n
        self._head = 0

    def append(self, item):
        if self._maxlen == 0:
            return
        if self._size == self._maxlen:
            self.popleft()
        if self._size == len(self._ring):
            self._grow()
        self._ring[(self._head + self._size) % len(self._ring)] = item
        self._size += 1

    def appendleft(self, item):
        if self._maxlen == 0:
            return
        if self._size == self._maxlen:
            self.pop()
        if self._size == len(self._ring):
            self._grow()
        self._head = (self._head - 1) % len(self._ring)
        self._ring[self._head] = item
        self._size += 1

    def pop(self):
        if not self._size:
            raise IndexError("pop from an empty deque")
        self._size -= 1
        at = (self._head + self._size) % len(self._ring)
        item = self._ring[at]
        self._ring[at] = None
        return item

    def popleft(self):
        if not self._size:
            raise IndexError("pop from an empty deque")
        item = self._ring[self._head]
        self._ring[self._head] = None
        self._head = (self._head + 1) % len(self._ring)
        self._size -= 1
        return item

    def extend(self, iterable):
        for item in list(iterable) if iterable is self else iterable:
            self.append(item)

    def extendleft(self, iterable):
        for item in list(iterable) if iterable is self else iterable:
            self.appendleft(item)

    def clear(self):
        self._ring = [None] * 8
        self._head = 0
        self._size = 0

    def rotate(self, n=1):
        if self._size <= 1:
            return
        n %= self._size
        for _ in range(n):
            self.appendleft(self.pop())

    def _index(self, i):
        if not isinstance(i, int):
            raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError("deque index out of range")
        return (self._head + i) % len(self._ring)

    def __getitem__(self, i):
        return self._ring[self._index(i)]

    def __setitem__(self, i, value):
        self._ring[self._index(i)] = value

    def __delitem__(self, i):
        items = list(self)
        del items[i - self._size if i >= self._size else i]
        self.clear()
        self.extend(items)

    def __len__(self):
        return self._size

    def __bool__(self):
        return self._size > 0

    def __iter__(self):
        ring, head, n = self._ring, self._head, len(self._ring)
        for i in range(self._size):
            yield ring[(head + i) % n]

    def __reversed__(self):
        ring, head, n = self._ring, self._head, len(self._ring)
        for i in range(self._size - 1, -1, -1):
            yield ring[(head + i) % n]

    def __contains__(self, item):
        for x in self:
            if x is item or x == item:
                return True
        return False

    def count(self, item):
        return sum(1 for x in self if x is item or x == item)

    def index(self, item, start=0, stop=None):
        stop = self._size if stop is None else stop
        for i in range(max(start, 0), min(stop, self._size)):
            x = self[i]
            if x is item or x == item:
                return i
        raise ValueError(f"{item!r} is not in deque")

    def remove(self, item):
        self.__delitem__(self.index(item))

    def insert(self, i, item):
        if self._size == self._maxlen:
            raise IndexError("deque already at its maximum size")
        items = list(self)
        items.insert(i, item)
        self.clear()
        self.extend(items)

    def reverse(self):
        items = list(self)
        self.clear()
        self.extend(reversed(items))

    def copy(self):
        return deque(self, self._maxlen)

    def __copy__(self):
        return self.copy()

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) == list(other)

    def __lt__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return list(self) < list(other)

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        result = self.copy()
        result.extend(other)
        return result

    def __iadd__(self, other):
        self.extend(other)
        return self

    __hash__ = None

    def __repr__(self):
        items = ", ".join(repr(x) for x in self)
        if self._maxlen is None:
            return f"deque([{items}])"
        return f"deque([{items}], maxlen={self._maxlen})"


class defaultdict(dict):
    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        super().__init__(*args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        self[key] = value = self.default_factory()
        return value

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __repr__(self):
        factory = "None" if self.default_factory is None else repr(self.default_factory)
        return f"{type(self).__name__}({factory}, {dict.__repr__(self)})"


class OrderedDict(dict):
    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(self.items())
            dict.clear(self)
            dict.__setitem__(self, key, value)
            dict.update(self, rest)

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        key = next(reversed(self)) if last else next(iter(self))
        return key, dict.pop(self, key)

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __repr__(self):
        if not self:
            return f"{type(self).__name__}()"
        return f"{type(self).__name__}({list(self.items())!r})"


class Counter(dict):
    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        ordered = sorted(self.items(), key=lambda item: item[1], reverse=True)
        return ordered if n is None else ordered[:n]

    def elements(self):
        for element, count in self.items():
            for _ in range(count):
                yield element

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for element, count in iterable.items():
                    self[element] = count + self.get(element, 0)
            else:
                for element in iterable:
                    self[element] = self.get(element, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for element, count in iterable.items():
                    self[element] = self.get(element, 0) - count
            else:
                for element in iterable:
                    self[element] = self.get(element, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    def __delitem__(self, key):
        if key in self:
            super().__delitem__(key)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def _keep(self, pairs):
        result = Counter()
        for element, count in pairs:
            if count > 0:
                result[element] = count
        return result

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        pairs = [(e, c + other[e]) for e, c in self.items()]
        pairs += [(e, c) for e, c in other.items() if e not in self]
        return self._keep(pairs)

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        pairs = [(e, c - other[e]) for e, c in self.items()]
        pairs += [(e, -c) for e, c in other.items() if e not in self]
        return self._keep(pairs)

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        pairs = [(e, max(c, other[e])) for e, c in self.items()]
        pairs += [(e, c) for e, c in other.items() if e not in self]
        return self._keep(pairs)

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self._keep([(e, min(c, other[e])) for e, c in self.items()])

    def __repr__(self):
        if not self:
            return f"{type(self).__name__}()"
        return f"{type(self).__name__}({dict(self.most_common())!r})"


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = tuple(str(name) for name in field_names)
    for name in (typename,) + fields:
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
    seen = set()
    for name in fields:
        if name.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    defaults = () if defaults is None else tuple(defaults)
    if len(defaults) > len(fields):
        raise TypeError("Got more default values than field names")
    field_defaults = dict(zip(fields[len(fields) - len(defaults) :], defaults))
    cls = _make_namedtuple_class(typename, fields, field_defaults)
    if module is not None:
        cls.__module__ = module
    return cls


def _make_namedtuple_class(typename, fields, field_defaults):
    def __new__(_cls, *args, **kwargs):
        if len(args) > len(fields):
            raise TypeError(
                f"{typename}.__new__() takes {len(fields) + 1} positional arguments but "
                f"{len(args) + 1} were given"
            )
        values = list(args)
        for name in fields[len(args) :]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                missing = [n for n in fields[len(values) :] if n not in kwargs]
                missing = [n for n in missing if n not in field_defaults]
                raise TypeError(
                    f"{typename}.__new__() missing {len(missing)} required positional "
                    f"argument{'s' if len(missing) > 1 else ''}: " + _quoted_list(missing)
                )
        if kwargs:
            name = next(iter(kwargs))
            problem = (
                "got multiple values for argument"
                if name in fields
                else "got an unexpected keyword argument"
            )
            raise TypeError(f"{typename}.__new__() {problem} '{name}'")
        return tuple.__new__(_cls, values)

    class _NamedTuple(tuple):
        __slots__ = ()
        _fields = fields
        _field_defaults = field_defaults

        @classmethod
        def _make(cls, iterable):
            result = tuple.__new__(cls, iterable)
            if len(result) != len(fields):
                raise TypeError(f"Expected {len(fields)} arguments, got {len(result)}")
            return result

        def _asdict(self):
            return dict(zip(fields, self))

        def _replace(self, **changes):
            result = self._make([changes.pop(name, value) for name, value in zip(fields, self)])
            if changes:
                raise ValueError(f"Got unexpected field names: {list(changes)!r}")
            return result

        def __getnewargs__(self):
            return tuple(self)

        def __repr__(self):
            pairs = ", ".join(f"{n}={v!r}" for n, v in zip(fields, self))
            return f"{type(self).__name__}({pairs})"

    _NamedTuple.__new__ = __new__
    for index, name in enumerate(fields):
        setattr(_NamedTuple, name, property(lambda self, index=index: self[index]))
    _NamedTuple.__name__ = typename
    _NamedTuple.__qualname__ = typename
    return _NamedTuple


def _quoted_list(names):
    quoted = [f"'{name}'" for name in names]
    if len(quoted) == 1:
        return quoted[0]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]
