"""try/except/else/finally and raise, with CPython 3.12's layout: no instruction enters a try
block; the exception table sends what the covered instructions raise to the handler.

    try body            covered by H at the try's depth d
    else body; JUMP end
    H:  PUSH_EXC_INFO   [prev, exc]; from here covered by C at d + 1
        <type>; CHECK_EXC_MATCH; POP_JUMP_IF_FALSE next; STORE e | POP_TOP
        clause body; POP_EXCEPT; (e = None; del e); JUMP end
        next: ... RERAISE
    C:  SWAP 2; POP_EXCEPT; RERAISE   (restore the previous exception, raise the new one)

A with statement is a try whose handler asks __exit__ (CPython 3.11's layout):

    <manager>; BEFORE_WITH  [exit, value]; STORE target | POP_TOP
    body                    covered by W at depth d + 1 (exit stays)
    exit(None, None, None); POP_TOP; JUMP end
    W:  PUSH_EXC_INFO; WITH_EXCEPT_START   [exit, prev, exc, result]
        TO_BOOL; POP_JUMP_IF_TRUE suppress; RERAISE
        suppress: POP_TOP; POP_EXCEPT; POP_TOP   (the exception is swallowed)

`return`, `break` and `continue` leave these blocks through `unwinding`, which emits what the
exception path would have done: finally bodies run, handled exceptions are popped.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager

from .assembler import Handler, Label
from .builder import Block, BlockKind
from .functions import Functions
from .symbols import Access

_LOOPS = (BlockKind.WHILE, BlockKind.FOR)


class Handlers(Functions):
    def try_statement(self, node: ast.Try) -> None:
        if node.finalbody:
            self.try_finally(node)
        else:
            self.try_except(node)

    def try_except(self, node: ast.Try) -> None:
        base = self.depth
        handler, end = Label(), Label()
        with self.protected(Handler(handler, base), Block(BlockKind.TRY, len(self.handlers))):
            self.block(node.body)
        self.block(node.orelse)
        self.jump(end)
        self.bind(handler)
        outer = len(self.handlers)
        with self.exception_handler(base):
            for clause in node.handlers:
                assert isinstance(clause, ast.ExceptHandler)
                with self.at(clause):
                    self.except_clause(clause, base, outer, end)
            self.emit("RERAISE")
        self.bind(end)

    def except_clause(self, clause: ast.ExceptHandler, base: int, outer: int, end: Label) -> None:
        """Stack on entry: [prev, exc]. The body runs with [prev]; `outer` is how many handlers
        cover the code after it (POP_EXCEPT and on), which the cleanup handler does not."""
        next_clause = Label()
        if clause.type is not None:
            self.expression(clause.type)
            self.emit("CHECK_EXC_MATCH")
            self.emit("POP_JUMP_IF_FALSE", next_clause)
        block = Block(BlockKind.HANDLER, outer, name=clause.name)
        if clause.name is None:
            self.emit("POP_TOP")
            with self.deeper(1), self.inside(block):
                self.block(clause.body)
            with self.only_handlers(outer):
                self.emit("POP_EXCEPT")
                self.jump(end)
        else:
            self.store_name(clause.name)
            cleanup = Label()
            with self.deeper(1), self.protected(Handler(cleanup, base + 1), block):
                self.block(clause.body)
            with self.only_handlers(outer):
                self.emit("POP_EXCEPT")
                self.clear_name(clause.name)
                self.jump(end)
            # An exception in the body: clear the name, then on to the clause's cleanup.
            self.bind(cleanup)
            self.clear_name(clause.name)
            self.emit("RERAISE")
        self.bind(next_clause)

    def clear_name(self, name: str) -> None:
        """`e = None; del e`, so the exception does not outlive its handler (a captured `e` is
        only set to None: cells cannot be deleted)."""
        self.load_const(None)
        self.store_name(name)
        if self.scope.access(name)[0] is not Access.DEREF:
            self.name_op("DELETE", name)

    def try_finally(self, node: ast.Try) -> None:
        """The finally body twice: inline on the normal path, and on the exception path between
        PUSH_EXC_INFO and RERAISE."""
        base = self.depth
        exception_path, exit_ = Label(), Label()
        block = Block(BlockKind.FINALLY_TRY, len(self.handlers), finalbody=node.finalbody)
        with self.protected(Handler(exception_path, base), block):
            if node.handlers:
                self.try_except(node)
            else:
                self.block(node.body)
        self.block(node.finalbody)
        self.jump(exit_)
        self.bind(exception_path)
        end_block = Block(BlockKind.FINALLY_END, len(self.handlers))
        with self.exception_handler(base):
            with self.deeper(2), self.inside(end_block):
                self.block(node.finalbody)
            self.emit("RERAISE")
        self.bind(exit_)

    def with_statement(self, node: ast.With, item: int = 0) -> None:
        """`with a as x, b as y:` is `with a as x:` around `with b as y:`."""
        base = self.depth
        handler, end = Label(), Label()
        context = node.items[item]
        self.expression(context.context_expr)
        with self.at(node):
            self.emit("BEFORE_WITH")
        with self.protected(Handler(handler, base + 1), Block(BlockKind.WITH, len(self.handlers))):
            with self.deeper(1):
                if context.optional_vars is not None:
                    self.store(context.optional_vars)
                else:
                    self.emit("POP_TOP")
                if item + 1 < len(node.items):
                    self.with_statement(node, item + 1)
                else:
                    self.block(node.body)
        with self.at(node):
            self.call_exit()
            self.jump(end)
            self.bind(handler)
            outer = len(self.handlers)
            with self.exception_handler(base + 1):
                suppress = Label()
                self.emit("WITH_EXCEPT_START")
                self.emit("TO_BOOL")
                self.emit("POP_JUMP_IF_TRUE", suppress)
                self.emit("RERAISE")
                self.bind(suppress)
                with self.only_handlers(outer):
                    self.emit("POP_TOP")
                    self.emit("POP_EXCEPT")
                    self.emit("POP_TOP")
                    self.jump(end)
        self.bind(end)

    def call_exit(self) -> None:
        """[exit] -> []: exit(None, None, None), its result dropped."""
        self.emit("PUSH_NULL")
        for _ in range(3):
            self.load_const(None)
        self.emit("CALL", 3)
        self.emit("POP_TOP")

    @contextmanager
    def exception_handler(self, base: int) -> Iterator[None]:
        """PUSH_EXC_INFO and the code inside, covered by the cleanup that restores the previous
        exception if they raise."""
        cleanup = Label()
        with self.protected(Handler(cleanup, base + 1)):
            self.emit("PUSH_EXC_INFO")
            yield
        self.bind(cleanup)
        self.emit("SWAP", 2)
        self.emit("POP_EXCEPT")
        self.emit("RERAISE")

    @contextmanager
    def only_handlers(self, count: int) -> Iterator[None]:
        """Code emitted inside is covered by the `count` outermost handlers only."""
        saved = self.handlers
        self.handlers = saved[:count]
        try:
            yield
        finally:
            self.handlers = saved

    def raise_statement(self, node: ast.Raise) -> None:
        args = [a for a in (node.exc, node.cause) if a is not None]
        for arg in args:
            self.expression(arg)
        self.emit("RAISE_VARARGS", len(args))

    # -- leaving blocks ---------------------------------------------------------------------

    @contextmanager
    def unwinding(self, to_loop: bool, preserve_top: bool) -> Iterator[Block | None]:
        """Emits the cleanup of the blocks being left, innermost first, up to the innermost loop
        (`to_loop`, which it yields) or all of them. `preserve_top`: a value on top of the stack
        (the return value) stays there. Code emitted inside runs outside the blocks left."""
        saved = (list(self.blocks), list(self.handlers), self.depth)
        loop: Block | None = None
        try:
            if preserve_top:
                self.depth += 1
            while self.blocks:
                block = self.blocks[-1]
                if to_loop and block.kind in _LOOPS:
                    loop = block
                    break
                self.blocks.pop()
                del self.handlers[block.outer_handlers :]
                self.leave(block, preserve_top)
            yield loop
        finally:
            self.blocks, self.handlers, self.depth = saved

    def leave(self, block: Block, preserve_top: bool) -> None:
        if block.kind is BlockKind.FINALLY_TRY:
            self.block(block.finalbody)
        elif block.kind is BlockKind.FINALLY_END:
            # [prev, exc]: drop the exception, restore the previous one.
            if preserve_top:
                self.emit("SWAP", 2)
            self.emit("POP_TOP")
            self.pop_except(preserve_top)
            self.depth -= 1
        elif block.kind is BlockKind.HANDLER:
            self.pop_except(preserve_top)
            if block.name is not None:
                self.clear_name(block.name)
        elif block.kind is BlockKind.WITH:
            if preserve_top:
                self.emit("SWAP", 2)
            self.call_exit()
            self.depth -= 1
        # Loops left by `return` keep their iterators: RETURN_VALUE discards the whole stack.

    def pop_except(self, preserve_top: bool) -> None:
        if preserve_top:
            self.emit("SWAP", 2)
        self.emit("POP_EXCEPT")
        self.depth -= 1

    def return_statement(self, node: ast.Return) -> None:
        if node.value is None:
            self.load_const(None)
        else:
            self.expression(node.value)
        with self.unwinding(to_loop=False, preserve_top=True):
            self.emit("RETURN_VALUE")

    def break_statement(self) -> None:
        with self.unwinding(to_loop=True, preserve_top=False) as loop:
            assert loop is not None and loop.end is not None
            if loop.kind is BlockKind.FOR:
                self.emit("POP_TOP")
            self.jump(loop.end)

    def continue_statement(self) -> None:
        with self.unwinding(to_loop=True, preserve_top=False) as loop:
            assert loop is not None and loop.head is not None
            self.jump(loop.head)
