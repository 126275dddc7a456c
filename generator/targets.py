"""The targets quack generates stencils for: names, clang triples, object formats and flags.

A target's canonical name is `ARCH-OS` (`aarch64-linux`); `scons target=NAME` and the generator's
command lines also accept its clang triple and its short names (`x86_64`, `arm64`, ...), which
mean that architecture on the host's operating system.
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
