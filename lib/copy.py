"""Shallow and deep copies, as CPython's copy: containers are rebuilt, instances are made without
calling __init__ and get their attributes copied; __copy__ and __deepcopy__ are honoured, and a
deep copy keeps shared and cyclic references shared."""

__all__ = ["copy", "deepcopy", "Error"]


class Error(Exception):
    pass


_ATOMIC = (type(None), int, float, bool, str, type, range, type(len), type(Ellipsis))


def copy(x):
    cls = type(x)
    if isinstance(x, _ATOMIC) or callable(x) and not hasattr(x, "__dict__"):
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    if cls in (tuple, frozenset):
        return x
    method = getattr(cls, "__copy__", None)
    if method is not None:
        return method(x)
    return _copy_instance(x, lambda value: value)


def _copy_instance(x, convert, memo=None):
    cls = type(x)
    result = cls.__new__(cls, *(convert(arg) for arg in _new_args(x)))
    if memo is not None:
        memo[id(x)] = result
    try:
        state = vars(x)
    except TypeError:
        state = {}
    for name, value in state.items():
        setattr(result, name, convert(value))
    for name in getattr(cls, "__slots__", ()):
        if hasattr(x, name):
            setattr(result, name, convert(getattr(x, name)))
    # The items of a list, dict or set the class derives from, as CPython's __reduce_ex__ adds them.
    if isinstance(x, list):
        for item in x:
            result.append(convert(item))
    elif isinstance(x, dict):
        for key, value in x.items():
            result[convert(key)] = convert(value)
    elif isinstance(x, set):
        result.update(convert(item) for item in x)
    return result


def _new_args(x):
    """What __new__ gets to remake x: __getnewargs__(), or the value of the immutable built-in
    type its class derives from."""
    getnewargs = getattr(x, "__getnewargs__", None)
    if getnewargs is not None:
        return getnewargs()
    for base in (tuple, str, float, int):
        if isinstance(x, base):
            return (base(x),)
    return ()


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    key = id(x)
    if key in memo:
        return memo[key]
    cls = type(x)
    if isinstance(x, _ATOMIC):
        return x
    if cls is list:
        result = []
        memo[key] = result
        result.extend(deepcopy(item, memo) for item in x)
        return result
    if cls is dict:
        result = {}
        memo[key] = result
        for k, v in x.items():
            result[deepcopy(k, memo)] = deepcopy(v, memo)
        return result
    if cls is set:
        result = {deepcopy(item, memo) for item in x}
    elif cls is tuple:
        items = tuple(deepcopy(item, memo) for item in x)
        if key in memo:
            return memo[key]
        result = x if all(a is b for a, b in zip(items, x)) else items
    elif cls is frozenset:
        result = frozenset(deepcopy(item, memo) for item in x)
    else:
        method = getattr(cls, "__deepcopy__", None)
        if method is not None:
            result = method(x, memo)
        else:
            result = _copy_instance(x, lambda value: deepcopy(value, memo), memo)
    memo[key] = result
    return result
