"""Expressions: constants, operators, conditions, displays, subscripts, attributes, f-strings and
yields (calls are in calls.py, lambdas and comprehensions in functions.py)."""

from __future__ import annotations

import ast

from . import opcodes
from .assembler import Label
from .builder import BuilderBase
from .codeobject import Const
from .errors import unsupported
from .unsupported import describe

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

# Each comparison operator: its instruction and the oparg symbol.
_COMPARISONS: dict[type[ast.cmpop], tuple[str, str]] = {
    ast.Lt: ("COMPARE_OP", "<"),
    ast.LtE: ("COMPARE_OP", "<="),
    ast.Eq: ("COMPARE_OP", "=="),
    ast.NotEq: ("COMPARE_OP", "!="),
    ast.Gt: ("COMPARE_OP", ">"),
    ast.GtE: ("COMPARE_OP", ">="),
    ast.Is: ("IS_OP", "is"),
    ast.IsNot: ("IS_OP", "is not"),
    ast.In: ("CONTAINS_OP", "in"),
    ast.NotIn: ("CONTAINS_OP", "not in"),
}
# Comparisons that always produce a bool.
_BOOL_COMPARISONS = (ast.Is, ast.IsNot, ast.In, ast.NotIn)

_UNARY_INSTRUCTIONS: dict[type[ast.unaryop], str] = {
    ast.USub: "UNARY_NEGATIVE",
    ast.UAdd: "UNARY_POSITIVE",
    ast.Invert: "UNARY_INVERT",
}

# The instruction that builds each display, and the ones that add one item or unpack many.
_DISPLAYS: dict[type[ast.expr], tuple[str, str, str]] = {
    ast.List: ("BUILD_LIST", "LIST_APPEND", "LIST_EXTEND"),
    ast.Tuple: ("BUILD_LIST", "LIST_APPEND", "LIST_EXTEND"),
    ast.Set: ("BUILD_SET", "SET_ADD", "SET_UPDATE"),
}


def no_step(node: ast.expr) -> ast.Slice | None:
    """`node` if it is a slice `a:b` without a step: BINARY_SLICE and friends take it unbuilt."""
    return node if isinstance(node, ast.Slice) and node.step is None else None


class Expressions(BuilderBase):
    def expression(self, node: ast.expr) -> None:
        with self.at(node):
            self.expression_at(node)

    def expression_at(self, node: ast.expr) -> None:
        if isinstance(node, ast.Constant):
            self.load_const(self.constant_value(node))
        elif isinstance(node, ast.Name):
            self.load_name(node.id)
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
            self.bind(orelse)
            self.expression(node.orelse)
            self.bind(end)
        elif isinstance(node, ast.Call):
            self.call(node)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            self.display(node)
        elif isinstance(node, ast.Dict):
            self.dict_display(node)
        elif isinstance(node, ast.Attribute):
            self.expression(node.value)
            self.emit("LOAD_ATTR", self.name_index(node.attr))
        elif isinstance(node, ast.Subscript):
            self.subscript(node)
        elif isinstance(node, ast.Slice):
            self.build_slice(node)
        elif isinstance(node, ast.JoinedStr):
            self.f_string(node)
        elif isinstance(node, ast.Lambda):
            self.function_value(node)
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            self.comprehension(node)
        elif isinstance(node, ast.NamedExpr):
            self.expression(node.value)
            self.emit("COPY", 1)
            self.store_name(node.target.id)
        elif isinstance(node, ast.Yield):
            self.yield_value(node)
        elif isinstance(node, ast.YieldFrom):
            self.yield_from(node)
        else:
            raise unsupported(node, describe(node))

    # -- values -------------------------------------------------------------------------------

    def constant_value(self, node: ast.Constant) -> Const:
        value = node.value
        if value is None or value is Ellipsis:
            return value
        if isinstance(value, (bool, int, float, complex, bytes)):
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
            and isinstance(operand.value, (int, float, complex))
            and not isinstance(operand.value, bool)
        ):
            # Folded so that the most negative int, whose magnitude is out of range, is a literal.
            negated = ast.Constant(-operand.value)
            ast.copy_location(negated, node)
            self.load_const(self.constant_value(negated))
        elif type(node.op) in _UNARY_INSTRUCTIONS:
            self.expression(operand)
            self.emit(_UNARY_INSTRUCTIONS[type(node.op)])
        else:
            raise unsupported(node, describe(node.op))

    def binary_oparg(self, op: ast.operator, in_place: bool = False) -> int:
        """`in_place`: the augmented form (`+=`), which may update a mutable operand."""
        symbol = _BINARY_SYMBOLS[type(op)] + ("=" if in_place else "")
        return opcodes.OPARG_SYMBOLS["BINARY_OP"][symbol]

    def comparison(self, op: ast.cmpop) -> None:
        self.emit_enum(*_COMPARISONS[type(op)])

    def tested_comparison(self, op: ast.cmpop) -> None:
        """A comparison a conditional jump tests: `<`, `==`... may return any object (a class's
        __lt__ decides), so only `is` and `in` skip TO_BOOL."""
        self.comparison(op)
        if not isinstance(op, _BOOL_COMPARISONS):
            self.emit("TO_BOOL")

    def compare(self, node: ast.Compare) -> None:
        if len(node.ops) == 1:
            self.expression(node.left)
            self.expression(node.comparators[0])
            self.comparison(node.ops[0])
            return
        false, end = Label(), Label()
        self.chain_jump(node, False, false)
        self.load_const(True)
        self.jump(end)
        self.bind(false)
        self.load_const(False)
        self.bind(end)

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
        self.bind(end)

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
        self.bind(skip)

    def chain_jump(self, node: ast.Compare, when: bool, target: Label) -> None:
        """`x0 < x1 < ... < xn` without SWAP: each middle operand is kept by comparing copies,
        so the operands pile up under the test and are popped once the outcome is known."""
        operands = [node.left, *node.comparators]
        # Stack items left under the test, keyed by the label that pops them on failure.
        failures: list[tuple[int, Label]] = []
        self.expression(operands[0])
        self.expression(operands[1])
        for i, op in enumerate(node.ops[:-1], start=1):
            self.emit("COPY", 2)
            self.emit("COPY", 2)
            self.tested_comparison(op)
            failures.append((i + 1, Label()))
            self.emit("POP_JUMP_IF_FALSE", failures[-1][1])
            self.expression(operands[i + 1])
        self.tested_comparison(node.ops[-1])
        junk = len(node.ops) - 1
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
                self.bind(label)
            self.emit("POP_TOP")
        if not when:
            self.jump(target)
        self.bind(end)

    def to_bool(self, node: ast.expr) -> None:
        """Conditional jumps and UNARY_NOT take a bool; convert unless `node` yields one
        (`is` and `in` do; other comparisons may return any object)."""
        is_bool = (
            (
                isinstance(node, ast.Compare)
                and len(node.ops) == 1
                and isinstance(node.ops[0], _BOOL_COMPARISONS)
            )
            or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))
            or (isinstance(node, ast.Constant) and isinstance(node.value, bool))
        )
        if not is_bool:
            self.emit("TO_BOOL")

    # -- displays -----------------------------------------------------------------------------

    def display(self, node: ast.List | ast.Tuple | ast.Set) -> None:
        if isinstance(node, ast.Tuple) and node.elts and all(_is_folded(e) for e in node.elts):
            self.load_const(self.folded(node))
            return
        build, add, extend = _DISPLAYS[type(node)]
        if not any(isinstance(e, ast.Starred) for e in node.elts):
            for element in node.elts:
                self.expression(element)
            tuple_ = isinstance(node, ast.Tuple)
            self.emit("BUILD_TUPLE" if tuple_ else build, len(node.elts))
            return
        self.starred_sequence(node.elts, build, add, extend)
        if isinstance(node, ast.Tuple):
            self.emit("LIST_TO_TUPLE")

    def starred_sequence(self, elements: list[ast.expr], build: str, add: str, extend: str) -> None:
        """A list or set of elements some of which are `*iterable`: the plain ones before the
        first star are built at once, the rest added or unpacked one by one, in order."""
        first_star = next(i for i, e in enumerate(elements) if isinstance(e, ast.Starred))
        for element in elements[:first_star]:
            self.expression(element)
        self.emit(build, first_star)
        for element in elements[first_star:]:
            if isinstance(element, ast.Starred):
                self.expression(element.value)
                self.emit(extend, 1)
            else:
                self.expression(element)
                self.emit(add, 1)

    def folded(self, node: ast.expr) -> Const:
        """The constant value of a literal or a tuple of literals."""
        if isinstance(node, ast.Tuple):
            return tuple(self.folded(e) for e in node.elts)
        assert isinstance(node, ast.Constant)
        return self.constant_value(node)

    def dict_display(self, node: ast.Dict) -> None:
        """`{k: v, **m, k2: v2}`: the leading pairs in one BUILD_MAP, then updates and adds."""
        leading = next((i for i, k in enumerate(node.keys) if k is None), len(node.keys))
        for key, value in zip(node.keys[:leading], node.values[:leading], strict=True):
            assert key is not None
            self.expression(key)
            self.expression(value)
        self.emit("BUILD_MAP", leading)
        for key, value in zip(node.keys[leading:], node.values[leading:], strict=True):
            if key is None:
                self.expression(value)
                self.emit("DICT_UPDATE", 1)
            else:
                self.expression(key)
                self.expression(value)
                self.emit("MAP_ADD", 1)

    # -- subscripts and slices ----------------------------------------------------------------

    def subscript(self, node: ast.Subscript) -> None:
        self.expression(node.value)
        plain = no_step(node.slice)
        if plain is not None:
            self.slice_bounds(plain)
            self.emit("BINARY_SLICE")
        else:
            self.expression(node.slice)
            self.emit("BINARY_SUBSCR")

    def slice_bounds(self, node: ast.Slice) -> None:
        for bound in (node.lower, node.upper):
            if bound is None:
                self.load_const(None)
            else:
                self.expression(bound)

    def build_slice(self, node: ast.Slice) -> None:
        self.slice_bounds(node)
        if node.step is None:
            self.emit("BUILD_SLICE", 2)
        else:
            self.expression(node.step)
            self.emit("BUILD_SLICE", 3)

    # -- f-strings ----------------------------------------------------------------------------

    def f_string(self, node: ast.JoinedStr) -> None:
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.formatted_value(value)
            else:
                self.expression(value)
        # One piece is already the string; an empty f-string joins no pieces into "".
        if len(node.values) != 1:
            self.emit("BUILD_STRING", len(node.values))

    def formatted_value(self, node: ast.FormattedValue) -> None:
        with self.at(node):
            self.expression(node.value)
            if node.conversion != -1:
                self.emit_enum("CONVERT_VALUE", "!" + chr(node.conversion))
            if node.format_spec is None:
                self.emit("FORMAT_SIMPLE")
            else:
                self.expression(node.format_spec)
                self.emit("FORMAT_WITH_SPEC")

    # -- generators ---------------------------------------------------------------------------

    def yield_value(self, node: ast.Yield) -> None:
        if node.value is None:
            self.load_const(None)
        else:
            self.expression(node.value)
        self.emit("YIELD_VALUE")

    def yield_from(self, node: ast.YieldFrom) -> None:
        """Sends into the sub-iterator until it is exhausted; its return value is the result."""
        self.expression(node.value)
        self.emit("GET_YIELD_FROM_ITER")
        self.load_const(None)
        send, exit_ = Label(), Label()
        self.bind(send)
        self.emit("SEND", exit_)
        self.emit("YIELD_VALUE")
        self.jump(send)
        self.bind(exit_)
        self.emit("END_SEND")


def _is_folded(node: ast.expr) -> bool:
    """A literal the tuple constant can hold (ints out of range are left to report)."""
    if isinstance(node, ast.Tuple):
        return all(_is_folded(e) for e in node.elts)
    return isinstance(node, ast.Constant)
