"""Container datatypes, as CPython's collections: deque, defaultdict, Counter, OrderedDict and
namedtuple, with CPython's reprs, orders and errors for what programs use of them.

quack cannot yet subclass dict or tuple from Python, so defaultdict, Counter and OrderedDict wrap
a dict and namedtuple classes wrap a tuple: `isinstance(d, dict)` is False for them, which is the
one difference a program can see."""

_MISSING = object()


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


class _DictWrapper:
    """The dict a defaultdict, Counter or OrderedDict holds, and the mapping methods on it."""

    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        value = self._data.get(key, _MISSING)
        if value is _MISSING:
            return self.__missing__(key)
        return value

    def __missing__(self, key):
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def __bool__(self):
        return bool(self._data)

    def __eq__(self, other):
        if isinstance(other, _DictWrapper):
            other = other._data
        return self._data == other

    __hash__ = None

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def pop(self, key, *default):
        return self._data.pop(key, *default)

    def popitem(self):
        return self._data.popitem()

    def setdefault(self, key, default=None):
        return self._data.setdefault(key, default)

    def clear(self):
        self._data.clear()

    def update(self, other=(), **kwargs):
        if isinstance(other, _DictWrapper):
            other = other._data
        self._data.update(other, **kwargs)


class defaultdict(_DictWrapper):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        super().__init__()
        self.default_factory = default_factory
        self.update(*args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._data[key] = value
        return value

    def copy(self):
        return defaultdict(self.default_factory, self._data)

    def __repr__(self):
        factory = "None" if self.default_factory is None else repr(self.default_factory)
        return f"defaultdict({factory}, {self._data!r})"


class OrderedDict(_DictWrapper):
    def __init__(self, *args, **kwargs):
        super().__init__()
        self.update(*args, **kwargs)

    def move_to_end(self, key, last=True):
        value = self._data.pop(key)
        if last:
            self._data[key] = value
        else:
            self._data = {key: value, **self._data}

    def popitem(self, last=True):
        if not self._data:
            raise KeyError("dictionary is empty")
        key = next(reversed(self._data)) if last else next(iter(self._data))
        return key, self._data.pop(key)

    def copy(self):
        return OrderedDict(self._data)

    def __repr__(self):
        if not self._data:
            return "OrderedDict()"
        return f"OrderedDict({list(self._data.items())!r})"


class Counter(_DictWrapper):
    def __init__(self, iterable=None, /, **kwds):
        super().__init__()
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self._data.values())

    def most_common(self, n=None):
        ordered = sorted(self._data.items(), key=lambda item: item[1], reverse=True)
        return ordered if n is None else ordered[:n]

    def elements(self):
        for element, count in self._data.items():
            for _ in range(count):
                yield element

    def update(self, iterable=None, /, **kwds):
        data = self._data
        if iterable is not None:
            if isinstance(iterable, (_DictWrapper, dict)):
                for element, count in iterable.items():
                    data[element] = data.get(element, 0) + count
            else:
                for element in iterable:
                    data[element] = data.get(element, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        data = self._data
        if iterable is not None:
            if isinstance(iterable, (_DictWrapper, dict)):
                for element, count in iterable.items():
                    data[element] = data.get(element, 0) - count
            else:
                for element in iterable:
                    data[element] = data.get(element, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return Counter(self)

    def __delitem__(self, key):
        if key in self._data:
            del self._data[key]

    def _keep(self, pairs):
        result = Counter()
        for element, count in pairs:
            if count > 0:
                result._data[element] = count
        return result

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        pairs = [(e, c + other[e]) for e, c in self.items()]
        pairs += [(e, c) for e, c in other.items() if e not in self._data]
        return self._keep(pairs)

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        pairs = [(e, c - other[e]) for e, c in self.items()]
        pairs += [(e, -c) for e, c in other.items() if e not in self._data]
        return self._keep(pairs)

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        pairs = [(e, max(c, other[e])) for e, c in self.items()]
        pairs += [(e, c) for e, c in other.items() if e not in self._data]
        return self._keep(pairs)

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self._keep([(e, min(c, other[e])) for e, c in self.items()])

    def __repr__(self):
        if not self._data:
            return "Counter()"
        items = ", ".join(f"{key!r}: {count!r}" for key, count in self.most_common())
        return f"Counter({{{items}}})"


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
    return _make_namedtuple_class(typename, fields, field_defaults)


def _make_namedtuple_class(typename, fields, field_defaults):
    class _NamedTuple:
        __slots__ = ["_values"]
        _fields = fields
        _field_defaults = field_defaults

        def __init__(self, *args, **kwargs):
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
            self._values = tuple(values)

        @classmethod
        def _make(cls, iterable):
            return cls(*iterable)

        def _asdict(self):
            return dict(zip(fields, self._values))

        def _replace(self, **changes):
            values = self._asdict()
            for name, value in changes.items():
                if name not in values:
                    raise ValueError(f"Got unexpected field names: {list(changes)!r}")
                values[name] = value
            return type(self)(**values)

        def __getattr__(self, name):
            if name in fields:
                return self._values[fields.index(name)]
            raise AttributeError(f"'{typename}' object has no attribute '{name}'")

        def __getitem__(self, index):
            return self._values[index]

        def __iter__(self):
            return iter(self._values)

        def __len__(self):
            return len(fields)

        def __contains__(self, item):
            return item in self._values

        def __hash__(self):
            return hash(self._values)

        def __eq__(self, other):
            return self._values == _as_tuple(other)

        def __ne__(self, other):
            return self._values != _as_tuple(other)

        def __lt__(self, other):
            return self._values < _as_tuple(other)

        def __le__(self, other):
            return self._values <= _as_tuple(other)

        def __gt__(self, other):
            return self._values > _as_tuple(other)

        def __ge__(self, other):
            return self._values >= _as_tuple(other)

        def __add__(self, other):
            return self._values + _as_tuple(other)

        def count(self, value):
            return self._values.count(value)

        def index(self, value):
            return self._values.index(value)

        def __repr__(self):
            pairs = ", ".join(f"{n}={v!r}" for n, v in zip(fields, self._values))
            return f"{typename}({pairs})"

    _NamedTuple.__name__ = typename
    _NamedTuple.__qualname__ = typename
    return _NamedTuple


def _as_tuple(value):
    return value._values if hasattr(value, "_fields") and hasattr(value, "_values") else value


def _quoted_list(names):
    quoted = [f"'{name}'" for name in names]
    if len(quoted) == 1:
        return quoted[0]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]
