"""Top-of-stack caching (generator/stack_cache.py): which micro-ops keep stack values in registers
and the depth each leaves, for quack's own definitions."""

from __future__ import annotations

import pytest
from conftest import ROOT

from generator.defs import load_definitions
from generator.stack_cache import CACHE_REGISTERS, cacheable, depths_out

ANALYSIS = load_definitions(ROOT / "uop_defs")


@pytest.mark.parametrize(
    ("uop", "depths"),
    [
        ("_LOAD_FAST", (1, 2, 2)),  # pushes one: at depth 2 the deepest goes to memory
        ("_STORE_FAST", (0, 0, 1)),  # pops one, from memory at depth 0
        ("_BINARY_OP_ADD_INT", (1, 1, 1)),  # two in, one out
        ("_GUARD_BOTH_INT", (2, 2, 2)),  # peeks two: both end up cached
        ("_GUARD_NOS_LIST", (2, 2, 2)),  # and an `unused` one too, left where it was
        ("_ITER_NEXT_RANGE", (2, 2, 2)),  # (iter -- iter, next)
        ("_CHECK_VALIDITY", (0, 1, 2)),  # touches no stack value
        ("_CALL_PY_EXACT_ARGS", (0, 0, 0)),  # pushes a frame: caches nothing
        ("_JUMP_TO_TOP", (0, 0, 0)),
    ],
)
def test_depth_after_each_micro_op(uop: str, depths: tuple[int, ...]) -> None:
    assert CACHE_REGISTERS == 2
    assert depths_out(ANALYSIS.uops[uop]) == depths


def test_what_is_not_cached() -> None:
    """Frame pushes and pops, arrays of items, jumps out of the trace's line: never cached."""
    for name in ("_CALL_BUILTIN", "_RETURN_TO_CALLER", "_BUILD_LIST", "_SIDE_EXIT", "_COPY"):
        assert not cacheable(ANALYSIS.uops[name]), name
    # COPY's and SWAP's forms of fixed size are.
    for name in ("_COPY_1", "_COPY_2", "_SWAP_2", "_SWAP_3"):
        assert cacheable(ANALYSIS.uops[name]), name
    # One that syncs the stack pointer (it may collect garbage) is cached: it stores the
    # cached values to memory first.
    assert ANALYSIS.uops["_BINARY_OP_FLOAT"].properties.needs_sync
    assert cacheable(ANALYSIS.uops["_BINARY_OP_FLOAT"])
