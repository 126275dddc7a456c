"""Tests of the front end: bytecode shape, jumps, stack depth, constants, the image, the CLI's
errors, and every program of tests/programs run on a reference interpreter of the bytecode."""

from __future__ import annotations

import operator
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
OPCODE_LIB = ROOT / "out" / "x86_64" / "lib"
PROGRAMS = ROOT / "tests" / "programs"

# The front end imports the generated opcode table; these tests use the real one, never a stand-in.
if not (OPCODE_LIB / "quack_opcodes.py").is_file():
    pytest.fail(
        f"{OPCODE_LIB / 'quack_opcodes.py'} does not exist: run scons first to generate it",
        pytrace=False,
    )
sys.path.insert(0, str(OPCODE_LIB))

from frontend import opcodes  # noqa: E402
from frontend.codeobject import CodeObject  # noqa: E402
from frontend.compiler import compile_source  # noqa: E402
from frontend.dis import disassemble  # noqa: E402
from frontend.errors import CompileError  # noqa: E402
from frontend.image import MAGIC, Image, read_image, write_image  # noqa: E402
from frontend.instrs import INSTRUCTIONS, Arg, stack_effect  # noqa: E402


def dis(source: str) -> str:
    return disassemble(compile_source(source, "t.py"))


def listing(text: str) -> str:
    """Test expectations are written indented; strip that indentation."""
    return textwrap.dedent(text).strip("\n") + "\n"


# -- bytecode shape -------------------------------------------------------------------------------


def test_assignment_and_augmented_assignment() -> None:
    assert dis("x = y = 1\nx += y * 2\n") == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 3
             0     1  LOAD_CONST           0  (1)
             1     1  COPY                 1
             2     1  STORE_GLOBAL         0  (x)
             3     1  STORE_GLOBAL         1  (y)
             4     2  LOAD_GLOBAL          0  (x)
             6     2  LOAD_GLOBAL          1  (y)
             8     2  LOAD_CONST           1  (2)
             9     2  BINARY_OP            5  (*)
            11     2  BINARY_OP            0  (+)
            13     2  STORE_GLOBAL         0  (x)
            14     2  LOAD_CONST           2  (None)
            15     2  RETURN_VALUE
        """
    )


def test_function_locals_globals_and_for_loop() -> None:
    source = """\
def f(n):
    global g
    s = 0
    for i in range(n):
        s += i
    g = s
    return s
"""
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_CONST           0  (<code f>)
             1     1  MAKE_FUNCTION
             2     1  STORE_GLOBAL         0  (f)
             3     1  LOAD_CONST           1  (None)
             4     1  RETURN_VALUE

        code f line 1: argcount 1, nlocals 3, stacksize 3
             0     3  LOAD_CONST           0  (0)
             1     3  STORE_FAST           1  (s)
             2     4  LOAD_GLOBAL          0  (range)
             4     4  LOAD_FAST            0  (n)
             5     4  CALL                 1
             7     4  GET_ITER
             8     4  FOR_ITER             8  (to 17)
             9     4  STORE_FAST           2  (i)
            10     5  LOAD_FAST            1  (s)
            11     5  LOAD_FAST            2  (i)
            12     5  BINARY_OP            0  (+)
            14     5  STORE_FAST           1  (s)
            15     4  JUMP_BACKWARD        9  (to 8)
            17     4  END_FOR
            18     6  LOAD_FAST            1  (s)
            19     6  STORE_GLOBAL         1  (g)
            20     7  LOAD_FAST            1  (s)
            21     7  RETURN_VALUE
            22     7  LOAD_CONST           1  (None)
            23     7  RETURN_VALUE
        """
    )


def test_while_with_break_continue_and_else() -> None:
    source = """\
while x:
    if y:
        continue
    break
else:
    z = 1
"""
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_GLOBAL          0  (x)
             2     1  TO_BOOL
             3     1  POP_JUMP_IF_FALSE    9  (to 13)
             4     2  LOAD_GLOBAL          1  (y)
             6     2  TO_BOOL
             7     2  POP_JUMP_IF_FALSE    2  (to 10)
             8     3  JUMP_BACKWARD       10  (to 0)
            10     4  JUMP_FORWARD         4  (to 15)
            11     1  JUMP_BACKWARD       13  (to 0)
            13     6  LOAD_CONST           0  (1)
            14     6  STORE_GLOBAL         2  (z)
            15     1  LOAD_CONST           1  (None)
            16     1  RETURN_VALUE
        """
    )


def test_for_break_pops_the_iterator_and_skips_else() -> None:
    source = """\
for i in r:
    if i:
        break
    x = i
else:
    x = 0
"""
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 2
             0     1  LOAD_GLOBAL          0  (r)
             2     1  GET_ITER
             3     1  FOR_ITER            12  (to 16)
             4     1  STORE_GLOBAL         1  (i)
             5     2  LOAD_GLOBAL          1  (i)
             7     2  TO_BOOL
             8     2  POP_JUMP_IF_FALSE    2  (to 11)
             9     3  POP_TOP
            10     3  JUMP_FORWARD         8  (to 19)
            11     4  LOAD_GLOBAL          1  (i)
            13     4  STORE_GLOBAL         2  (x)
            14     1  JUMP_BACKWARD       13  (to 3)
            16     1  END_FOR
            17     6  LOAD_CONST           0  (0)
            18     6  STORE_GLOBAL         2  (x)
            19     1  LOAD_CONST           1  (None)
            20     1  RETURN_VALUE
        """
    )


def test_constant_conditions_are_folded() -> None:
    text = dis("while True:\n    x = 1\n")
    assert "POP_JUMP" not in text and "TO_BOOL" not in text


def test_bool_op_in_value_context_tests_a_copy() -> None:
    assert dis("x = a and b < c or d\n") == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 2
             0     1  LOAD_GLOBAL          0  (a)
             2     1  COPY                 1
             3     1  TO_BOOL
             4     1  POP_JUMP_IF_FALSE    7  (to 12)
             5     1  POP_TOP
             6     1  LOAD_GLOBAL          1  (b)
             8     1  LOAD_GLOBAL          2  (c)
            10     1  COMPARE_OP           0  (<)
            12     1  COPY                 1
            13     1  TO_BOOL
            14     1  POP_JUMP_IF_TRUE     3  (to 18)
            15     1  POP_TOP
            16     1  LOAD_GLOBAL          3  (d)
            18     1  STORE_GLOBAL         4  (x)
            19     1  LOAD_CONST           0  (None)
            20     1  RETURN_VALUE
        """
    )


def test_comparison_results_need_no_to_bool() -> None:
    text = dis("if a < b:\n    pass\nif not a:\n    pass\n")
    assert text.count("TO_BOOL") == 1
    assert "UNARY_NOT" not in text  # `not` in a condition just inverts the jump


def test_chained_comparison_as_condition() -> None:
    assert dis("if a < b <= c:\n    x = 1\n") == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 4
             0     1  LOAD_GLOBAL          0  (a)
             2     1  LOAD_GLOBAL          1  (b)
             4     1  COPY                 2
             5     1  COPY                 2
             6     1  COMPARE_OP           0  (<)
             8     1  POP_JUMP_IF_FALSE    7  (to 16)
             9     1  LOAD_GLOBAL          2  (c)
            11     1  COMPARE_OP           1  (<=)
            13     1  POP_JUMP_IF_FALSE    3  (to 17)
            14     1  POP_TOP
            15     1  JUMP_FORWARD         3  (to 19)
            16     1  POP_TOP
            17     1  POP_TOP
            18     1  JUMP_FORWARD         2  (to 21)
            19     2  LOAD_CONST           0  (1)
            20     2  STORE_GLOBAL         3  (x)
            21     1  LOAD_CONST           1  (None)
            22     1  RETURN_VALUE
        """
    )


def test_negative_literal_is_folded_to_the_most_negative_int() -> None:
    code = compile_source("x = -4611686018427387904\ny = -z\n", "t.py")
    assert code.consts[0] == -(1 << 62)
    assert "UNARY_NEGATIVE" in disassemble(code)


# -- jumps and stack depth ------------------------------------------------------------------------


def instructions(code: CodeObject) -> list[tuple[int, str, int, int]]:
    """(offset, name, oparg, end offset) of every instruction."""
    out = []
    offset = 0
    while offset < len(code.code):
        name = opcodes.OPNAMES[code.code[offset] & 0xFF]
        end = offset + opcodes.size(name)
        out.append((offset, name, code.code[offset] >> 8, end))
        offset = end
    return out


def code_objects(code: CodeObject) -> list[CodeObject]:
    nested = [const for const in code.consts if isinstance(const, CodeObject)]
    return [code, *(c for const in nested for c in code_objects(const))]


def program_paths() -> list[Path]:
    return sorted(PROGRAMS.glob("*.py"))


@pytest.mark.parametrize("path", program_paths(), ids=lambda p: p.name)
def test_jump_targets_are_instructions_and_loops_are_well_formed(path: Path) -> None:
    for code in code_objects(compile_source(path.read_bytes(), str(path))):
        instrs = instructions(code)
        names = {offset: name for offset, name, _, _ in instrs}
        for offset, name, oparg, end in instrs:
            arg = INSTRUCTIONS[name].arg
            if arg is Arg.JUMP_FORWARD:
                assert end + oparg in names, (code.name, offset)
            if arg is Arg.JUMP_BACKWARD:
                assert names.get(end - oparg) is not None, (code.name, offset)
                assert end - oparg < offset
            if name == "FOR_ITER":
                assert names[end + oparg] == "END_FOR"
            if name in ("POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE"):
                before = instrs[instrs.index((offset, name, oparg, end)) - 1][1]
                assert before in ("TO_BOOL", "COMPARE_OP", "UNARY_NOT", "LOAD_CONST")
            # Caches are zero units repeating their instruction's line.
            assert code.code[offset + 1 : end] == [0] * (end - offset - 1)
            assert set(code.lines[offset:end]) == {code.lines[offset]}
        assert instrs[-1][1] == "RETURN_VALUE"


@pytest.mark.parametrize(
    ("source", "depth"),
    [
        ("pass\n", 1),
        ("print(1, 2, 3)\n", 4),
        ("x = f(a, g(b, c), d)\n", 5),
        ("for i in r:\n    for j in s:\n        print(i + j)\n", 5),
        ("x = a < b < c < d\n", 5),
    ],
)
def test_stack_depth(source: str, depth: int) -> None:
    assert compile_source(source, "t.py").stacksize == depth


def test_stack_effects_match_the_instruction_definitions() -> None:
    """Each instruction's fall-through effect, from its signature in uop_defs (macros through
    their micro-op), with oparg 3 standing in for array sizes."""
    defs = (ROOT / "uop_defs" / "instructions.uops").read_text()
    signatures = dict(re.findall(r"^(?:inst|op)\((\w+), \((.*?)\)\)", defs, re.MULTILINE))
    for macro, parts in re.findall(r"^macro\((\w+)\) = (.*?);", defs, re.MULTILINE):
        ops = [p.strip() for p in parts.split("+") if "/" not in p]
        assert len(ops) == 1
        signatures[macro] = signatures[ops[0]]

    def count(items: str) -> int:
        total = 0
        for item in filter(None, (i.strip() for i in items.split(","))):
            if "/" in item:  # an inline cache entry, not a stack item
                continue
            size = re.fullmatch(r"\w+\[(.*)\]", item)
            total += eval(size.group(1), {"oparg": 3}) if size else 1
        return total

    for name in INSTRUCTIONS:
        inputs, outputs = signatures[name].split("--")
        assert stack_effect(name, 3, jump=False) == count(outputs) - count(inputs), name


def test_instruction_table_covers_the_generated_opcodes() -> None:
    table = __import__("quack_opcodes")
    # ENTER_EXECUTOR only ever appears at run time, written over a JUMP_BACKWARD.
    assert set(INSTRUCTIONS) == set(table.OPCODES) - {"ENTER_EXECUTOR"}
    jumps = {name for name, info in INSTRUCTIONS.items() if info.jump_effect is not None}
    assert jumps == set(table.HAS_JUMP) - {"ENTER_EXECUTOR"}


# -- constants and the image ----------------------------------------------------------------------


def test_constants_are_deduplicated_by_type_and_value() -> None:
    code = compile_source('a = 1\nb = True\nc = 1\nd = "1"\ne = True\nf = None\n', "t.py")
    assert code.consts == [1, True, "1", None]
    assert [type(c) for c in code.consts] == [int, bool, str, type(None)]


def test_image_round_trip() -> None:
    module = compile_source((PROGRAMS / "fibonacci.py").read_bytes(), "fibonacci.py")
    data = write_image(Image(opcodes.DIGEST, "fibonacci.py", module))
    assert data.startswith(MAGIC + (1).to_bytes(4, "little"))
    image = read_image(data)
    assert (image.digest, image.filename) == (opcodes.DIGEST, "fibonacci.py")
    assert disassemble(image.module) == disassemble(module)
    assert write_image(image) == data


def test_image_header_layout() -> None:
    data = write_image(Image("dg", "f.py", compile_source("", "f.py")))
    expected = (
        MAGIC
        + (1).to_bytes(4, "little")
        + (2).to_bytes(4, "little")
        + b"dg"
        + (4).to_bytes(4, "little")
        + b"f.py"
        + (8).to_bytes(4, "little")
        + b"<module>"
    )
    assert data.startswith(expected)


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(OPCODE_LIB), str(ROOT)]))
    return subprocess.run(
        [sys.executable, "-m", "frontend", *args], capture_output=True, cwd=cwd, env=env
    )


def test_cli_writes_the_same_image_to_stdout_and_to_a_file(tmp_path: Path) -> None:
    program = str(PROGRAMS / "gcd.py")
    stdout = run_cli(program)
    dash = run_cli(program, "-o", "-")
    to_file = run_cli(program, "-o", str(tmp_path / "gcd.qkimg"))
    assert stdout.returncode == dash.returncode == to_file.returncode == 0
    assert stdout.stdout == dash.stdout == (tmp_path / "gcd.qkimg").read_bytes()
    assert read_image(stdout.stdout).filename == program


def test_cli_disassembles_sources_and_images(tmp_path: Path) -> None:
    program = str(PROGRAMS / "gcd.py")
    assert run_cli(program, "-o", str(tmp_path / "g.qkimg")).returncode == 0
    from_source = run_cli("--dis", program)
    from_image = run_cli("--dis", str(tmp_path / "g.qkimg"))
    assert from_source.returncode == from_image.returncode == 0
    assert from_source.stdout == from_image.stdout
    assert b"code gcd line 2: argcount 2, nlocals 3" in from_source.stdout


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("x = 1.5\n", "1:5: unsupported: float literal"),
        ("f = lambda: 1\n", "1:5: unsupported: lambda"),
        ("def f():\n    def g():\n        pass\n", "2:5: unsupported: nested function"),
        ("def f(a=1):\n    pass\n", "1:9: unsupported: default parameter value"),
        ("f(x=1)\n", "1:3: unsupported: keyword argument"),
        ("class C:\n    pass\n", "1:1: unsupported: class definition"),
        ("try:\n    pass\nexcept E:\n    pass\n", "1:1: unsupported: try statement"),
        ("x = [i for i in r]\n", "1:5: unsupported: list comprehension"),
        ("a, b = c\n", "1:1: unsupported: assignment to tuple"),
        ("x.y = 1\n", "1:1: unsupported: assignment to attribute access"),
        (
            "x = 1 << 62\ny = 4611686018427387904\n",
            "2:5: unsupported: integer literal outside the 63-bit range",
        ),
        ("if a is None:\n    pass\n", "1:4: unsupported: 'is' comparison"),
        ("x = +y\n", "1:5: unsupported: unary +"),
        ("import os\n", "1:1: unsupported: import"),
    ],
)
def test_unsupported_constructs(tmp_path: Path, source: str, message: str) -> None:
    path = tmp_path / "prog.py"
    path.write_text(source)
    result = run_cli("prog.py", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == b""
    assert result.stderr.decode() == f"prog.py:{message}\n"


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("x = (1\n", "1:5: error: '(' was never closed"),
        ("x = = 1\n", "1:5: error: invalid syntax"),
        ("break\n", "1:1: error: 'break' outside loop"),
        (
            "def f():\n    x = 1\n    global x\n",
            "3:5: error: name 'x' is assigned to before global declaration",
        ),
    ],
)
def test_syntax_errors(tmp_path: Path, source: str, message: str) -> None:
    path = tmp_path / "bad.py"
    path.write_text(source)
    result = run_cli(str(path))
    assert result.returncode == 1
    assert result.stderr.decode() == f"{path}:{message}\n"


def test_compile_error_is_an_exception_with_a_location() -> None:
    with pytest.raises(CompileError) as caught:
        compile_source("x = 1\nwhile x:\n    y = {}\n", "p.py")
    assert caught.value.format("p.py") == "p.py:3:9: unsupported: dict display"


def test_usage_and_file_errors(tmp_path: Path) -> None:
    assert run_cli().returncode == 2
    assert run_cli("--bogus", "x.py").returncode == 2
    missing = run_cli(str(tmp_path / "missing.py"))
    assert missing.returncode == 1
    expected = f"{tmp_path / 'missing.py'}: error: No such file or directory\n"
    assert missing.stderr.decode() == expected
    assert b"Traceback" not in missing.stderr


# -- programs on a reference interpreter ----------------------------------------------------------


class Function:
    def __init__(self, code: CodeObject) -> None:
        self.code = code


class ReferenceVM:
    """A direct interpreter of quack bytecode on Python values, asserting the invariants the
    runtime relies on: stack depth within stacksize, bools before conditional jumps, iterators
    under FOR_ITER and END_FOR."""

    def __init__(self, out: list[str]) -> None:
        self.globals: dict[str, object] = {}
        self.builtins: dict[str, object] = {
            "print": lambda *args: out.append(" ".join(str(a) for a in args)),
            "range": range,
        }
        binary = {
            "ADD": operator.add,
            "AND": operator.and_,
            "FLOOR_DIVIDE": operator.floordiv,
            "LSHIFT": operator.lshift,
            "MATRIX_MULTIPLY": operator.matmul,
            "MULTIPLY": operator.mul,
            "REMAINDER": operator.mod,
            "OR": operator.or_,
            "POWER": operator.pow,
            "RSHIFT": operator.rshift,
            "SUBTRACT": operator.sub,
            "TRUE_DIVIDE": operator.truediv,
            "XOR": operator.xor,
        }
        compare = {
            "LT": operator.lt,
            "LE": operator.le,
            "EQ": operator.eq,
            "NE": operator.ne,
            "GT": operator.gt,
            "GE": operator.ge,
        }
        self.binary: dict[int, Callable[[Any, Any], Any]] = {
            n: binary[name] for name, n in _opargs("BINARY_OP").items()
        }
        self.compare: dict[int, Callable[[Any, Any], Any]] = {
            n: compare[name] for name, n in _opargs("COMPARE_OP").items()
        }

    def call(self, func: object, args: list[object]) -> object:
        if not isinstance(func, Function):
            assert callable(func)
            return func(*args)
        code = func.code
        if len(args) != code.argcount:
            raise TypeError(
                f"{code.name}() takes {code.argcount} positional arguments but {len(args)} "
                "were given"
            )
        return self.run(code, args + [None] * (code.nlocals - code.argcount))

    def run(self, code: CodeObject, fast: list[object]) -> object:
        decoded = {off: (name, arg, end) for off, name, arg, end in instructions(code)}
        stack: list[object] = []
        pc = 0
        while True:
            name, arg, end = decoded[pc]
            pc = end
            if name == "LOAD_CONST":
                stack.append(code.consts[arg])
            elif name == "LOAD_FAST":
                stack.append(fast[arg])
            elif name == "STORE_FAST":
                fast[arg] = stack.pop()
            elif name == "LOAD_GLOBAL":
                key = code.names[arg]
                if key in self.globals:
                    stack.append(self.globals[key])
                elif key in self.builtins:
                    stack.append(self.builtins[key])
                else:
                    raise NameError(f"name '{key}' is not defined")
            elif name == "STORE_GLOBAL":
                self.globals[code.names[arg]] = stack.pop()
            elif name == "POP_TOP":
                stack.pop()
            elif name == "COPY":
                stack.append(stack[-arg])
            elif name == "BINARY_OP":
                rhs = stack.pop()
                stack.append(self.binary[arg](stack.pop(), rhs))
            elif name == "COMPARE_OP":
                rhs = stack.pop()
                result = self.compare[arg](stack.pop(), rhs)
                assert type(result) is bool
                stack.append(result)
            elif name == "UNARY_NEGATIVE":
                stack.append(-stack.pop())  # type: ignore[operator]
            elif name == "UNARY_INVERT":
                stack.append(~stack.pop())  # type: ignore[operator]
            elif name == "UNARY_NOT":
                value = stack.pop()
                assert type(value) is bool
                stack.append(not value)
            elif name == "TO_BOOL":
                stack.append(bool(stack.pop()))
            elif name in ("POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE"):
                cond = stack.pop()
                assert type(cond) is bool, f"{name} of a non-bool in {code.name} at {pc}"
                if cond == (name == "POP_JUMP_IF_TRUE"):
                    pc += arg
            elif name == "JUMP_FORWARD":
                pc += arg
            elif name == "JUMP_BACKWARD":
                pc -= arg
            elif name == "GET_ITER":
                stack.append(iter(stack.pop()))  # type: ignore[call-overload]
            elif name == "FOR_ITER":
                try:
                    stack.append(next(stack[-1]))  # type: ignore[call-overload]
                except StopIteration:
                    pc += arg
                    assert decoded[pc][0] == "END_FOR"
            elif name == "END_FOR":
                assert hasattr(stack.pop(), "__next__")
            elif name == "MAKE_FUNCTION":
                function_code = stack.pop()
                assert isinstance(function_code, CodeObject)
                stack.append(Function(function_code))
            elif name == "CALL":
                args = stack[len(stack) - arg :]
                del stack[len(stack) - arg :]
                stack.append(self.call(stack.pop(), args))
            elif name == "RETURN_VALUE":
                return stack.pop()
            else:
                raise AssertionError(f"unexpected instruction {name}")
            assert len(stack) <= code.stacksize, f"{code.name}: stack beyond {code.stacksize}"


def _opargs(instruction: str) -> dict[str, int]:
    table: dict[str, int] = __import__("quack_opcodes").OPARGS[instruction]
    return table


def cpython(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(path)], capture_output=True, text=True)


@pytest.mark.parametrize("path", program_paths(), ids=lambda p: p.name)
def test_program_runs_like_cpython(path: Path) -> None:
    expected = cpython(path)
    assert expected.returncode == 0
    out: list[str] = []
    vm = ReferenceVM(out)
    vm.run(compile_source(path.read_bytes(), str(path)), [])
    assert "".join(line + "\n" for line in out) == expected.stdout


@pytest.mark.parametrize("path", sorted((PROGRAMS / "errors").glob("*.py")), ids=lambda p: p.name)
def test_error_program_fails_like_cpython(path: Path) -> None:
    expected = cpython(path)
    assert expected.returncode == 1
    out: list[str] = []
    with pytest.raises(Exception) as caught:
        ReferenceVM(out).run(compile_source(path.read_bytes(), str(path)), [])
    last_line = expected.stderr.strip().splitlines()[-1]
    assert f"{type(caught.value).__name__}: {caught.value}" == last_line
    assert "".join(line + "\n" for line in out) == expected.stdout


def test_enough_programs() -> None:
    assert len(program_paths()) >= 12
    assert len(list((PROGRAMS / "errors").glob("*.py"))) == 3
