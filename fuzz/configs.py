"""The settings a program runs under: every tier, thresholds low enough that the shortest loop is
traced and every exit gets a side trace, traces cut short, both JIT memory modes, and the
sanitizer build with the collector run at every allocation (slow: only a sample of programs)."""

from __future__ import annotations

from dataclasses import dataclass

EAGER = {"QUACK_JIT_THRESHOLD": "1", "QUACK_EXIT_THRESHOLD": "1"}
# Traces cut short everywhere: at 16 micro-ops, one call deep, two side traces a tree, so that
# every kind of trace end (a stop, a call not followed, an exit with no side trace) is met.
SHORT = {"QUACK_TRACE_LENGTH": "16", "QUACK_TRACE_DEPTH": "1", "QUACK_SIDE_TRACES": "2"}


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
    Config("uops-short", {"QUACK_JIT": "0", **EAGER, **SHORT}),
    Config("jit-short", {"QUACK_JIT": "1", **EAGER, **SHORT}),
    Config("asan-gc-stress", {"QUACK_JIT": "1", "QUACK_GC_STRESS": "1", **EAGER}, asan=True),
]
BY_NAME = {c.name: c for c in CONFIGS}
