"""Tier 2's behaviour seen from outside: which traces the recorder makes (calls followed, side
traces linked, bounds honoured, aborts and untraceable instructions named), what the optimizer
removes, and invalidation. Program output against CPython is checked in every case."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, quack_env
from test_programs import cpython, run_quack

from generator.defs import load_definitions
from generator.emit_metadata import expansion_of
from generator.stencil_model import parse_stencil_name, stencil_name

DUCKS = ROOT / "examples" / "duck_simulator.py"
PROGRAMS = ROOT / "tests" / "programs"


def write(tmp_path: Path, name: str, source: str) -> Path:
    program = tmp_path / name
    program.write_text(source)
    return program


def checked(
    binary: Path, program: Path, tmp_path: Path, *flags: str, **env: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """Runs the program and checks it printed what CPython prints."""
    result, stats = run_quack(binary, program, tmp_path, *flags, **env)
    assert result.returncode == 0, result.stderr
    assert result.stdout == cpython(program).stdout
    return result, stats


def dumped_traces(stderr: str) -> list[tuple[str, str, list[str]]]:
    """--dump-traces output as (recorded|optimized|loop, function, micro-op names): a peeled
    trace is its first iteration ("optimized"), then the loop proper ("loop")."""
    traces: list[tuple[str, str, list[str]]] = []
    for line in stderr.splitlines():
        header = re.match(r"(recorded|optimized) trace in (\S+) \(\d+ micro-ops\):", line)
        if header:
            traces.append((header.group(1), header.group(2), []))
        elif traces and line == "  loop:":
            traces.append(("loop", traces[-1][1], []))
        elif traces and re.match(r"\s+\d+ _", line):
            traces[-1][2].append(line.split()[1])
    return traces


def followed_calls(uops: list[str]) -> int:
    """Plain calls the trace follows: those that push a frame and those whose frame is elided."""
    return uops.count("_CALL_PY_EXACT_ARGS") + uops.count("_ENTER_ELIDED_FRAME")


CALLS_IN_LOOP = """\
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def dot(self, other):
        return self.x * other.x + self.y * other.y


def norm2(v):
    return v.dot(v)


total = 0
for i in range(300):
    total += norm2(Vec(i, i + 1))
print(total)
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_traces_follow_calls_into_python_functions(quack: Path, tmp_path: Path, jit: str) -> None:
    program = write(tmp_path, "calls.py", CALLS_IN_LOOP)
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = dumped_traces(result.stderr)
    loop = [u for kind, fn, u in traces if (kind, fn) == ("loop", "<module>")][0]
    # norm2, Vec.__init__ (a class call) and the method dot (called with its self) are all
    # inlined in the loop's trace (its peeled first round and the loop proper), and their
    # returns go on in the caller. dot and __init__, which call nothing, run on their callers'
    # stacks: their frames are elided.
    assert loop.count("_CALL_PY_EXACT_ARGS") == loop.count("_RETURN_TO_CALLER") == 1
    assert loop.count("_ENTER_ELIDED_FRAME") == loop.count("_RETURN_ELIDED") == 1
    assert loop.count("_ENTER_ELIDED_INIT") == loop.count("_RETURN_ELIDED_INIT") == 1
    assert loop[-1] == "_JUMP_TO_TOP"
    assert stats["untraceable"] == {}
    assert stats["trace_aborts"] == {}


MORE_CALL_SHAPES = """\
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    @property
    def norm2(self):
        return self.x * self.x + self.y * self.y


def clamp(x, lo=0, hi=255):
    return lo if x < lo else hi if x > hi else x


def mix(a, b, weight=3):
    return a * weight + b


def total(*values):
    return len(values)


acc = Vec(0, 0)
h = 0
for i in range(300):
    acc = acc + Vec(i, 1)
    h += clamp(i) + mix(h % 7, i, weight=5) + total(i, i) + acc.norm2 % 3
print(h, acc.x, acc.y)
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_traces_follow_defaults_keywords_operators_and_properties(
    quack: Path, tmp_path: Path, jit: str
) -> None:
    program = write(tmp_path, "shapes.py", MORE_CALL_SHAPES)
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = dumped_traces(result.stderr)
    loop = [u for kind, fn, u in traces if (kind, fn) == ("loop", "<module>")][0]
    # Defaults, keywords, *args and the property getter: every callee's frame is pushed in place
    # and its micro-ops are in the loop's trace; nothing is called through C. clamp's defaults
    # are pushed as constants, which makes its call an exact-arguments one. Vec.__add__ and the
    # Vec() inside it run elided, as does the Vec() in the loop.
    assert "_CALL_PY_WITH_DEFAULTS" not in loop
    for uop in (
        "_CALL_PY_EXACT_ARGS",
        "_CALL_KW_PY",
        "_CALL_PY_GENERAL",
        "_LOAD_ATTR_PROPERTY_FRAME",
        "_ENTER_ELIDED_DUNDER",
        "_ENTER_ELIDED_INIT",
        "_ENTER_NESTED_INIT",
    ):
        assert loop.count(uop) == 1, uop
    assert "_CALL_NOT_INLINED" not in loop and "_CALL_KW_NOT_INLINED" not in loop
    assert "_BINARY_OP_PY_DUNDER_KNOWN" not in loop
    assert loop.count("_RETURN_TO_CALLER") == 4  # the four with frames
    assert loop.count("_RETURN_ELIDED_INIT") == 2
    assert loop.count("_RETURN_ELIDED") == 1
    assert loop[-1] == "_JUMP_TO_TOP"
    # No recording failed; the tiny dunders and getter, called from tier 1 before the loop was
    # hot, are not worth function-entry traces of their own.
    assert set(stats["trace_aborts"]) <= {"too_short"}


def test_trace_depth_bounds_the_calls_followed(quack: Path, tmp_path: Path) -> None:
    program = write(tmp_path, "calls.py", CALLS_IN_LOOP)
    result, _ = checked(quack, program, tmp_path, "--dump-traces", QUACK_TRACE_DEPTH="0")
    # No trace follows a call into its callee, so every return in a trace is one out of a frame
    # the trace did not push (a side trace from the callee's start), behind a guard on its caller.
    traces = dumped_traces(result.stderr)
    assert any("_GUARD_CALLER" in uops for _, _, uops in traces)
    for _, _, uops in traces:
        assert uops.count("_RETURN_TO_CALLER") == uops.count("_GUARD_CALLER")


BRANCH_FLIPS = """\
def classify(n):
    evens = odds = 0
    for i in range(n):
        if i % 7 < 3:
            evens += i
        else:
            odds += 1
    return evens, odds


print(classify(3000))
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_hot_side_exits_get_linked_side_traces(quack: Path, tmp_path: Path, jit: str) -> None:
    program = write(tmp_path, "branches.py", BRANCH_FLIPS)
    _, stats = checked(quack, program, tmp_path, QUACK_JIT=jit)
    assert stats["traces_compiled"] == 1
    assert stats["side_traces_compiled"] >= 1
    # Once linked, the exit goes straight into the side trace: only the exits taken before it
    # was hot (and the loop's end) reach the interpreter. Compiled, each linked stub was
    # rewritten into a jump to its side trace.
    assert stats["side_exits"] < 100
    linked = stats["side_traces_compiled"] if jit == "1" else 0
    assert stats["jit_exits_linked"] == linked
    sides = [t for t in stats["traces"] if t["side"]]
    assert sides and all(t["function"] == "classify" for t in sides)


def test_side_traces_are_bounded(quack: Path, tmp_path: Path) -> None:
    program = write(tmp_path, "branches.py", BRANCH_FLIPS)
    _, stats = checked(quack, program, tmp_path, QUACK_SIDE_TRACES="0")
    assert stats["side_traces_compiled"] == 0
    assert stats["side_exits"] > 1000


def test_trace_length_is_bounded(quack: Path, tmp_path: Path) -> None:
    _, stats = checked(quack, DUCKS, tmp_path, QUACK_TRACE_LENGTH="16")
    assert stats["traces"]
    # The limit, plus at most one instruction's micro-ops and the trace's end.
    assert all(t["traced"] <= 16 + 8 for t in stats["traces"])


@pytest.mark.parametrize(
    "setting",
    [
        "QUACK_TRACE_LENGTH=5",
        "QUACK_SIDE_TRACES=5000",
        "QUACK_EXIT_THRESHOLD=0",
        "QUACK_TRACE_DEPTH=65",
    ],
)
def test_out_of_range_settings_are_usage_errors(quack: Path, setting: str) -> None:
    name, value = setting.split("=")
    result = subprocess.run(
        [str(quack), str(DUCKS)], capture_output=True, text=True, env=quack_env(**{name: value})
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert re.fullmatch(rf"quack: {name}={value} is out of range \(\d+ to \d+\)\n", result.stderr)


def test_a_recording_that_raises_ends_after_the_raising_instruction(
    quack: Path, tmp_path: Path
) -> None:
    program = write(
        tmp_path,
        "raises.py",
        "table = {}\n"
        "caught = t = 0\n"
        "for i in range(400):\n"
        "    try:\n"
        "        t += table[i]\n"
        "    except KeyError:\n"
        "        caught += 1\n"
        "print(caught, t)\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    assert stats["traces_compiled"] == 1
    assert stats["trace_aborts"] == {}
    uops = dumped_traces(result.stderr)[-1][2]
    assert uops[-2:] == ["_BINARY_SUBSCR_DICT", "_STOP_TRACE"]


def test_abort_reasons_are_counted(quack: Path, tmp_path: Path) -> None:
    # map() calls the function from C, in a nested loop outside the trace: an error raised in
    # there cannot end the trace, so the recording is dropped.
    program = write(
        tmp_path,
        "raises.py",
        "def f(x):\n"
        "    return 1 // (x - x)\n"
        "\n"
        "caught = 0\n"
        "for i in range(400):\n"
        "    try:\n"
        "        list(map(f, [i]))\n"
        "    except ZeroDivisionError:\n"
        "        caught += 1\n"
        "print(caught)\n",
    )
    _, stats = checked(quack, program, tmp_path)
    assert stats["trace_aborts"].get("error", 0) >= 1
    assert stats["traces_aborted"] == sum(stats["trace_aborts"].values())


def test_every_instruction_has_a_tier2_form() -> None:
    """Every instruction can be recorded: by its own micro-ops, a branch form or a trace form.
    The two exceptions are the recorder's own business: a back edge closes or ends the trace,
    ENTER_EXECUTOR jumps into another trace."""
    analysis = load_definitions(ROOT / "uop_defs")
    untraceable = [
        name
        for name, instruction in analysis.instructions.items()
        if expansion_of(instruction, analysis) is None and name not in analysis.branches
    ]
    assert untraceable == ["JUMP_BACKWARD", "ENTER_EXECUTOR"]


def test_yield_from_is_traced(quack: Path, tmp_path: Path) -> None:
    program = write(
        tmp_path,
        "gen.py",
        "def gen(n):\n    for i in range(n):\n        yield i * 2\n\n"
        "def outer(n):\n    yield from gen(n)\n    return 7\n\n"
        "total = 0\nfor k in range(40):\n    for v in outer(20):\n        total += v\n"
        "print(total)\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    assert stats["untraceable"] == {}
    optimized = [u for kind, _, u in dumped_traces(result.stderr) if kind == "optimized"]
    assert any("_SEND_TIER_TWO" in u for u in optimized)


def test_a_loop_trace_follows_the_generator_it_iterates(quack: Path, tmp_path: Path) -> None:
    """One trace: the loop resumes the generator, runs its body round its own loop to the yield,
    and goes on with the loop's body; nothing else is compiled for that loop."""
    program = write(
        tmp_path,
        "gen.py",
        "def count(n):\n    i = 0\n    while i < n:\n        yield i * 3\n        i += 1\n\n"
        "def main():\n    total = 0\n    for v in count(5000):\n        total += v\n"
        "    print(total)\n\nmain()\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    loops = [u for kind, fn, u in dumped_traces(result.stderr) if kind == "loop"]
    main = [u for u in loops if "_FOR_ITER_GEN_FRAME" in u]
    assert len(main) == 1
    body = main[0]
    # Resumed after the yield: `i += 1`, round the generator's loop (test, multiply), the
    # yield, the loop's `total += v`, closed.
    order = [
        "_FOR_ITER_GEN_FRAME",
        "_BINARY_OP_ADD_INT",
        "_COMPARE_OP_INT",
        "_BINARY_OP_MULTIPLY_INT",
        "_YIELD_TO_CALLER",
        "_BINARY_OP_ADD_INT",
        "_JUMP_TO_TOP",
    ]
    kept = [u for u in body if u in order]
    assert kept == order
    assert stats["untraceable"] == {}
    # Once compiled, the trace keeps the loop: no return to the interpreter per item.
    assert stats["executors_entered"] < 50


FIB = """\
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
"""

MUTUAL = """\
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)
"""

RECURSION = (
    FIB
    + "\n\n"
    + MUTUAL
    + """\


def flatten(x):
    if isinstance(x, list):
        for item in x:
            yield from flatten(item)
    else:
        yield x


print(fib(20), sum(1 for n in range(200, 300) if is_even(n)))
print(sum(len(list(flatten([1, [2, [3, [4]]]]))) for _ in range(100)))
"""
)


CALLABLE_IN_A_LOCAL = """\
def double(x):
    return 2 * x


def negate(x):
    return -x


def twice(x):
    return double(x) + double(x + 1)


def run(n, funcs):
    total = 0
    for i in range(n):
        f = funcs[0] if i < n - 7 else funcs[i % 2]
        total += f(i) + twice(i)
    return total


print(run(400, [double, negate]))
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_call_guards_stay_for_callables_the_trace_does_not_know(
    quack: Path, tmp_path: Path, jit: str
) -> None:
    """A callable read from a list keeps its version guard, and the guard exits when another
    function comes through it; a global function's guard goes, in the loop and in the callee."""
    program = write(tmp_path, "callables.py", CALLABLE_IN_A_LOCAL)
    result, _ = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    run = [u for kind, fn, u in dumped_traces(result.stderr) if kind == "loop" and fn == "run"]
    assert run, result.stderr
    body = run[0]
    assert followed_calls(body) == 4
    assert body.count("_CHECK_FUNCTION_VERSION") == 1


def entry_traces(stderr: str) -> list[tuple[str, list[str]]]:
    """The optimized function-entry traces --dump-traces printed, as (function, micro-ops)."""
    marked = re.findall(r"optimized trace in (\S+) \(\d+ micro-ops\):(.*)", stderr)
    optimized = [(fn, u) for kind, fn, u in dumped_traces(stderr) if kind == "optimized"]
    pairs = zip(optimized, marked, strict=True)
    return [t for t, (_, mark) in pairs if mark.strip() == "function entry"]


@pytest.mark.parametrize("jit", ["0", "1"])
def test_recursion_gets_function_entry_traces(quack: Path, tmp_path: Path, jit: str) -> None:
    """A hot function without a loop gets a trace from its first instruction; recursion (direct,
    or mutual through a function the trace followed) goes on from the trace's top in the new
    frame; the entry trace itself never returns (its side traces do, see below)."""
    program = write(tmp_path, "recursion.py", RECURSION)
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = dict(entry_traces(result.stderr))
    fib = traces["fib"]
    # The test of n, fib(n - 1) entered, and round again in the callee's frame. `fib` is a global
    # the trace knows (its binding is a dependency), and a function keeps its version: no guard.
    assert fib[-3:] == ["_BINARY_OP_SUBTRACT_INT", "_CALL_PY_EXACT_ARGS", "_JUMP_TO_TOP"]
    assert "_CHECK_FUNCTION_VERSION" not in fib
    assert "_RETURN_TO_CALLER" not in fib
    # is_even follows the call into is_odd, whose call into is_even closes the loop.
    assert "is_even" in traces or "is_odd" in traces
    mutual = traces.get("is_even", traces.get("is_odd", []))
    assert mutual.count("_CALL_PY_EXACT_ARGS") == 2 and mutual[-1] == "_JUMP_TO_TOP"
    # Generator frames never start entry traces.
    assert "flatten" not in traces
    logged = {t["function"] for t in stats["traces"] if t["entry"]}
    assert {"fib"} <= logged and "flatten" not in logged
    assert all(t["offset"] == 0 and not t["side"] for t in stats["traces"] if t["entry"])
    assert stats["entry_traces_compiled"] == len(logged)
    assert stats["executors_entered"] > 1000
    assert stats["jit_entries" if jit == "1" else "tier2_entries"] == stats["executors_entered"]


def trace_ends(stderr: str, function: str) -> list[list[str]]:
    """The optimized traces --dump-traces printed for `function`'s tree members."""
    return [u for kind, fn, u in dumped_traces(stderr) if kind == "optimized" and fn == function]


@pytest.mark.parametrize("jit", ["0", "1"])
def test_returns_are_followed_behind_a_guard_on_the_caller(
    quack: Path, tmp_path: Path, jit: str
) -> None:
    """A return out of a frame the trace did not push goes on in the caller when the caller
    resumes at the call seen while recording: fib's side traces return into fib(n - 1)'s or
    fib(n - 2)'s caller, add, and call again into the entry trace, so the 57,313 calls of
    fib(22) leave machine code only a few dozen times."""
    program = write(tmp_path, "fib.py", FIB + "\n\nprint(fib(22))\n")
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = trace_ends(result.stderr, "fib")
    sides = traces[1:]
    assert sides and all(u[:4] == ["_CHECK_VALIDITY"] + RETURN_OUT for u in sides[1:])
    assert any(u[-1] == "_GOTO_EXECUTOR" for u in sides)
    assert all(u.count("_RETURN_TO_CALLER") == u.count("_GUARD_CALLER") for u in traces)
    assert stats["executors_entered"] < 200


RETURN_OUT = ["_GUARD_CALLER", "_GUARD_INIT_RESULT", "_RETURN_TO_CALLER"]

RETURN_CHAIN = MUTUAL + "\n\nprint(sum(1 for n in range(300, 400) if is_even(n)))\n"


def test_a_chain_of_returns_closes_a_loop(quack: Path, tmp_path: Path) -> None:
    """Unwinding a 300-deep mutual recursion: a trace that comes back to a return it already
    followed stops there, and the side trace from that return, back at its first instruction
    after returning out, loops: two returns per round, not one trace per level."""
    program = write(tmp_path, "chain.py", RETURN_CHAIN)
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    traces = [u for kind, _, u in dumped_traces(result.stderr) if kind == "optimized"]
    loops = [u for u in traces if u == ["_CHECK_VALIDITY"] + 2 * RETURN_OUT + ["_JUMP_TO_TOP"]]
    assert loops
    assert any(u[-4:] == RETURN_OUT + ["_STOP_TRACE"] for u in traces)
    assert max(len(u) for u in traces) < 120
    assert stats["executors_entered"] < 300


YIELD_BRANCH = """\
def numbers(n):
    for i in range(n):
        if i % 3 == 0:
            yield i * 2
        else:
            yield i


total = 0
for v in numbers(6000):
    total += v
print(total)
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_a_side_trace_in_a_generator_yields_back_to_the_loop(
    quack: Path, tmp_path: Path, jit: str
) -> None:
    """The loop's trace follows the generator to one yield; the other branch's side trace starts
    in the generator's frame, so its yield is one out of a frame it did not enter: behind a guard
    on the `for` that resumed the generator, it goes back to the loop and into the root."""
    program = write(tmp_path, "yields.py", YIELD_BRANCH)
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    sides = trace_ends(result.stderr, "numbers")
    assert any(
        ["_GUARD_CALLER", "_YIELD_TO_CALLER"] == u[i : i + 2] and u[-1] == "_GOTO_EXECUTOR"
        for u in sides
        for i in range(len(u))
    )
    assert stats["executors_entered"] < 100


def test_a_trace_stops_before_an_instruction_not_yet_specialized(
    quack: Path, tmp_path: Path
) -> None:
    """work's entry trace, recorded at its fifth call, returns into main, where the next call
    is one that has never run: its LOAD_GLOBAL is still generic and would stay so in the trace,
    so the trace stops before it (a counted exit, which a side trace can continue)."""
    calls = "".join(f"    work({i})\n" for i in range(24))
    program = write(
        tmp_path,
        "cold.py",
        "def work(n):\n    a = n + 1\n    b = a * 2\n    c = b - n\n    return c * a\n\n\n"
        f"def main():\n{calls}    print(work(7) % 5 + 1)\n\n\nmain()\n",
    )
    result, _ = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT_THRESHOLD="4")
    [entry] = trace_ends(result.stderr, "work")
    assert entry[-5:] == RETURN_OUT + ["_POP_TOP", "_STOP_TRACE"]


def test_tier2_off_counts_no_function_entries(quack: Path, tmp_path: Path) -> None:
    program = write(tmp_path, "recursion.py", RECURSION)
    _, stats = checked(quack, program, tmp_path, QUACK_TIER2="0")
    assert stats["traces_started"] == 0 and stats["executors_entered"] == 0


def test_hot_recursion_survives_exceptions_and_changes(quack: Path, tmp_path: Path) -> None:
    """Exceptions at various depths, RecursionError, a rebound global and a replaced method: the
    output is CPython's in both tier-2 modes, and the changed class invalidates entry traces."""
    program = PROGRAMS / "hot_recursion.py"
    for jit in ("0", "1"):
        _, stats = checked(quack, program, tmp_path, QUACK_JIT=jit)
        entries = {t["function"] for t in stats["traces"] if t["entry"]}
        assert {"fib", "ackermann", "dive", "down", "Node.total", "Chain.__init__"} <= entries
        assert stats["traces_invalidated"] >= 1


def test_optimizer_removes_the_ducks_echo_test(quack: Path, tmp_path: Path) -> None:
    """The article's example: for a Duck, `echo` is the class's False, so `if duck.echo` goes."""
    result, _ = checked(quack, DUCKS, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    recorded, optimized = [u for _, fn, u in traces if fn == "simulate_ducks"][:2]
    assert recorded.count("_GUARD_TYPE_VERSION") == 2
    assert optimized.count("_GUARD_TYPE_VERSION") == 1  # the second is proven by the first
    for gone in ("_TO_BOOL_BOOL", "_GUARD_IS_FALSE_POP"):
        assert gone in recorded
        assert gone not in optimized
    assert optimized.count("_CHECK_VALIDITY") < recorded.count("_CHECK_VALIDITY")
    # No duck shadows a class attribute: no dict probe is recorded, and under the proven
    # version the load of `echo` (and of `duck` for it) leaves nothing.
    assert "_GUARD_NOT_SHADOWED" not in recorded
    assert "_LOAD_ATTR_CLASS" in recorded
    assert "_LOAD_ATTR_CLASS" not in optimized
    loads = ("_LOAD_FAST", "_LOAD_FAST_BOUND")
    assert sum(map(optimized.count, loads)) == recorded.count("_LOAD_FAST") - 1
    # `duck`, stored by the loop, is loaded with no check.
    assert "_LOAD_FAST_BOUND" in optimized and "_LOAD_FAST_BOUND" not in recorded


def test_optimizer_removes_forty_percent_of_the_duck_loop(quack: Path, tmp_path: Path) -> None:
    """Of the micro-ops recorded for one round, the loop proper runs under 60%."""
    _, stats = checked(quack, DUCKS, tmp_path)
    loop = [t for t in stats["traces"] if t["function"] == "simulate_ducks" and not t["side"]]
    assert len(loop) == 1
    assert loop[0]["loop"] <= 0.6 * loop[0]["traced"]
    assert stats["uops_traced"] == sum(t["traced"] for t in stats["traces"])
    assert stats["uops_emitted"] == sum(t["emitted"] for t in stats["traces"])


FOLDING = """\
def f(n):
    t = 0
    for i in range(n):
        limit = 5
        if limit > 3:
            t += 1 + i
        else:
            t -= 1
    return t


print(f(500))
"""


def test_optimizer_folds_known_values(quack: Path, tmp_path: Path) -> None:
    program = write(tmp_path, "fold.py", FOLDING)
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    recorded, optimized = [u for _, fn, u in dumped_traces(result.stderr) if fn == "f"][:2]
    # `limit > 3` compares two known ints: the guards, the comparison, its TO_BOOL and the branch
    # guard all go; in `t += 1 + i`, i is an int (the range iterator's items are), t is guarded.
    for gone in ("_COMPARE_OP_INT", "_TO_BOOL_BOOL", "_GUARD_IS_TRUE_POP"):
        assert gone in recorded
        assert gone not in optimized
    assert recorded.count("_GUARD_BOTH_INT") == 3
    assert optimized.count("_GUARD_BOTH_INT") == 1
    # The code's constants are immediates: no load through the frame, the code and its consts.
    assert "_LOAD_CONST" in recorded
    assert "_LOAD_CONST" not in optimized and "_LOAD_CONST_INLINE" in optimized


GLOBALS = """\
def weight(x):
    return x % 7


counter = 0


def total(items):
    global counter
    t = 0
    for x in items:
        counter += 1
        t += weight(x) + len(items)
    return t


print(total(list(range(500))), counter)
"""


def test_optimizer_makes_global_functions_and_builtins_constants(
    quack: Path, tmp_path: Path
) -> None:
    """`weight` and `len` become constants the tree depends on, so neither the globals nor the
    builtins are probed; `counter`, an int stored on every round, stays a load (making it a
    constant would invalidate the trace at every store), and the store keeps the validity check
    after it."""
    program = write(tmp_path, "globals.py", GLOBALS)
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    recorded, optimized = [u for _, fn, u in dumped_traces(result.stderr) if fn == "total"][:2]
    assert recorded.count("_LOAD_GLOBAL_MODULE") == 2 and "_LOAD_GLOBAL_BUILTIN" in recorded
    assert optimized.count("_LOAD_GLOBAL_MODULE") == 1  # counter
    assert "_LOAD_GLOBAL_BUILTIN" not in optimized
    assert optimized.count("_LOAD_CONST_INLINE") >= 2
    store = optimized.index("_STORE_GLOBAL")
    assert optimized[store + 1] == "_CHECK_VALIDITY"
    assert stats["traces_invalidated"] == 0


def test_a_module_function_becomes_a_constant(quack: Path, tmp_path: Path) -> None:
    """`math.sqrt(x)`: LOAD_METHOD specializes to the module's dict entry (LOAD_METHOD_MODULE)
    in both tiers; in a trace where `math` is a constant, sqrt is one too (the tree depends on
    the name in the module's dict), so the call is a constant, a NULL and sqrt computed inline
    (_CALL_MATH_SQRT_KNOWN, the constant variant of the builtin call, as the _RAW form whose
    root the sum takes unboxed)."""
    program = write(
        tmp_path,
        "roots.py",
        "import math\n\n\ndef roots(n):\n    t = 0.0\n    for i in range(n):\n"
        "        t += math.sqrt(i)\n    return t\n\n\nprint(round(roots(500), 6))\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    recorded, optimized = [u for _, fn, u in dumped_traces(result.stderr) if fn == "roots"][:2]
    assert "_LOAD_ATTR_MODULE" in recorded and "_LOAD_ATTR_MODULE" not in optimized
    at = optimized.index("_CALL_MATH_SQRT_RAW")
    assert optimized[at - 3 : at - 1] == ["_LOAD_CONST_INLINE", "_PUSH_NULL"]
    assert stats["specialization"]["LOAD_METHOD"]["misses"] == 0


def test_optimizer_makes_global_data_constants_until_rebound(quack: Path, tmp_path: Path) -> None:
    """`MOD = 1000003`: a global bound to an int (or float, str) becomes a constant the tree
    depends on, so `% MOD` divides by a known int. Rebinding it invalidates the tree and marks the
    name rebound in its dict: the next recording keeps it a load."""
    program = write(
        tmp_path,
        "mod.py",
        "MOD = 1000003\n\n\ndef run(n):\n    t = 0\n    for i in range(n):\n"
        "        t = (t * 31 + i) % MOD\n    return t\n\n\nprint(run(500))\n"
        "MOD = 7\nprint(run(500))\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    optimized = [u for kind, fn, u in dumped_traces(result.stderr) if kind == "optimized"]
    assert len(optimized) == 2
    assert "_LOAD_GLOBAL_MODULE" not in optimized[0]
    assert optimized[1].count("_LOAD_GLOBAL_MODULE") == 1
    assert stats["traces_invalidated"] == 1


def test_division_by_a_constant_multiplies_by_its_reciprocal(quack: Path, tmp_path: Path) -> None:
    """Every `//` and `%` of run() divides by a constant (literals, MOD made a constant, in-place
    forms): the optimized loop has the `constant` variant for each and no division left, and the
    program prints what CPython prints in both tier-2 modes."""
    program = PROGRAMS / "int_division_by_constants.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    loop = [
        u for kind, fn, u in dumped_traces(result.stderr) if (kind, fn) == ("optimized", "run")
    ][0]
    assert loop.count("_BINARY_OP_INT_BY_CONSTANT") == 20
    assert "_BINARY_OP_INT" not in loop
    checked(quack, program, tmp_path, QUACK_JIT="0")


def test_the_optimizer_peels_a_loops_first_round(quack: Path, tmp_path: Path) -> None:
    """The trace is the loop's first round, then the loop proper, where _JUMP_TO_TOP goes: what
    the first round proved (n an int, i and total ints again at the end of each round, the
    iterator a range iterator) drops every type guard and the validity check from the loop."""
    program = write(
        tmp_path,
        "peel.py",
        "def count(n):\n    total = 0\n    i = 0\n    while i < n:\n        total += i * 2\n"
        "        i += 1\n    return total\n\n\ndef walk(n):\n    s = 0\n    for k in range(n):\n"
        "        s += k\n    return s\n\n\nprint(count(500), walk(500))\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    for fn, guard in (("count", "_GUARD_BOTH_INT"), ("walk", "_ITER_CHECK_RANGE")):
        first = [u for kind, f, u in traces if (kind, f) == ("optimized", fn)][0]
        loop = [u for kind, f, u in traces if (kind, f) == ("loop", fn)][0]
        assert first[0] == "_CHECK_VALIDITY" and guard in first
        assert "_CHECK_VALIDITY" not in loop and guard not in loop
        assert "_GUARD_BOTH_INT" not in loop and loop[-1] == "_JUMP_TO_TOP"
    peeled = [t for t in stats["traces"] if t["function"] in ("count", "walk")]
    assert all(0 < t["loop"] < t["emitted"] for t in peeled)


def test_an_inlined_calls_parameters_are_loaded_without_a_test(quack: Path, tmp_path: Path) -> None:
    """The frame of a call the trace follows starts with its parameters bound, so reading them
    needs no unbound test (_LOAD_FAST_BOUND, no exit); hot_bound_parameters.py unbinds them in
    every way there is."""
    program = write(
        tmp_path,
        "params.py",
        "def f(a, b, *c, d=1, **e):\n    return a * b + a + len(c) + d + len(e)\n\n\n"
        "t = 0\nfor i in range(300):\n    t += f(i, 2)\nprint(t)\n",
    )
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    loop = [u for kind, fn, u in dumped_traces(result.stderr) if kind == "loop"][0]
    assert "_LOAD_FAST" not in loop and loop.count("_LOAD_FAST_BOUND") >= 5
    for jit in ("0", "1"):
        checked(quack, PROGRAMS / "hot_bound_parameters.py", tmp_path, QUACK_JIT=jit)


def test_peeled_loops_exit_when_what_they_assume_changes(quack: Path, tmp_path: Path) -> None:
    """hot_loop_peeling.py breaks, mid-run, each kind of assumption a peeled loop makes (a
    counter's type, an invariant object's class, a local deleted): CPython's output in both
    tier-2 modes and with every threshold at 1."""
    program = PROGRAMS / "hot_loop_peeling.py"
    for jit in ("0", "1"):
        checked(quack, program, tmp_path, QUACK_JIT=jit)
        checked(
            quack,
            program,
            tmp_path,
            QUACK_JIT=jit,
            QUACK_JIT_THRESHOLD="1",
            QUACK_EXIT_THRESHOLD="1",
        )


def test_rebinding_a_global_constant_mid_loop_invalidates(quack: Path, tmp_path: Path) -> None:
    """Rebinding, shadowing and deleting globals a hot trace made constants, between two uses
    in one iteration: the output is CPython's in both tier-2 modes. Compiled, the running traces
    leave through their validity checks, which were no-ops until invalidation rewrote them into
    jumps to their exits."""
    for jit in ("0", "1"):
        _, stats = checked(quack, PROGRAMS / "hot_global_constants.py", tmp_path, QUACK_JIT=jit)
        assert stats["traces_invalidated"] >= 4
        assert (stats["jit_guards_patched"] > 0) == (jit == "1")


def test_constructing_a_class_without_init_only_allocates(quack: Path, tmp_path: Path) -> None:
    """`Duck()` for a class that defines no __init__ is CALL_ALLOC_NO_INIT in both tiers: the
    trace allocates the instance instead of calling the class through C. Duck is a constant to
    the trace, whose tree depends on the class: no version is checked."""
    program = write(
        tmp_path,
        "plain.py",
        "class Duck:\n    pass\n\n\nflock = []\nseen = set()\nfor i in range(500):\n"
        "    d = Duck()\n    d.n = i\n    flock.append(d)\n    seen.add(i % 7)\n"
        "print(sum(d.n for d in flock), len(seen))\n",
    )
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    loop = [u for kind, fn, u in dumped_traces(result.stderr) if kind == "optimized"][0]
    assert "_CALL_ALLOC_NO_INIT" in loop and "_CHECK_CLASS_VERSION" not in loop
    # seen.add goes straight to the set; flock.append is stored inline. The trace knows both
    # methods (LOAD_METHOD's cached operand), so the calls are the constant variants, which test
    # only the instance.
    assert "_CALL_NOT_INLINED" not in loop and loop.count("_CALL_SET_ADD_KNOWN") == 1
    assert loop.count("_CALL_LIST_APPEND_KNOWN") == 1
    assert stats["specialization"]["CALL"]["successes"] >= 1


def test_traces_follow_a_loop_exit(quack: Path, tmp_path: Path) -> None:
    """A four-step inner loop: the back edge is often hot just as the iterator runs out, so the
    recording starts with the loop's exit. FOR_ITER's jump has a trace form (the iterator must
    be exhausted again, and stays so), so nothing is abandoned and the inner loop gets its trace:
    the outer loops no longer stop at its back edge on every step."""
    program = PROGRAMS / "hot_loop_exits.py"
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    optimized = [u for kind, _, u in dumped_traces(result.stderr) if kind == "optimized"]
    ends = {u for trace in optimized for u in trace if u.startswith("_ITER_END_")}
    assert ends == {"_ITER_END_RANGE", "_ITER_END_LIST", "_ITER_END_TUPLE"}
    assert "branch_direction" not in stats["trace_aborts"]
    assert stats["executors_entered"] < 500


def test_changes_while_hot_invalidate_traces(quack: Path, tmp_path: Path) -> None:
    program = PROGRAMS / "hot_invalidation.py"
    for jit in ("0", "1"):
        _, stats = checked(quack, program, tmp_path, QUACK_JIT=jit)
        # Duck.echo and Duck.quack change under the class_attribute and method_replaced loops.
        assert stats["traces_invalidated"] >= 2
        if jit == "1":
            assert stats["jit_traces_freed"] >= 2


def test_compile_bench_reports_per_trace_times(quack: Path, tmp_path: Path) -> None:
    result, _ = checked(quack, DUCKS, tmp_path, "--compile-bench")
    line = result.stderr.strip().splitlines()[-1]
    match = re.fullmatch(
        r"compile-bench: traces=(\d+) bytes=(\d+) copy_patch_ns=(\d+) memcpy_ns=(\d+) "
        r"block_memcpy_ns=(\d+) code_bytes=(\d+) hot_code_bytes=(\d+) uops=(\d+)",
        line,
    )
    assert match, line
    assert int(match.group(1)) > 0 and int(match.group(2)) > 0
    code, hot, uops = (int(match.group(i)) for i in (6, 7, 8))
    # Every micro-op has code, and exit stubs follow the hot code.
    assert uops > 0 and 0 < hot < code <= int(match.group(2))


def test_stats_report_code_bytes_per_micro_op(quack: Path, tmp_path: Path) -> None:
    result, stats = checked(quack, DUCKS, tmp_path, "--stats")
    hot, uops = stats["jit_hot_code_bytes"], stats["jit_uops_compiled"]
    code = stats["jit_code_bytes"]
    assert 0 < hot < code and uops > 0
    line = next(s for s in result.stderr.splitlines() if s.startswith("  code per micro-op"))
    stubs = 100.0 * (code - hot) / code
    assert line == (
        f"  code per micro-op    {hot / uops:.1f} bytes (hot code {hot} bytes for {uops}"
        f" micro-ops); exit stubs {stubs:.1f}% of the code"
    )


@pytest.mark.parametrize("jit", ["0", "1"])
def test_traces_jump_into_other_trees_and_fall_with_them(
    quack: Path, tmp_path: Path, jit: str
) -> None:
    program = PROGRAMS / "nested_links.py"
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    linking = [u for kind, _, u in dumped_traces(result.stderr) if kind == "optimized"]
    assert any(u[-1] == "_GOTO_EXECUTOR" for u in linking)
    # Weight.factor changes: the inner loop's tree relies on Weight, the trees that jump into it
    # go with it.
    assert stats["traces_invalidated"] >= 2


NBODY_LIKE = """\
def advance(pairs, dt, steps):
    for _ in range(steps):
        for b, c in pairs:
            dx = b[0] - c[0]
            dy = b[1] - c[1]
            d2 = dx * dx + dy * dy + dx * dy
            b[2] -= dx * d2
            c[2] += dt * b[2] * d2


bodies = [[0.5, 1.0, 0.25], [1.5, -2.0, 0.125], [-1.25, 0.75, 0.0625]]
pairs = [(bodies[0], bodies[1]), (bodies[0], bodies[2]), (bodies[1], bodies[2])]
advance(pairs, 0.001, 200)
print(bodies)
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_float_results_of_an_expression_stay_unboxed(quack: Path, tmp_path: Path, jit: str) -> None:
    """A float result another float operation pops is never boxed (runtime/interp/unbox.c): of
    the loop's twelve float operations, only dx and dy (list items, stored) and the three results
    stored (d2, b[2], c[2]) make a box; the other seven compute on doubles. A guard of an operand
    that is such a double checks only the other operand (`b[2] -= dx * d2`)."""
    program = write(tmp_path, "nbody_like.py", NBODY_LIKE)
    result, _ = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = [(kind, u) for kind, fn, u in dumped_traces(result.stderr) if fn == "advance"]
    recorded, optimized = traces[0][1], traces[1][1]
    assert traces[0][0] == "recorded" and traces[1][0] == "optimized"
    assert not any("RAW" in u or "BOX" in u for u in recorded)  # only the optimizer emits them
    assert optimized.count("_BINARY_OP_FLOAT") == 2
    assert optimized.count("_BOX_FLOAT") == 3
    assert optimized.count("_BINARY_OP_FLOAT_RAW") == 10
    assert optimized.count("_GUARD_NOS_FLOAT") == 2
    assert not any("_INTO_" in u for u in optimized)


@pytest.mark.parametrize("jit", ["0", "1"])
def test_exits_box_the_floats_a_trace_kept_unboxed(quack: Path, tmp_path: Path, jit: str) -> None:
    """hot_unboxed_floats.py leaves its traces with doubles on the stack (a zero divisor, an
    operand that stops being a float, up to three doubles deep): such an exit's stub starts with
    _BOX_EXIT_FLOATS, which boxes them before the interpreter or a side trace goes on, and the
    program prints what CPython prints. Side traces start at those exits, and each exit stub
    with a side trace jumps to it once it has boxed what it must."""
    program = PROGRAMS / "hot_unboxed_floats.py"
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    # --dump-traces shows which slots an exit boxes: three doubles under `v` in deep().
    assert re.search(r"_GUARD_TOS_FLOAT .* unboxed 0xe$", result.stderr, re.MULTILINE)
    assert stats["exit_floats_boxed"] >= 1000
    assert stats["side_traces_compiled"] >= 10
    assert stats["jit_exits_linked"] == (stats["side_traces_compiled"] if jit == "1" else 0)


@pytest.mark.parametrize("jit", ["0", "1"])
def test_exits_inside_elided_calls_build_the_frame(quack: Path, tmp_path: Path, jit: str) -> None:
    """hot_elided_frames.py's leaf functions and methods run on their callers' stacks (frame
    elision), and leave them by every kind of exit: an argument of another type, an int that
    overflows, an attribute deleted, a double live on the callee's stack, an error once in tier
    1. Each such exit's stub builds the frame first (`elided` in --dump-traces names the call),
    and a hot one gets a side trace its stub jumps to once the frame is built. A call from a
    generator's frame keeps its frame: its caller's stack does not end where the data stack's
    free space begins."""
    program = PROGRAMS / "hot_elided_frames.py"
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = dumped_traces(result.stderr)
    assert stats["frames_elided"] >= 10
    assert stats["frames_materialized"] >= 100
    assert re.search(r"_GUARD_BOTH_FLOAT .* unboxed 0x\w+ elided \d+$", result.stderr, re.M)
    alternating = [u for kind, fn, u in traces if fn == "alternating" and kind != "recorded"]
    assert alternating and all("_ENTER_ELIDED_FRAME" in u for u in alternating)
    inits = [u for kind, fn, u in traces if fn == "inits" and kind != "recorded"]
    assert any("_ENTER_ELIDED_INIT" in u and "_RETURN_ELIDED_INIT" in u for u in inits)
    generator = [u for kind, fn, u in traces if fn == "generator" and kind != "recorded"]
    assert any("_CALL_PY_EXACT_ARGS" in u for u in generator)
    assert not any("_ENTER_ELIDED_FRAME" in u for u in generator)
    assert stats["jit_exits_linked"] == (stats["side_traces_compiled"] if jit == "1" else 0)


@pytest.mark.parametrize("jit", ["0", "1"])
def test_dunders_and_calls_inside_them_run_elided(quack: Path, tmp_path: Path, jit: str) -> None:
    """hot_elided_dunders.py's operator dunders run on their operands' slots, and the __init__ of
    the Vec each one makes runs nested inside (it cannot leave, so only the dunder's frame is ever
    built); exits and errors in the dunders are marked with the dunder's call and build its
    frame; where the right operand is known to fit, the operator's guard checks only the left
    one's class. A dunder that may decline (Money.__add__) keeps its frame; Pair.twice runs with
    both its calls nested; Pair.both keeps its frame (swapped, inside it, reads attributes, which
    may exit), and swapped runs elided with its __init__ nested."""
    program = PROGRAMS / "hot_elided_dunders.py"
    result, stats = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    traces = dumped_traces(result.stderr)

    def optimized(function: str) -> list[list[str]]:
        return [u for kind, fn, u in traces if fn == function and kind != "recorded"]

    # pos + vel * 0.5 - Vec(0.125, 0.0): the loop's first iteration, then the loop proper.
    for uops in optimized("moving")[:2]:
        assert uops.count("_ENTER_ELIDED_DUNDER") == uops.count("_ENTER_NESTED_INIT") == 3
        assert uops.count("_ENTER_ELIDED_INIT") == 1
        assert "_BINARY_OP_PY_DUNDER_KNOWN" not in uops
    calls = {
        int(m.group(1)) for m in re.finditer(r"^\s+(\d+) _ENTER_ELIDED_DUNDER", result.stderr, re.M)
    }
    marked = {int(m.group(1)) for m in re.finditer(r" elided (\d+)$", result.stderr, re.M)}
    assert calls & marked
    # Where the right operand is known to fit, only the left one's version is checked.
    assert all("_GUARD_DUNDER_OPERANDS" in u for u in optimized("changing"))
    mixed = optimized("mixed")
    assert mixed and all("_GUARD_DUNDER_OPERANDS" not in u for u in mixed)
    assert any(u.count("_GUARD_NOS_TYPE_VERSION") == 2 for u in mixed)
    declining = optimized("declining")
    assert any("_BINARY_OP_PY_DUNDER_KNOWN" in u for u in declining)
    assert not any("_ENTER_ELIDED_DUNDER" in u for u in declining)
    nested = optimized("nested_methods")
    assert any(u.count("_ENTER_NESTED_FRAME") == 2 for u in nested)
    assert any("_ENTER_NESTED_INIT" in u and "_CALL_PY_EXACT_ARGS" in u for u in nested)
    assert stats["frames_materialized"] >= 4


def test_constant_list_indexes_test_only_the_bound(quack: Path, tmp_path: Path) -> None:
    """In hot_constant_index.py's drift(), every `p[k]` with a constant k >= 0 reads and writes
    through the _AT forms (the bound is the one test); `p[-1]` counts from the end, through the
    general form. Lists that get shorter, tuples and subclasses at those sites print what CPython
    prints."""
    program = PROGRAMS / "hot_constant_index.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = [
        u for kind, fn, u in dumped_traces(result.stderr) if fn == "drift" and kind != "recorded"
    ]
    # The first trace ran while the loads and stores were not specialized yet (a Row is no
    # exact list); a later one has them all.
    specialized = [u for u in traces if "_STORE_SUBSCR_LIST_AT" in u]
    assert specialized
    body = specialized[0]
    assert body.count("_BINARY_SUBSCR_LIST_AT") == 7 and body.count("_STORE_SUBSCR_LIST_AT") == 3
    assert body.count("_BINARY_SUBSCR_LIST_INT") == 1  # p[-1]
    assert "_STORE_SUBSCR_LIST_INT" not in body


FRESH_BOXES = """\
def mix(n, x, y):
    s = 0.0
    for i in range(n):
        s = (i * x + y) * 0.5 + s
    return s


print(mix(300, 0.25, 1.5))
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_optimizer_reuses_fresh_float_boxes(quack: Path, tmp_path: Path, jit: str) -> None:
    """Where a fresh box (an int times a float) feeds float operations, they write their results
    into it rather than unbox it and box the result again: `(i * x + y) * 0.5 + s` makes one box."""
    program = write(tmp_path, "fresh_boxes.py", FRESH_BOXES)
    result, _ = checked(quack, program, tmp_path, "--dump-traces", QUACK_JIT=jit)
    optimized = [u for kind, fn, u in dumped_traces(result.stderr) if fn == "mix"][1]
    assert optimized.count("_BINARY_OP_NUMBERS") == 1
    assert optimized.count("_BINARY_OP_FLOAT_INTO_LHS") == 3
    assert not any("RAW" in u or "BOX" in u for u in optimized)


def perf_map(quack: Path, program: Path) -> list[tuple[int, int, str]]:
    """(address, size, name) of each line of the perf map a JIT run of `program` writes, having
    checked that the program printed what CPython prints."""
    process = subprocess.Popen(
        [str(quack), str(program)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=quack_env(QUACK_PERF_MAP="1"),
    )
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 0, stderr
    assert stdout == cpython(program).stdout
    map_path = Path(f"/tmp/perf-{process.pid}.map")
    lines = map_path.read_text().splitlines()
    map_path.unlink()
    entries: list[tuple[int, int, str]] = []
    for line in lines:
        match = re.fullmatch(r"([0-9a-f]+) ([0-9a-f]+) quack:(\S+) \S+", line)
        assert match, line
        entries.append((int(match.group(1), 16), int(match.group(2), 16), match.group(3)))
    return entries


def test_perf_map_names_every_stencil_copy(quack: Path) -> None:
    """QUACK_PERF_MAP=1 writes /tmp/perf-PID.map: for each compiled trace its entry shim, then one
    line per micro-op with code, in address order, each range right after the previous one."""
    entries = perf_map(quack, DUCKS)
    names = [name for _, _, name in entries]
    assert names.count("trace-entry") >= 1
    assert "_JUMP_TO_TOP" in names and "_SIDE_EXIT" in names
    for (start, size, _), (later, _, name) in zip(entries, entries[1:], strict=False):
        if name != "trace-entry":
            assert later == start + size


def test_every_stencil_for_one_oparg_runs(quack: Path) -> None:
    """hot_oparg_stencils.py meets every oparg a `stencils` declaration lists: the JIT copies each
    of those stencils (the perf map names them), and the program prints what CPython prints."""
    analysis = load_definitions(ROOT / "uop_defs")
    declared = {
        stencil_name(uop, oparg)
        for uop, opargs in analysis.oparg_stencils.items()
        for oparg in opargs
    }
    assert len(declared) >= 90
    # At whatever depth of cached stack values (generator/stack_cache.py) each ran.
    copied = {
        stencil_name(*parse_stencil_name(name)[:2])
        for _, _, name in perf_map(quack, PROGRAMS / "hot_oparg_stencils.py")
    }
    assert declared - copied == set()
    # Where a micro-op has a stencil for the oparg, the one for any oparg is not used.
    assert "_BINARY_OP_INT" not in copied and "_COMPARE_OP_INT" not in copied
    assert "_LOAD_FAST" in copied  # locals beyond the eighth


def test_stack_values_stay_in_registers(quack: Path) -> None:
    """A trace's arithmetic takes its operands from registers and leaves its result there
    (generator/stack_cache.py): the stencils copied for hot_stack_cache.py's loops include ones
    that start with one and with two values cached, a spill before a micro-op that caches
    none, and the program's exits from cached code (failed guards, an error, an unbound local)
    print what CPython prints."""
    names = [name for _, _, name in perf_map(quack, PROGRAMS / "hot_stack_cache.py")]
    depths = {parse_stencil_name(name)[2] for name in names}
    assert depths == {0, 1, 2}
    assert any(name.startswith("_SPILL.cache") for name in names)
    assert any(name.startswith("_BINARY_OP_ADD_INT.cache2") for name in names)


def test_tuple_and_str_items_are_read_inline(quack: Path, tmp_path: Path) -> None:
    """Indexing a tuple or an ASCII str by an int specializes: the loops over `pairs` and `word`
    read items with _BINARY_SUBSCR_TUPLE_INT and _BINARY_SUBSCR_STR_INT, not the generic
    _BINARY_SUBSCR, and the odd cases (non-ASCII, subclasses, slices, big ints) still print what
    CPython prints."""
    program = PROGRAMS / "hot_subscr_tuple_str.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    loops = [u for kind, fn, u in dumped_traces(result.stderr) if (kind, fn) == ("loop", "main")]
    assert loops[0].count("_BINARY_SUBSCR_TUPLE_INT") == 4
    assert loops[1].count("_BINARY_SUBSCR_STR_INT") == 2
    assert "_BINARY_SUBSCR" not in loops[0] + loops[1]


def test_len_and_list_append_are_inline(quack: Path, tmp_path: Path) -> None:
    """`items.append(i)` and len() of a list, tuple and dict specialize (CALL_LIST_APPEND,
    CALL_LEN): the first loop of main() calls neither the builtin nor the method descriptor.
    The trace knows both callables (the global `len`, LOAD_METHOD's cached operand), so it runs
    the constant variants, which test only the instance; `ln = len` hides the callable, and that
    call keeps the form that tests it."""
    program = PROGRAMS / "hot_len_append.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    loops = [u for kind, fn, u in dumped_traces(result.stderr) if (kind, fn) == ("loop", "main")]
    loop = loops[0]
    assert loop.count("_CALL_LEN_KNOWN") == 4 and loop.count("_CALL_LIST_APPEND_KNOWN") == 1
    assert "_CALL_LEN" not in loop and "_CALL_LIST_APPEND" not in loop
    assert any("_CALL_LEN" in other for other in loops[1:])
    assert "_CALL_BUILTIN" not in loop and "_CALL_METHOD_DESCR" not in loop


def test_subscript_type_guards_go_where_types_are_known(quack: Path, tmp_path: Path) -> None:
    """BINARY_SUBSCR_LIST_INT and STORE_SUBSCR_LIST_INT check their container and index in
    guards of one stack item each (_GUARD_NOS_LIST, _GUARD_TOS_INT): in scan(), whose index is
    an int the trace computed, no index guard remains, and the local list `a` is checked once, in
    the copy before the peeled loop. The program's exits from each guard (a tuple or a dict
    subclass where the container was, a bool index, a short tuple) print what CPython prints."""
    program = PROGRAMS / "hot_subscr_guards.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = [(kind, u) for kind, fn, u in dumped_traces(result.stderr) if fn == "scan"]
    first = next(u for kind, u in traces if kind == "optimized")
    loop = next(u for kind, u in traces if kind == "loop")
    assert first.count("_GUARD_NOS_LIST") == 1 and "_GUARD_TOS_INT" not in first
    # a[i % 10], read and written; a[3], a constant index, tests only its bound.
    assert loop.count("_BINARY_SUBSCR_LIST_INT") == loop.count("_BINARY_SUBSCR_LIST_AT") == 1
    assert loop.count("_STORE_SUBSCR_LIST_INT") == 1
    assert "_GUARD_NOS_LIST" not in loop and "_GUARD_TOS_INT" not in loop


def test_copies_and_swaps_keep_what_is_known(quack: Path, tmp_path: Path) -> None:
    """`b[3] -= x` copies the list and the index (COPY), then moves the result under them (SWAP):
    the optimizer follows the values through both, so in drift() the int constant indexes need
    no guard and each body's list is checked once for its four subscripts. The program's copied
    float box (`x = y = i * 0.5; x += 1.0`) is not written in place, and swapped values of
    changing types print what CPython prints. The copies and swaps are the fixed-size forms
    whose stencils keep the values in registers (_COPY_2, _SWAP_3, _SWAP_2)."""
    program = PROGRAMS / "hot_copy_swap.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    optimized = [u for kind, fn, u in traces if fn == "drift" and kind != "recorded"]
    subscripting = [u for u in optimized if "_STORE_SUBSCR_LIST_AT" in u]
    assert subscripting
    for uops in subscripting:
        assert "_GUARD_TOS_INT" not in uops
        assert uops.count("_GUARD_NOS_LIST") == 1 and uops.count("_COPY_2") == 4
        assert uops.count("_SWAP_3") == uops.count("_SWAP_2") == 2
        assert "_COPY" not in uops and "_SWAP" not in uops


def test_calls_pass_what_is_known_of_arguments_and_results(quack: Path, tmp_path: Path) -> None:
    """A call the trace follows gives the callee's parameters the values the caller pushed, and a
    plain call gives the caller the value returned, each with what is known of it: in ints()'s
    loop `add3(s, i, 1) % 1000003` tests no int type at all (the caller proved `s` and `i`, the
    callee's additions prove the result). The program then passes floats and strs to the hot
    functions, and an __init__'s result is its instance, as CPython prints."""
    program = PROGRAMS / "hot_call_facts.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    loops = [u for kind, fn, u in traces if fn == "ints" and kind == "loop"]
    assert loops
    for uops in loops:
        assert "_ENTER_ELIDED_FRAME" in uops and "_RETURN_ELIDED" in uops
        assert "_GUARD_BOTH_INT" not in uops
    recorded = [u for kind, fn, u in traces if fn == "ints" and kind == "recorded"]
    assert any(u.count("_GUARD_BOTH_INT") == 3 for u in recorded)


def test_ord_calls_the_trace_knows_read_an_ascii_character_inline(
    quack: Path, tmp_path: Path
) -> None:
    """`ord(ch)` where ord is the builtin (a constant to the trace) becomes _CALL_ORD_KNOWN in
    checksum()'s traces, which reads an ASCII character's byte without the call. Other
    characters, a str subclass, bytes, wrong lengths and types, and ord rebound while hot go
    through the call: the output is CPython's."""
    program = PROGRAMS / "hot_ord_calls.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    optimized = [u for kind, fn, u in traces if fn == "checksum" and kind != "recorded"]
    recorded = [u for kind, fn, u in traces if fn == "checksum" and kind == "recorded"]
    assert recorded and all("_CALL_BUILTIN" in u for u in recorded)
    assert optimized and all("_CALL_BUILTIN" not in u for u in optimized)
    assert all("_CALL_ORD_KNOWN" in u for u in optimized)


def test_math_sqrt_of_a_float_is_computed_inline(quack: Path, tmp_path: Path) -> None:
    """`math.sqrt(x)` where the trace knows math.sqrt (a module attribute it made a constant)
    becomes _CALL_MATH_SQRT_KNOWN (or _RAW, whose root a float operation takes unboxed) in
    norms()'s loop: no call, so no validity check after it.
    (A side trace that starts between the callable's load and the call does not know the
    callable.) Ints, subclasses, negative numbers, NaN, -0.0, wrong arities and math.sqrt
    rebound while hot print what CPython prints."""
    program = PROGRAMS / "hot_math_sqrt.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    first, loop = [u for _, fn, u in traces if fn == "norms"][1:3]
    for body in first, loop:  # the sum takes the root unboxed
        assert "_CALL_MATH_SQRT_RAW" in body and "_CALL_BUILTIN" not in body
    assert first.count("_CHECK_VALIDITY") == 1 and "_CHECK_VALIDITY" not in loop
    # int() takes the root boxed: the call's own form
    assert any("_CALL_MATH_SQRT_KNOWN" in u for _, fn, u in traces if fn.startswith("roots."))


def test_float_locals_are_written_into_the_box_they_own(quack: Path, tmp_path: Path) -> None:
    """A loop's float local that only float operations read keeps its box: the store writes
    the double into it (_STORE_FAST_FLOAT_INTO), in the first copy of the loop only once the
    trace made the box, and in the loop proper from its top. A local whose box is copied to
    another local, swapped, chained, read by locals() or stored in a dict never is; a store
    while its old box is on the stack neither. A tuple built and at once unpacked is a swap, so
    the values it assigns stay unboxed up to their stores. Exits and escapes print what CPython
    prints."""
    program = PROGRAMS / "hot_float_locals.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)

    def stores(fn: str, kind: str) -> list[int]:
        return [u.count("_STORE_FAST_FLOAT_INTO") for k, f, u in traces if f == fn and k == kind]

    # d = i * 0.5 - 3.0 makes a box (the int product's, reused); d = d * d writes into it.
    assert stores("after_the_loop", "optimized")[0] == 1
    assert stores("after_the_loop", "loop")[0] == 1
    assert stores("leaves_by_exits", "loop")[0] == 2  # a and acc
    assert stores("read_while_stored", "loop")[0] == 1  # a = a * 0.5 + 1.0, not the walrus
    # `zr, zi = ...` and `a, b, c = ...` build no tuple: a swap, then stores into both boxes.
    assert stores("pairs_assigned", "loop")[0] == 2 and stores("triples_assigned", "loop")[0] == 3
    loop = next(u for k, f, u in traces if f == "triples_assigned" and k == "loop")
    assert "_BUILD_TUPLE" not in loop and "_UNPACK_SEQUENCE_TUPLE" not in loop
    for fn in "copied_to_another_local", "swapped", "chained", "with_locals_snapshot":
        assert not any(stores(fn, "optimized") + stores(fn, "loop")), fn
    assert not any(stores("escapes_through_calls", "loop"))


def test_init_and_dunder_frames_return_without_guards(quack: Path, tmp_path: Path) -> None:
    """An __init__ the trace entered returns None and its instance is of the class checked
    before the call, itself a constant whose version the tree depends on rather than checks
    (_CHECK_CLASS_VERSION): in sums()'s loop no return is guarded (_GUARD_INIT_RESULT: neither
    the __init__'s nor __add__'s, whose result is a Vec), and __init__'s attribute stores guard
    no class and check nothing (appends to a new instance). __init__ returning an int, a dunder
    returning NotImplemented, an instance changing class in __init__, attributes set through
    another reference, a class changed under the loop and a class name rebound print what
    CPython prints."""
    program = PROGRAMS / "hot_init_frames.py"
    result, stats = checked(quack, program, tmp_path, "--dump-traces")
    loop = next(u for k, f, u in dumped_traces(result.stderr) if f == "sums" and k == "loop")
    # Both __init__ calls run on the caller's stack (frame elision).
    assert loop.count("_ENTER_ELIDED_INIT") == 2 and "_GUARD_INIT_RESULT" not in loop
    assert "_CHECK_CLASS_VERSION" not in loop  # Vec is a constant: the tree depends on it
    enter = loop.index("_ENTER_ELIDED_INIT")
    init = loop[enter : loop.index("_RETURN_ELIDED_INIT", enter)]
    # The stores append to the new instance: nothing is checked (_STORE_ATTR_INSTANCE_APPEND).
    assert init.count("_STORE_ATTR_INSTANCE_APPEND") == 2 and "_GUARD_TYPE_VERSION" not in init
    assert "_STORE_ATTR_INSTANCE_NEW" not in loop
    # A store through another reference, after a write or a call, is checked again.
    grown = [u for k, f, u in dumped_traces(result.stderr) if f == "grown" and k != "recorded"]
    assert any(
        "_STORE_ATTR_INSTANCE_NEW" in u and "_STORE_ATTR_INSTANCE_APPEND" in u for u in grown
    )
    assert stats["traces_invalidated"] > 0  # Vec.z = 5, and the class changes in __init__


def test_set_add_is_called_straight_before_any_method_variant(quack: Path, tmp_path: Path) -> None:
    """_CALL_METHOD_DESCR has two constant variants, tried in the order declared: set.add of one
    argument becomes _CALL_SET_ADD_KNOWN (collect()'s first traces, on an exact set), not the
    general _CALL_METHOD_DESCR_KNOWN. A set subclass, an override, an unhashable item and the
    unbound form print what CPython prints."""
    program = PROGRAMS / "hot_set_add.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    optimized = [u for kind, fn, u in traces if fn == "collect" and kind == "optimized"]
    assert optimized[0].count("_CALL_SET_ADD_KNOWN") == 2
    assert not any("_CALL_METHOD_DESCR_KNOWN" in u for u in optimized)


def test_an_operators_dunder_is_the_function_the_recording_entered(
    quack: Path, tmp_path: Path
) -> None:
    """A trace records BINARY_OP_PY_DUNDER's call as _BINARY_OP_PY_DUNDER_KNOWN, whose operand is
    the dunder the recorder saw it enter (pinned by the class guard before it): no trace looks a
    dunder up. NotImplemented, reflected methods, a dunder replaced and a __class__ changed while
    the site is hot, and operands of several types still print what CPython prints."""
    program = PROGRAMS / "hot_dunder_ops.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    recorded = [u for kind, _, u in traces if kind == "recorded"]
    assert sum(u.count("_BINARY_OP_PY_DUNDER_KNOWN") for u in recorded) >= 5
    assert not any("_BINARY_OP_PY_DUNDER" in u for u in recorded)


def test_a_method_knows_the_class_its_call_site_proved(quack: Path, tmp_path: Path) -> None:
    """LOAD_METHOD's self_or_null is its owner moved up a slot (`moved` in qk_uop_facts), and a
    call the trace follows makes it the method's self: in areas()'s loop the call site's class
    guard is the only one, where the recording has one for each of `self.w`, `self.h` and
    `self.scale` too. A subclass instance, a rebound class attribute, a __class__ changed inside
    the method and a replaced method each break that once hot, as CPython prints."""
    program = PROGRAMS / "hot_method_self.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    recorded = [u for kind, fn, u in traces if fn == "areas" and kind == "recorded"]
    loops = [u for kind, fn, u in traces if fn == "areas" and kind == "loop"]
    assert recorded and loops
    assert recorded[0].count("_GUARD_TYPE_VERSION") == 4
    assert all(u.count("_GUARD_TYPE_VERSION") == 1 and followed_calls(u) > 0 for u in loops)


def test_pair_loops_over_generic_iterators_step_and_unpack_at_once(
    quack: Path, tmp_path: Path
) -> None:
    """`for a, b in it` where tier 1 steps `it` generically (an enumerate, a zip, a dict's
    items): the trace's step and the UNPACK_SEQUENCE of two after it are one
    _FOR_ITER_UNPACK_PAIR, with no validity check between them; `for i, (a, b) in enumerate(...)`
    unpacks the inner pair as before. Errors of the unpack, an inner iterator that raises and one
    that stops and goes on print what CPython prints."""
    program = PROGRAMS / "hot_for_unpack_pair.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    fused = [
        (fn, u) for kind, fn, u in traces if kind != "recorded" and "_FOR_ITER_UNPACK_PAIR" in u
    ]
    assert {fn for fn, _ in fused} >= {"count_pairs", "nested", "flaky", "raising"}
    for _, uops in fused:
        at = uops.index("_FOR_ITER_UNPACK_PAIR")
        following = [u for u in uops[at + 1 : at + 3] if u != "_CHECK_VALIDITY"][:1]
        assert not any(u.startswith("_UNPACK_SEQUENCE") for u in following)
        assert "_FOR_ITER_TIER_TWO" not in uops
    nested = [u for fn, u in fused if fn == "nested"]
    assert all("_UNPACK_SEQUENCE_TUPLE" in u for u in nested)


def test_range_calls_the_trace_knows_make_the_range_at_once(quack: Path, tmp_path: Path) -> None:
    """`range(...)` where range is the builtin (a global the trace made a constant) becomes
    _CALL_RANGE_KNOWN, which makes a range of small int bounds without the call's dispatch, and
    with the GET_ITER of a for loop after it _CALL_RANGE_ITER, which makes the iterator alone:
    each range() call sums()'s traces record (all for loops) is the latter once optimized, with
    one, two and three arguments, and no GET_ITER or range iterator check is left; failures()'s
    `len(range(...))` is the former. Bounds that are not small ints go through the call (a big
    int, a bool, a float and a zero step that raise, in a for loop too), and range rebound while
    the loop is hot stops being one: the output is CPython's."""
    program = PROGRAMS / "hot_range_calls.py"
    result, _ = checked(quack, program, tmp_path, "--dump-traces")
    traces = dumped_traces(result.stderr)
    pairs = [
        (recorded, optimized)
        for (kind, fn, recorded), (_, _, optimized) in zip(traces, traces[1:], strict=False)
        if fn == "sums" and kind == "recorded"
    ]
    calls = [(r, o) for r, o in pairs if "_CALL_NOT_INLINED" in r]
    assert calls
    for recorded, optimized in calls:
        recorded_calls = recorded.count("_CALL_NOT_INLINED")
        assert "_CALL_NOT_INLINED" not in optimized
        assert "_CALL_RANGE_KNOWN" not in optimized
        assert optimized.count("_CALL_RANGE_ITER") == recorded_calls
        assert "_GET_ITER" not in optimized
        checks = recorded.count("_ITER_CHECK_RANGE") - recorded_calls
        assert optimized.count("_ITER_CHECK_RANGE") <= checks
    lengths = [
        optimized
        for (kind, fn, _), (_, _, optimized) in zip(traces, traces[1:], strict=False)
        if fn == "failures" and kind == "recorded"
    ]
    assert any("_CALL_RANGE_KNOWN" in optimized for optimized in lengths)
