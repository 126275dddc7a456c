"""Builtins that consume a generator expression, `sum(x * x for x in xs)`, run as a loop in the
caller, as CPython 3.14 compiles all(), any() and tuple(): the loop's FOR_ITER resumes the
generator in place, so a trace follows it into the generator's frame and back, where the builtin
would resume it from C once per element. The callable is compared at run time with the builtin as
it was at startup (LOAD_COMMON_BUILTIN); anything else, a rebound `sum` included, gets the
ordinary call. Each loop does what the builtin does, in the order CPython 3.11's does it."""

from __future__ import annotations

import ast
from collections.abc import Callable

from .assembler import Label
from .calls import Calls

_BUILTINS = ("list", "tuple", "set", "sorted", "sum", "min", "max", "any", "all")


def _lone_generator(node: ast.Call) -> ast.GeneratorExp | None:
    if len(node.args) == 1 and not node.keywords and isinstance(node.args[0], ast.GeneratorExp):
        return node.args[0]
    return None


class Consumers(Calls):
    def call(self, node: ast.Call) -> None:
        generator = _lone_generator(node)
        if generator is not None and isinstance(node.func, ast.Name) and node.func.id in _BUILTINS:
            self.consume_with_builtin(node.func, generator)
        elif (
            generator is not None
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
        ):
            self.consume_with_join(node.func, generator)
        else:
            super().call(node)

    def consume_with_builtin(self, func: ast.Name, generator: ast.GeneratorExp) -> None:
        generic, done = Label(), Label()
        self.expression(func)
        self.emit("COPY", 1)
        self.emit_enum("LOAD_COMMON_BUILTIN", func.id)
        self.emit_enum("IS_OP", "is")
        self.emit("POP_JUMP_IF_FALSE", generic)
        self.emit("POP_TOP")
        self.consume(func.id, generator)
        self.jump(done)
        self.bind(generic)
        self.emit("PUSH_NULL")
        self.expression(generator)
        self.emit("CALL", 1)
        self.bind(done)

    def consume_with_join(self, func: ast.Attribute, generator: ast.GeneratorExp) -> None:
        """`sep.join(g)` where LOAD_METHOD finds str.join: the items collected into a list (which
        is what str.join does with any iterable) are its argument."""
        generic, done = Label(), Label()
        self.expression(func.value)
        with self.at(func):
            self.emit("LOAD_METHOD", self.name_index("join"))
        self.emit("COPY", 2)
        self.emit_enum("LOAD_COMMON_BUILTIN", "str.join")
        self.emit_enum("IS_OP", "is")
        self.emit("POP_JUMP_IF_FALSE", generic)
        self.consume("list", generator)
        self.jump(done)
        self.bind(generic)
        self.expression(generator)
        self.bind(done)
        self.emit("CALL", 1)

    def consume(self, builtin: str, generator: ast.GeneratorExp) -> None:
        """Leaves what `builtin(generator)` returns."""
        if builtin in ("list", "tuple", "sorted"):
            self.emit("BUILD_LIST", 0)
            self.each(generator, lambda: self.emit("LIST_APPEND", 2))
            if builtin == "tuple":
                self.emit("LIST_TO_TUPLE")
            elif builtin == "sorted":
                self.emit("COPY", 1)
                self.emit("LOAD_METHOD", self.name_index("sort"))
                self.emit("CALL", 0)
                self.emit("POP_TOP")
        elif builtin == "set":
            self.emit("BUILD_SET", 0)
            self.each(generator, lambda: self.emit("SET_ADD", 2))
        elif builtin == "sum":
            self.load_const(0)
            self.each(generator, self.add_to_sum)
        elif builtin in ("min", "max"):
            self.extreme(builtin, generator)
        else:
            self.any_or_all(builtin == "any", generator)

    def each(self, generator: ast.GeneratorExp, body: Callable[[], None]) -> None:
        """Runs `body` on [..., generator, item] for every item; it leaves [..., generator]."""
        head, end = Label(), Label()
        self.expression(generator)
        self.bind(head)
        self.emit("FOR_ITER", end)
        body()
        self.jump(head)
        self.bind(end)
        self.emit("END_FOR")

    def add_to_sum(self) -> None:
        # [total, generator, item] -> [total + item, generator]: sum() adds as `+` does.
        self.emit("COPY", 3)
        self.emit("SWAP", 2)
        self.emit_enum("BINARY_OP", "+")
        self.emit("SWAP", 3)
        self.emit("POP_TOP")

    def extreme(self, builtin: str, generator: ast.GeneratorExp) -> None:
        """The first item, then each one that compares `<` (min) or `>` (max) with the best so
        far; with none, the builtin's own call over no items raises its error."""
        empty, head, keep, end, done = Label(), Label(), Label(), Label(), Label()
        self.expression(generator)
        self.emit("FOR_ITER", empty)
        self.emit("SWAP", 2)
        self.bind(head)
        self.emit("FOR_ITER", end)
        self.emit("COPY", 1)
        self.emit("COPY", 4)
        self.emit_enum("COMPARE_OP", "<" if builtin == "min" else ">")
        self.emit("TO_BOOL")
        self.emit("POP_JUMP_IF_FALSE", keep)
        self.emit("SWAP", 3)
        self.bind(keep)
        self.emit("POP_TOP")
        self.jump(head)
        self.bind(end)
        self.emit("END_FOR")
        self.jump(done)
        self.bind(empty)
        self.emit("END_FOR")
        self.emit_enum("LOAD_COMMON_BUILTIN", builtin)
        self.emit("PUSH_NULL")
        self.emit("BUILD_TUPLE", 0)
        self.emit("CALL", 1)
        self.bind(done)

    def any_or_all(self, is_any: bool, generator: ast.GeneratorExp) -> None:
        """any() stops at the first true item, all() at the first false one."""
        decided, done = Label(), Label()

        def test() -> None:
            self.emit("TO_BOOL")
            self.emit("POP_JUMP_IF_TRUE" if is_any else "POP_JUMP_IF_FALSE", decided)

        self.each(generator, test)
        self.load_const(not is_any)
        self.jump(done)
        self.bind(decided)
        self.emit("POP_TOP")
        self.load_const(is_any)
        self.bind(done)
