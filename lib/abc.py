"""Abstract base classes, as CPython's abc: ABCMeta, ABC, abstractmethod, get_cache_token and
update_abstractmethods.

A class whose metaclass is ABCMeta keeps the names of its abstract methods in
__abstractmethods__, which the runtime's object.__new__ checks (CPython's message); isinstance
and issubclass ask ABCMeta's __instancecheck__ and __subclasscheck__, which consult the class's
__subclasshook__, its registered virtual subclasses and its subclasses, caching the answers. The
caches hold their classes strongly (CPython's are weak)."""

# Renewed by every register(): negative caches older than it are stale.
_invalidation_counter = 0


def abstractmethod(funcobj):
    """Marks a method abstract: a class of ABCMeta that does not override it is abstract."""
    funcobj.__isabstractmethod__ = True
    return funcobj


def _is_abstract(value):
    # classmethod, staticmethod and property say whether what they wrap is abstract.
    return bool(getattr(value, "__isabstractmethod__", False))


def _abstracts_of(cls, namespace, bases):
    abstracts = {name for name, value in namespace.items() if _is_abstract(value)}
    for base in bases:
        for name in getattr(base, "__abstractmethods__", ()):
            if _is_abstract(getattr(cls, name, None)):
                abstracts.add(name)
    return frozenset(abstracts)


class ABCMeta(type):
    """The metaclass of abstract base classes."""

    def __new__(mcls, name, bases, namespace, /, **kwargs):
        cls = super().__new__(mcls, name, bases, namespace, **kwargs)
        cls.__abstractmethods__ = _abstracts_of(cls, namespace, bases)
        cls._abc_registry = set()
        cls._abc_cache = set()
        cls._abc_negative_cache = set()
        cls._abc_negative_cache_version = _invalidation_counter
        cls._abc_subclasses = []
        for base in bases:
            if isinstance(base, ABCMeta):
                base._abc_subclasses.append(cls)
        return cls

    def register(cls, subclass):
        """Registers subclass as a virtual subclass of cls; returns it (a class decorator)."""
        global _invalidation_counter
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        cls._abc_registry.add(subclass)
        _invalidation_counter += 1
        return subclass

    def __instancecheck__(cls, instance):
        subclass = instance.__class__
        if subclass in cls._abc_cache:
            return True
        subtype = type(instance)
        if subtype is subclass:
            if (
                cls._abc_negative_cache_version == _invalidation_counter
                and subclass in cls._abc_negative_cache
            ):
                return False
            return cls.__subclasscheck__(subclass)
        return cls.__subclasscheck__(subclass) or cls.__subclasscheck__(subtype)

    def __subclasscheck__(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("issubclass() arg 1 must be a class")
        if subclass in cls._abc_cache:
            return True
        if cls._abc_negative_cache_version < _invalidation_counter:
            cls._abc_negative_cache = set()
            cls._abc_negative_cache_version = _invalidation_counter
        elif subclass in cls._abc_negative_cache:
            return False
        hook = getattr(cls, "__subclasshook__", None)
        ok = NotImplemented if hook is None else hook(subclass)
        if ok is not NotImplemented:
            if not isinstance(ok, bool):
                raise AssertionError
            (cls._abc_cache if ok else cls._abc_negative_cache).add(subclass)
            return ok
        if cls in subclass.__mro__ or any(issubclass(subclass, c) for c in cls._abc_registry):
            cls._abc_cache.add(subclass)
            return True
        if any(issubclass(subclass, c) for c in cls._abc_subclasses):
            cls._abc_cache.add(subclass)
            return True
        cls._abc_negative_cache.add(subclass)
        return False


class ABC(metaclass=ABCMeta):  # noqa: B024 (a base, abstract by its metaclass)
    """A base to derive abstract classes from, instead of naming the metaclass."""

    __slots__ = ()


def get_cache_token():
    """A token that changes whenever a virtual subclass is registered."""
    return _invalidation_counter


def update_abstractmethods(cls):
    """Recomputes cls.__abstractmethods__ after its methods changed. A class has no __dict__
    here, so a method made abstract after the class was is not seen; one overridden is."""
    if hasattr(cls, "__abstractmethods__"):
        cls.__abstractmethods__ = _abstracts_of(cls, {}, (cls, *cls.__bases__))
    return cls
