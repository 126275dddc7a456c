"""Higher-order functions, as CPython's functools: reduce, partial, lru_cache and cache (the same
hits and misses, the same CacheInfo), wraps and update_wrapper, cmp_to_key, total_ordering."""

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__")
WRAPPER_UPDATES = ("__dict__",)

_MISSING = object()


def reduce(function, iterable, initial=_MISSING):
    iterator = iter(iterable)
    value = next(iterator, _MISSING) if initial is _MISSING else initial
    if value is _MISSING:
        raise TypeError("reduce() of empty iterable with no initial value")
    for item in iterator:
        value = function(value, item)
    return value


class partial:
    """A callable with some arguments of `func` given in advance."""

    def __init__(self, func, /, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, /, *args, **keywords):
        return self.func(*self.args, *args, **{**self.keywords, **keywords})

    def __repr__(self):
        parts = [repr(self.func)]
        parts.extend(repr(arg) for arg in self.args)
        parts.extend(f"{key}={value!r}" for key, value in self.keywords.items())
        return f"functools.partial({', '.join(parts)})"


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            setattr(wrapper, attr, value)
    for attr in updated:
        try:
            getattr(wrapper, attr).update(getattr(wrapped, attr, {}))
        except AttributeError:
            pass
    wrapper.__wrapped__ = wrapped
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class CacheInfo:
    """lru_cache's statistics, shown and compared as CPython's named tuple."""

    def __init__(self, hits, misses, maxsize, currsize):
        self.hits = hits
        self.misses = misses
        self.maxsize = maxsize
        self.currsize = currsize

    def _values(self):
        return (self.hits, self.misses, self.maxsize, self.currsize)

    def __repr__(self):
        return (
            f"CacheInfo(hits={self.hits!r}, misses={self.misses!r}, "
            f"maxsize={self.maxsize!r}, currsize={self.currsize!r})"
        )

    def __eq__(self, other):
        if isinstance(other, CacheInfo):
            other = other._values()
        return self._values() == other

    def __iter__(self):
        return iter(self._values())

    def __getitem__(self, index):
        return self._values()[index]

    def __len__(self):
        return 4


_KWD_MARK = object()


def _make_key(args, kwds, typed):
    # CPython's _make_key: one int or str argument is its own key.
    if not kwds and len(args) == 1 and type(args[0]) in (int, str) and not typed:
        return args[0]
    key = args
    if kwds:
        key += (_KWD_MARK,)
        for item in kwds.items():
            key += item
    if typed:
        key += tuple(type(v) for v in args)
        if kwds:
            key += tuple(type(v) for v in kwds.values())
    elif len(key) == 1 and type(key[0]) in (int, str):
        return key[0]
    return key


def _lru_wrapper(user_function, maxsize, typed):
    cache = {}
    stats = [0, 0]  # hits, misses

    def wrapper(*args, **kwds):
        if maxsize == 0:
            stats[1] += 1
            return user_function(*args, **kwds)
        key = _make_key(args, kwds, typed)
        result = cache.get(key, _MISSING)
        if result is not _MISSING:
            stats[0] += 1
            if maxsize is not None:
                del cache[key]  # most recently used goes last
                cache[key] = result
            return result
        stats[1] += 1
        result = user_function(*args, **kwds)
        if key not in cache:
            if maxsize is not None and len(cache) >= maxsize:
                del cache[next(iter(cache))]
            cache[key] = result
        return result

    def cache_info():
        return CacheInfo(stats[0], stats[1], maxsize, len(cache))

    def cache_clear():
        cache.clear()
        stats[0] = stats[1] = 0

    def cache_parameters():
        return {"maxsize": maxsize, "typed": typed}

    wrapper.cache_info = cache_info
    wrapper.cache_clear = cache_clear
    wrapper.cache_parameters = cache_parameters
    return update_wrapper(wrapper, user_function)


def lru_cache(maxsize=128, typed=False):
    if isinstance(maxsize, int):
        if maxsize < 0:
            maxsize = 0
    elif callable(maxsize) and isinstance(typed, bool):
        return _lru_wrapper(maxsize, 128, typed)
    elif maxsize is not None:
        raise TypeError("Expected first argument to be an integer, a callable, or None")

    def decorating_function(user_function):
        return _lru_wrapper(user_function, maxsize, typed)

    return decorating_function


def cache(user_function):
    return _lru_wrapper(user_function, None, False)


def cmp_to_key(mycmp):
    class K:
        __slots__ = ["obj"]

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0

        __hash__ = None

    return K


def _derive(name, root, form):
    """The comparison `name` from the class's `root` one, as CPython's _gt_from_lt and the rest:
    `form` says how the root's result (and == or != where it cannot decide) give the answer."""

    def derived(self, other):
        result = getattr(type(self), root)(self, other)
        if result is NotImplemented:
            return result
        if form == "not":
            return not result
        if form == "not_and_ne":
            return not result and self != other
        if form == "or_eq":
            return result or self == other
        if form == "not_or_eq":
            return not result or self == other
        return result and self != other  # "and_ne"

    derived.__name__ = name
    return derived


# For each root, the other three: (name, form).
_CONVERT = {
    "__lt__": [("__gt__", "not_and_ne"), ("__le__", "or_eq"), ("__ge__", "not")],
    "__le__": [("__ge__", "not_or_eq"), ("__lt__", "and_ne"), ("__gt__", "not")],
    "__gt__": [("__lt__", "not_and_ne"), ("__ge__", "or_eq"), ("__le__", "not")],
    "__ge__": [("__le__", "not_or_eq"), ("__gt__", "and_ne"), ("__lt__", "not")],
}


def total_ordering(cls):
    roots = {op for op in _CONVERT if getattr(cls, op, None) is not getattr(object, op, None)}
    if not roots:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    root = max(roots)
    for name, form in _CONVERT[root]:
        if name not in roots:
            setattr(cls, name, _derive(name, root, form))
    return cls
