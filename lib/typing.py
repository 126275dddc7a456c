"""Type hints, as far as a program that runs (rather than a type checker) sees them: every name of
CPython's typing that programs annotate with exists, can be subscripted and printed, and changes
nothing at run time. Generic and Protocol are plain base classes."""

TYPE_CHECKING = False


class _Alias:
    """A subscripted special form: typing.List[int], typing.Optional[str]."""

    def __init__(self, name, args):
        self._name = name
        self.__args__ = args

    def __repr__(self):
        return f"typing.{self._name}[{', '.join(_type_repr(a) for a in self.__args__)}]"

    def __getitem__(self, params):
        return _Alias(self._name, params if isinstance(params, tuple) else (params,))

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Type {self._name} cannot be instantiated")

    def __eq__(self, other):
        return isinstance(other, _Alias) and (self._name, self.__args__) == (
            other._name,
            other.__args__,
        )

    def __hash__(self):
        return hash((self._name, self.__args__))


class _Special:
    """An unsubscripted special form or generic alias: typing.Any, typing.List."""

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"typing.{self._name}"

    def __getitem__(self, params):
        params = params if isinstance(params, tuple) else (params,)
        if self._name == "Optional":
            return _Alias("Optional", params)
        return _Alias(self._name, params)

    def __call__(self, *args, **kwargs):
        raise TypeError(f"Cannot instantiate typing.{self._name}")


def _type_repr(obj):
    if isinstance(obj, type):
        return (
            obj.__name__ if obj.__module__ == "builtins" else f"{obj.__module__}.{obj.__qualname__}"
        )
    if obj is ...:
        return "..."
    return repr(obj)


Any = _Special("Any")
NoReturn = _Special("NoReturn")
Never = _Special("Never")
Optional = _Special("Optional")
Union = _Special("Union")
Callable = _Special("Callable")
ClassVar = _Special("ClassVar")
Final = _Special("Final")
Literal = _Special("Literal")
List = _Special("List")
Dict = _Special("Dict")
Set = _Special("Set")
FrozenSet = _Special("FrozenSet")
Tuple = _Special("Tuple")
Type = _Special("Type")
Deque = _Special("Deque")
DefaultDict = _Special("DefaultDict")
Counter = _Special("Counter")
OrderedDict = _Special("OrderedDict")
Iterable = _Special("Iterable")
Iterator = _Special("Iterator")
Generator = _Special("Generator")
Sequence = _Special("Sequence")
MutableSequence = _Special("MutableSequence")
Mapping = _Special("Mapping")
MutableMapping = _Special("MutableMapping")
AbstractSet = _Special("AbstractSet")
Collection = _Special("Collection")
Container = _Special("Container")
Hashable = _Special("Hashable")
Sized = _Special("Sized")
Reversible = _Special("Reversible")


class TypeVar:
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.__constraints__ = constraints
        self.__bound__ = bound

    def __repr__(self):
        return "~" + self.__name__


class Generic:
    """class Stack(Generic[T]): Generic[T] is Generic itself here."""

    def __class_getitem__(cls, params):
        return cls


class Protocol(Generic):
    pass


_NAMEDTUPLE_PROHIBITED = frozenset(
    "__new__ __init__ __slots__ __getnewargs__ _fields _field_defaults _make _replace _asdict "
    "_source".split()
)
_NAMEDTUPLE_SPECIAL = frozenset({"__module__", "__name__", "__annotations__"})


def _make_namedtuple(typename, types, defaults, module):
    from collections import namedtuple

    types = dict(types)
    cls = namedtuple(typename, list(types), defaults=defaults, module=module)
    cls.__annotations__ = types
    return cls


class _NamedTupleMeta(type):
    """`class Point(NamedTuple)` makes a collections.namedtuple class from the annotations
    (CPython reaches the same through NamedTuple.__mro_entries__); the body's defaults and methods
    go on it."""

    def __new__(mcls, typename, bases, ns):
        if ns.get("_root"):
            return super().__new__(mcls, typename, bases, ns)
        types = ns.get("__annotations__", {})
        default_names = []
        for name in types:
            if name in ns:
                default_names.append(name)
            elif default_names:
                raise TypeError(
                    f"Non-default namedtuple field {name} cannot follow default field"
                    f"{'s' if len(default_names) > 1 else ''} {', '.join(default_names)}"
                )
        cls = _make_namedtuple(
            typename, types.items(), [ns[n] for n in default_names], ns["__module__"]
        )
        for key, value in ns.items():
            if key in _NAMEDTUPLE_PROHIBITED:
                raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
            if key not in _NAMEDTUPLE_SPECIAL and key not in cls._fields:
                setattr(cls, key, value)
        return cls

    def __call__(cls, typename, fields=None, /, **kwargs):
        # The functional form: NamedTuple('Point', [('x', int), ('y', int)]) or keywords.
        types = kwargs.items() if fields is None else fields
        return _make_namedtuple(typename, types, None, "__main__")


class NamedTuple(metaclass=_NamedTupleMeta):
    _root = True


def cast(typ, val):
    return val


def overload(func):
    return func


def final(f):
    return f


def no_type_check(arg):
    return arg


def get_type_hints(obj):
    return dict(getattr(obj, "__annotations__", {}))
