"""The front end's command line (frontend/__main__.py runs it)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from . import opcodes
from .compiler import compile_module
from .dis import disassemble
from .errors import CompileError
from .image import MAGIC, Image, ImageFormatError, read_image, write_image
from .modules import ModuleCompileError, compile_imports


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m frontend", description="Compile a Python program to a quack code image."
    )
    parser.add_argument("program", help="the Python source (or, with --dis, a code image)")
    parser.add_argument("-o", dest="output", default="-", help="output image (default: stdout)")
    parser.add_argument("--dis", action="store_true", help="print a disassembly instead")
    args = parser.parse_args(argv)  # exits with status 2 on usage errors

    try:
        with open(args.program, "rb") as file:
            data = file.read()
    except OSError as error:
        print(f"{args.program}: error: {error.strerror}", file=sys.stderr)
        return 1
    try:
        if args.dis and data.startswith(MAGIC):
            sys.stdout.write(disassemble(read_image(data).module))
            return 0
        module, imports = compile_module(data, args.program, None)
        if args.dis:
            sys.stdout.write(disassemble(module))
            return 0
        modules = compile_imports(Path(args.program), imports)
    except CompileError as error:
        print(error.format(args.program), file=sys.stderr)
        return 1
    except ModuleCompileError as error:
        print(error.error.format(str(error.path)), file=sys.stderr)
        return 1
    except ImageFormatError as error:
        print(f"{args.program}: error: {error}", file=sys.stderr)
        return 1

    # Tracebacks name the script by its absolute path, as CPython does for `python PROGRAM.py`.
    image = write_image(Image(opcodes.DIGEST, os.path.abspath(args.program), module, modules))
    if args.output == "-":
        sys.stdout.buffer.write(image)
        sys.stdout.buffer.flush()
        return 0
    try:
        with open(args.output, "wb") as file:
            file.write(image)
    except OSError as error:
        print(f"{args.output}: error: {error.strerror}", file=sys.stderr)
        return 1
    return 0
