"""The code image: the file the runtime loads (format in docs, little-endian throughout)."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from .codeobject import CodeObject, Const

MAGIC = b"QKIMG\0\0\0"
VERSION = 1

TAG_NONE, TAG_TRUE, TAG_FALSE, TAG_INT, TAG_STR, TAG_CODE = range(6)


@dataclass
class Image:
    digest: str
    filename: str
    module: CodeObject


def write_image(image: Image) -> bytes:
    out = bytearray(MAGIC)
    out += struct.pack("<I", VERSION)
    _str(out, image.digest)
    _str(out, image.filename)
    _code(out, image.module)
    return bytes(out)


def _u32(out: bytearray, value: int) -> None:
    out += struct.pack("<I", value)


def _str(out: bytearray, text: str) -> None:
    data = text.encode("utf-8")
    _u32(out, len(data))
    out += data


def _code(out: bytearray, code: CodeObject) -> None:
    _str(out, code.name)
    for field in (code.firstlineno, code.argcount, code.nlocals, code.stacksize, len(code.code)):
        _u32(out, field)
    out += struct.pack(f"<{len(code.code)}I", *code.code)
    out += struct.pack(f"<{len(code.lines)}I", *code.lines)
    _u32(out, len(code.consts))
    for const in code.consts:
        _const(out, const)
    for names in (code.names, code.varnames):
        _u32(out, len(names))
        for name in names:
            _str(out, name)


def _const(out: bytearray, value: Const) -> None:
    # bool before int: True is an int to Python but its own tag here.
    if value is None:
        out.append(TAG_NONE)
    elif value is True:
        out.append(TAG_TRUE)
    elif value is False:
        out.append(TAG_FALSE)
    elif isinstance(value, int):
        out.append(TAG_INT)
        out += struct.pack("<q", value)
    elif isinstance(value, str):
        out.append(TAG_STR)
        _str(out, value)
    else:
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
        firstlineno, argcount, nlocals, stacksize, ncode = self.u32s(5)
        code = self.u32s(ncode)
        lines = self.u32s(ncode)
        consts = [self.const() for _ in range(self.u32())]
        names = [self.str() for _ in range(self.u32())]
        varnames = [self.str() for _ in range(self.u32())]
        if len(varnames) != nlocals:
            raise ImageFormatError(f"{name}: nlocals {nlocals} != {len(varnames)} varnames")
        return CodeObject(
            name, firstlineno, argcount, stacksize, code, lines, consts, names, varnames
        )

    def const(self) -> Const:
        tag = self.take(1)[0]
        if tag == TAG_NONE:
            return None
        if tag == TAG_TRUE:
            return True
        if tag == TAG_FALSE:
            return False
        if tag == TAG_INT:
            value: int = struct.unpack("<q", self.take(8))[0]
            return value
        if tag == TAG_STR:
            return self.str()
        if tag == TAG_CODE:
            return self.code()
        raise ImageFormatError(f"bad constant tag {tag}")
