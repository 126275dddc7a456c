"""The targets quack generates stencils for: names, clang triples, object formats and flags.

A target's canonical name is `ARCH-OS` (`aarch64-linux`); `scons target=NAME` and the generator's
command lines also accept its clang triple and its short names (`x86_64`, `arm64`, ...), which
mean that architecture on the host's operating system. Linux targets are ELF, Darwin targets
Mach-O and Windows targets COFF; the runtime is built for Linux only, the stencil headers for all.
"""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass

from generator.errors import ToolchainError


@dataclass(frozen=True)
class Target:
    name: str  # canonical: the folder under out/ and the stencil header's suffix
    arch: str  # x86_64 or aarch64
    os: str  # linux, darwin or windows
    triple: str  # clang's --target
    object_format: str  # elf, macho or coff
    flags: tuple[str, ...]  # clang flags of this target's stencils (and why, beside each)
    predefined: str  # the C condition under which a compiler builds for this target
    # Why clang cannot build this target's stencils (None: it can): said in one line.
    unsupported: str | None = None

    @property
    def runs_here(self) -> bool:
        """Whether the runtime is built for it on this machine (Linux: natively or via qemu)."""
        return self.os == "linux"


# x86_64: not position independent, medium model with every datum "large": data and value holes
# are 64-bit immediates (R_X86_64_64) and never R_X86_64_32S, which would force JIT memory into the
# low 2 GB. Code references stay rel32 (PLT32). Helper calls go through a GOT slot (GOTPCRELX)
# that the patcher relaxes to a direct call when the helper is within reach.
_X86_64_ELF = ("-fno-pic", "-mcmodel=medium", "-mlarge-data-threshold=0", "-fno-plt")
# aarch64: position independent, so every hole is loaded from a GOT slot in the stencil's data
# (ADRP + LDR) and reaches anywhere; calls are BL (±128 MB), given a trampoline when further.
# Outline atomics would be calls to libgcc helpers the runtime may not have.
_AARCH64_ELF = ("-fpic", "-mno-outline-atomics")
# Darwin code is always position independent: every extern symbol, value or helper, is loaded
# from a GOT slot (GOT_LOAD pairs on arm64, GOTPCREL on x86_64), so holes reach anywhere. On
# x86_64 -fno-plt makes helper calls `call *slot(%rip)` too, instead of rel32 calls (±2 GB).
_X86_64_MACHO = ("-fno-plt",)
_AARCH64_MACHO = ("-mno-outline-atomics",)
# COFF has no position-independent model: everything is RIP- or ADRP-relative. The value holes
# are declared dllimport (stencil_src/jit_env.h), so code loads them from their import slots,
# which become GOT slots; runtime helpers are referenced directly, so a Windows runtime places
# its JIT memory within ±2 GB (x86_64 rel32; arm64 adrp reaches ±4 GB, calls get trampolines)
# of them, or declares them dllimport too, which the extractor turns into GOT slots as well.
_X86_64_COFF: tuple[str, ...] = ()
_AARCH64_COFF = ("-mno-outline-atomics",)

TARGETS: tuple[Target, ...] = (
    Target(
        "x86_64-linux",
        "x86_64",
        "linux",
        "x86_64-unknown-linux-gnu",
        "elf",
        _X86_64_ELF,
        "defined(__x86_64__) && defined(__linux__)",
    ),
    Target(
        "aarch64-linux",
        "aarch64",
        "linux",
        "aarch64-unknown-linux-gnu",
        "elf",
        _AARCH64_ELF,
        "defined(__aarch64__) && defined(__linux__)",
    ),
    Target(
        "x86_64-darwin",
        "x86_64",
        "darwin",
        "x86_64-apple-darwin",
        "macho",
        _X86_64_MACHO,
        "defined(__x86_64__) && defined(__APPLE__)",
    ),
    Target(
        "aarch64-darwin",
        "aarch64",
        "darwin",
        "aarch64-apple-darwin",
        "macho",
        _AARCH64_MACHO,
        "defined(__aarch64__) && defined(__APPLE__)",
    ),
    Target(
        "x86_64-windows",
        "x86_64",
        "windows",
        "x86_64-pc-windows-msvc",
        "coff",
        _X86_64_COFF,
        "defined(_WIN32) && (defined(_M_X64) || defined(__x86_64__)) && !defined(_M_ARM64EC)",
    ),
    Target(
        "aarch64-windows",
        "aarch64",
        "windows",
        "aarch64-pc-windows-msvc",
        "coff",
        _AARCH64_COFF,
        "defined(_WIN32) && (defined(_M_ARM64) || defined(__aarch64__))",
    ),
)

_ARCH_ALIASES = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64", "arm64": "aarch64"}


def host_os() -> str:
    system = platform.system().lower()
    return {"windows": "windows", "darwin": "darwin"}.get(system, "linux")


def host_target() -> Target:
    """The target of the machine the build runs on."""
    return find_target(os.uname().machine if hasattr(os, "uname") else platform.machine())


def find_target(name: str) -> Target:
    """The target called `name`: canonical, a clang triple, or a short (architecture) name."""
    for target in TARGETS:
        if name in (target.name, target.triple):
            return target
    arch = _ARCH_ALIASES.get(name.lower())
    if arch is not None:
        for target in TARGETS:
            if target.arch == arch and target.os == host_os():
                return target
    known = ", ".join(t.name for t in TARGETS)
    raise ToolchainError(
        f"unknown target {name!r} (known: {known}; or a short name: {', '.join(_ARCH_ALIASES)})"
    )
