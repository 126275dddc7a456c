"""Random expressions that are valid in quack's subset and never leave its ints.

Ints stay small: every expression carries a bound on the magnitude of its value were it an int,
and an operator is only chosen when its result's bound stays within the tagged 63 bits, so the
programs exercise the small-int fast paths and their guards (big ints have their own differential
test, tests/test_bigint_differential.py). Expressions that may raise (a
division by a value that may be zero, a float overflow, a type error after a type change) are
marked `risky`: the program generator puts them under a `try`."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from enum import Enum

# The largest magnitude quack's small ints hold on both sides (-2**62 .. 2**62 - 1).
LIMIT = 2**62 - 1


class Kind(Enum):
    INT = "int"  # an int or a bool
    FLOAT = "float"
    NUM = "num"  # an int or a float, not known which (a polymorphic attribute, a mixed sum)
    STR = "str"
    ANY = "any"  # a number or a str: arithmetic on it may raise TypeError


NUMERIC = (Kind.INT, Kind.FLOAT, Kind.NUM)
# A divisor that cannot be zero: a literal like 7, (-3) or 2.5.
NONZERO_LITERAL = re.compile(r"\(?-?(?!0+(\.0*)?\)?$)\d+(\.\d+)?\)?")


@dataclass(frozen=True)
class Expr:
    code: str
    kind: Kind
    bound: int = 1  # |value| <= bound if it is an int (floats never overflow an int)
    risky: bool = False

    @property
    def may_be_int(self) -> bool:
        return self.kind in (Kind.INT, Kind.NUM, Kind.ANY)


# Numbers around the edges where representations change: 2**31, 2**53, 2**62; signed zeros,
# infinities, nan, subnormals, values whose repr or rounding is delicate.
INT_EDGES = [
    0, 1, -1, 2, 3, 7, 10, 16, 255, 1000, -1000,
    2**31 - 1, 2**31, -(2**31), 2**32 + 1,
    2**53 - 1, 2**53, 2**53 + 1, -(2**53 + 1),
    2**62 - 1, -(2**62), 3 * 2**60,
]  # fmt: skip
FLOAT_EDGES = [
    "0.0", "-0.0", "0.5", "-2.25", "1e-07", "0.1", "2.5", "123.456", "1e16", "9007199254740993.0",
    "4.611686018427388e+18", "1e+308", "5e-324", "2.2250738585072014e-308",
    "1.7976931348623157e+308",
    "float('inf')", "float('-inf')", "float('nan')", "-1.5", "1.0000000000000002",
]  # fmt: skip
STR_EDGES = ["''", "'a'", "'duck'", "'Quack!'", "'ß'", "'x y'", "'0'", "'-12'", "'ÀÉ'"]
# Strings int() and float() read, or refuse with a message naming them.
NUMERAL_STRS = [
    "' 12 '", "'-0'", "'1_000'", "'0x10'", "'1e500'", "'-inf'", "'nan'", "'2.5e-3'",
    "'9007199254740993'", "'1.'", "'.5'", "''", "'١٢'", "'+7'", "'1__0'", "'infinity'",
]  # fmt: skip


def int_const(value: int) -> Expr:
    code = str(value) if value >= 0 else f"({value})"
    return Expr(code, Kind.INT, abs(value))


class ExprGen:
    """Draws expressions over `leaves` (the variables in scope) and constants."""

    def __init__(self, rng: random.Random, leaves: list[Expr]) -> None:
        self.rng = rng
        self.leaves = leaves

    # ---- leaves ----

    def const(self, kind: Kind | None = None) -> Expr:
        r = self.rng
        kind = kind or r.choice([Kind.INT, Kind.INT, Kind.FLOAT, Kind.NUM])
        if kind == Kind.STR:
            return Expr(r.choice(STR_EDGES), Kind.STR)
        if kind == Kind.FLOAT or (kind == Kind.NUM and r.random() < 0.5):
            return Expr(r.choice(FLOAT_EDGES), Kind.FLOAT)
        if r.random() < 0.15:
            return Expr(r.choice(["True", "False"]), Kind.INT)
        if r.random() < 0.5:
            return int_const(r.randint(-20, 40))
        return int_const(r.choice(INT_EDGES))

    def leaf(self, kind: Kind | None = None) -> Expr:
        usable = [e for e in self.leaves if kind is None or e.kind == kind]
        if usable and self.rng.random() < 0.7:
            return self.rng.choice(usable)
        return self.const(kind)

    # ---- numbers ----

    def num(self, depth: int = 2) -> Expr:
        """A numeric expression (possibly risky)."""
        r = self.rng
        if depth <= 0 or r.random() < 0.25:
            e = self.leaf()
            return e if e.kind != Kind.STR else Expr(f"len({e.code})", Kind.INT, 1000)
        choice = r.random()
        if choice < 0.45:
            return self.binary(self.num(depth - 1), self.num(depth - 1))
        if choice < 0.6:
            return self.unary(self.num(depth - 1))
        if choice < 0.75:
            return self.compare(self.num(depth - 1), self.num(depth - 1))
        if choice < 0.85:
            return self.builtin(self.num(depth - 1), self.num(depth - 1))
        if choice < 0.92:
            a, b, c = self.num(depth - 1), self.num(depth - 1), self.num(depth - 1)
            kind = a.kind if a.kind == b.kind else Kind.NUM
            return Expr(
                f"({a.code} if {c.code} else {b.code})",
                kind,
                max(a.bound, b.bound),
                a.risky or b.risky or c.risky,
            )
        return self.reduced(self.num(depth - 1))

    def reduced(self, e: Expr, modulus: int | None = None) -> Expr:
        """e brought into a small range (floats too), so it composes with anything."""
        m = modulus or self.rng.choice([7, 16, 1000, 65536, 1000003])
        return Expr(f"(({e.code}) % {m})", e.kind if e.kind != Kind.ANY else Kind.NUM, m, e.risky)

    def binary(self, a: Expr, b: Expr) -> Expr:
        r = self.rng
        both_int = a.kind == Kind.INT and b.kind == Kind.INT
        ints = a.may_be_int and b.may_be_int
        risky = a.risky or b.risky or Kind.ANY in (a.kind, b.kind)
        kind = a.kind if a.kind == b.kind and a.kind in NUMERIC else Kind.NUM
        if Kind.FLOAT in (a.kind, b.kind):
            kind = Kind.FLOAT
        ops: list[tuple[str, int, Kind, bool]] = []
        if not ints or a.bound + b.bound <= LIMIT:
            ops += [("+", a.bound + b.bound, kind, False), ("-", a.bound + b.bound, kind, False)]
        if not ints or a.bound * b.bound <= LIMIT:
            ops.append(("*", a.bound * b.bound, kind, False))
        # A float result may overflow (OverflowError) or divide by zero: risky unless the divisor
        # is a nonzero constant.
        divisor_safe = NONZERO_LITERAL.fullmatch(b.code) is not None
        ops.append(("/", 1, Kind.FLOAT, not divisor_safe))
        ops.append(("//", a.bound + 1, kind, not divisor_safe))
        ops.append(("%", b.bound, kind, not divisor_safe))
        if both_int and a.bound <= LIMIT >> 8:
            ops.append(("<<", a.bound << 7, Kind.INT, False))
        if both_int:
            bits = max(a.bound, b.bound).bit_length()
            for op in ("&", "|", "^"):
                ops.append((op, 2 ** (bits + 1), Kind.INT, False))
            ops.append((">>", a.bound, Kind.INT, True))  # negative shift counts raise
        if ints and a.bound * a.bound <= LIMIT and r.random() < 0.3:
            return Expr(f"(({a.code}) ** 2)", kind, a.bound * a.bound, risky)
        if r.random() < 0.1 and (not a.may_be_int or a.bound <= LIMIT):
            # A float power: base made non-negative (a negative base with a fractional exponent is
            # complex in CPython), may overflow.
            return Expr(
                f"(abs({a.code}) ** {r.choice(['0.5', '-1', '2.5', '-0.5'])})", Kind.FLOAT, 1, True
            )
        if ints:
            ops = [op for op in ops if op[1] <= LIMIT]
        op, bound, kind, op_risky = r.choice(ops)
        if op in ("<<", ">>"):
            shift = r.randint(0, 7)
            code = f"({a.code} {op} {shift})"
            return Expr(code, Kind.INT, a.bound << shift if op == "<<" else a.bound, risky)
        return Expr(f"({a.code} {op} {b.code})", kind, bound, risky or op_risky)

    def unary(self, a: Expr) -> Expr:
        r = self.rng
        options = [
            Expr(f"(-{a.code})", a.kind, a.bound, a.risky),
            Expr(f"abs({a.code})", a.kind, a.bound, a.risky),
            Expr(f"(not {a.code})", Kind.INT, 1, a.risky),
            Expr(f"float({a.code})", Kind.FLOAT, 1, a.risky),
            Expr(f"int(({a.code}) % 1000)", Kind.INT, 1000, True),  # nan, inf raise
            Expr(f"round({a.code}, {r.choice([0, 1, 2, 3, -1])})", a.kind, a.bound + 10, a.risky),
            Expr(f"bool({a.code})", Kind.INT, 1, a.risky),
        ]
        if a.kind == Kind.INT:
            options.append(Expr(f"(~{a.code})", Kind.INT, a.bound + 1, a.risky))
        if a.may_be_int:
            options = [e for e in options if e.bound <= LIMIT]
        return r.choice(options)

    def compare(self, a: Expr, b: Expr) -> Expr:
        op = self.rng.choice(["<", "<=", "==", "!=", ">", ">="])
        ordered = op not in ("==", "!=")
        risky = a.risky or b.risky or (ordered and Kind.ANY in (a.kind, b.kind))
        if self.rng.random() < 0.15:
            c = self.num(0)
            return Expr(f"({a.code} {op} {b.code} <= {c.code})", Kind.INT, 1, risky or c.risky)
        return Expr(f"({a.code} {op} {b.code})", Kind.INT, 1, risky)

    def builtin(self, a: Expr, b: Expr) -> Expr:
        r = self.rng
        risky = a.risky or b.risky
        kind = a.kind if a.kind == b.kind else Kind.NUM
        options = [
            Expr(f"min({a.code}, {b.code})", kind, max(a.bound, b.bound), risky),
            Expr(f"max({a.code}, {b.code})", kind, max(a.bound, b.bound), risky),
            Expr(
                f"divmod({a.code}, {b.code})[{r.randint(0, 1)}]",
                kind,
                max(a.bound, b.bound) + 1,
                True,
            ),
            Expr(f"len(str({a.code}))", Kind.INT, 40, risky),
            Expr(f"len(repr({a.code}))", Kind.INT, 40, risky),
        ]
        if a.may_be_int and b.may_be_int:
            options = [e for e in options if e.bound <= LIMIT]
        if a.kind == Kind.INT and a.bound <= 2**40:
            options.append(Expr(f"(hash({a.code}) % 1009)", Kind.INT, 1009, risky))
        numeral = r.choice(NUMERAL_STRS)
        options.append(Expr(f"float({numeral})", Kind.FLOAT, 1, True))
        options.append(Expr(f"(int({numeral}) % 1000)", Kind.INT, 1000, True))
        if a.kind == Kind.FLOAT:
            options.append(Expr(f"math.floor(({a.code}) % 1000)", Kind.INT, 1000, True))
            options.append(Expr(f"math.sqrt(abs({a.code}))", Kind.FLOAT, 1, True))
        return r.choice(options)

    # ---- strings ----

    def text(self) -> Expr:
        """A str expression."""
        r = self.rng
        a = self.num(1)
        choice = r.randint(0, 9)
        if choice == 0:
            return Expr(f"str({a.code})", Kind.STR, 1, a.risky)
        if choice == 1:
            return Expr(f"repr({a.code})", Kind.STR, 1, a.risky)
        if choice == 2:
            spec = r.choice(
                [".3f", ".2e", "g", ">10", "<6", "^9", "+", ".1%", "08.3f", ",", "x", "d"]
            )
            risky = a.risky or spec in ("x", "d", ",") or (spec == ".1%" and a.kind == Kind.INT)
            return Expr(f'f"{{{a.code}:{spec}}}"', Kind.STR, 1, risky or a.kind != Kind.INT)
        if choice == 3:
            fmt = r.choice(["%d", "%5.2f", "%s", "%r", "%x", "%e", "%g"])
            # %d and %x of a float go through an int, which stays small.
            arg = self.reduced(a, 2**40).code if fmt in ("%d", "%x") else a.code
            return Expr(f"'{fmt}' % ({arg},)", Kind.STR, 1, True)
        s = self.leaf(Kind.STR)
        ops = [
            f"{s.code}.upper()",
            f"{s.code}.lower()",
            f"{s.code}.title()",
            f"{s.code}.strip()",
            f"{s.code}[::-1]",
            f"({s.code} + {s.code})[1:]",
            f"{s.code}.replace('a', 'b')",
            f"'-'.join([{s.code}, {s.code}])",
        ]
        return Expr(r.choice(ops), Kind.STR, 1, s.risky)


def guarded(lines: list[str]) -> list[str]:
    """Statements under a try that logs the type and message of what they raise (into `log`),
    so that exceptions and their messages are compared with CPython's too."""
    return (
        ["try:"]
        + ["    " + line for line in lines]
        + ["except Exception as e:", "    log.append(type(e).__name__ + ': ' + str(e))"]
    )
