"""Builtins that consume a generator expression, `sum(x * x for x in xs)`, run as a loop in the
caller, as CPython 3.14 compiles all(), any() and tuple(): the loop's FOR_ITER resumes the
generator in place, so a trace follows it into the generator's frame and back, where the builtin
would resume it from C once per element. The callable is compared at run time with the builtin as
it was at startup (LOAD_COMMON_BUILTIN); anything else, a rebound `sum` included, gets the
ordinary call. Each loop does what the builtin does, in the order CPython 3.11's does it.

`min(xs, key=lambda x: ...)` and `max(...)` likewise run as a loop in the caller, whatever `xs`
is: the builtin would call the key function from C once per item, where a trace follows the
call into it. `min(a, b)` and `max(a, b)` are one comparison in the caller, which a trace
specializes as it does `b < a`."""

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


def _is_extreme_of_two(node: ast.Call) -> bool:
    """min or max of two arguments."""
    return (
        isinstance(node.func, ast.Name)
        and node.func.id in ("min", "max")
        and len(node.args) == 2
        and not any(isinstance(a, ast.Starred) for a in node.args)
        and not node.keywords
    )


def _extreme_by_key(node: ast.Call) -> ast.Lambda | None:
    """min or max of one iterable with a lambda for `key` (never None, which means no key): the
    lambda."""
    if (
        isinstance(node.func, ast.Name)
        and node.func.id in ("min", "max")
        and len(node.args) == 1
        and not isinstance(node.args[0], ast.Starred)
        and len(node.keywords) == 1
        and node.keywords[0].arg == "key"
        and isinstance(node.keywords[0].value, ast.Lambda)
    ):
        return node.keywords[0].value
    return None


class Consumers(Calls):
    def call(self, node: ast.Call) -> None:
        generator = _lone_generator(node)
        key = _extreme_by_key(node)
        name = node.func.id if isinstance(node.func, ast.Name) else ""
        if key is not None:
            iterable = node.args[0]
            self.unless_rebound(node, lambda: self.extreme_by_key(name, iterable, key))
        elif _is_extreme_of_two(node):
            first, second = node.args
            self.unless_rebound(node, lambda: self.extreme_of_two(name, first, second))
        elif generator is not None and name in _BUILTINS:
            self.unless_rebound(node, lambda: self.consume(name, generator))
        elif (
            generator is not None
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
        ):
            self.consume_with_join(node.func, generator)
        else:
            super().call(node)

    def unless_rebound(self, node: ast.Call, inline: Callable[[], None]) -> None:
        """`inline` leaves what the call of a builtin by name leaves, where the name still finds
        the builtin as it was at startup; anything else gets the call."""
        assert isinstance(node.func, ast.Name)
        generic, done = Label(), Label()
        self.expression(node.func)
        self.emit("COPY", 1)
        self.emit_enum("LOAD_COMMON_BUILTIN", node.func.id)
        self.emit_enum("IS_OP", "is")
        self.emit("POP_JUMP_IF_FALSE", generic)
        self.emit("POP_TOP")
        inline()
        self.jump(done)
        self.bind(generic)
        self.emit("PUSH_NULL")
        self.call_arguments(node)
        self.bind(done)

    def extreme_of_two(self, builtin: str, first: ast.expr, second: ast.expr) -> None:
        """The second argument if it compares `<` (min) or `>` (max) with the first, else the
        first: both evaluated first, as the builtin's arguments are."""
        self.expression(first)
        self.expression(second)
        self.keep_better(builtin, 2)

    def keep_better(self, builtin: str, depth: int) -> None:
        """[..., best, ..., item] (best at `depth` from the top) -> [..., best, ...]: the item
        becomes the best if it compares `<` (min) or `>` (max) with it."""
        keep = Label()
        self.emit("COPY", 1)
        self.emit("COPY", depth + 1)
        self.emit_enum("COMPARE_OP", "<" if builtin == "min" else ">")
        self.emit("TO_BOOL")
        self.emit("POP_JUMP_IF_FALSE", keep)
        self.emit("SWAP", depth)
        self.bind(keep)
        self.emit("POP_TOP")

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
        empty, head, end, done = Label(), Label(), Label(), Label()
        self.expression(generator)
        self.emit("FOR_ITER", empty)
        self.emit("SWAP", 2)
        self.bind(head)
        self.emit("FOR_ITER", end)
        self.keep_better(builtin, 3)
        self.jump(head)
        self.bind(end)
        self.emit("END_FOR")
        self.jump(done)
        self.bind(empty)
        self.emit("END_FOR")
        self.call_over_no_items(builtin)
        self.bind(done)

    def extreme_by_key(self, builtin: str, iterable: ast.expr, key: ast.Lambda) -> None:
        """The first item and its key, then each item whose key compares `<` (min) or `>` (max)
        with the best key so far, as the builtin keeps them. With no item, the builtin's own
        call over none raises its error."""
        empty, head, keep, end, done = Label(), Label(), Label(), Label(), Label()
        self.expression(iterable)
        self.expression(key)
        self.emit("SWAP", 2)
        self.emit("GET_ITER")
        self.emit("FOR_ITER", empty)
        # [key, iterator, item] -> [key, best key, best item, iterator]
        self.call_key(3)
        self.emit("SWAP", 3)
        self.bind(head)
        self.emit("FOR_ITER", end)
        # [key, best key, best item, iterator, item] -> [..., item, key(item)]
        self.call_key(5)
        self.emit("COPY", 1)
        self.emit("COPY", 6)
        self.emit_enum("COMPARE_OP", "<" if builtin == "min" else ">")
        self.emit("TO_BOOL")
        self.emit("POP_JUMP_IF_FALSE", keep)
        # [key, best key, best item, iterator, item, its key]: they become the best.
        self.emit("SWAP", 5)
        self.emit("SWAP", 2)
        self.emit("SWAP", 4)
        self.bind(keep)
        self.emit("POP_TOP")
        self.emit("POP_TOP")
        self.jump(head)
        self.bind(end)
        self.emit("END_FOR")
        # [key, best key, best item] -> [best item]
        self.emit("SWAP", 3)
        self.emit("POP_TOP")
        self.emit("POP_TOP")
        self.jump(done)
        self.bind(empty)
        self.emit("END_FOR")
        self.emit("POP_TOP")
        self.call_over_no_items(builtin)
        self.bind(done)

    def call_over_no_items(self, builtin: str) -> None:
        """min() or max() of an empty iterable: the builtin's own call over `()` raises its
        ValueError."""
        self.emit_enum("LOAD_COMMON_BUILTIN", builtin)
        self.emit("PUSH_NULL")
        self.emit("BUILD_TUPLE", 0)
        self.emit("CALL", 1)

    def call_key(self, depth: int) -> None:
        """[key, ..., item] (the key function at `depth`) -> [key, ..., item, key(item)]."""
        self.emit("COPY", depth)
        self.emit("PUSH_NULL")
        self.emit("COPY", 3)
        self.emit("CALL", 1)

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
