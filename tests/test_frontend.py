"""Tests of the front end's own output: bytecode shape, jumps, stack depth, constants, the image
and the CLI's errors. Running the programs is tests/test_programs.py's job, on the real
interpreter against CPython."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator.targets import host_target

ROOT = Path(__file__).resolve().parent.parent
OPCODE_LIB = ROOT / "out" / host_target().name / "lib"
PROGRAMS = ROOT / "tests" / "programs"

# The front end imports the generated opcode table; these tests use the real one, never a stand-in.
if not (OPCODE_LIB / "quack_opcodes.py").is_file():
    pytest.fail(
        f"{OPCODE_LIB / 'quack_opcodes.py'} does not exist: run scons first to generate it",
        pytrace=False,
    )
sys.path.insert(0, str(OPCODE_LIB))

from frontend import opcodes  # noqa: E402
from frontend.carets import NO_CARETS  # noqa: E402
from frontend.codeobject import (  # noqa: E402
    FLAG_GENERATOR,
    FLAG_VARARGS,
    FLAG_VARKEYWORDS,
    CodeObject,
)
from frontend.compiler import compile_source  # noqa: E402
from frontend.dis import disassemble  # noqa: E402
from frontend.errors import CompileError  # noqa: E402
from frontend.image import MAGIC, Image, Module, read_image, write_image  # noqa: E402
from frontend.instrs import EMITTABLE, Arg, arg_kind, stack_effect  # noqa: E402


def dis(source: str) -> str:
    return disassemble(compile_source(source, "t.py"))


def listing(text: str) -> str:
    """Test expectations are written indented; strip that indentation."""
    return textwrap.dedent(text).strip("\n") + "\n"


# -- bytecode shape -------------------------------------------------------------------------------


def test_assignment_and_augmented_assignment() -> None:
    source = "x = y = 1\nx += y * 2\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 3
             0     1  LOAD_CONST               0  (1)
             1     1  COPY                     1
             2     1  STORE_GLOBAL             0  (x)
             3     1  STORE_GLOBAL             1  (y)
             4     2  LOAD_GLOBAL              0  (x)
             7     2  LOAD_GLOBAL              1  (y)
            10     2  LOAD_CONST               1  (2)
            11     2  BINARY_OP                5  (*)
            14     2  BINARY_OP               13  (+=)
            17     2  STORE_GLOBAL             0  (x)
            18     2  LOAD_CONST               2  (None)
            19     2  RETURN_VALUE
        """
    )


@pytest.mark.parametrize(
    "symbol", ["+", "&", "//", "<<", "@", "*", "%", "|", "**", ">>", "-", "/", "^"]
)
def test_augmented_assignment_uses_the_in_place_oparg(symbol: str) -> None:
    """`x += 1`, `a.b -= 2`, `d[k] *= 3`, `s[i:j] |= t`: the in-place form of BINARY_OP, which
    may update a mutable operand; the binary form stays for `x = x + 1`."""
    in_place = opcodes.OPARG_SYMBOLS["BINARY_OP"][symbol + "="]
    plain = opcodes.OPARG_SYMBOLS["BINARY_OP"][symbol]
    assert in_place != plain
    for target in ("x", "o.a", "d[k]", "s[i:j]"):
        code = compile_source(f"{target} {symbol}= y\nz = x {symbol} y\n", "t.py")
        opargs = [oparg for _, name, oparg, _ in instructions(code) if name == "BINARY_OP"]
        assert opargs == [in_place, plain], target


def test_function_locals_globals_and_for_loop() -> None:
    source = (
        "def f(n):\n"
        "    global g\n"
        "    s = 0\n"
        "    for i in range(n):\n"
        "        s += i\n"
        "    g = s\n"
        "    return s\n"
    )
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_CONST               0  (<code f>)
             1     1  MAKE_FUNCTION
             2     1  STORE_GLOBAL             0  (f)
             3     1  LOAD_CONST               1  (None)
             4     1  RETURN_VALUE

        code f line 1: argcount 1, nlocals 3, stacksize 3
             0     3  LOAD_CONST               0  (0)
             1     3  STORE_FAST               1  (s)
             2     4  LOAD_GLOBAL              0  (range)
             5     4  PUSH_NULL
             6     4  LOAD_FAST                0  (n)
             7     4  CALL                     1
            10     4  GET_ITER
            11     4  FOR_ITER                 9  (to 22)
            13     4  STORE_FAST               2  (i)
            14     5  LOAD_FAST                1  (s)
            15     5  LOAD_FAST                2  (i)
            16     5  BINARY_OP               13  (+=)
            19     5  STORE_FAST               1  (s)
            20     4  JUMP_BACKWARD           11  (to 11)
            22     4  END_FOR
            23     6  LOAD_FAST                1  (s)
            24     6  STORE_GLOBAL             1  (g)
            25     7  LOAD_FAST                1  (s)
            26     7  RETURN_VALUE
            27     7  LOAD_CONST               1  (None)
            28     7  RETURN_VALUE
        """
    )


def test_while_with_break_continue_and_else() -> None:
    source = "while x:\n    if y:\n        continue\n    break\nelse:\n    z = 1\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_GLOBAL              0  (x)
             3     1  TO_BOOL
             5     1  POP_JUMP_IF_FALSE       11  (to 17)
             6     2  LOAD_GLOBAL              1  (y)
             9     2  TO_BOOL
            11     2  POP_JUMP_IF_FALSE        2  (to 14)
            12     3  JUMP_BACKWARD           14  (to 0)
            14     4  JUMP_FORWARD             4  (to 19)
            15     1  JUMP_BACKWARD           17  (to 0)
            17     6  LOAD_CONST               0  (1)
            18     6  STORE_GLOBAL             2  (z)
            19     1  LOAD_CONST               1  (None)
            20     1  RETURN_VALUE
        """
    )


def test_for_break_pops_the_iterator_and_skips_else() -> None:
    source = "for i in r:\n    if i:\n        break\n    x = i\nelse:\n    x = 0\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 2
             0     1  LOAD_GLOBAL              0  (r)
             3     1  GET_ITER
             4     1  FOR_ITER                15  (to 21)
             6     1  STORE_GLOBAL             1  (i)
             7     2  LOAD_GLOBAL              1  (i)
            10     2  TO_BOOL
            12     2  POP_JUMP_IF_FALSE        2  (to 15)
            13     3  POP_TOP
            14     3  JUMP_FORWARD             9  (to 24)
            15     4  LOAD_GLOBAL              1  (i)
            18     4  STORE_GLOBAL             2  (x)
            19     1  JUMP_BACKWARD           17  (to 4)
            21     1  END_FOR
            22     6  LOAD_CONST               0  (0)
            23     6  STORE_GLOBAL             2  (x)
            24     1  LOAD_CONST               1  (None)
            25     1  RETURN_VALUE
        """
    )


def test_bool_op_in_value_context_tests_a_copy() -> None:
    source = "x = a and b < c or d\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 2
             0     1  LOAD_GLOBAL              0  (a)
             3     1  COPY                     1
             4     1  TO_BOOL
             6     1  POP_JUMP_IF_FALSE        9  (to 16)
             7     1  POP_TOP
             8     1  LOAD_GLOBAL              1  (b)
            11     1  LOAD_GLOBAL              2  (c)
            14     1  COMPARE_OP               0  (<)
            16     1  COPY                     1
            17     1  TO_BOOL
            19     1  POP_JUMP_IF_TRUE         4  (to 24)
            20     1  POP_TOP
            21     1  LOAD_GLOBAL              3  (d)
            24     1  STORE_GLOBAL             4  (x)
            25     1  LOAD_CONST               0  (None)
            26     1  RETURN_VALUE
        """
    )


def test_chained_comparison_as_condition() -> None:
    source = "if a < b <= c:\n    x = 1\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 4
             0     1  LOAD_GLOBAL              0  (a)
             3     1  LOAD_GLOBAL              1  (b)
             6     1  COPY                     2
             7     1  COPY                     2
             8     1  COMPARE_OP               0  (<)
            10     1  TO_BOOL
            12     1  POP_JUMP_IF_FALSE       10  (to 23)
            13     1  LOAD_GLOBAL              2  (c)
            16     1  COMPARE_OP               1  (<=)
            18     1  TO_BOOL
            20     1  POP_JUMP_IF_FALSE        3  (to 24)
            21     1  POP_TOP
            22     1  JUMP_FORWARD             3  (to 26)
            23     1  POP_TOP
            24     1  POP_TOP
            25     1  JUMP_FORWARD             2  (to 28)
            26     2  LOAD_CONST               0  (1)
            27     2  STORE_GLOBAL             3  (x)
            28     1  LOAD_CONST               1  (None)
            29     1  RETURN_VALUE
        """
    )


def test_closure_cells_free_variables_defaults_and_keyword_only_defaults() -> None:
    source = (
        "def counter():\n"
        "    n = 0\n"
        "    def bump(step=1, *, by=2):\n"
        "        nonlocal n\n"
        "        n += step * by\n"
        "        return n\n"
        "    return bump\n"
    )
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_CONST               0  (<code counter>)
             1     1  MAKE_FUNCTION
             2     1  STORE_GLOBAL             0  (counter)
             3     1  LOAD_CONST               1  (None)
             4     1  RETURN_VALUE

        code counter line 1: argcount 0, nlocals 2, stacksize 4
             0     1  MAKE_CELL                1  (n)
             1     2  LOAD_CONST               0  (0)
             2     2  STORE_DEREF              1  (n)
             3     3  LOAD_CONST               1  (1)
             4     3  BUILD_TUPLE              1
             5     3  LOAD_CONST               2  ('by')
             6     3  LOAD_CONST               3  (2)
             7     3  BUILD_MAP                1
             8     3  LOAD_CLOSURE             1  (n)
             9     3  BUILD_TUPLE              1
            10     3  LOAD_CONST               4  (<code bump>)
            11     3  MAKE_FUNCTION
            12     3  SET_FUNCTION_ATTRIBUTE   2  (closure)
            13     3  SET_FUNCTION_ATTRIBUTE   1  (kwdefaults)
            14     3  SET_FUNCTION_ATTRIBUTE   0  (defaults)
            15     3  STORE_FAST               0  (bump)
            16     7  LOAD_FAST                0  (bump)
            17     7  RETURN_VALUE
            18     7  LOAD_CONST               5  (None)
            19     7  RETURN_VALUE
          cells: n

        code bump line 3: argcount 1, kwonly 1, nlocals 3, stacksize 3
             0     3  COPY_FREE_VARS           1
             1     5  LOAD_DEREF               2  (n)
             2     5  LOAD_FAST                0  (step)
             3     5  LOAD_FAST                1  (by)
             4     5  BINARY_OP                5  (*)
             7     5  BINARY_OP               13  (+=)
            10     5  STORE_DEREF              2  (n)
            11     6  LOAD_DEREF               2  (n)
            12     6  RETURN_VALUE
            13     6  LOAD_CONST               0  (None)
            14     6  RETURN_VALUE
          frees: n
        """
    )


def test_calls_with_star_arguments_keywords_and_methods() -> None:
    source = "f(a, *b, c, k=1, **m)\no.m(x, y=2)\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 5
             0     1  LOAD_GLOBAL              0  (f)
             3     1  PUSH_NULL
             4     1  LOAD_GLOBAL              1  (a)
             7     1  BUILD_LIST               1
             8     1  LOAD_GLOBAL              2  (b)
            11     1  LIST_EXTEND              1
            12     1  LOAD_GLOBAL              3  (c)
            15     1  LIST_APPEND              1
            16     1  LIST_TO_TUPLE
            17     1  LOAD_CONST               0  ('k')
            18     1  LOAD_CONST               1  (1)
            19     1  BUILD_MAP                1
            20     1  LOAD_GLOBAL              4  (m)
            23     1  DICT_MERGE               1
            24     1  CALL_FUNCTION_EX
            25     1  POP_TOP
            26     2  LOAD_GLOBAL              5  (o)
            29     2  LOAD_METHOD              4  (m)
            35     2  LOAD_GLOBAL              6  (x)
            38     2  LOAD_CONST               2  (2)
            39     2  LOAD_CONST               3  (('y',))
            40     2  CALL_KW                  2
            43     2  POP_TOP
            44     2  LOAD_CONST               4  (None)
            45     2  RETURN_VALUE
        """
    )


def test_try_except_else_with_as_cleanup_and_exception_table() -> None:
    source = "try:\n    f()\nexcept (E, F) as e:\n    g(e)\nexcept G:\n    pass\nelse:\n    h()\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 4
             0     2  LOAD_GLOBAL              0  (f)
             3     2  PUSH_NULL
             4     2  CALL                     0
             7     2  POP_TOP
             8     8  LOAD_GLOBAL              1  (h)
            11     8  PUSH_NULL
            12     8  CALL                     0
            15     8  POP_TOP
            16     1  JUMP_FORWARD            43  (to 60)
            17     1  PUSH_EXC_INFO
            18     3  LOAD_GLOBAL              2  (E)
            21     3  LOAD_GLOBAL              3  (F)
            24     3  BUILD_TUPLE              2
            25     3  CHECK_EXC_MATCH
            26     3  POP_JUMP_IF_FALSE       21  (to 48)
            27     3  STORE_GLOBAL             4  (e)
            28     4  LOAD_GLOBAL              5  (g)
            31     4  PUSH_NULL
            32     4  LOAD_GLOBAL              4  (e)
            35     4  CALL                     1
            38     4  POP_TOP
            39     3  POP_EXCEPT
            40     3  LOAD_CONST               0  (None)
            41     3  STORE_GLOBAL             4  (e)
            42     3  DELETE_GLOBAL            4  (e)
            43     3  JUMP_FORWARD            16  (to 60)
            44     3  LOAD_CONST               0  (None)
            45     3  STORE_GLOBAL             4  (e)
            46     3  DELETE_GLOBAL            4  (e)
            47     3  RERAISE
            48     5  LOAD_GLOBAL              6  (G)
            51     5  CHECK_EXC_MATCH
            52     5  POP_JUMP_IF_FALSE        3  (to 56)
            53     5  POP_TOP
            54     5  POP_EXCEPT
            55     5  JUMP_FORWARD             4  (to 60)
            56     1  RERAISE
            57     1  SWAP                     2
            58     1  POP_EXCEPT
            59     1  RERAISE
            60     1  LOAD_CONST               0  (None)
            61     1  RETURN_VALUE
          exception table:
            0 to 8 -> 17 [0]
            17 to 28 -> 57 [1]
            28 to 39 -> 44 [1]
            44 to 54 -> 57 [1]
            56 to 57 -> 57 [1]
        """
    )


def test_return_through_finally_in_a_loop() -> None:
    source = (
        "def f():\n"
        "    for x in r:\n"
        "        try:\n"
        "            return g(x)\n"
        "        finally:\n"
        "            h()\n"
    )
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_CONST               0  (<code f>)
             1     1  MAKE_FUNCTION
             2     1  STORE_GLOBAL             0  (f)
             3     1  LOAD_CONST               1  (None)
             4     1  RETURN_VALUE

        code f line 1: argcount 0, nlocals 1, stacksize 5
             0     2  LOAD_GLOBAL              0  (r)
             3     2  GET_ITER
             4     2  FOR_ITER                42  (to 48)
             6     2  STORE_FAST               0  (x)
             7     4  LOAD_GLOBAL              1  (g)
            10     4  PUSH_NULL
            11     4  LOAD_FAST                0  (x)
            12     4  CALL                     1
            15     6  LOAD_GLOBAL              2  (h)
            18     6  PUSH_NULL
            19     6  CALL                     0
            22     6  POP_TOP
            23     4  RETURN_VALUE
            24     6  LOAD_GLOBAL              2  (h)
            27     6  PUSH_NULL
            28     6  CALL                     0
            31     6  POP_TOP
            32     3  JUMP_FORWARD            13  (to 46)
            33     3  PUSH_EXC_INFO
            34     6  LOAD_GLOBAL              2  (h)
            37     6  PUSH_NULL
            38     6  CALL                     0
            41     6  POP_TOP
            42     3  RERAISE
            43     3  SWAP                     2
            44     3  POP_EXCEPT
            45     3  RERAISE
            46     2  JUMP_BACKWARD           44  (to 4)
            48     2  END_FOR
            49     2  LOAD_CONST               0  (None)
            50     2  RETURN_VALUE
          exception table:
            7 to 15 -> 33 [1]
            33 to 43 -> 43 [2]
        """
    )


def test_class_body_and_zero_argument_super() -> None:
    source = "class C(B):\n    def m(self):\n        return super().m()\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 5
             0     1  LOAD_BUILD_CLASS
             1     1  PUSH_NULL
             2     1  LOAD_CONST               0  (<code C>)
             3     1  MAKE_FUNCTION
             4     1  LOAD_CONST               1  ('C')
             5     1  LOAD_GLOBAL              0  (B)
             8     1  CALL                     3
            11     1  STORE_GLOBAL             1  (C)
            12     1  LOAD_CONST               2  (None)
            13     1  RETURN_VALUE

        code C line 1: argcount 0, nlocals 1, stacksize 2
             0     1  MAKE_CELL                0  (__class__)
             1     1  LOAD_NAME                0  (__name__)
             2     1  STORE_NAME               1  (__module__)
             3     1  LOAD_CONST               0  ('C')
             4     1  STORE_NAME               2  (__qualname__)
             5     2  LOAD_CLOSURE             0  (__class__)
             6     2  BUILD_TUPLE              1
             7     2  LOAD_CONST               1  (<code m>)
             8     2  MAKE_FUNCTION
             9     2  SET_FUNCTION_ATTRIBUTE   2  (closure)
            10     2  STORE_NAME               3  (m)
            11     1  LOAD_CLOSURE             0  (__class__)
            12     1  STORE_NAME               4  (__classcell__)
            13     2  LOAD_CONST               2  (None)
            14     2  RETURN_VALUE
          cells: __class__

        code m line 2: argcount 1, nlocals 2, stacksize 4
             0     2  COPY_FREE_VARS           1
             1     3  LOAD_GLOBAL              0  (super)
             4     3  PUSH_NULL
             5     3  LOAD_DEREF               1  (__class__)
             6     3  LOAD_FAST                0  (self)
             7     3  CALL                     2
            10     3  LOAD_METHOD              1  (m)
            16     3  CALL                     0
            19     3  RETURN_VALUE
            20     3  LOAD_CONST               0  (None)
            21     3  RETURN_VALUE
          frees: __class__
        """
    )


def test_generator_yield_and_yield_from() -> None:
    source = "def g(it):\n    yield\n    x = yield from it\n    return x\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 1
             0     1  LOAD_CONST               0  (<code g>)
             1     1  MAKE_FUNCTION
             2     1  STORE_GLOBAL             0  (g)
             3     1  LOAD_CONST               1  (None)
             4     1  RETURN_VALUE

        code g line 1: argcount 1, flags 0x20, nlocals 2, stacksize 2
             0     2  LOAD_CONST               0  (None)
             1     2  YIELD_VALUE
             2     2  POP_TOP
             3     3  LOAD_FAST                0  (it)
             4     3  GET_YIELD_FROM_ITER
             5     3  LOAD_CONST               0  (None)
             6     3  SEND                     3  (to 10)
             7     3  YIELD_VALUE
             8     3  JUMP_BACKWARD            4  (to 6)
            10     3  END_SEND
            11     3  STORE_FAST               1  (x)
            12     4  LOAD_FAST                1  (x)
            13     4  RETURN_VALUE
            14     4  LOAD_CONST               0  (None)
            15     4  RETURN_VALUE
        """
    )


def test_list_comprehension_is_a_function_of_the_iterator() -> None:
    source = "y = [a * 2 for a in r if a]\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 3
             0     1  LOAD_CONST               0  (<code <listcomp>>)
             1     1  MAKE_FUNCTION
             2     1  PUSH_NULL
             3     1  LOAD_GLOBAL              0  (r)
             6     1  GET_ITER
             7     1  CALL                     1
            10     1  STORE_GLOBAL             1  (y)
            11     1  LOAD_CONST               1  (None)
            12     1  RETURN_VALUE

        code <listcomp> line 1: argcount 1, nlocals 2, stacksize 4
             0     1  BUILD_LIST               0
             1     1  LOAD_FAST                0  (.0)
             2     1  FOR_ITER                13  (to 17)
             4     1  STORE_FAST               1  (a)
             5     1  LOAD_FAST                1  (a)
             6     1  TO_BOOL
             8     1  POP_JUMP_IF_FALSE        6  (to 15)
             9     1  LOAD_FAST                1  (a)
            10     1  LOAD_CONST               0  (2)
            11     1  BINARY_OP                5  (*)
            14     1  LIST_APPEND              2
            15     1  JUMP_BACKWARD           15  (to 2)
            17     1  END_FOR
            18     1  RETURN_VALUE
        """
    )


def test_unpacking_slices_del_and_augmented_targets() -> None:
    source = "a, *b, (c, d) = s\nx[1:2] = y[::2]\ndel x[i:j], o.a\no.a += 1\nx[i] *= 2\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 4
             0     1  LOAD_GLOBAL              0  (s)
             3     1  LOAD_CONST               0  (1)
             4     1  UNPACK_EX                3
             5     1  STORE_GLOBAL             1  (a)
             6     1  STORE_GLOBAL             2  (b)
             7     1  UNPACK_SEQUENCE          2
             9     1  STORE_GLOBAL             3  (c)
            10     1  STORE_GLOBAL             4  (d)
            11     2  LOAD_GLOBAL              5  (y)
            14     2  LOAD_CONST               1  (None)
            15     2  LOAD_CONST               1  (None)
            16     2  LOAD_CONST               2  (2)
            17     2  BUILD_SLICE              3
            18     2  BINARY_SUBSCR
            20     2  LOAD_GLOBAL              6  (x)
            23     2  LOAD_CONST               0  (1)
            24     2  LOAD_CONST               2  (2)
            25     2  STORE_SLICE
            26     3  LOAD_GLOBAL              6  (x)
            29     3  LOAD_GLOBAL              7  (i)
            32     3  LOAD_GLOBAL              8  (j)
            35     3  BUILD_SLICE              2
            36     3  DELETE_SUBSCR
            37     3  LOAD_GLOBAL              9  (o)
            40     3  DELETE_ATTR              1  (a)
            41     4  LOAD_GLOBAL              9  (o)
            44     4  COPY                     1
            45     4  LOAD_ATTR                1  (a)
            50     4  LOAD_CONST               0  (1)
            51     4  BINARY_OP               13  (+=)
            54     4  SWAP                     2
            55     4  STORE_ATTR               1  (a)
            60     5  LOAD_GLOBAL              6  (x)
            63     5  LOAD_GLOBAL              7  (i)
            66     5  COPY                     2
            67     5  COPY                     2
            68     5  BINARY_SUBSCR
            70     5  LOAD_CONST               2  (2)
            71     5  BINARY_OP               18  (*=)
            74     5  SWAP                     3
            75     5  SWAP                     2
            76     5  STORE_SUBSCR
            78     5  LOAD_CONST               1  (None)
            79     5  RETURN_VALUE
        """
    )


def test_imports_assert_raise_annotations_and_f_strings() -> None:
    source = (
        "from __future__ import annotations\n"
        "import math as m\n"
        "from math import sqrt, pi as P\n"
        'assert x, "msg"\n'
        "raise E from F\n"
        'z: int = f"{x!r:>{w}}" if a is not b and c not in d else (1, 2.5, ...)\n'
        "q: int\n"
    )
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 3
             0     1  BUILD_MAP                0
             1     1  STORE_GLOBAL             0  (__annotations__)
             2     2  IMPORT_NAME              1  (math)
             3     2  STORE_GLOBAL             2  (m)
             4     3  IMPORT_NAME              1  (math)
             5     3  IMPORT_FROM              3  (sqrt)
             6     3  STORE_GLOBAL             3  (sqrt)
             7     3  IMPORT_FROM              4  (pi)
             8     3  STORE_GLOBAL             5  (P)
             9     3  POP_TOP
            10     4  LOAD_GLOBAL              6  (x)
            13     4  TO_BOOL
            15     4  POP_JUMP_IF_TRUE         7  (to 23)
            16     4  LOAD_ASSERTION_ERROR
            17     4  PUSH_NULL
            18     4  LOAD_CONST               0  ('msg')
            19     4  CALL                     1
            22     4  RAISE_VARARGS            1
            23     5  LOAD_GLOBAL              7  (E)
            26     5  LOAD_GLOBAL              8  (F)
            29     5  RAISE_VARARGS            2
            30     6  LOAD_GLOBAL              9  (a)
            33     6  LOAD_GLOBAL             10  (b)
            36     6  IS_OP                    1  (is not)
            37     6  POP_JUMP_IF_FALSE       20  (to 58)
            38     6  LOAD_GLOBAL             11  (c)
            41     6  LOAD_GLOBAL             12  (d)
            44     6  CONTAINS_OP              1  (not in)
            45     6  POP_JUMP_IF_FALSE       12  (to 58)
            46     6  LOAD_GLOBAL              6  (x)
            49     6  CONVERT_VALUE            2  (!r)
            50     6  LOAD_CONST               1  ('>')
            51     6  LOAD_GLOBAL             13  (w)
            54     6  FORMAT_SIMPLE
            55     6  BUILD_STRING             2
            56     6  FORMAT_WITH_SPEC
            57     6  JUMP_FORWARD             1  (to 59)
            58     6  LOAD_CONST               2  ((1, 2.5, Ellipsis))
            59     6  STORE_GLOBAL            14  (z)
            60     6  LOAD_CONST               3  ('int')
            61     6  LOAD_GLOBAL              0  (__annotations__)
            64     6  LOAD_CONST               4  ('z')
            65     6  STORE_SUBSCR
            67     7  LOAD_CONST               3  ('int')
            68     7  LOAD_GLOBAL              0  (__annotations__)
            71     7  LOAD_CONST               5  ('q')
            72     7  STORE_SUBSCR
            74     7  LOAD_CONST               6  (None)
            75     7  RETURN_VALUE
        """
    )


def test_displays_with_stars_and_decorators() -> None:
    source = "@d\ndef f(*a, **k):\n    return [*a, 1], {**k, 'x': 2}, {1, *a}, (*a,)\n"
    assert dis(source) == listing(
        """
        code <module> line 1: argcount 0, nlocals 0, stacksize 3
             0     1  LOAD_GLOBAL              0  (d)
             3     2  PUSH_NULL
             4     2  LOAD_CONST               0  (<code f>)
             5     2  MAKE_FUNCTION
             6     1  CALL                     1
             9     2  STORE_GLOBAL             1  (f)
            10     2  LOAD_CONST               1  (None)
            11     2  RETURN_VALUE

        code f line 2: argcount 0, flags 0x0c, nlocals 2, stacksize 5
             0     3  BUILD_LIST               0
             1     3  LOAD_FAST                0  (a)
             2     3  LIST_EXTEND              1
             3     3  LOAD_CONST               0  (1)
             4     3  LIST_APPEND              1
             5     3  BUILD_MAP                0
             6     3  LOAD_FAST                1  (k)
             7     3  DICT_UPDATE              1
             8     3  LOAD_CONST               1  ('x')
             9     3  LOAD_CONST               2  (2)
            10     3  MAP_ADD                  1
            11     3  LOAD_CONST               0  (1)
            12     3  BUILD_SET                1
            13     3  LOAD_FAST                0  (a)
            14     3  SET_UPDATE               1
            15     3  BUILD_LIST               0
            16     3  LOAD_FAST                0  (a)
            17     3  LIST_EXTEND              1
            18     3  LIST_TO_TUPLE
            19     3  BUILD_TUPLE              4
            20     3  RETURN_VALUE
            21     3  LOAD_CONST               3  (None)
            22     3  RETURN_VALUE
        """
    )


def test_constant_conditions_are_folded() -> None:
    text = dis("while True:\n    x = 1\n")
    assert "POP_JUMP" not in text and "TO_BOOL" not in text


def opnames(source: str) -> list[str]:
    """The module's instruction names, in order."""
    return [name for _, name, _, _ in instructions(compile_source(source, "t.py"))]


@pytest.mark.parametrize("op", ["<", "<=", "==", "!=", ">", ">="])
def test_tested_comparisons_are_converted_to_bool(op: str) -> None:
    """`<`, `==`... may return any object (a class's __lt__ decides): a comparison tested by a
    conditional jump, alone or chained, is followed by TO_BOOL; its value is not converted."""
    for source in (f"if a {op} b:\n    pass\n", f"while a {op} b:\n    pass\n"):
        names = opnames(source)
        at = names.index("COMPARE_OP")
        assert names[at : at + 3] == ["COMPARE_OP", "TO_BOOL", "POP_JUMP_IF_FALSE"], source
    names = opnames(f"if a {op} b {op} c:\n    pass\n")
    compares = [i for i, name in enumerate(names) if name == "COMPARE_OP"]
    assert len(compares) == 2
    assert all(names[i + 1 : i + 3] == ["TO_BOOL", "POP_JUMP_IF_FALSE"] for i in compares)
    names = opnames(f"if not a {op} b:\n    pass\n")
    at = names.index("COMPARE_OP")
    assert names[at : at + 3] == ["COMPARE_OP", "TO_BOOL", "POP_JUMP_IF_TRUE"]
    assert "TO_BOOL" not in opnames(f"x = a {op} b\n")


@pytest.mark.parametrize(
    ("source", "sequence"),
    [
        ("if a is b:\n    pass\n", ["IS_OP", "POP_JUMP_IF_FALSE"]),
        ("if a is not b:\n    pass\n", ["IS_OP", "POP_JUMP_IF_FALSE"]),
        ("if a in b:\n    pass\n", ["CONTAINS_OP", "POP_JUMP_IF_FALSE"]),
        ("if a not in b:\n    pass\n", ["CONTAINS_OP", "POP_JUMP_IF_FALSE"]),
        # `not` in a condition just inverts the jump; as a value it is a bool already.
        ("if not a:\n    pass\n", ["LOAD_GLOBAL", "TO_BOOL", "POP_JUMP_IF_TRUE"]),
        ("x = not a or b\n", ["TO_BOOL", "UNARY_NOT", "COPY", "POP_JUMP_IF_TRUE"]),
        ("x = True and a\n", ["LOAD_CONST", "COPY", "POP_JUMP_IF_FALSE"]),
    ],
)
def test_bool_results_skip_to_bool(source: str, sequence: list[str]) -> None:
    """Only `is`, `in`, `not` and bool constants yield a bool a conditional jump takes as is."""
    names = opnames(source)
    assert any(names[i : i + len(sequence)] == sequence for i in range(len(names))), names
    assert names.count("TO_BOOL") == sequence.count("TO_BOOL"), names


def test_negative_literal_is_folded_to_the_most_negative_int() -> None:
    code = compile_source("x = -4611686018427387904\ny = -z\n", "t.py")
    assert code.consts[0] == -(1 << 62)
    assert "UNARY_NEGATIVE" in disassemble(code)


def test_comprehensions_and_generator_expressions_are_nested_functions() -> None:
    module = compile_source("s = {k: v for k, v in p}\ng = (x for x in r)\n", "t.py")
    dictcomp, genexpr = [c for c in module.consts if isinstance(c, CodeObject)]
    assert (dictcomp.name, dictcomp.argcount, dictcomp.varnames) == (
        "<dictcomp>",
        1,
        [".0", "k", "v"],
    )
    assert ("MAP_ADD", 2) in [(name, arg) for _, name, arg, _ in instructions(dictcomp)]
    assert genexpr.flags == FLAG_GENERATOR
    assert [i[1] for i in instructions(genexpr)][3:7] == [
        "LOAD_FAST",
        "YIELD_VALUE",
        "POP_TOP",
        "JUMP_BACKWARD",
    ]


def test_local_slots_order_and_kinds() -> None:
    """Parameters (positional, keyword-only, *args, **kwargs), other locals, cell-only
    variables, then free variables; a parameter captured by an inner function stays in place."""
    source = """\
def outer(p):
    c = 1
    def f(a, b, *rest, k, **kw):
        nonlocal c
        x = a
        y = lambda: y + b + p
        return c
    return f
"""
    module = compile_source(source, "t.py")
    outer = module.consts[0]
    assert isinstance(outer, CodeObject)
    f = next(c for c in outer.consts if isinstance(c, CodeObject))
    assert f.varnames == ["a", "b", "k", "rest", "kw", "x", "y", "c", "p"]
    assert f.kinds == [0, 1, 0, 0, 0, 0, 1, 2, 2]
    assert (f.argcount, f.kwonlyargcount, f.flags) == (2, 1, FLAG_VARARGS | FLAG_VARKEYWORDS)
    assert outer.varnames == ["p", "f", "c"] and outer.kinds == [1, 0, 1]
    prologue = [i[1:3] for i in instructions(f)][:3]
    assert prologue == [("COPY_FREE_VARS", 2), ("MAKE_CELL", 1), ("MAKE_CELL", 6)]


def test_exception_table_entries_never_overlap_and_point_at_instructions() -> None:
    for path in program_paths():
        for code in code_objects(compile_source(path.read_bytes(), str(path))):
            starts = {offset for offset, _, _, _ in instructions(code)}
            spans = sorted((e.start, e.end) for e in code.exceptions)
            for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
                assert end <= start, (path.name, code.name)
            for entry in code.exceptions:
                assert entry.start in starts and entry.target in starts
                assert entry.end in starts or entry.end == len(code.code)
                assert entry.depth < code.stacksize


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
            arg = arg_kind(name)
            if arg is Arg.JUMP_FORWARD:
                assert end + oparg in names, (code.name, offset)
            if arg is Arg.JUMP_BACKWARD:
                assert names.get(end - oparg) is not None, (code.name, offset)
                assert end - oparg < offset
            if name == "FOR_ITER":
                assert names[end + oparg] == "END_FOR"
            if name in ("POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE"):
                at = instrs.index((offset, name, oparg, end)) - 1
                # `a and b` tests a copy of a: the bool is what was copied.
                if instrs[at][1] == "COPY":
                    at -= 1
                before = instrs[at][1]
                # Never COMPARE_OP: its result may be any object, so TO_BOOL follows it.
                bools = ("TO_BOOL", "IS_OP", "CONTAINS_OP", "CHECK_EXC_MATCH")
                assert before in (*bools, "UNARY_NOT", "LOAD_CONST")
            # Caches are zero units repeating their instruction's line.
            assert code.code[offset + 1 : end] == [0] * (end - offset - 1)
            assert set(code.lines[offset:end]) == {code.lines[offset]}
        assert instrs[-1][1] == "RETURN_VALUE"


@pytest.mark.parametrize(
    ("source", "depth"),
    [
        ("pass\n", 1),
        ("print(1, 2, 3)\n", 5),
        ("x = f(a, g(b, c), d)\n", 7),
        ("for i in r:\n    for j in s:\n        print(i + j)\n", 6),
        ("x = a < b < c < d\n", 5),
        # The handler's [prev, exc] on top of the iterator, then a call in the clause.
        ("for i in r:\n    try:\n        g()\n    except E:\n        f(i)\n", 5),
    ],
)
def test_stack_depth(source: str, depth: int) -> None:
    assert compile_source(source, "t.py").stacksize == depth


def test_stack_effects_come_from_the_generated_table() -> None:
    """Array sizes in uop_defs are linear in oparg; jump edges differ only for FOR_ITER."""
    assert stack_effect("CALL", 3, jump=False) == -4  # callable, self_or_null, 3 args -> res
    assert stack_effect("CALL_KW", 3, jump=False) == -5
    assert stack_effect("BUILD_MAP", 2, jump=False) == -3
    assert stack_effect("DICT_MERGE", 1, jump=False) == -1
    assert stack_effect("UNPACK_EX", 3, jump=False) == 1
    assert stack_effect("COPY", 2, jump=False) == 1
    assert stack_effect("SWAP", 3, jump=False) == 0
    assert stack_effect("FOR_ITER", 0, jump=False) == 1
    assert stack_effect("FOR_ITER", 0, jump=True) == 0
    assert stack_effect("SEND", 0, jump=True) == stack_effect("SEND", 0, jump=False) == 0
    assert stack_effect("PUSH_EXC_INFO", 0, jump=False) == 1


def test_oparg_kinds_agree_with_the_generated_table() -> None:
    table = __import__("quack_opcodes")
    assert set(EMITTABLE) == set(table.OPCODES) - {"ENTER_EXECUTOR"}
    for name in EMITTABLE:
        kind = arg_kind(name)
        assert (kind in (Arg.JUMP_FORWARD, Arg.JUMP_BACKWARD)) == (name in table.HAS_JUMP), name
        assert (kind is Arg.ENUM) == (name in table.OPARGS), name
        assert (kind is Arg.NONE) == (name not in table.HAS_ARG), name


# -- constants and the image ----------------------------------------------------------------------


def test_constants_are_deduplicated_by_type_and_value() -> None:
    source = (
        'a = 1\nb = True\nc = 1\nd = "1"\ne = True\nf = None\ng = b"1"\nh = 0j\ni = -0j\nj = 0j\n'
    )
    code = compile_source(source, "t.py")
    assert code.consts == [1, True, "1", None, b"1", 0j, -0j]
    assert [type(c) for c in code.consts] == [int, bool, str, type(None), bytes, complex, complex]
    # 0j and -0j compare equal, but are different constants.
    assert repr(code.consts[-1]) == "(-0-0j)"


@pytest.mark.parametrize(
    "name",
    [
        "fibonacci.py",
        "lang_exceptions.py",
        "lang_classes.py",
        "bytes_values.py",
        "complex_numbers.py",
    ],
)
def test_image_round_trip(name: str) -> None:
    module = compile_source((PROGRAMS / name).read_bytes(), name)
    data = write_image(Image(opcodes.DIGEST, name, module))
    assert data.startswith(MAGIC + (7).to_bytes(4, "little"))
    image = read_image(data)
    assert (image.digest, image.filename) == (opcodes.DIGEST, name)
    assert disassemble(image.module) == disassemble(module)
    assert image.module.carets == module.carets
    assert write_image(image) == data


@pytest.mark.parametrize(
    ("source", "instruction", "marks"),
    [
        # The whole line: no caret line.
        ("f()\n", "CALL", (NO_CARETS, NO_CARETS)),
        # Part of it: columns after the indentation; `~` outside (left, right], `^` inside.
        ("if x:\n    y = a[i] + 1\n", "BINARY_SUBSCR", (4 | 8 << 16, 1 | 4 << 16)),
        ("y = (a + b) // c\n", "BINARY_OP", (4 | 16 << 16, 8 | 10 << 16)),
        # Characters, not bytes; a call has no anchors.
        ("s = 'é' + f(x)\n", "CALL", (10 | 14 << 16, NO_CARETS)),
        # Over two lines: to the end of the first.
        ("z = (g(1,\n   2))\n", "CALL", (5 | 9 << 16, NO_CARETS)),
    ],
)
def test_caret_marks(source: str, instruction: str, marks: tuple[int, int]) -> None:
    code = compile_source(source, "t.py")
    found = [code.carets[at] for at, name, _, _ in instructions(code) if name == instruction]
    assert found[-1] == marks


def test_image_constants_and_code_fields() -> None:
    source = """\
def f(a, /, b, *c, d, **e):
    try:
        yield (1.5, 0.0, ..., ("s", None, True, b"s\\x00")), -0.0
    except E:
        pass
"""
    original = compile_source(source, "t.py").consts[0]
    f = read_image(write_image(Image("dg", "t.py", compile_source(source, "t.py")))).module.consts[
        0
    ]
    assert isinstance(f, CodeObject) and isinstance(original, CodeObject)
    assert (f.argcount, f.posonlyargcount, f.kwonlyargcount) == (2, 1, 1)
    assert f.flags == FLAG_VARARGS | FLAG_VARKEYWORDS | FLAG_GENERATOR
    assert f.consts[:2] == [(1.5, 0.0, ..., ("s", None, True, b"s\x00")), -0.0]
    assert repr(f.consts[1]) == "-0.0"  # distinct from 0.0, which is equal to it
    assert f.exceptions == original.exceptions and len(f.exceptions) == 3
    assert f.kinds == [0] * 5


def test_image_header_layout() -> None:
    data = write_image(Image("dg", "f.py", compile_source("", "f.py")))
    expected = (
        MAGIC
        + (7).to_bytes(4, "little")
        + (2).to_bytes(4, "little")
        + b"dg"
        + (4).to_bytes(4, "little")
        + b"f.py"
        + (8).to_bytes(4, "little")
        + b"<module>"
    )
    assert data.startswith(expected)
    assert data.endswith((0).to_bytes(4, "little"))  # no modules


def test_image_module_table_round_trip() -> None:
    main = compile_source("import m\n", "main.py")
    modules = [
        Module("m", "/d/m.py", False, compile_source("X = 1\n", "/d/m.py")),
        Module("p", "/d/p/__init__.py", True, compile_source("", "/d/p/__init__.py")),
    ]
    data = write_image(Image("dg", "main.py", main, modules))
    image = read_image(data)
    assert write_image(image) == data
    assert [(m.name, m.filename, m.is_package) for m in image.modules] == [
        ("m", "/d/m.py", False),
        ("p", "/d/p/__init__.py", True),
    ]
    table = data[len(write_image(Image("dg", "main.py", main))) - 4 :]  # after the program
    assert table.startswith((2).to_bytes(4, "little") + b"\1\0\0\0m" + b"\0" + b"\7\0\0\0/d/m.py")


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


def test_cli_without_the_opcode_table_says_so_in_one_line() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "frontend", str(PROGRAMS / "gcd.py")],
        capture_output=True,
        cwd=ROOT,
        env=env,
    )
    assert result.returncode == 1
    assert result.stdout == b""
    assert result.stderr.decode() == (
        "python -m frontend: error: quack_opcodes not found: build it with scons and put "
        "out/<target>/lib on PYTHONPATH\n"
    )


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("async def f():\n    async with g():\n        pass\n", "1:1: unsupported: async function"),
        ("from math import *\n", "1:1: unsupported: import *"),
        # CPython gives a bad coding declaration no column (-1): reported at column 1.
        ("# coding: nonsense\nx = 1\n", "1:1: error: unknown encoding: nonsense"),
        ("class C(**k):\n    pass\n", "1:9: unsupported: class keyword argument"),
        ("class C(*bases):\n    pass\n", "1:9: unsupported: starred base class"),
        ("async def f():\n    pass\n", "1:1: unsupported: async function"),
        ("match x:\n    case 1:\n        pass\n", "1:1: unsupported: match statement"),
        (
            "def f():\n    x = 1\n    g = lambda: x\n    del x\n",
            "4:9: unsupported: deleting a variable captured by a nested function",
        ),
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
        compile_source("x = 1\nwhile x:\n    match x:\n        case 1:\n            pass\n", "p.py")
    assert caught.value.format("p.py") == "p.py:3:5: unsupported: match statement"


def test_usage_and_file_errors(tmp_path: Path) -> None:
    assert run_cli().returncode == 2
    assert run_cli("--bogus", "x.py").returncode == 2
    missing = run_cli(str(tmp_path / "missing.py"))
    assert missing.returncode == 1
    expected = f"{tmp_path / 'missing.py'}: error: No such file or directory\n"
    assert missing.stderr.decode() == expected
    assert b"Traceback" not in missing.stderr
