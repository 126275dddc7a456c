"""CPython 3.11's enum on quack's metaclasses: Enum, ReprEnum, IntEnum, StrEnum, Flag, IntFlag,
auto, unique.

Members are made when the class is: EnumType.__new__ reads the class body's namespace (an
_EnumDict, which refuses a name given twice) in definition order, takes every name that is
neither a dunder, a sunder nor a descriptor as a member, and turns equal values into aliases.
An enumeration may mix in a data type before its Enum base (class Color(str, Enum)): its members
are instances of that type too, made by its __new__."""

_FunctionType = type(lambda: None)
_DESCRIPTORS = (_FunctionType, property, classmethod, staticmethod, type(int.__repr__))


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


class auto:
    """A member's value, chosen by the class's _generate_next_value_."""

    def __init__(self):
        self.value = None

    def __repr__(self):
        return f"auto({self.value!r})"


def _next_value(name, start, count, last_values):
    """Enum's: one more than the last value that can be incremented, else start."""
    for last in reversed(last_values):
        try:
            return last + 1
        except TypeError:
            pass
    return start


def _next_flag_value(name, start, count, last_values):
    """Flag's: the next power of two above the highest value so far."""
    if not count:
        return start if start is not None else 1
    return 2 ** max(last_values).bit_length()


class _EnumDict(dict):
    """A class body's namespace (EnumType.__prepare__): refuses a member's name given twice."""

    def __init__(self):
        super().__init__()
        self._member_names = set()

    def __setitem__(self, key, value):
        if _is_dunder(key) or _is_sunder(key):
            pass
        elif key in self._member_names:
            raise TypeError(f"{key!r} already defined as {self[key]!r}")
        elif not isinstance(value, _DESCRIPTORS):
            if key in self:
                raise TypeError(f"{key!r} already defined as {self[key]!r}")
            self._member_names.add(key)
        super().__setitem__(key, value)


def _find_data_type(class_name, bases):
    """The data type the bases mix in (CPython's _find_data_type_): the nearest built-in type of
    a base's MRO (or the class derived from it there), or an enumeration's own; None if none."""
    data_types = []
    for chain in bases:
        candidate = None
        for base in chain.__mro__:
            if base is object:
                continue
            if isinstance(base, EnumType):
                if base._member_type_ is not object:
                    found = base._member_type_
                    break
            elif base.__module__ == "builtins":
                found = candidate or base
                break
            else:
                candidate = candidate or base
        else:
            continue
        if found not in data_types:
            data_types.append(found)
    if len(data_types) > 1:
        kinds = ", ".join(repr(t) for t in data_types)
        raise TypeError(f"too many data types for {class_name!r}: {{{kinds}}}")
    return data_types[0] if data_types else None


class EnumType(type):
    """The metaclass: makes the members, and looks them up by value (Color(1)) and by name
    (Color['RED'])."""

    @classmethod
    def __prepare__(metacls, cls, bases, **kwds):
        return _EnumDict()

    def __new__(mcls, cls_name, bases, classdict):
        for base in bases:
            if isinstance(base, EnumType) and base._member_names_:
                raise TypeError(f"<enum {cls_name!r}> cannot extend {base!r}")
        first_enum = bases[-1] if bases else None
        if bases and not isinstance(first_enum, EnumType):
            raise TypeError(
                "new enumerations should be created as "
                "`EnumName([mixin_type, ...] [data_type,] enum_type)`"
            )
        member_type = _find_data_type(cls_name, bases) or object
        members = {}
        namespace = {}
        for key, value in classdict.items():
            if _is_dunder(key) or _is_sunder(key) or isinstance(value, _DESCRIPTORS):
                namespace[key] = value
            else:
                members[key] = value
        enum_class = super().__new__(mcls, cls_name, bases, namespace)
        enum_class._member_names_ = []
        enum_class._member_map_ = {}
        enum_class._value2member_map_ = {}
        enum_class._member_type_ = member_type
        if first_enum is not None:
            _keep_enum_methods(enum_class, first_enum, member_type, bases, namespace)
        # Through the class: a staticmethod or a plain function of the body, or a base's.
        generate = enum_class._generate_next_value_
        # The body's __new__ makes its members and those of the enumerations deriving from it.
        new = classdict.get("__new__")
        if new is not None:
            enum_class.__new_member__ = new
        elif first_enum is not None:
            new = getattr(first_enum, "__new_member__", None)
        flag = _is_flag(enum_class)
        values = []
        for name, value in members.items():
            if isinstance(value, auto):
                if value.value is None:
                    value.value = generate(name, 1, len(values), values[:])
                value = value.value
            values.append(value)
            args = value if isinstance(value, tuple) else (value,)
            if new is not None:
                member = new(enum_class, *args)
            elif member_type is object:
                member = object.__new__(enum_class)
            else:
                member = member_type.__new__(enum_class, *args)
            if not hasattr(member, "_value_"):
                member._value_ = value if member_type is object else member_type(*args)
            value = member._value_
            member._name_ = name
            member.__objclass__ = enum_class
            member.__init__(*args)
            canonical = _member_with_value(enum_class, value)
            if canonical is not None:
                member = canonical
            else:
                # A flag's members with several bits (or none) are named, not iterated.
                if not flag or _is_single_bit(value):
                    enum_class._member_names_.append(name)
                if _hashable(value):
                    enum_class._value2member_map_[value] = member
            enum_class._member_map_[name] = member
            type.__setattr__(enum_class, name, member)
        if flag:
            mask = singles = 0
            for member in enum_class._member_map_.values():
                mask |= member._value_
                if _is_single_bit(member._value_):
                    singles |= member._value_
            enum_class._flag_mask_ = mask
            enum_class._singles_mask_ = singles
            enum_class._all_bits_ = 2 ** mask.bit_length() - 1
        return enum_class

    def __call__(cls, value, names=None, *, start=1):
        if names is not None:
            return cls._create_(value, names, start)
        if isinstance(value, cls):
            return value
        member = _member_with_value(cls, value)
        if member is not None:
            return member
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is not None:
            raise TypeError(
                f"error in {cls.__name__}._missing_: returned {result!r} instead of None or a "
                "valid member"
            )
        raise ValueError(f"{value!r} is not a valid {cls.__qualname__}")

    def _create_(cls, class_name, names, start):
        """The functional API: Enum('Color', 'RED GREEN'), or names as a list of names, of
        (name, value) pairs, or a mapping. The class's module is enum's (quack has no frames to
        ask for the caller's)."""
        metacls = type(cls)
        bases = (cls,)
        classdict = metacls.__prepare__(class_name, bases)
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            original_names, names = names, []
            last_values = []
            for count, name in enumerate(original_names):
                value = cls._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                names.append((name, value))
        for item in names:
            if isinstance(item, str):
                classdict[item] = names[item]
            else:
                classdict[item[0]] = item[1]
        return metacls.__new__(metacls, class_name, bases, classdict)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __contains__(cls, member):
        if not isinstance(type(member), EnumType):
            raise TypeError(
                "unsupported operand type(s) for 'in': "
                f"'{type(member).__qualname__}' and '{type(cls).__qualname__}'"
            )
        return isinstance(member, cls) and member._name_ in cls._member_map_

    def __repr__(cls):
        return f"<{'flag' if _is_flag(cls) else 'enum'} {cls.__name__!r}>"

    def __setattr__(cls, name, value):
        if name in getattr(cls, "_member_map_", ()):
            raise AttributeError(f"cannot reassign member {name!r}")
        super().__setattr__(name, value)

    def __delattr__(cls, name):
        if name in getattr(cls, "_member_map_", ()):
            raise AttributeError(f"{cls.__name__!r} cannot delete member {name!r}.")
        super().__delattr__(name)

    @property
    def __members__(cls):
        return dict(cls._member_map_)


EnumMeta = EnumType


def _keep_enum_methods(enum_class, first_enum, member_type, bases, namespace):
    """CPython's choice of a mixed enumeration's methods: a ReprEnum keeps its data type's str;
    otherwise the enumeration's repr and str win over the data type's (and object's), and every
    flag gets Flag's operators, ahead of the data type's."""
    # ReprEnum and Flag are not defined yet while EnumType makes them.
    repr_enum, flag = globals().get("ReprEnum"), globals().get("Flag")
    if repr_enum in bases:
        if member_type is object:
            raise TypeError(
                "ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)"
            )
        if "__str__" not in namespace:
            enum_class.__str__ = member_type.__str__
            namespace["__str__"] = enum_class.__str__
    for name in ("__repr__", "__str__"):
        if name not in namespace:
            found = getattr(enum_class, name)
            if found is getattr(member_type, name, None) or found is getattr(object, name, None):
                setattr(enum_class, name, getattr(first_enum, name))
    if flag is not None and issubclass(enum_class, flag):
        for op in ("__or__", "__and__", "__xor__", "__ror__", "__rand__", "__rxor__", "__invert__"):
            if op not in namespace:
                setattr(enum_class, op, getattr(flag, op))


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _member_with_value(cls, value):
    """The member (or remembered flag pseudo-member) whose value equals value, or None: by hash,
    or for an unhashable value by comparing each member's."""
    if _hashable(value):
        return cls._value2member_map_.get(value)
    for member in cls._member_map_.values():
        if member._value_ == value:
            return member
    return None


def _is_flag(cls):
    return getattr(cls, "_flag_", False)


def _is_single_bit(value):
    return isinstance(value, int) and value > 0 and value & (value - 1) == 0


class Enum(metaclass=EnumType):
    """A class whose members are its instances, each with a name and a value."""

    _generate_next_value_ = staticmethod(_next_value)
    _missing_ = classmethod(lambda cls, value: None)

    def __init__(self, *args, **kwds):
        pass

    def __repr__(self):
        """<Color.RED: 1>, or for a flag no member names: <Perm: 0>."""
        if self._name_ is None:
            return f"<{type(self).__name__}: {self._value_!r}>"
        return f"<{type(self).__name__}.{self._name_}: {self._value_!r}>"

    def __str__(self):
        if self._name_ is None:
            return f"{type(self).__name__}({self._value_!r})"
        return f"{type(self).__name__}.{self._name_}"

    def __hash__(self):
        return hash(self._name_)

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_


class ReprEnum(Enum):
    """Only the repr is the enumeration's: str() is the mixed-in data type's."""


class IntEnum(int, ReprEnum):
    """Members that are ints: they compare, hash and print as their values."""


class StrEnum(str, ReprEnum):
    """Members that are strs: they compare, hash and print as their values."""

    def __new__(cls, *values):
        if len(values) > 3:
            raise TypeError(f"too many arguments for str(): {values!r}")
        if len(values) == 1 and not isinstance(values[0], str):
            raise TypeError(f"{values[0]!r} is not a string")
        if len(values) >= 2 and not isinstance(values[1], str):
            raise TypeError(f"encoding must be a string, not {values[1]!r}")
        if len(values) == 3 and not isinstance(values[2], str):
            raise TypeError(f"errors must be a string, not {values[2]!r}")
        value = str(*values)
        member = str.__new__(cls, value)
        member._value_ = value
        return member

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


def _bin(num, max_bits):
    """CPython's enum.bin: sign, then the digits padded to max_bits ('0b0 0111')."""
    ceiling = 2 ** num.bit_length()
    if num >= 0:
        s = bin(num + ceiling).replace("1", "0", 1)
    else:
        s = bin(~num ^ (ceiling - 1) + ceiling)
    sign, digits = s[:3], s[3:]
    if len(digits) < max_bits:
        digits = (sign[-1] * max_bits + digits)[-max_bits:]
    return f"{sign} {digits}"


def _flag_missing(cls, value):
    """A flag's value that names no member: a pseudo-member for a combination of members' bits
    (remembered), bits no member has refused (Flag) or kept (IntFlag), as CPython 3.11's
    STRICT and KEEP boundaries do."""
    if not isinstance(value, int):
        return None
    keep = cls._member_type_ is int
    flag_mask, singles_mask, all_bits = cls._flag_mask_, cls._singles_mask_, cls._all_bits_
    if not ~all_bits <= value <= all_bits or value & (all_bits ^ flag_mask):
        if not keep:
            max_bits = max(value.bit_length(), flag_mask.bit_length())
            raise ValueError(
                f"{cls!r} invalid value {value!r}\n    given {_bin(value, max_bits)}\n"
                f"  allowed {_bin(flag_mask, max_bits)}"
            )
        if value < 0:
            value = max(all_bits + 1, 2 ** value.bit_length()) + value
    neg_value = None
    if value < 0:
        neg_value = value
        value = all_bits + 1 + value
    if keep:
        pseudo_member = int.__new__(cls, value)
    else:
        pseudo_member = object.__new__(cls)
    pseudo_member._value_ = value
    members = _flag_members(cls, value & singles_mask)
    combined = 0
    for member in members:
        combined |= member._value_
    if combined:
        pseudo_member._name_ = "|".join(m._name_ for m in members)
        if value ^ combined:
            pseudo_member._name_ += f"|{value ^ combined!r}"
    else:
        pseudo_member._name_ = None
    pseudo_member.__objclass__ = cls
    pseudo_member = cls._value2member_map_.setdefault(value, pseudo_member)
    if neg_value is not None:
        cls._value2member_map_[neg_value] = pseudo_member
    return pseudo_member


def _flag_members(cls, value):
    """The single-bit members whose bits value has, in definition order."""
    members = [cls._member_map_[name] for name in cls._member_names_]
    return [m for m in members if m._value_ & value]


def _flag_operand(self, other):
    """other's value if it may be combined with the flag self (an int too for an IntFlag)."""
    if isinstance(other, type(self)):
        return other._value_
    if type(self)._member_type_ is int and isinstance(other, int):
        return other
    return None


def _flag_operator(combine):
    def method(self, other):
        value = _flag_operand(self, other)
        if value is None:
            return NotImplemented
        return type(self)(combine(self._value_, value))

    return method


def _flag_contains(self, other):
    if not isinstance(other, type(self)):
        raise TypeError(
            "unsupported operand type(s) for 'in': "
            f"'{type(other).__qualname__}' and '{type(self).__qualname__}'"
        )
    return other._value_ & self._value_ == other._value_


def _flag_iter(self):
    return iter(_flag_members(type(self), self._value_))


def _flag_len(self):
    return bin(self._value_).count("1")


def _flag_bool(self):
    return bool(self._value_)


_or = _flag_operator(lambda a, b: a | b)
_and = _flag_operator(lambda a, b: a & b)
_xor = _flag_operator(lambda a, b: a ^ b)


class Flag(Enum):
    """Members that combine with |, & and ^ into flags of the same class."""

    _flag_ = True
    _generate_next_value_ = staticmethod(_next_flag_value)
    _missing_ = classmethod(_flag_missing)
    __or__ = __ror__ = _or
    __and__ = __rand__ = _and
    __xor__ = __rxor__ = _xor
    __contains__ = _flag_contains
    __iter__ = _flag_iter
    __len__ = _flag_len
    __bool__ = _flag_bool

    def __invert__(self):
        cls = type(self)
        # An IntFlag keeps every bit (CPython's KEEP); a Flag inverts only its members' bits.
        return cls(~self._value_ if cls._member_type_ is int else cls._flag_mask_ ^ self._value_)


class IntFlag(int, ReprEnum, Flag):
    """Flags that are ints: they combine with ints too, keep bits no member has, and print as
    their values."""


def unique(enumeration):
    """Raises ValueError if the enumeration has aliases."""
    duplicates = [
        (name, member._name_)
        for name, member in enumeration._member_map_.items()
        if name != member._name_
    ]
    if duplicates:
        details = ", ".join(f"{alias} -> {name}" for alias, name in duplicates)
        raise ValueError(f"duplicate values found in {enumeration!r}: {details}")
    return enumeration
