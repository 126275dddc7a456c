"""The code image: the file the runtime loads (little-endian throughout).

image: magic b"QKIMG\\0\\0\\0"; u32 version (7); str digest; str filename; code (module);
       u32 nmodules; nmodules x module, sorted by name (frontend/modules.py)
module: str name (dotted); u8 is_package; str filename; code
code:  str name; str qualname; u32 firstlineno, argcount, posonlyargcount, kwonlyargcount,
       flags, nlocals, stacksize, ncode; u32 units[ncode]; u32 lines[ncode];
       u32 spans[ncode]; u32 anchors[ncode] (the caret lines: frontend/carets.py);
       u32 nconsts; const[nconsts]; u32 nnames; str names[nnames];
       u32 nvarnames (== nlocals); str varnames[nlocals]; u8 kinds[nlocals];
       u32 nexceptions; nexceptions x (u32 start, end, target, depth)
const: u8 tag, then: 0 None, 1 True, 2 False, 3 int (i64, within the tagged range), 4 str,
       5 code, 6 float (f64), 7 tuple (u32 n, n consts), 8 Ellipsis, 9 big int (u8 sign: 1 for
       negative; u32 n; u32 digits[n]: the magnitude in base 2**30, least significant first, the
       last nonzero; only for values outside the tagged range), 10 bytes (u32 n, n bytes),
       11 complex (f64 real, f64 imag)
str:   u32 byte length, UTF-8 bytes
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from .codeobject import CodeObject, Const, ExceptionEntry

MAGIC = b"QKIMG\0\0\0"
VERSION = 7

# Small ints are tagged machine words with one bit of tag: 63 bits of signed range. Ints outside
# it are big ints, written as their 30-bit digits (the runtime's own representation).
INT_MIN = -(1 << 62)
INT_MAX = (1 << 62) - 1
DIGIT_BITS = 30

(
    TAG_NONE,
    TAG_TRUE,
    TAG_FALSE,
    TAG_INT,
    TAG_STR,
    TAG_CODE,
    TAG_FLOAT,
    TAG_TUPLE,
    TAG_ELLIPSIS,
    TAG_BIGINT,
    TAG_BYTES,
    TAG_COMPLEX,
) = range(12)


@dataclass
class Module:
    """A module the program may import, compiled with it."""

    name: str
    filename: str
    is_package: bool
    code: CodeObject


@dataclass
class Image:
    digest: str
    filename: str
    module: CodeObject
    modules: list[Module] = field(default_factory=list)


def write_image(image: Image) -> bytes:
    out = bytearray(MAGIC)
    _u32(out, VERSION)
    _str(out, image.digest)
    _str(out, image.filename)
    _code(out, image.module)
    _u32(out, len(image.modules))
    for module in image.modules:
        _str(out, module.name)
        out.append(module.is_package)
        _str(out, module.filename)
        _code(out, module.code)
    return bytes(out)


def _u32(out: bytearray, value: int) -> None:
    out += struct.pack("<I", value)


def _str(out: bytearray, text: str) -> None:
    data = text.encode("utf-8")
    _u32(out, len(data))
    out += data


def _code(out: bytearray, code: CodeObject) -> None:
    _str(out, code.name)
    _str(out, code.qualname)
    header = (
        code.firstlineno,
        code.argcount,
        code.posonlyargcount,
        code.kwonlyargcount,
        code.flags,
        code.nlocals,
        code.stacksize,
        len(code.code),
    )
    out += struct.pack(f"<{len(header)}I", *header)
    out += struct.pack(f"<{len(code.code)}I", *code.code)
    out += struct.pack(f"<{len(code.lines)}I", *code.lines)
    assert len(code.carets) == len(code.lines) == len(code.code), code.name
    for part in range(2):
        out += struct.pack(f"<{len(code.carets)}I", *(marks[part] for marks in code.carets))
    _u32(out, len(code.consts))
    for const in code.consts:
        _const(out, const)
    for names in (code.names, code.varnames):
        _u32(out, len(names))
        for name in names:
            _str(out, name)
    out += bytes(code.kinds)
    _u32(out, len(code.exceptions))
    for entry in code.exceptions:
        out += struct.pack("<4I", entry.start, entry.end, entry.target, entry.depth)


def _const(out: bytearray, value: Const) -> None:
    # bool before int: True is an int to Python but its own tag here.
    if value is None:
        out.append(TAG_NONE)
    elif value is True:
        out.append(TAG_TRUE)
    elif value is False:
        out.append(TAG_FALSE)
    elif value is Ellipsis:
        out.append(TAG_ELLIPSIS)
    elif isinstance(value, int) and INT_MIN <= value <= INT_MAX:
        out.append(TAG_INT)
        out += struct.pack("<q", value)
    elif isinstance(value, int):
        out.append(TAG_BIGINT)
        out.append(value < 0)
        magnitude = abs(value)
        digits = []
        while magnitude:
            digits.append(magnitude & ((1 << DIGIT_BITS) - 1))
            magnitude >>= DIGIT_BITS
        _u32(out, len(digits))
        out += struct.pack(f"<{len(digits)}I", *digits)
    elif isinstance(value, float):
        out.append(TAG_FLOAT)
        out += struct.pack("<d", value)
    elif isinstance(value, complex):
        out.append(TAG_COMPLEX)
        out += struct.pack("<dd", value.real, value.imag)
    elif isinstance(value, str):
        out.append(TAG_STR)
        _str(out, value)
    elif isinstance(value, tuple):
        out.append(TAG_TUPLE)
        _u32(out, len(value))
        for item in value:
            _const(out, item)
    elif isinstance(value, bytes):
        out.append(TAG_BYTES)
        _u32(out, len(value))
        out += value
    else:
        assert isinstance(value, CodeObject)
        out.append(TAG_CODE)
        _code(out, value)


class ImageFormatError(Exception):
    """A file that is not a well-formed code image."""


def read_image(data: bytes) -> Image:
    reader = _Reader(data)
    if reader.take(len(MAGIC)) != MAGIC:
        raise ImageFormatError("not a quack code image (bad magic)")
    version = reader.u32()
    if version != VERSION:
        raise ImageFormatError(f"unsupported image version {version}")
    image = Image(reader.str(), reader.str(), reader.code())
    for _ in range(reader.u32()):
        name = reader.str()
        is_package = reader.take(1)[0]
        if is_package > 1:
            raise ImageFormatError(f"module {name}: bad package flag {is_package}")
        filename = reader.str()
        image.modules.append(Module(name, filename, is_package == 1, reader.code()))
    if reader.pos != len(data):
        raise ImageFormatError("trailing bytes after the module")
    return image


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise ImageFormatError("truncated image")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def u32(self) -> int:
        value: int = struct.unpack("<I", self.take(4))[0]
        return value

    def u32s(self, count: int) -> list[int]:
        return list(struct.unpack(f"<{count}I", self.take(4 * count)))

    def str(self) -> str:
        try:
            return self.take(self.u32()).decode("utf-8")
        except UnicodeDecodeError as error:
            raise ImageFormatError(f"bad string: {error}") from None

    def code(self) -> CodeObject:
        name = self.str()
        qualname = self.str()
        firstlineno, argcount, posonly, kwonly, flags, nlocals, stacksize, ncode = self.u32s(8)
        code = self.u32s(ncode)
        lines = self.u32s(ncode)
        spans = self.u32s(ncode)
        carets = list(zip(spans, self.u32s(ncode), strict=True))
        consts = [self.const() for _ in range(self.u32())]
        names = [self.str() for _ in range(self.u32())]
        varnames = [self.str() for _ in range(self.u32())]
        if len(varnames) != nlocals:
            raise ImageFormatError(f"{name}: nlocals {nlocals} != {len(varnames)} varnames")
        kinds = list(self.take(nlocals))
        exceptions = [ExceptionEntry(*self.u32s(4)) for _ in range(self.u32())]
        return CodeObject(
            name,
            firstlineno,
            argcount,
            stacksize,
            code,
            lines,
            carets,
            consts,
            names,
            varnames,
            kinds,
            posonly,
            kwonly,
            flags,
            exceptions,
            qualname,
        )

    def const(self) -> Const:
        tag = self.take(1)[0]
        if tag == TAG_NONE:
            return None
        if tag == TAG_TRUE:
            return True
        if tag == TAG_FALSE:
            return False
        if tag == TAG_ELLIPSIS:
            return Ellipsis
        if tag == TAG_INT:
            value: int = struct.unpack("<q", self.take(8))[0]
            return value
        if tag == TAG_BIGINT:
            negative = self.take(1)[0]
            digits = self.u32s(self.u32())
            magnitude = sum(d << (DIGIT_BITS * i) for i, d in enumerate(digits))
            return -magnitude if negative else magnitude
        if tag == TAG_FLOAT:
            number: float = struct.unpack("<d", self.take(8))[0]
            return number
        if tag == TAG_STR:
            return self.str()
        if tag == TAG_TUPLE:
            return tuple(self.const() for _ in range(self.u32()))
        if tag == TAG_CODE:
            return self.code()
        if tag == TAG_BYTES:
            return self.take(self.u32())
        if tag == TAG_COMPLEX:
            real, imag = struct.unpack("<dd", self.take(16))
            return complex(real, imag)
        raise ImageFormatError(f"bad constant tag {tag}")
