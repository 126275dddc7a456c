"""Heap queues (min-heaps in lists), as CPython's heapq: the same sift algorithms, so a heap built
by the same pushes and pops holds its items in the same order."""

__all__ = [
    "heappush",
    "heappop",
    "heapify",
    "heapreplace",
    "heappushpop",
    "merge",
    "nlargest",
    "nsmallest",
]


def _check(heap, function, argument):
    if not isinstance(heap, list):
        raise TypeError(f"{function}() argument{argument} must be list, not {type(heap).__name__}")


def heappush(heap, item):
    _check(heap, "heappush", " 1")
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    _check(heap, "heappop", "")
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        top = heap[0]
        heap[0] = last
        _siftup(heap, 0)
        return top
    return last


def heapreplace(heap, item):
    _check(heap, "heapreplace", " 1")
    if not heap:
        raise IndexError("index out of range")
    top = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return top


def heappushpop(heap, item):
    _check(heap, "heappushpop", " 1")
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(heap):
    _check(heap, "heapify", "")
    for i in reversed(range(len(heap) // 2)):
        _siftup(heap, i)


def _siftdown(heap, start, pos):
    item = heap[pos]
    while pos > start:
        parent_pos = (pos - 1) >> 1
        parent = heap[parent_pos]
        if item < parent:
            heap[pos] = parent
            pos = parent_pos
            continue
        break
    heap[pos] = item


def _siftup(heap, pos):
    end = len(heap)
    start = pos
    item = heap[pos]
    child = 2 * pos + 1
    while child < end:
        right = child + 1
        if right < end and not heap[child] < heap[right]:
            child = right
        heap[pos] = heap[child]
        pos = child
        child = 2 * pos + 1
    heap[pos] = item
    _siftdown(heap, start, pos)


def nlargest(n, iterable, key=None):
    # CPython documents (and its algorithm guarantees) exactly this result.
    return sorted(iterable, key=key, reverse=True)[:n]


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:n]


def merge(*iterables, key=None, reverse=False):
    """The items of sorted iterables in one sorted stream; equal items in the order of the
    iterables they came from."""
    heads = []
    for order, iterable in enumerate(iterables):
        iterator = iter(iterable)
        for value in iterator:
            heads.append([value, order, iterator])
            break
    while heads:
        best = 0
        best_key = heads[0][0] if key is None else key(heads[0][0])
        for i in range(1, len(heads)):
            k = heads[i][0] if key is None else key(heads[i][0])
            if (best_key < k) if reverse else (k < best_key):
                best, best_key = i, k
        head = heads[best]
        yield head[0]
        for value in head[2]:
            head[0] = value
            break
        else:
            heads.pop(best)
