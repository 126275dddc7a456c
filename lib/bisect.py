"""Bisection in sorted lists, as CPython's bisect."""


def _bounds(a, lo, hi):
    if lo < 0:
        raise ValueError("lo must be non-negative")
    return len(a) if hi is None else hi


def bisect_right(a, x, lo=0, hi=None, *, key=None):
    hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        if x < (a[mid] if key is None else key(a[mid])):
            hi = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    hi = _bounds(a, lo, hi)
    while lo < hi:
        mid = (lo + hi) // 2
        if (a[mid] if key is None else key(a[mid])) < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    a.insert(bisect_right(a, x if key is None else key(x), lo, hi, key=key), x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    a.insert(bisect_left(a, x if key is None else key(x), lo, hi, key=key), x)


bisect = bisect_right
insort = insort_right
