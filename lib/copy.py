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


def _copy_instance(x, convert):
    cls = type(x)
    result = cls.__new__(cls)
    try:
        state = vars(x)
    except TypeError:
        state = {}
    for name, value in state.items():
        setattr(result, name, convert(value))
    for name in getattr(cls, "__slots__", ()):
        if hasattr(x, name):
            setattr(result, name, convert(getattr(x, name)))
    return result


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
            result = cls.__new__(cls)
            memo[key] = result
            copied = _copy_instance(x, lambda value: deepcopy(value, memo))
            for name, value in vars(copied).items() if hasattr(copied, "__dict__") else ():
                setattr(result, name, value)
            for name in getattr(cls, "__slots__", ()):
                if hasattr(copied, name):
                    setattr(result, name, getattr(copied, name))
    memo[key] = result
    return result
