"""Finding a usable clang (19 or newer) and the exact flags stencils are compiled with.

The SConstruct calls find_clang() once (it raises ClangError, a one-line ToolchainError, when clang
is missing or too old) and stencil_command() per micro-op; `python -m generator.clang` does the same
from the command line.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from generator.errors import ToolchainError, run_main
from generator.targets import Target, find_target, host_target

MIN_MAJOR = 19  # preserve_none and musttail across it first work in clang 19
CLANG_ENV = "QUACK_CLANG"  # overrides the search with a path or a command name
OPARG_MACRO = "QK_STENCIL_OPARG"  # set for a stencil compiled for one oparg (stencil_src/jit_env.h)
DEPTH_MACRO = "QK_CACHE_DEPTH"  # set for a stencil of a micro-op that caches stack values
INSTALL_HINT = f"install it with: apt-get install clang-{MIN_MAJOR}"

# Tried in order: the pinned major first, since stencil bytes depend on the compiler's version.
_CANDIDATES = tuple(f"clang-{major}" for major in range(MIN_MAJOR, MIN_MAJOR + 8)) + ("clang",)

_COMMON_FLAGS = (
    "-O3",
    "-std=c11",
    # Freestanding, with stencil_src/libc/ for the few C library declarations the runtime's
    # headers need: no host or target C library headers, so one machine builds every target (and
    # clang invents no library calls for builtins: they would be holes the runtime did not ask for).
    "-ffreestanding",
    "-nostdlibinc",
    # Stencils are straight-line copies: unwind tables would be a section nobody loads,
    "-fno-asynchronous-unwind-tables",
    # and a stack protector reads a canary from thread-local storage and calls __stack_chk_fail.
    "-fno-stack-protector",
    # A switch's jump table would be data addressed by absolute relocations (R_X86_64_32S on
    # x86_64, that JIT memory above 2 GB cannot satisfy); compare-and-branch chains need none.
    "-fno-jump-tables",
    # A math builtin (__builtin_sqrt) is then its instruction, not a call into a C library that
    # sets errno.
    "-fno-math-errno",
    "-Wall",
    "-Wextra",
    "-Werror",
)

# The runtime's layers (docs/architecture.md): the object model, the interpreter and its tiers,
# and the JIT runtime a fork vendors. Each is an include directory of the runtime and stencils.
RUNTIME_LAYERS = ("runtime/objects", "runtime/interp", "runtime/jit")
# Include directories of every stencil, relative to the checkout, before the target's out/ ones.
SOURCE_INCLUDES = ("stencil_src/libc", *RUNTIME_LAYERS, "stencil_src")


class ClangError(ToolchainError):
    """No usable clang: missing, too old, or without its LLVM tools."""


@dataclass(frozen=True)
class Clang:
    path: str
    version: str  # the first line of `clang --version`, hashed into the stencil header
    major: int
    install_dir: str  # where the matching LLVM tools (llvm-objdump, ld.lld) live

    def tool(self, name: str) -> str:
        """An LLVM tool of the same installation, e.g. "llvm-objdump"."""
        path = Path(self.install_dir) / name
        if not path.exists():
            raise ClangError(f"{name} not found next to {self.path} (in {self.install_dir})")
        return str(path)


def _probe(command: str) -> Clang | None:
    path = shutil.which(command)
    if path is None:
        return None
    try:
        result = subprocess.run(
            [path, "--version"], capture_output=True, text=True, check=False, timeout=30
        )
    except OSError:
        return None
    first = result.stdout.splitlines()[0] if result.stdout else ""
    match = re.search(r"clang version (\d+)\.", first)
    installed = re.search(r"^InstalledDir: (.*)$", result.stdout, re.MULTILINE)
    if result.returncode != 0 or match is None:
        return None
    install_dir = installed.group(1) if installed else str(Path(path).parent)
    return Clang(path, first.strip(), int(match.group(1)), install_dir)


def find_clang(override: str | None = None) -> Clang:
    """The clang to build stencils with: `override`, else $QUACK_CLANG, else the first found."""
    requested = override or os.environ.get(CLANG_ENV)
    candidates = (requested,) if requested else _CANDIDATES
    found: list[str] = []
    for command in candidates:
        clang = _probe(command)
        if clang is not None and clang.major >= MIN_MAJOR:
            return clang
        if clang is not None:
            found.append(f"{clang.version} at {clang.path}")
        elif requested:
            found.append(f"no working clang at {requested}")
    seen = "; ".join(found) if found else "none"
    raise ClangError(f"clang {MIN_MAJOR} or newer is required (found {seen}); {INSTALL_HINT}")


def stencil_flags(target: str) -> list[str]:
    """Every flag a stencil (template.c or shim.c) is compiled with for `target`."""
    return _flags(find_target(target))


def _flags(target: Target) -> list[str]:
    if target.unsupported is not None:
        raise ToolchainError(f"{target.name}: {target.unsupported}")
    return [f"--target={target.triple}", *target.flags, *_COMMON_FLAGS]


# The calling convention of stencils in miniature: preserve_none functions that tail-call each
# other with musttail (stencil_src/template.c and jit_env.h).
_CONVENTION = """
typedef __attribute__((preserve_none)) void *(*Next)(void *, void *, void *, long, long);
extern char next[];
__attribute__((preserve_none)) void *entry(void *a, void *b, void *c, long d, long e);
__attribute__((preserve_none)) void *entry(void *a, void *b, void *c, long d, long e) {
    __attribute__((musttail)) return ((Next)next)(a, b, c, d, e);
}
"""


def check_convention(clang: Clang, target: Target, memo: Path | None = None) -> None:
    """Says in one line (a ToolchainError) when `clang` cannot compile stencils for `target`: an
    LLVM without preserve_none or musttail there (clang warns that it ignores the attribute, and
    stencils are compiled with -Werror). `memo`, if given, remembers a success for this clang and
    these flags, so a build that has nothing to do runs no compiler."""
    command = [clang.path, *_flags(target), "-x", "c", "-", "-c", "-o", os.devnull]
    key = f"{clang.path}\n{clang.version}\n{' '.join(command)}\n{_CONVENTION}"
    if memo is not None and memo.is_file() and memo.read_text() == key:
        return
    try:
        result = subprocess.run(
            command, input=_CONVENTION, capture_output=True, text=True, check=False, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ClangError(f"{target.name}: cannot run {clang.path}: {error}") from None
    if result.returncode != 0:
        errors = [line for line in result.stderr.splitlines() if "error:" in line]
        reason = errors[0].split("error:", 1)[1].strip() if errors else "it failed"
        raise ToolchainError(
            f"{target.name}: {clang.version} cannot compile stencils for {target.triple} "
            f"(preserve_none functions calling each other with musttail): {reason}"
        )
    if memo is not None:
        memo.parent.mkdir(parents=True, exist_ok=True)
        memo.write_text(key)


def stencil_command(
    clang: Clang,
    target: str,
    source: str,
    output: str,
    out_dir: str,
    body: str | None = None,
    oparg: int | None = None,
    depth: int | None = None,
) -> list[str]:
    """The command compiling one stencil object, for the build and the tests alike: `source` is
    stencil_src/template.c or shim.c, `out_dir` the target's generated tree (out/<target>), `body`
    the micro-op body for template.c, `oparg`, if given, the oparg compiled in as a constant, and
    `depth` how many stack values are cached in registers when it starts (a micro-op that caches
    them).

    Run from the checkout's top: `body` is relative to `out_dir` (e.g. "uops/_NOP.c.h"), and the
    checkout's path is mapped away, so objects are identical wherever the tree lives.
    """
    command = [clang.path, *stencil_flags(target), f"-ffile-prefix-map={os.getcwd()}=."]
    includes = [*SOURCE_INCLUDES, f"{out_dir}/include", out_dir]
    command += [f"-I{include}" for include in includes]
    if body is not None:
        command.append(f'-DQK_UOP_BODY="{body}"')
    if oparg is not None:
        command.append(f"-D{OPARG_MACRO}={oparg}")
    if depth is not None:
        command.append(f"-D{DEPTH_MACRO}={depth}")
    return [*command, "-c", source, "-o", output]


def disassemble(clang: Clang, obj: Path) -> tuple[str, ...]:
    """The object's code with relocations, without paths or raw bytes: comments for the header."""
    result = subprocess.run(
        [clang.tool("llvm-objdump"), "--disassemble", "--reloc", "--no-show-raw-insn", obj.name],
        capture_output=True,
        text=True,
        check=False,
        cwd=obj.parent,
    )
    if result.returncode != 0:
        raise ToolchainError(f"llvm-objdump failed on {obj.name}: {result.stderr.strip()}")
    lines = result.stdout.splitlines()
    # Skip the banner ("<file>:  file format ...") that names the file.
    body = [line.rstrip().replace("\t", " ") for line in lines if "file format" not in line]
    while body and not body[0]:
        body.pop(0)
    return tuple(body)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator.clang",
        description="Check clang and compile one stencil object with the stencil flags.",
    )
    parser.add_argument("--clang", help=f"clang to use (default: ${CLANG_ENV}, then the PATH)")
    parser.add_argument("--target", default=host_target().name, help="generator.targets name")
    parser.add_argument("--body", help="micro-op body, relative to --out-dir")
    parser.add_argument("--oparg", type=int, help="compile the body for this oparg only")
    parser.add_argument("--depth", type=int, help="stack values cached in registers on entry")
    parser.add_argument("--out-dir", default=f"out/{host_target().name}", help="generated tree")
    parser.add_argument("-o", dest="output", help="object to write")
    parser.add_argument("source", nargs="?", help="stencil_src/template.c or stencil_src/shim.c")
    args = parser.parse_args(argv)
    clang = find_clang(args.clang)
    if args.source is None:  # only the check: say what will be used
        check_convention(clang, find_target(args.target))
        print(f"{clang.path}: {clang.version}")
        return 0
    if args.output is None:
        raise ToolchainError("-o is required to compile a stencil")
    command = stencil_command(
        clang,
        args.target,
        args.source,
        args.output,
        args.out_dir,
        args.body,
        args.oparg,
        args.depth,
    )
    result = subprocess.run(command, check=False)
    return result.returncode


if __name__ == "__main__":
    raise SystemExit(run_main(main))
