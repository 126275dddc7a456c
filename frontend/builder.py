"""The state of one code object under construction and the emission helpers every part of the
compiler shares. The parts (expressions.py, calls.py, targets.py, statements.py, handlers.py,
functions.py) are mixins over this base; compiler.py puts them together."""

from __future__ import annotations

import ast
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Self

from . import opcodes
from .assembler import Assembler, Handler, Label
from .carets import NO_CARETS, caret_marks
from .codeobject import FLAG_GENERATOR, CodeObject, Const
from .errors import unsupported
from .symbols import Access, Scope, SymbolTable


class BlockKind(Enum):
    """Statements that `return`, `break` and `continue` leave, and must clean up after."""

    WHILE = "while"
    FOR = "for"  # the iterator is on the stack
    TRY = "try"  # the body of a try with handlers: leaving it only drops the handler
    FINALLY_TRY = "finally try"  # the body of try/finally: leaving it runs the finally body
    FINALLY_END = "finally end"  # the finally body on the exception path: [prev, exc] on stack
    HANDLER = "handler"  # an except clause's body: the previous exception on the stack
    WITH = "with"  # a with body: the manager's bound __exit__ on the stack


@dataclass
class Block:
    kind: BlockKind
    # The handlers in effect outside the block: code that leaves the block runs under these.
    outer_handlers: int
    head: Label | None = None  # loops: where `continue` goes
    end: Label | None = None  # loops: where `break` goes
    finalbody: list[ast.stmt] = field(default_factory=list)
    name: str | None = None  # handlers: the `as` name to clear


class BuilderBase(ABC):
    """One code object: the module, a function, a lambda, a comprehension or a class body."""

    def __init__(
        self,
        table: SymbolTable,
        scope: Scope,
        name: str,
        qualname: str,
        firstlineno: int,
        source: list[str],
    ) -> None:
        self.table = table
        self.source = source
        self.scope = scope
        self.name = name
        self.qualname = qualname
        self.firstlineno = firstlineno
        self.asm = Assembler()
        self.consts: list[Const] = []
        # Keyed by type as well as value, since 1 == 1.0 == True but they are distinct constants.
        self.const_index: dict[object, int] = {}
        self.names: list[str] = []
        self.line = firstlineno
        self.carets = (NO_CARETS, NO_CARETS)
        self.handlers: list[Handler] = []
        self.blocks: list[Block] = []
        # The value-stack depth at statement boundaries (iterators of enclosing for loops, saved
        # exceptions of enclosing handlers): the depth a try statement's handler cuts to.
        self.depth = 0

    # -- the parts' entry points, defined by the mixins ----------------------------------------

    @abstractmethod
    def expression(self, node: ast.expr) -> None: ...

    @abstractmethod
    def jump_if(self, node: ast.expr, when: bool, target: Label) -> None: ...

    @abstractmethod
    def block(self, body: list[ast.stmt]) -> None: ...

    @abstractmethod
    def setup_annotations(self, body: list[ast.stmt]) -> None: ...

    @abstractmethod
    def store(self, target: ast.expr) -> None: ...

    @abstractmethod
    def call(self, node: ast.Call) -> None: ...

    @abstractmethod
    def function_value(self, node: ast.Lambda) -> None: ...

    @abstractmethod
    def comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp
    ) -> None: ...

    @abstractmethod
    def nested(self, node: ast.AST, name: str) -> Self:
        """A builder for the code object of a function, lambda, comprehension or class."""

    # -- the code object ------------------------------------------------------------------------

    def prologue(self) -> None:
        """Closure cells into the free slots, then the cell slots' values (parameters or
        nothing) into new cells."""
        frees = self.scope.free_order
        if frees:
            self.emit("COPY_FREE_VARS", len(frees))
        for slot in self.scope.cell_slots:
            self.emit("MAKE_CELL", slot)

    def return_none(self, last: ast.stmt | ast.expr) -> None:
        """Falling off the end returns None (attributed to the last statement's line)."""
        self.line = last.lineno
        self.carets = (NO_CARETS, NO_CARETS)
        self.load_const(None)
        self.emit("RETURN_VALUE")

    def code_object(
        self, argcount: int = 0, posonlyargcount: int = 0, kwonlyargcount: int = 0, flags: int = 0
    ) -> CodeObject:
        assembled = self.asm.assemble()
        return CodeObject(
            name=self.name,
            firstlineno=self.firstlineno,
            argcount=argcount,
            stacksize=assembled.stacksize,
            code=assembled.code,
            lines=assembled.lines,
            carets=assembled.carets,
            consts=self.consts,
            names=self.names,
            varnames=self.scope.varnames,
            kinds=[kind.value for kind in self.scope.kinds],
            posonlyargcount=posonlyargcount,
            kwonlyargcount=kwonlyargcount,
            flags=flags | (FLAG_GENERATOR if self.scope.is_generator else 0),
            exceptions=assembled.exceptions,
            qualname=self.qualname or self.name,
        )

    # -- emission -------------------------------------------------------------------------------

    def emit(self, name: str, oparg: int | Label = 0) -> None:
        handler = self.handlers[-1] if self.handlers else None
        self.asm.emit(name, oparg, self.line, handler, self.carets)

    def emit_enum(self, name: str, symbol: str) -> None:
        """An instruction whose oparg is a member of its oparg(...) enum, named by symbol."""
        self.emit(name, opcodes.OPARG_SYMBOLS[name][symbol])

    def jump(self, target: Label) -> None:
        """An unconditional jump; a bound label is behind us, so that is a loop's back edge."""
        self.emit("JUMP_BACKWARD" if target.index is not None else "JUMP_FORWARD", target)

    def bind(self, label: Label) -> None:
        self.asm.bind(label)

    @contextmanager
    def at(self, node: ast.stmt | ast.expr | ast.excepthandler) -> Iterator[None]:
        """Attributes the instructions emitted inside to `node`: its line, and the caret line a
        traceback prints under it."""
        saved = self.line, self.carets
        self.line = node.lineno
        self.carets = caret_marks(node, self.source)
        try:
            yield
        finally:
            self.line, self.carets = saved

    @contextmanager
    def protected(self, handler: Handler, block: Block | None = None) -> Iterator[None]:
        """Instructions emitted inside go to `handler` on an exception; `block` (if any) is what
        a `return`, `break` or `continue` inside leaves."""
        self.handlers.append(handler)
        if block is not None:
            self.blocks.append(block)
        try:
            yield
        finally:
            self.handlers.pop()
            if block is not None:
                self.blocks.pop()

    @contextmanager
    def inside(self, block: Block) -> Iterator[None]:
        self.blocks.append(block)
        try:
            yield
        finally:
            self.blocks.pop()

    @contextmanager
    def deeper(self, items: int) -> Iterator[None]:
        """Statements inside run with `items` more values on the stack."""
        self.depth += items
        try:
            yield
        finally:
            self.depth -= items

    # -- constants and names ----------------------------------------------------------------

    def const(self, value: Const) -> int:
        key = _const_key(value)
        if key not in self.const_index:
            self.const_index[key] = len(self.consts)
            self.consts.append(value)
        return self.const_index[key]

    def load_const(self, value: Const) -> None:
        self.emit("LOAD_CONST", self.const(value))

    def name_index(self, name: str) -> int:
        if name not in self.names:
            self.names.append(name)
        return self.names.index(name)

    def load_name(self, name: str) -> None:
        self.name_op("LOAD", name)

    def store_name(self, name: str) -> None:
        self.name_op("STORE", name)

    def delete_name(self, node: ast.AST, name: str) -> None:
        if self.scope.access(name)[0] is Access.DEREF:
            raise unsupported(node, "deleting a variable captured by a nested function")
        self.name_op("DELETE", name)

    def name_op(self, action: str, name: str) -> None:
        access, slot = self.scope.access(name)
        if access is Access.FAST:
            self.emit(f"{action}_FAST", slot)
        elif access is Access.DEREF:
            self.emit(f"{action}_DEREF", slot)
        elif access is Access.GLOBAL:
            self.emit(f"{action}_GLOBAL", self.name_index(name))
        else:
            self.emit(f"{action}_NAME", self.name_index(name))


def _const_key(value: Const) -> object:
    if isinstance(value, CodeObject):
        return ("code", id(value))
    if isinstance(value, tuple):
        return ("tuple", tuple(_const_key(item) for item in value))
    # repr tells 0.0 from -0.0 (and 0j from -0j), which compare equal.
    return (type(value).__name__, repr(value) if isinstance(value, (float, complex)) else value)
