"""Compiles a Python module's AST, in quack's supported subset, to code objects."""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from . import opcodes
from .assembler import Assembler, Label
from .codeobject import CodeObject, Const
from .errors import CompileError, unsupported
from .symbols import Scope, function_scope
from .unsupported import describe

# Small ints are tagged machine words with one bit of tag: 63 bits of signed range.
INT_MIN = -(1 << 62)
INT_MAX = (1 << 62) - 1

_BINARY_SYMBOLS: dict[type[ast.operator], str] = {
    ast.Add: "+",
    ast.BitAnd: "&",
    ast.FloorDiv: "//",
    ast.LShift: "<<",
    ast.MatMult: "@",
    ast.Mult: "*",
    ast.Mod: "%",
    ast.BitOr: "|",
    ast.Pow: "**",
    ast.RShift: ">>",
    ast.Sub: "-",
    ast.Div: "/",
    ast.BitXor: "^",
}

_COMPARE_SYMBOLS: dict[type[ast.cmpop], str] = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Gt: ">",
    ast.GtE: ">=",
}

_UNARY_INSTRUCTIONS: dict[type[ast.unaryop], str] = {
    ast.USub: "UNARY_NEGATIVE",
    ast.Invert: "UNARY_INVERT",
}


def compile_source(source: str | bytes, filename: str) -> CodeObject:
    """Compiles a module; raises CompileError for invalid or unsupported programs."""
    tree = _parse(source, filename)
    try:
        return CodeBuilder("<module>", 1, Scope(), is_module=True).compile_body(tree.body, 0)
    except RecursionError:
        raise _too_deep() from None


def _parse(source: str | bytes, filename: str) -> ast.Module:
    try:
        # CPython's own compiler first, for every SyntaxError it reports (including those found
        # after parsing, like `break` outside a loop), so quack rejects exactly what it rejects.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, filename, "exec", dont_inherit=True)
        return ast.parse(source, filename)
    except SyntaxError as error:
        raise CompileError("error", error.msg, error.lineno or 1, error.offset or 1) from None
    except ValueError as error:  # e.g. null bytes in the source
        raise CompileError("error", str(error), 1, 1) from None
    except (RecursionError, MemoryError):
        # How CPython's parser and compiler fail on deeply nested expressions.
        raise _too_deep() from None


def _too_deep() -> CompileError:
    return CompileError("error", "program too deeply nested", 1, 1)


@dataclass
class _Loop:
    head: Label
    # Where `break` goes: after the loop's else clause.
    end: Label
    # A for loop keeps its iterator on the stack, which `break` must pop.
    is_for: bool


class CodeBuilder:
    """Builds one code object: the module or one function."""

    def __init__(self, name: str, firstlineno: int, scope: Scope, is_module: bool) -> None:
        self.name = name
        self.firstlineno = firstlineno
        self.scope = scope
        self.is_module = is_module
        self.asm = Assembler()
        self.consts: list[Const] = []
        # Keyed by type as well as value, since 1 == True but they are distinct constants.
        self.const_index: dict[tuple[str, object], int] = {}
        self.names: list[str] = []
        self.loops: list[_Loop] = []
        self.line = firstlineno

    # -- code objects -------------------------------------------------------------------------

    def compile_body(self, body: list[ast.stmt], argcount: int) -> CodeObject:
        for statement in body:
            self.statement(statement)
        if body:
            self.line = body[-1].lineno
        # Falling off the end returns None.
        self.emit("LOAD_CONST", self.const(None))
        self.emit("RETURN_VALUE")
        assembled = self.asm.assemble()
        return CodeObject(
            name=self.name,
            firstlineno=self.firstlineno,
            argcount=argcount,
            stacksize=assembled.stacksize,
            code=assembled.code,
            lines=assembled.lines,
            consts=self.consts,
            names=self.names,
            varnames=list(self.scope.locals),
        )

    def function(self, node: ast.FunctionDef) -> CodeObject:
        self.check_signature(node)
        scope = function_scope(node)
        builder = CodeBuilder(node.name, node.lineno, scope, is_module=False)
        argcount = len(node.args.posonlyargs) + len(node.args.args)
        return builder.compile_body(node.body, argcount)

    def check_signature(self, node: ast.FunctionDef) -> None:
        args = node.args
        if node.decorator_list:
            raise unsupported(node.decorator_list[0], "decorator")
        if args.defaults:
            raise unsupported(args.defaults[0], "default parameter value")
        if args.vararg:
            raise unsupported(args.vararg, "*args parameter")
        if args.kwonlyargs:
            raise unsupported(args.kwonlyargs[0], "keyword-only parameter")
        if args.kwarg:
            raise unsupported(args.kwarg, "**kwargs parameter")
        for arg in args.posonlyargs + args.args:
            if arg.annotation:
                raise unsupported(arg.annotation, "annotation")
        if node.returns:
            raise unsupported(node.returns, "annotation")

    # -- emission helpers ---------------------------------------------------------------------

    def emit(self, name: str, oparg: int | Label = 0) -> None:
        self.asm.emit(name, oparg, self.line)

    def jump(self, target: Label) -> None:
        """An unconditional jump; a bound label is behind us, so that is a loop's back edge."""
        self.emit("JUMP_BACKWARD" if target.index is not None else "JUMP_FORWARD", target)

    @contextmanager
    def at(self, node: ast.stmt | ast.expr) -> Iterator[None]:
        """Attributes the instructions emitted inside to `node`'s line."""
        saved = self.line
        self.line = node.lineno
        try:
            yield
        finally:
            self.line = saved

    def const(self, value: Const) -> int:
        key = (
            ("code", id(value)) if isinstance(value, CodeObject) else (type(value).__name__, value)
        )
        if key not in self.const_index:
            self.const_index[key] = len(self.consts)
            self.consts.append(value)
        return self.const_index[key]

    def name_index(self, name: str) -> int:
        if name not in self.names:
            self.names.append(name)
        return self.names.index(name)

    def load(self, name: str) -> None:
        local = self.scope.local_index(name)
        if local is None:
            self.emit("LOAD_GLOBAL", self.name_index(name))
        else:
            self.emit("LOAD_FAST", local)

    def store(self, target: ast.expr) -> None:
        if not isinstance(target, ast.Name):
            raise unsupported(target, f"assignment to {describe(target)}")
        self.store_name(target.id)

    def store_name(self, name: str) -> None:
        local = self.scope.local_index(name)
        if local is None:
            self.emit("STORE_GLOBAL", self.name_index(name))
        else:
            self.emit("STORE_FAST", local)

    # -- statements ---------------------------------------------------------------------------

    def statement(self, node: ast.stmt) -> None:
        with self.at(node):
            self.statement_at(node)

    def block(self, body: list[ast.stmt]) -> None:
        for statement in body:
            self.statement(statement)

    def statement_at(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Expr):
            self.expression(node.value)
            self.emit("POP_TOP")
        elif isinstance(node, ast.Assign):
            self.expression(node.value)
            for target in node.targets[:-1]:
                self.emit("COPY", 1)
                self.store(target)
            self.store(node.targets[-1])
        elif isinstance(node, ast.AugAssign):
            if not isinstance(node.target, ast.Name):
                raise unsupported(node.target, f"assignment to {describe(node.target)}")
            self.load(node.target.id)
            self.expression(node.value)
            self.emit("BINARY_OP", self.binary_oparg(node.op))
            self.store(node.target)
        elif isinstance(node, ast.If):
            self.if_statement(node)
        elif isinstance(node, ast.While):
            self.while_loop(node)
        elif isinstance(node, ast.For):
            self.for_loop(node)
        elif isinstance(node, ast.Break):
            loop = self.loops[-1]
            if loop.is_for:
                self.emit("POP_TOP")
            self.jump(loop.end)
        elif isinstance(node, ast.Continue):
            self.jump(self.loops[-1].head)
        elif isinstance(node, ast.Return):
            if node.value is None:
                self.emit("LOAD_CONST", self.const(None))
            else:
                self.expression(node.value)
            self.emit("RETURN_VALUE")
        elif isinstance(node, ast.FunctionDef):
            if not self.is_module:
                raise unsupported(node, "nested function")
            self.emit("LOAD_CONST", self.const(self.function(node)))
            self.emit("MAKE_FUNCTION")
            self.store_name(node.name)
        elif not isinstance(node, (ast.Pass, ast.Global)):
            # `global` only matters to scope analysis (symbols.py).
            raise unsupported(node, describe(node))

    def if_statement(self, node: ast.If) -> None:
        orelse = Label()
        self.jump_if(node.test, False, orelse)
        self.block(node.body)
        if node.orelse:
            end = Label()
            self.jump(end)
            self.asm.bind(orelse)
            self.block(node.orelse)
            self.asm.bind(end)
        else:
            self.asm.bind(orelse)

    def while_loop(self, node: ast.While) -> None:
        head, orelse, end = Label(), Label(), Label()
        self.asm.bind(head)
        self.jump_if(node.test, False, orelse)
        self.loops.append(_Loop(head, end, is_for=False))
        self.block(node.body)
        self.loops.pop()
        self.jump(head)
        self.asm.bind(orelse)
        self.block(node.orelse)
        self.asm.bind(end)

    def for_loop(self, node: ast.For) -> None:
        if not isinstance(node.target, ast.Name):
            raise unsupported(node.target, f"assignment to {describe(node.target)}")
        head, exhausted, end = Label(), Label(), Label()
        self.expression(node.iter)
        self.emit("GET_ITER")
        self.asm.bind(head)
        self.emit("FOR_ITER", exhausted)
        self.store(node.target)
        self.loops.append(_Loop(head, end, is_for=True))
        self.block(node.body)
        self.loops.pop()
        self.jump(head)
        self.asm.bind(exhausted)
        self.emit("END_FOR")
        self.block(node.orelse)
        self.asm.bind(end)

    # -- conditions ---------------------------------------------------------------------------

    def jump_if(self, node: ast.expr, when: bool, target: Label) -> None:
        """Jumps to `target` if the truth of `node` is `when`, else falls through; the stack is
        unchanged on both paths."""
        with self.at(node):
            if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                self.jump_if(node.operand, not when, target)
            elif isinstance(node, ast.BoolOp):
                self.bool_op_jump(node, when, target)
            elif isinstance(node, ast.Compare) and len(node.ops) > 1:
                self.chain_jump(node, when, target)
            elif isinstance(node, ast.Constant):
                # A constant test (`while True:`) is decided here, not at run time.
                if bool(self.constant_value(node)) == when:
                    self.jump(target)
            else:
                self.expression(node)
                self.to_bool(node)
                self.emit("POP_JUMP_IF_TRUE" if when else "POP_JUMP_IF_FALSE", target)

    def bool_op_jump(self, node: ast.BoolOp, when: bool, target: Label) -> None:
        # `a and b` is false as soon as one operand is; `a or b` true as soon as one is.
        decisive = isinstance(node.op, ast.Or)
        if when == decisive:
            for value in node.values:
                self.jump_if(value, when, target)
            return
        skip = Label()
        for value in node.values[:-1]:
            self.jump_if(value, decisive, skip)
        self.jump_if(node.values[-1], when, target)
        self.asm.bind(skip)

    def chain_jump(self, node: ast.Compare, when: bool, target: Label) -> None:
        """`x0 < x1 < ... < xn` without SWAP: each middle operand is kept by comparing copies,
        so the operands pile up under the test and are popped once the outcome is known."""
        operands = [node.left, *node.comparators]
        opargs = [self.compare_oparg(op, node) for op in node.ops]
        # Stack items left under the test, keyed by the label that pops them on failure.
        failures: list[tuple[int, Label]] = []
        self.expression(operands[0])
        self.expression(operands[1])
        for i, oparg in enumerate(opargs[:-1], start=1):
            self.emit("COPY", 2)
            self.emit("COPY", 2)
            self.emit("COMPARE_OP", oparg)
            failures.append((i + 1, Label()))
            self.emit("POP_JUMP_IF_FALSE", failures[-1][1])
            self.expression(operands[i + 1])
        self.emit("COMPARE_OP", opargs[-1])
        junk = len(opargs) - 1
        failures.append((junk, Label()))
        self.emit("POP_JUMP_IF_FALSE", failures[-1][1])
        for _ in range(junk):
            self.emit("POP_TOP")
        end = Label()
        self.jump(target if when else end)
        # One run of POP_TOPs, entered at the depth each failure leaves.
        entries: dict[int, list[Label]] = {}
        for count, label in failures:
            entries.setdefault(count, []).append(label)
        for count in range(max(entries), 0, -1):
            for label in entries.get(count, []):
                self.asm.bind(label)
            self.emit("POP_TOP")
        if not when:
            self.jump(target)
        self.asm.bind(end)

    def to_bool(self, node: ast.expr) -> None:
        """Conditional jumps and UNARY_NOT take a bool; convert unless `node` yields one."""
        is_bool = (
            (isinstance(node, ast.Compare) and len(node.ops) == 1)
            or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
            or (isinstance(node, ast.Constant) and isinstance(node.value, bool))
        )
        if not is_bool:
            self.emit("TO_BOOL")

    # -- expressions --------------------------------------------------------------------------

    def expression(self, node: ast.expr) -> None:
        with self.at(node):
            self.expression_at(node)

    def expression_at(self, node: ast.expr) -> None:
        if isinstance(node, ast.Constant):
            self.emit("LOAD_CONST", self.const(self.constant_value(node)))
        elif isinstance(node, ast.Name):
            self.load(node.id)
        elif isinstance(node, ast.BinOp):
            self.expression(node.left)
            self.expression(node.right)
            self.emit("BINARY_OP", self.binary_oparg(node.op))
        elif isinstance(node, ast.UnaryOp):
            self.unary(node)
        elif isinstance(node, ast.Compare):
            self.compare(node)
        elif isinstance(node, ast.BoolOp):
            self.bool_op(node)
        elif isinstance(node, ast.IfExp):
            orelse, end = Label(), Label()
            self.jump_if(node.test, False, orelse)
            self.expression(node.body)
            self.jump(end)
            self.asm.bind(orelse)
            self.expression(node.orelse)
            self.asm.bind(end)
        elif isinstance(node, ast.Call):
            self.call(node)
        else:
            raise unsupported(node, describe(node))

    def constant_value(self, node: ast.Constant) -> Const:
        value = node.value
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int):
            if not INT_MIN <= value <= INT_MAX:
                raise unsupported(node, "integer literal outside the 63-bit range")
            return value
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise unsupported(node, "string literal with lone surrogates") from None
            return value
        raise unsupported(node, describe(node))

    def unary(self, node: ast.UnaryOp) -> None:
        operand = node.operand
        if isinstance(node.op, ast.Not):
            self.expression(operand)
            self.to_bool(operand)
            self.emit("UNARY_NOT")
        elif (
            isinstance(node.op, ast.USub)
            and isinstance(operand, ast.Constant)
            and type(operand.value) is int
        ):
            # Folded so that the most negative int, whose magnitude is out of range, is a literal.
            negated = ast.Constant(-operand.value)
            ast.copy_location(negated, node)
            self.emit("LOAD_CONST", self.const(self.constant_value(negated)))
        elif type(node.op) in _UNARY_INSTRUCTIONS:
            self.expression(operand)
            self.emit(_UNARY_INSTRUCTIONS[type(node.op)])
        else:
            raise unsupported(node, describe(node.op))

    def compare(self, node: ast.Compare) -> None:
        if len(node.ops) == 1:
            oparg = self.compare_oparg(node.ops[0], node)
            self.expression(node.left)
            self.expression(node.comparators[0])
            self.emit("COMPARE_OP", oparg)
            return
        # Comparisons of quack's values yield bools, so the chain's value is its truth.
        false, end = Label(), Label()
        self.chain_jump(node, False, false)
        self.emit("LOAD_CONST", self.const(True))
        self.jump(end)
        self.asm.bind(false)
        self.emit("LOAD_CONST", self.const(False))
        self.asm.bind(end)

    def bool_op(self, node: ast.BoolOp) -> None:
        """The value of the first decisive operand (or the last): a copy is tested, so the
        operand itself stays as the result."""
        end = Label()
        jump = "POP_JUMP_IF_TRUE" if isinstance(node.op, ast.Or) else "POP_JUMP_IF_FALSE"
        for value in node.values[:-1]:
            self.expression(value)
            self.emit("COPY", 1)
            self.to_bool(value)
            self.emit(jump, end)
            self.emit("POP_TOP")
        self.expression(node.values[-1])
        self.asm.bind(end)

    def call(self, node: ast.Call) -> None:
        if node.keywords:
            raise unsupported(node.keywords[0], "keyword argument")
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                raise unsupported(arg, "starred argument")
        self.expression(node.func)
        for arg in node.args:
            self.expression(arg)
        self.emit("CALL", len(node.args))

    def binary_oparg(self, op: ast.operator) -> int:
        return opcodes.OPARG_SYMBOLS["BINARY_OP"][_BINARY_SYMBOLS[type(op)]]

    def compare_oparg(self, op: ast.cmpop, node: ast.AST) -> int:
        if type(op) not in _COMPARE_SYMBOLS:
            raise unsupported(node, describe(op))
        return opcodes.OPARG_SYMBOLS["COMPARE_OP"][_COMPARE_SYMBOLS[type(op)]]
