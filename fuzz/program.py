"""Seeded programs that stress what JITs get wrong: hot loops over polymorphic objects whose
classes, instances and globals change while the loop's trace runs (through assignment, `setattr`,
`__dict__`, `del`, `__class__`), calls of several shapes at one site, exceptions raised and caught
inside traces, generators, recursion, and numbers at the edges of their representations.

Every program is valid in quack's subset, terminates, catches what it may raise, and prints its
results; `generate(seed)` gives the same text for the same seed on any machine."""

from __future__ import annotations

import random

from fuzz import misc, numberlike
from fuzz.containers import kernel
from fuzz.exprs import Expr, ExprGen, Kind, guarded

# Class attribute and instance attribute values: the types a trace sees change between them.
ATTR_VALUES = ["7", "6", "1e-07", "0.5", "2", "-0.0", "123.456", "2**31", "2**53 + 1", "True", "-3"]


class Writer:
    """Lines of a program, indented."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def block(self, header: str, body: list[str]) -> None:
        self.line(header)
        for text in body:
            self.lines.append("    " * (self.depth + 1) + text)


class ProgramGen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.w = Writer()
        # Features this program has, drawn once so that programs differ in shape, not only in
        # constants.
        r = self.rng
        self.str_attrs = r.random() < 0.15  # attributes may become strs: arithmetic on them raises
        self.deletes = r.random() < 0.3  # attributes may be deleted: reading them raises
        self.with_gen = r.random() < 0.5
        self.with_rec = r.random() < 0.4
        self.with_props = r.random() < 0.3
        self.with_dunder = r.random() < 0.3

    # ---- helpers ----

    def attr_kind(self) -> Kind:
        return Kind.ANY if self.str_attrs else Kind.NUM

    def exprs(self, leaves: list[Expr]) -> ExprGen:
        return ExprGen(self.rng, leaves)

    def value(self) -> str:
        v = self.rng.choice(ATTR_VALUES + (["'s'", "'duck'"] if self.str_attrs else []))
        return v

    def guarded(self, stmt: list[str], risky: bool) -> list[str]:
        """stmt under a try that logs what it raised, if it may raise."""
        return guarded(stmt) if risky else stmt

    # ---- the program ----

    def generate(self) -> str:
        r = self.rng
        w = self.w
        w.line(f"# quack fuzz program, seed {self.seed}")
        w.line("import math")
        w.line(f"G = {self.value()}")
        self.classes()
        w.lines += misc.HELPERS
        self.functions()
        self.run_function()
        entries = ["run"]
        if r.random() < 0.5:
            w.lines += kernel(r)
            entries.append("kernel")
        if r.random() < 0.4:
            w.lines += numberlike.CLASS + numberlike.loop(r)
            entries.append("numbers")
        # Each loop at least once, some twice (state left by the first run meets the second).
        calls = entries + [r.choice(entries) for _ in range(r.randint(0, 2))]
        for entry in calls:
            n = r.choice([3, 20, 60, 150, 303, 400])
            k = r.randint(0, n)
            w.line(f"print({entry}({n}, {k}))")
        return "\n".join(w.lines) + "\n"

    def method_body(self, leaves: list[Expr], extra: str = "") -> list[str]:
        """A method's body returning a small number (most of the time: it may raise)."""
        e = self.exprs(leaves).num(2)
        if extra:
            e = self.small(e)
            e = Expr(f"({e.code} + {extra})", Kind.NUM, e.bound + 16, e.risky)
        body = [f"return ({e.code}) % 16"]
        if self.rng.random() < 0.2:
            body = [f"if x == {self.rng.randint(0, 15)}:", "    raise ValueError(x)"] + body
        return body

    def classes(self) -> None:
        r = self.rng
        w = self.w
        attr = self.attr_kind()
        self_leaves = [
            Expr("self.v", attr, 2**53 + 1),
            Expr("self.w", attr, 2**53 + 1),
            Expr("self.ca", attr, 2**53 + 1),
            Expr("x", Kind.INT, 16),
        ]
        for name, base in (("A", ""), ("B", "(A)"), ("C", "")):
            w.line(f"class {name}{base}:")
            w.depth += 1
            if name != "B" or r.random() < 0.5:
                w.line(f"ca = {self.value()}")
            if name != "B" or r.random() < 0.3:
                v = self.exprs([Expr("v", Kind.INT, 16)]).num(1)
                init = v.code if not v.risky and v.bound <= 2**53 + 1 else "v"
                w.block("def __init__(self, v):", [
                    f"self.v = {init}",
                    f"self.w = {self.value()}",
                ])  # fmt: skip
            if name == "B" and r.random() < 0.6:
                w.block("def m(self, x):", self.method_body(self_leaves, "super().m(x)"))
            else:
                w.block("def m(self, x):", self.method_body(self_leaves))
            if self.with_props and r.random() < 0.6:
                e = self.exprs(self_leaves[:2]).num(1)
                w.line("@property")
                w.block("def p(self):", [f"return ({e.code}) % 1000"])
            if self.with_dunder and r.random() < 0.6:
                w.block("def __eq__(self, other):", ["return self.v == getattr(other, 'v', None)"])
                w.block("def __hash__(self):", ["return 7"])
                w.block("def __lt__(self, other):", ["return self.v < other"])
            w.depth -= 1

    def functions(self) -> None:
        r = self.rng
        w = self.w
        xs = [Expr("x", Kind.INT, 2**31)]
        f = self.exprs(xs).num(2)
        w.block("def f1(x):", [f"return ({f.code}) % 1000" if not f.risky else "return x % 1000"])
        w.block("def f2(x, y=3):", ["return (x * y) % 997"])
        if self.with_gen:
            g = self.small(self.exprs([Expr("j", Kind.INT, 10), Expr("n", Kind.INT, 10)]).num(1))
            body = ["for j in range(n):", f"    yield {g.code if not g.risky else 'j'}"]
            if r.random() < 0.3:
                body.append("return n")
            w.block("def gen(n):", body)
        if self.with_rec:
            w.block("def rec(n):", [
                "if n <= 0:",
                f"    return {r.choice(['0', '1', '0.5'])}",
                f"return {r.choice(['1 + rec(n - 1)', 'rec(n - 1) * 2 % 1000', 'n + rec(n - 2)'])}",
            ])  # fmt: skip
        w.block("def poke(i, objs):", self.mutation(Expr("objs[i % len(objs)]", Kind.ANY)))
        w.block("def other_m(self, x):", ["return (x + 1) % 16"])
        w.block("def make_adder(c):", ["return lambda x: x + c"])
        w.block("def new_class(i):", [
            "class C:",
            "    ca = i % 3",
            "    def __init__(self, v):",
            "        self.v = v",
            "        self.w = 1",
            "    def m(self, x):",
            "        return (x + self.v) % 16",
            "return C",
        ])  # fmt: skip
        # An exception raised deep in calls a trace follows, caught in the loop.
        w.block("def deep(n, x):", [
            "if n == 0:",
            f"    if x % {r.randint(3, 9)} == {r.randint(0, 2)}:",
            "        raise KeyError(x)",
            "    return x % 100",
            "return deep(n - 1, x) + 1",
        ])  # fmt: skip
        w.block("def counter():", [
            "c = 0",
            "def inc(d):",
            "    nonlocal c",
            "    c += d",
            "    return c",
            "return inc",
        ])  # fmt: skip

    def mutation(self, target: Expr) -> list[str]:
        """A change to a class, an instance or a global: what traces assume and must not."""
        r = self.rng
        o = target.code
        cls = r.choice(["A", "B", "C"])
        choices = [
            [f"{cls}.ca = {self.value()}"],
            [f"setattr({o}, 'ca', {self.value()})"],
            [f"{o}.__dict__['ca'] = {self.value()}"],
            [f"{o}.__dict__['v'] = {self.value()}"],
            [f"{o}.v = {self.value()}"],
            [f"{cls}.m = other_m"],
            [f"{cls}.m = lambda self, x: (x * 3) % 16"],
            ["global G", f"G = {self.value()}"],
            ["global f1", "f1 = lambda x: x % 7"],
            [f"{o}.w = {self.value()}"],
            [f"{o}.__class__ = {r.choice(['A', 'B', 'C'])}"],
            [f"setattr({cls}, 'ca', {self.value()})"],
            # A data descriptor now on the class wins over the instances' own attribute.
            [f"{cls}.v = property(lambda self: {self.value()}, lambda self, value: None)"],
            [f"objs.append({r.choice('ABC')}({r.randint(0, 16)}))"],
            ["global G", "G = G + 1 if isinstance(G, int) else 1"],
            # A class statement rebinds C while instances of the old C live on.
            ["global C", "C = new_class(i)", "objs.append(C(i % 16))"],
        ]
        if self.deletes:
            choices += [
                [f"if 'v' in {o}.__dict__:", f"    del {o}.v"],
                [f"del {cls}.ca"],
                [f"delattr({cls}, 'm')"],
                [f"if hasattr({o}, 'w'):", f"    delattr({o}, 'w')"],
            ]
        return r.choice(choices)

    def run_function(self) -> None:
        r = self.rng
        w = self.w
        w.line("def run(n, k):")
        w.depth += 1
        # The loop's mutations may rebind these (a declaration must precede every use).
        w.line("global G, f1, C")
        ctors = [f"{r.choice('ABC')}({r.randint(0, 16)})" for _ in range(r.randint(1, 4))]
        w.line(f"objs = [{', '.join(ctors)}]")
        w.line("acc = 0")
        w.line("facc = 0.0")
        w.line("log = []")
        w.line("d = {}")
        w.line("t = 0")
        w.line("bm = f1")
        w.line("inc = counter()")
        w.line("lst = [3, 1, 2]")
        w.line("txt = ''")
        w.line("for i in range(n):")
        w.depth += 1
        w.line("o = objs[i % len(objs)]")
        for _ in range(r.randint(2, 7)):
            for text in self.loop_statement():
                w.line(text)
        mutate_every = r.random() < 0.3
        if mutate_every:
            for text in self.guarded(["poke(i, objs)"], self.deletes or self.str_attrs):
                w.line(text)
        else:
            w.line("if i == k:")
            w.depth += 1
            change = [t for t in self.mutation(Expr("o", Kind.ANY)) if not t.startswith("global")]
            for text in self.guarded(change, True):
                w.line(text)
            w.depth -= 1
        w.depth -= 1
        w.line("return acc, facc, log[-6:], len(log), sorted(d.items())[:4]")
        w.depth -= 1

    def small(self, e: Expr) -> Expr:
        """e, reduced if adding it to the accumulator could leave quack's ints."""
        return e if e.bound <= 2**40 else self.exprs([]).reduced(e)

    def loop_statement(self) -> list[str]:
        r = self.rng
        attr = self.attr_kind()
        attrs_risky = self.deletes or self.str_attrs
        leaves = [
            Expr("i", Kind.INT, 1000),
            Expr("acc", Kind.NUM, 2**21),
            Expr("o.v", attr, 2**53 + 1, attrs_risky),
            Expr("o.ca", attr, 2**53 + 1, attrs_risky),
            Expr("G", attr, 2**53 + 1, self.str_attrs),
            Expr("t", Kind.NUM, 2**31),
        ]
        g = self.exprs(leaves)
        if r.random() < 0.25:
            return guarded(misc.statement(r))
        kind = r.randint(0, 13)
        if kind <= 2:
            e = self.small(g.num(2))
            return self.guarded([f"acc = (acc + {e.code}) % 1000003"], e.risky)
        if kind == 3 and r.random() < 0.4:
            # A local whose type changes at iteration k: traces specialized for one type meet
            # the other.
            a, b = g.reduced(g.num(1), 2**31), g.reduced(g.num(1), 2**31)
            return self.guarded([f"t = {a.code} if i < k else {b.code}"], a.risky or b.risky)
        if kind == 3:
            e = g.num(2)
            return self.guarded([f"facc += {e.code}"], e.risky)
        if kind == 4:
            c = g.const(Kind.FLOAT if r.random() < 0.5 else Kind.INT).code
            return self.guarded(
                [f"acc += (o.ca < {c}) + 2 * (o.ca == o.v) + 4 * (o.ca >= {g.const().code})"],
                attrs_risky,
            )
        if kind == 5:
            return self.guarded(["acc = (acc + o.m(i % 16)) % 1000003"], True)
        if kind == 6:
            e = self.small(g.num(1))
            call = r.choice(["f1(i)", "f2(i)", "f2(i, y=i % 5)", "f2(y=2, x=i)"])
            return self.guarded([f"acc = (acc + {call} + {e.code}) % 1000003"], e.risky)
        if kind == 7 and self.with_gen:
            use = r.choice([
                "for y in gen(i % 4):\n    facc += y",
                "acc = (acc + sum(gen(i % 5))) % 1000003",
                "acc += len(list(gen(i % 3)))",
                "acc += sum(y * 2 for y in gen(i % 4) if y != 1)",
                "it = gen(i % 3)\nacc += len(str(next(it, None)))",
            ])  # fmt: skip
            return use.split("\n")
        if kind == 8 and self.with_rec:
            if r.random() < 0.2:
                # Far past the recursion limit, once: the error unwinds a thousand frames a trace
                # may have entered.
                return [
                    "if i == k:",
                    "    try:",
                    "        acc += rec(5000)",
                    "    except RecursionError as e:",
                    "        log.append(str(e))",
                ]
            depth = r.choice(["i % 5", "i % 12", "i % 30", "150 + i % 3"])
            return [f"acc = (acc + rec({depth})) % 1000003"]
        if kind == 9:
            fns = r.choice(["[abs, f1, lambda x: x * 2]", "[f1, f2, o.m]", "[str, repr, float]"])
            return self.guarded(
                [f"fn = {fns}[i % 3]", "r = fn(i % 16)", "acc += len(str(r))"],
                "o.m" in fns,
            )
        if kind == 10:
            # Small: other statements sum the dict's values.
            e = self.small(g.num(1))
            return self.guarded([f"d[i % {r.randint(2, 9)}] = {e.code}", "acc += len(d)"], e.risky)
        if kind == 11:
            e = self.small(g.num(1))
            return [
                f"if i % {r.randint(2, 7)} == {r.randint(0, 1)}:",
                "    try:",
                f"        raise {r.choice(['ValueError', 'KeyError', 'TypeError'])}(i)",
                "    except (ValueError, KeyError) as e:",
                "        log.append(repr(e))",
                "    except TypeError:",
                "        acc += 1",
            ] + ([] if e.risky else [f"acc = (acc + {e.code}) % 1000003"])
        if kind == 12:
            s = g.text()
            return self.guarded(
                [f"s = {s.code}", f"if i % {r.randint(20, 90)} == 1:", "    log.append(s)"],
                s.risky,
            )
        if kind == 12 and r.random() < 0.3:
            # A method bound once and called after the class (or the instance's) may have changed.
            return [f"if i % {r.randint(2, 9)} == 0:", "    bm = o.m"] + self.guarded(
                ["acc = (acc + bm(i % 16)) % 1000003"], True
            )
        if kind == 13 and r.random() < 0.3:
            inner = ["try:", "    acc = (acc + o.m(i % 16)) % 1000003", "finally:", "    acc += 1"]
            return self.guarded(inner, True)
        if kind == 13 and self.with_props:
            return self.guarded(["acc = (acc + o.p) % 1000003"], True)
        if kind == 13 and self.with_dunder:
            return self.guarded(["acc += (o == objs[0]) + (o < i) + len({o, objs[-1]})"], True)
        return self.guarded(r.choice(self.plain_statements()), self.deletes)

    def plain_statements(self) -> list[list[str]]:
        """Statements over the rest of the language traces meet: loops with break and continue,
        comprehensions, unpacking, closures, type tests, slices, membership."""
        r = self.rng
        j = r.randint(1, 5)
        return [
            ["j = 0", f"while j < i % {j + 2}:", "    j += 1", "    acc += j"],
            [
                f"for j in range(i % {j + 3}):",
                f"    if j == {j}:",
                "        break",
                "    if j % 2:",
                "        continue",
                "    acc += j",
            ],
            [f"acc += sum([x * {j} for x in range(i % 6)])"],
            [f"q, rem = divmod(i, {j + 1})", "acc += q - rem"],
            ["acc += isinstance(o.ca, float) + 2 * isinstance(o, A) + 4 * isinstance(o.v, int)"],
            [f"acc += len(objs[{j % 3}:]) + ((i % 7) in d)"],
            [f"acc += make_adder({j})(i) % 100"],
            ["acc = (acc + inc(i % 3)) % 1000003"],
            [
                "try:",
                f"    acc += deep(i % {j + 2}, i)",
                "except KeyError as e:",
                "    log.append(repr(e))",
            ],
            ["acc += hasattr(o, 'w') + 2 * (getattr(o, 'v', None) is None)"],
        ]


def generate(seed: int) -> str:
    return ProgramGen(seed).generate()
