"""Data classes, as CPython's dataclasses: @dataclass reads the class's annotations (in order,
through its dataclass bases) and gives it __init__, __repr__, __eq__, ordering, hashing and
frozenness with CPython's rules and messages; field(), fields(), asdict(), astuple(), replace()."""

__all__ = [
    "dataclass",
    "field",
    "Field",
    "FrozenInstanceError",
    "fields",
    "asdict",
    "astuple",
    "replace",
    "is_dataclass",
    "MISSING",
]


class _MissingType:
    def __repr__(self):
        return "MISSING"


MISSING = _MissingType()
_FIELDS = "__dataclass_fields__"
_PARAMS = "__dataclass_params__"


class FrozenInstanceError(AttributeError):
    pass


class Field:
    __slots__ = [
        "name",
        "type",
        "default",
        "default_factory",
        "repr",
        "hash",
        "init",
        "compare",
        "kw_only",
    ]

    def __init__(self, default, default_factory, init, repr, hash, compare, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.kw_only = kw_only

    def __repr__(self):
        return (
            f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
            f"default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},"
            f"hash={self.hash!r},compare={self.compare!r},kw_only={self.kw_only!r})"
        )


def field(
    *,
    default=MISSING,
    default_factory=MISSING,
    init=True,
    repr=True,
    hash=None,
    compare=True,
    kw_only=MISSING,
):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, kw_only)


def _is_classvar(annotation):
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _collect_fields(cls, kw_only):
    fields = {}
    for base in reversed(cls.__mro__[1:]):
        base_fields = getattr(base, _FIELDS, None)
        if base_fields is not None:
            for f in base_fields.values():
                fields[f.name] = f
    annotations = cls.__dict__.get("__annotations__", {}) if hasattr(cls, "__dict__") else {}
    if not annotations:
        annotations = _own_annotations(cls)
    for name, annotation in annotations.items():
        if _is_classvar(annotation):
            continue
        default = getattr(cls, name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = Field(default, MISSING, True, True, None, True, MISSING)
        f.name = name
        f.type = annotation
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if f.default_factory is MISSING and isinstance(f.default, (list, dict, set)):
            raise ValueError(
                f"mutable default {type(f.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        fields[name] = f
    return fields


def _own_annotations(cls):
    # A class's own __annotations__ (not one a base defined).
    own = getattr(cls, "__annotations__", {})
    for base in cls.__mro__[1:]:
        if getattr(base, "__annotations__", None) is own:
            return {}
    return own


def _make_init(cls, fields):
    qualname = f"{cls.__qualname__}.__init__"
    positional = [f for f in fields.values() if f.init and not f.kw_only]
    keyword = [f for f in fields.values() if f.init and f.kw_only]
    seen_default = False
    for f in positional:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument '{f.name}' follows default argument")
    frozen = getattr(cls, _PARAMS)["frozen"]
    has_post_init = hasattr(cls, "__post_init__")

    def __init__(self, *args, **kwargs):
        if len(args) > len(positional):
            most = len(positional) + 1
            least = most - sum(
                1
                for f in positional
                if f.default is not MISSING or f.default_factory is not MISSING
            )
            takes = f"{most}" if least == most else f"from {least} to {most}"
            plural = "" if most == 1 and least == most else "s"
            raise TypeError(
                f"{qualname}() takes {takes} positional argument{plural} but "
                f"{len(args) + 1} were given"
            )
        values = {}
        for f, value in zip(positional, args):
            values[f.name] = value
        for name, value in kwargs.items():
            f = fields.get(name)
            if f is None or not f.init:
                raise TypeError(f"{qualname}() got an unexpected keyword argument '{name}'")
            if name in values:
                raise TypeError(f"{qualname}() got multiple values for argument '{name}'")
            values[name] = value
        missing = [
            f.name
            for f in positional + keyword
            if f.name not in values and f.default is MISSING and f.default_factory is MISSING
        ]
        if missing:
            kind = "positional" if missing[0] in [f.name for f in positional] else "keyword-only"
            names = [f"'{n}'" for n in missing]
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            raise TypeError(
                f"{qualname}() missing {len(missing)} required {kind} "
                f"argument{'s' if len(missing) > 1 else ''}: {listed}"
            )
        for f in fields.values():
            if f.name in values:
                value = values[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.default is not MISSING:
                value = f.default
            else:
                continue
            if frozen:
                object.__setattr__(self, f.name, value)
            else:
                setattr(self, f.name, value)
        if has_post_init:
            self.__post_init__()

    __init__.__qualname__ = qualname
    return __init__


def _values(obj, fields, what):
    return tuple(getattr(obj, f.name) for f in fields.values() if getattr(f, what))


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, kw_only):
    setattr(
        cls,
        _PARAMS,
        {
            "init": init,
            "repr": repr,
            "eq": eq,
            "order": order,
            "unsafe_hash": unsafe_hash,
            "frozen": frozen,
        },
    )
    fields = _collect_fields(cls, kw_only)
    setattr(cls, _FIELDS, fields)
    own = cls.__dict__ if hasattr(cls, "__dict__") else {}

    if init and "__init__" not in own:
        cls.__init__ = _make_init(cls, fields)
    if repr and "__repr__" not in own:

        def __repr__(self):
            parts = ", ".join(
                f"{f.name}={getattr(self, f.name)!r}" for f in fields.values() if f.repr
            )
            return f"{type(self).__qualname__}({parts})"

        cls.__repr__ = __repr__
    if eq and "__eq__" not in own:

        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return _values(self, fields, "compare") == _values(other, fields, "compare")
            return NotImplemented

        cls.__eq__ = __eq__
    if order:
        for name, compare in (
            ("__lt__", lambda a, b: a < b),
            ("__le__", lambda a, b: a <= b),
            ("__gt__", lambda a, b: a > b),
            ("__ge__", lambda a, b: a >= b),
        ):
            if name in own:
                raise TypeError(
                    f"Cannot overwrite attribute {name} in class {cls.__name__}. "
                    "Consider using functools.total_ordering"
                )
            setattr(cls, name, _order_method(fields, compare))
    if frozen:

        def __setattr__(self, name, value):
            if type(self) is cls or name in fields:
                raise FrozenInstanceError(f"cannot assign to field '{name}'")
            object.__setattr__(self, name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in fields:
                raise FrozenInstanceError(f"cannot delete field '{name}'")
            object.__delattr__(self, name)

        cls.__setattr__ = __setattr__
        cls.__delattr__ = __delattr__
    has_hash = "__hash__" in own and own["__hash__"] is not None
    if unsafe_hash or (eq and frozen):
        if not has_hash or unsafe_hash:

            def __hash__(self):
                return hash(
                    tuple(
                        getattr(self, f.name)
                        for f in fields.values()
                        if (f.compare if f.hash is None else f.hash)
                    )
                )

            cls.__hash__ = __hash__
    elif eq and not has_hash:
        cls.__hash__ = None
    return cls


def _order_method(fields, compare):
    def method(self, other):
        if other.__class__ is self.__class__:
            return compare(_values(self, fields, "compare"), _values(other, fields, "compare"))
        return NotImplemented

    return method


def dataclass(
    cls=None,
    /,
    *,
    init=True,
    repr=True,
    eq=True,
    order=False,
    unsafe_hash=False,
    frozen=False,
    match_args=True,
    kw_only=False,
    slots=False,
):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, kw_only)

    return wrap if cls is None else wrap(cls)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, _FIELDS)


def fields(class_or_instance):
    try:
        found = getattr(class_or_instance, _FIELDS)
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(found.values())


def _convert(obj, factory):
    if is_dataclass(obj) and not isinstance(obj, type):
        if factory is dict:
            return {f.name: _convert(getattr(obj, f.name), factory) for f in fields(obj)}
        return tuple(_convert(getattr(obj, f.name), factory) for f in fields(obj))
    if isinstance(obj, list):
        return [_convert(v, factory) for v in obj]
    if isinstance(obj, tuple):
        return tuple(_convert(v, factory) for v in obj)
    if isinstance(obj, dict):
        return {_convert(k, factory): _convert(v, factory) for k, v in obj.items()}
    return obj


def asdict(obj):
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError("asdict() should be called on dataclass instances")
    return _convert(obj, dict)


def astuple(obj):
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError("astuple() should be called on dataclass instances")
    return _convert(obj, tuple)


def replace(obj, /, **changes):
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
