"""The modules a program imports: found on the search path, compiled with it into one image.

The search path is CPython's `sys.path` in small: the program's directory, then each directory of
QUACKPATH, then quack's own standard library (lib/ in the checkout). `import a.b` finds a as
`a/__init__.py` (a package, first) or `a.py` in the first directory that has one, then b in a's
directory. Which modules to look for is known before anything runs: every name an import statement
of a compiled module names (frontend/imports.py), whether or not the statement runs; a name found
nowhere is left to the runtime, which has its own built-in modules (math) or raises
ModuleNotFoundError.

Each module's compiled code is cached beside its source, in `__pycache__/NAME.quack-DIGEST.qkmod`,
and reused while the source's size and modification time are those recorded: the front end's cost
for a module is paid once. A cache file that is unreadable, stale or malformed is compiled again and
rewritten; one that cannot be written is skipped, as CPython skips an unwritable `__pycache__`.
"""

from __future__ import annotations

import contextlib
import os
import struct
from dataclasses import dataclass
from pathlib import Path

from . import opcodes
from .codeobject import CodeObject
from .compiler import compile_module
from .errors import CompileError
from .image import Image, ImageFormatError, Module, read_image, write_image

LIB = Path(__file__).resolve().parent.parent / "lib"

CACHE_MAGIC = b"QKMOD\0\0\0"


@dataclass(frozen=True)
class Found:
    name: str
    path: Path
    is_package: bool


class ModuleCompileError(Exception):
    """A CompileError in an imported module's source at `path`."""

    def __init__(self, path: Path, error: CompileError) -> None:
        super().__init__(error.message)
        self.path = path
        self.error = error


def search_path(program: Path) -> list[Path]:
    quackpath = [Path(d) for d in os.environ.get("QUACKPATH", "").split(os.pathsep) if d]
    return [program.resolve().parent, *quackpath, LIB]


def find(name: str, path: list[Path], found: dict[str, Found | None]) -> Found | None:
    """The module `name` (its parent packages looked up first), or None."""
    if name in found:
        return found[name]
    parent, _, leaf = name.rpartition(".")
    if parent:
        package = find(parent, path, found)
        dirs = [package.path.parent] if package is not None and package.is_package else []
    else:
        dirs = path
    result = None
    for directory in dirs:
        init = directory / leaf / "__init__.py"
        if init.is_file():
            result = Found(name, init, True)
            break
        source = directory / f"{leaf}.py"
        if source.is_file():
            result = Found(name, source, False)
            break
    found[name] = result
    return result


def compile_imports(program: Path, imports: list[str]) -> list[Module]:
    """Every module the program may import, directly or through other modules, by name."""
    path = search_path(program)
    found: dict[str, Found | None] = {}
    modules: dict[str, Module] = {}
    pending = list(imports)
    while pending:
        name = pending.pop()
        module = find(name, path, found)
        if module is None or name in modules:
            continue
        code, more = load(module)
        modules[name] = Module(name, str(module.path), module.is_package, code)
        pending.extend(more)
    return [modules[name] for name in sorted(modules)]


def load(module: Found) -> tuple[CodeObject, list[str]]:
    """The module's code and imports, from its cache file while that matches the source."""
    stat = module.path.stat()
    stamp = struct.pack("<QQ", stat.st_mtime_ns, stat.st_size)
    cache = cache_path(module.path)
    cached = read_cache(cache, stamp, str(module.path))
    if cached is not None:
        return cached
    package = module.name if module.is_package else module.name.rpartition(".")[0]
    try:
        code, imports = compile_module(module.path.read_bytes(), str(module.path), package)
    except CompileError as error:
        raise ModuleCompileError(module.path, error) from None
    write_cache(cache, stamp, str(module.path), code, imports)
    return code, imports


def cache_path(source: Path) -> Path:
    return source.parent / "__pycache__" / f"{source.stem}.quack-{opcodes.DIGEST[:12]}.qkmod"


def read_cache(cache: Path, stamp: bytes, source: str) -> tuple[CodeObject, list[str]] | None:
    try:
        data = cache.read_bytes()
    except OSError:
        return None
    header = len(CACHE_MAGIC) + len(stamp)
    if data[:header] != CACHE_MAGIC + stamp:
        return None
    try:
        (count,) = struct.unpack_from("<I", data, header)
        pos = header + 4
        imports = []
        for _ in range(count):
            (size,) = struct.unpack_from("<I", data, pos)
            imports.append(data[pos + 4 : pos + 4 + size].decode("utf-8"))
            pos += 4 + size
        image = read_image(data[pos:])
    except (struct.error, UnicodeDecodeError, ImageFormatError):
        return None
    if image.digest != opcodes.DIGEST or image.filename != source or image.modules:
        return None
    return image.module, imports


def write_cache(
    cache: Path, stamp: bytes, source: str, code: CodeObject, imports: list[str]
) -> None:
    out = bytearray(CACHE_MAGIC + stamp)
    out += struct.pack("<I", len(imports))
    for name in imports:
        data = name.encode("utf-8")
        out += struct.pack("<I", len(data)) + data
    out += write_image(Image(opcodes.DIGEST, source, code))
    temporary = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(exist_ok=True)
        temporary.write_bytes(out)
        os.replace(temporary, cache)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
