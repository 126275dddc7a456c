"""The settings a program runs under: every tier, thresholds low enough that the shortest loop is
traced and every exit gets a side trace, both JIT memory modes, and the sanitizer build with the
collector run at every allocation (slow: only a sample of programs)."""

from __future__ import annotations

from dataclasses import dataclass

EAGER = {"QUACK_JIT_THRESHOLD": "1", "QUACK_EXIT_THRESHOLD": "1"}


@dataclass(frozen=True)
class Config:
    name: str
    env: dict[str, str]
    asan: bool = False  # run out/<target>/bin/quack-asan instead of quack


CONFIGS = [
    Config("tier1", {"QUACK_TIER2": "0"}),
    Config("uops", {"QUACK_JIT": "0"}),
    Config("jit", {"QUACK_JIT": "1"}),
    Config("uops-eager", {"QUACK_JIT": "0", **EAGER}),
    Config("jit-eager", {"QUACK_JIT": "1", **EAGER}),
    Config("jit-dual-eager", {"QUACK_JIT": "1", "QUACK_JIT_MEMORY": "dual", **EAGER}),
    Config("asan-gc-stress", {"QUACK_JIT": "1", "QUACK_GC_STRESS": "1", **EAGER}, asan=True),
]
BY_NAME = {c.name: c for c in CONFIGS}
