"""Iterator building blocks, as CPython's itertools: the same items in the same order, and the
same errors for bad arguments. The iterators are generators here, so their repr is a generator's."""

_MISSING = object()


def count(start=0, step=1):
    n = start
    while True:
        yield n
        n += step


def cycle(iterable):
    saved = []
    for item in iterable:
        yield item
        saved.append(item)
    while saved:
        for item in saved:
            yield item


def repeat(obj, times=None):
    if times is None:
        while True:
            yield obj
    for _ in range(times):
        yield obj


def accumulate(iterable, func=None, *, initial=None):
    iterator = iter(iterable)
    total = next(iterator, _MISSING) if initial is None else initial
    if total is _MISSING:
        return
    yield total
    for item in iterator:
        total = total + item if func is None else func(total, item)
        yield total


def _chain(iterables):
    for iterable in iterables:
        yield from iterable


class chain:
    """chain(*iterables), and chain.from_iterable(iterables)."""

    def __init__(self, *iterables):
        self._items = _chain(iterables)

    def __iter__(self):
        return self._items

    def __next__(self):
        return next(self._items)

    @staticmethod
    def from_iterable(iterables):
        return _chain(iterables)


def compress(data, selectors):
    for item, selected in zip(data, selectors):
        if selected:
            yield item


def dropwhile(predicate, iterable):
    iterator = iter(iterable)
    for item in iterator:
        if not predicate(item):
            yield item
            break
    for item in iterator:
        yield item


def takewhile(predicate, iterable):
    for item in iterable:
        if not predicate(item):
            break
        yield item


def filterfalse(predicate, iterable):
    for item in iterable:
        if not (bool(item) if predicate is None else predicate(item)):
            yield item


def starmap(function, iterable):
    for args in iterable:
        yield function(*args)


def _index(value, what):
    if value is None:
        return None
    if not isinstance(value, int) or value < 0:
        raise ValueError(
            f"{what} argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
        )
    return value


def islice(iterable, *args):
    if not 1 <= len(args) <= 3:
        raise TypeError(
            f"islice expected at most 4 arguments, got {len(args) + 1}"
            if args
            else "islice expected at least 2 arguments, got 1"
        )
    if len(args) == 1:
        start, stop, step = 0, _index(args[0], "Stop"), 1
    else:
        start = _index(args[0], "Indices") or 0
        stop = _index(args[1], "Stop")
        step = 1 if len(args) < 3 or args[2] is None else args[2]
        if not isinstance(step, int) or step <= 0:
            raise ValueError("Step for islice() must be a positive integer or None.")
    return _islice(iter(iterable), start, stop, step)


def _islice(iterator, start, stop, step):
    position = 0
    wanted = start
    if stop is not None and stop <= start:
        for _ in iterator:  # CPython consumes up to start even then
            position += 1
            if position >= start:
                break
        return
    for item in iterator:
        if position == wanted:
            yield item
            wanted += step
        position += 1
        if stop is not None and (position >= stop or wanted >= stop):
            return


def pairwise(iterable):
    iterator = iter(iterable)
    for a in iterator:
        for b in iterator:
            yield a, b
            a = b
        return


def zip_longest(*iterables, fillvalue=None):
    iterators = [iter(iterable) for iterable in iterables]
    active = len(iterators)
    if not active:
        return
    while True:
        values = []
        for i, iterator in enumerate(iterators):
            for value in iterator:
                values.append(value)
                break
            else:
                if iterator is not _EXHAUSTED:
                    active -= 1
                    iterators[i] = _EXHAUSTED
                    if not active:
                        return
                values.append(fillvalue)
        yield tuple(values)


_EXHAUSTED = iter(())


def groupby(iterable, key=None):
    iterator = iter(iterable)
    state = _GroupState(iterator, key)
    while state.advance_to_new_key():
        yield state.current_key, state.group(state.generation)


class _GroupState:
    """The iterator groupby and its groups share: a group ends when the key changes, and moving
    to the next group skips what is left of the current one."""

    _MISSING = object()

    def __init__(self, iterator, key):
        self.iterator = iterator
        self.key = key
        self.current_key = self._MISSING
        self.value = self._MISSING
        self.value_key = self._MISSING
        self.done = False
        self.generation = 0  # which group may still yield: earlier ones are over

    def _fetch(self):
        for value in self.iterator:
            self.value = value
            self.value_key = value if self.key is None else self.key(value)
            return True
        self.done = True
        return False

    def advance_to_new_key(self):
        if self.value is self._MISSING and not self._fetch():
            return False
        while self.current_key is not self._MISSING and self.value_key == self.current_key:
            if not self._fetch():
                return False
        self.current_key = self.value_key
        self.generation += 1
        return True

    def group(self, generation):
        while (
            not self.done and self.generation == generation and self.value_key == self.current_key
        ):
            yield self.value
            if not self._fetch():
                return


def tee(iterable, n=2):
    if n < 0:
        raise ValueError("n must be >= 0")
    iterator = iter(iterable)
    buffers = [[] for _ in range(n)]

    def follower(buffer):
        while True:
            if not buffer:
                for value in iterator:
                    for other in buffers:
                        other.append(value)
                    break
                else:
                    return
            yield buffer.pop(0)

    return tuple(follower(buffer) for buffer in buffers)


def product(*iterables, repeat=1):
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    result = [()]
    for pool in pools:
        result = [x + (y,) for x in result for y in pool]
    yield from result


def permutations(iterable, r=None):
    pool = tuple(iterable)
    n = len(pool)
    r = n if r is None else r
    if r < 0:
        raise ValueError("r must be non-negative")
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple(pool[i] for i in indices[:r])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1 :] + indices[i : i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple(pool[i] for i in indices[:r])
                break
        else:
            return


def combinations(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    if r < 0:
        raise ValueError("r must be non-negative")
    if r > n:
        return
    indices = list(range(r))
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple(pool[i] for i in indices)


def combinations_with_replacement(iterable, r):
    pool = tuple(iterable)
    n = len(pool)
    if r < 0:
        raise ValueError("r must be non-negative")
    if not n and r:
        return
    indices = [0] * r
    yield tuple(pool[i] for i in indices)
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple(pool[i] for i in indices)
