"""JSON, as CPython's json module: dumps/dump with indent, separators, sort_keys, ensure_ascii,
default, allow_nan and the circular-reference check, and JSONEncoder (cls=, a subclass's
default()); loads/load with the decoder hooks (object_hook, object_pairs_hook, parse_float,
parse_int, parse_constant, strict) and JSONDecoder (cls=, raw_decode), with CPython's
JSONDecodeError messages and positions."""

__all__ = ["dump", "dumps", "load", "loads", "JSONDecoder", "JSONDecodeError", "JSONEncoder"]

_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\b": "\\b",
    "\f": "\\f",
}


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        super().__init__(f"{msg}: line {lineno} column {colno} (char {pos})")
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno


# -- encoding ---------------------------------------------------------------------------------


def _encode_str(s, ensure_ascii):
    out = ['"']
    for c in s:
        escaped = _ESCAPES.get(c)
        if escaped is not None:
            out.append(escaped)
        elif c < " ":
            out.append(f"\\u{ord(c):04x}")
        elif ensure_ascii and c > "~":
            n = ord(c)
            if n > 0xFFFF:
                n -= 0x10000
                out.append(f"\\u{0xD800 | (n >> 10):04x}\\u{0xDC00 | (n & 0x3FF):04x}")
            else:
                out.append(f"\\u{n:04x}")
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _encode_float(f, allow_nan):
    if f != f:
        text = "NaN"
    elif f == float("inf"):
        text = "Infinity"
    elif f == -float("inf"):
        text = "-Infinity"
    else:
        return repr(f)
    if not allow_nan:
        raise ValueError("Out of range float values are not JSON compliant")
    return text


class JSONEncoder:
    item_separator = ", "
    key_separator = ": "

    def __init__(
        self,
        *,
        skipkeys=False,
        ensure_ascii=True,
        check_circular=True,
        allow_nan=True,
        sort_keys=False,
        indent=None,
        separators=None,
        default=None,
    ):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f"Object of type {type(o).__name__} is not JSON serializable")

    def encode(self, o):
        return "".join(self.iterencode(o))

    def iterencode(self, o):
        indent = self.indent
        if indent is not None and not isinstance(indent, str):
            indent = " " * indent
        self._indent = indent
        self.markers = {} if self.check_circular else None
        out = []
        self._encode(o, 0, out)
        return iter(out)

    def scalar(self, o):
        if o is None:
            return "null"
        if o is True:
            return "true"
        if o is False:
            return "false"
        if isinstance(o, str):
            return _encode_str(o, self.ensure_ascii)
        if isinstance(o, int):
            return int.__repr__(o)
        if isinstance(o, float):
            return _encode_float(o, self.allow_nan)
        return None

    def key(self, k):
        if isinstance(k, str):
            return k
        if isinstance(k, float):
            return _encode_float(k, self.allow_nan)
        if k is True:
            return "true"
        if k is False:
            return "false"
        if k is None:
            return "null"
        if isinstance(k, int):
            return int.__repr__(k)
        if self.skipkeys:
            return None
        raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")

    def enter(self, o):
        if self.markers is not None:
            if id(o) in self.markers:
                raise ValueError("Circular reference detected")
            self.markers[id(o)] = o

    def leave(self, o):
        if self.markers is not None:
            del self.markers[id(o)]

    def _encode(self, o, level, out):
        text = self.scalar(o)
        if text is not None:
            out.append(text)
        elif isinstance(o, (list, tuple)):
            self.encode_list(o, level, out)
        elif isinstance(o, dict):
            self.encode_dict(o, level, out)
        else:
            self.enter(o)
            self._encode(self.default(o), level, out)
            self.leave(o)

    def newline(self, level):
        return "\n" + self._indent * level

    def encode_list(self, o, level, out):
        if not o:
            out.append("[]")
            return
        self.enter(o)
        out.append("[")
        separator = self.item_separator
        if self._indent is not None:
            out.append(self.newline(level + 1))
            separator += self.newline(level + 1)
        for i, item in enumerate(o):
            if i:
                out.append(separator)
            self._encode(item, level + 1, out)
        if self._indent is not None:
            out.append(self.newline(level))
        out.append("]")
        self.leave(o)

    def encode_dict(self, o, level, out):
        if not o:
            out.append("{}")
            return
        self.enter(o)
        out.append("{")
        separator = self.item_separator
        if self._indent is not None:
            out.append(self.newline(level + 1))
            separator += self.newline(level + 1)
        items = sorted(o.items()) if self.sort_keys else o.items()
        first = True
        for k, v in items:
            key = self.key(k)
            if key is None:
                continue
            if not first:
                out.append(separator)
            first = False
            out.append(_encode_str(key, self.ensure_ascii))
            out.append(self.key_separator)
            self._encode(v, level + 1, out)
        if self._indent is not None:
            out.append(self.newline(level))
        out.append("}")
        self.leave(o)


def dumps(obj, *, cls=None, **kw):
    return (JSONEncoder if cls is None else cls)(**kw).encode(obj)


def dump(obj, fp, **kwargs):
    fp.write(dumps(obj, **kwargs))


# -- decoding ---------------------------------------------------------------------------------

_WHITESPACE = " \t\n\r"
_UNESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_CONSTANTS = (
    ("null", None),
    ("true", True),
    ("false", False),
    ("NaN", float("nan")),
    ("Infinity", float("inf")),
    ("-Infinity", float("-inf")),
)


class _Scanner:
    """One document's parse, with the decoder's hooks."""

    def __init__(self, decoder, doc):
        self.doc = doc
        self.object_hook = decoder.object_hook
        self.object_pairs_hook = decoder.object_pairs_hook
        self.parse_float = decoder.parse_float or float
        self.parse_int = decoder.parse_int or int
        self.parse_constant = decoder.parse_constant
        self.strict = decoder.strict

    def skip(self, pos):
        doc = self.doc
        while pos < len(doc) and doc[pos] in _WHITESPACE:
            pos += 1
        return pos

    def fail(self, msg, pos):
        raise JSONDecodeError(msg, self.doc, pos)

    def value(self, pos):
        doc = self.doc
        if pos >= len(doc):
            self.fail("Expecting value", pos)
        c = doc[pos]
        if c == '"':
            return self.string(pos + 1)
        if c == "{":
            return self.object(pos + 1)
        if c == "[":
            return self.array(pos + 1)
        for text, value in _CONSTANTS:
            if doc.startswith(text, pos):
                if self.parse_constant is not None and value is not None and value is not True:
                    if value is not False:
                        value = self.parse_constant(text)
                return value, pos + len(text)
        if c == "-" or "0" <= c <= "9":
            return self.number(pos)
        self.fail("Expecting value", pos)

    def number(self, pos):
        doc = self.doc
        start = pos
        if doc[pos] == "-":
            pos += 1
        if pos < len(doc) and doc[pos] == "0":
            pos += 1
        elif pos < len(doc) and "1" <= doc[pos] <= "9":
            while pos < len(doc) and "0" <= doc[pos] <= "9":
                pos += 1
        else:
            self.fail("Expecting value", start)
        is_float = False
        if pos + 1 < len(doc) and doc[pos] == "." and "0" <= doc[pos + 1] <= "9":
            is_float = True
            pos += 1
            while pos < len(doc) and "0" <= doc[pos] <= "9":
                pos += 1
        if pos < len(doc) and doc[pos] in "eE":
            end = pos + 1
            if end < len(doc) and doc[end] in "+-":
                end += 1
            if end < len(doc) and "0" <= doc[end] <= "9":
                is_float = True
                pos = end
                while pos < len(doc) and "0" <= doc[pos] <= "9":
                    pos += 1
        text = doc[start:pos]
        return (self.parse_float(text) if is_float else self.parse_int(text)), pos

    def string(self, pos):
        doc = self.doc
        begin = pos - 1
        chunks = []
        while True:
            end = pos
            while end < len(doc) and doc[end] not in '"\\' and (doc[end] >= " " or not self.strict):
                end += 1
            chunks.append(doc[pos:end])
            if end >= len(doc):
                self.fail("Unterminated string starting at", begin)
            c = doc[end]
            if c == '"':
                return "".join(chunks), end + 1
            if c != "\\":
                self.fail("Invalid control character at", end)
            if end + 1 >= len(doc):
                self.fail("Unterminated string starting at", begin)
            escape = doc[end + 1]
            if escape != "u":
                if escape not in _UNESCAPES:
                    self.fail("Invalid \\escape", end)
                chunks.append(_UNESCAPES[escape])
                pos = end + 2
                continue
            code = self.hex4(end)
            pos = end + 6
            if 0xD800 <= code <= 0xDBFF and doc.startswith("\\u", pos):
                low = self.hex4(pos)
                if 0xDC00 <= low <= 0xDFFF:
                    code = 0x10000 + (((code - 0xD800) << 10) | (low - 0xDC00))
                    pos += 6
            chunks.append(chr(code))

    def hex4(self, pos):
        digits = self.doc[pos + 2 : pos + 6]
        if len(digits) == 4 and all(c in "0123456789abcdefABCDEF" for c in digits):
            return int(digits, 16)
        self.fail("Invalid \\uXXXX escape", pos)

    def object(self, pos):
        doc = self.doc
        pairs = []
        pos = self.skip(pos)
        if pos < len(doc) and doc[pos] == "}":
            return self.make_object(pairs), pos + 1
        while True:
            if pos >= len(doc) or doc[pos] != '"':
                self.fail("Expecting property name enclosed in double quotes", pos)
            key, pos = self.string(pos + 1)
            pos = self.skip(pos)
            if pos >= len(doc) or doc[pos] != ":":
                self.fail("Expecting ':' delimiter", pos)
            value, pos = self.value(self.skip(pos + 1))
            pairs.append((key, value))
            pos = self.skip(pos)
            if pos < len(doc) and doc[pos] == "}":
                return self.make_object(pairs), pos + 1
            if pos >= len(doc) or doc[pos] != ",":
                self.fail("Expecting ',' delimiter", pos)
            pos = self.skip(pos + 1)

    def make_object(self, pairs):
        if self.object_pairs_hook is not None:
            return self.object_pairs_hook(pairs)
        result = dict(pairs)
        return result if self.object_hook is None else self.object_hook(result)

    def array(self, pos):
        doc = self.doc
        result = []
        pos = self.skip(pos)
        if pos < len(doc) and doc[pos] == "]":
            return result, pos + 1
        while True:
            value, pos = self.value(pos)
            result.append(value)
            pos = self.skip(pos)
            if pos < len(doc) and doc[pos] == "]":
                return result, pos + 1
            if pos >= len(doc) or doc[pos] != ",":
                self.fail("Expecting ',' delimiter", pos)
            pos = self.skip(pos + 1)


class JSONDecoder:
    def __init__(
        self,
        *,
        object_hook=None,
        parse_float=None,
        parse_int=None,
        parse_constant=None,
        strict=True,
        object_pairs_hook=None,
    ):
        self.object_hook = object_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.parse_constant = parse_constant
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        scanner = _Scanner(self, s)
        value, end = scanner.value(scanner.skip(0))
        end = scanner.skip(end)
        if end != len(s):
            scanner.fail("Extra data", end)
        return value

    def raw_decode(self, s, idx=0):
        return _Scanner(self, s).value(idx)


def loads(
    s,
    *,
    cls=None,
    object_hook=None,
    parse_float=None,
    parse_int=None,
    parse_constant=None,
    object_pairs_hook=None,
    **kw,
):
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    elif isinstance(s, (bytes, bytearray)):
        s = bytes(s)
        s = (s[3:] if s.startswith(b"\xef\xbb\xbf") else s).decode("utf-8", "surrogatepass")
    else:
        raise TypeError(f"the JSON object must be str, bytes or bytearray, not {type(s).__name__}")
    for name, hook in (
        ("object_hook", object_hook),
        ("parse_float", parse_float),
        ("parse_int", parse_int),
        ("parse_constant", parse_constant),
        ("object_pairs_hook", object_pairs_hook),
    ):
        if hook is not None:
            kw[name] = hook
    return (JSONDecoder if cls is None else cls)(**kw).decode(s)


def load(fp, **kw):
    return loads(fp.read(), **kw)
