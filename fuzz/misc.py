"""Statements over the rest of what quack runs, each a few lines, for the hot loop of `run`:
string formatting and methods, slices and slice assignment, dict and set methods, augmented
assignment through attributes and subscripts, user iterators and containers, exceptions with
chaining, else clauses of loops and `try`, `assert`, `del`, calls with `*args` and `**kwargs`,
builtins with keys and defaults. They read and write `lst` (a list of ints), `txt` (a str), `d`
(a dict of int keys), `o` (an instance of A, B or C) and the loop's `i`, `acc` and `log`."""

from __future__ import annotations

import random

# Module-level helpers the statements use.
HELPERS = [
    "class Box:",
    "    def __init__(self, items):",
    "        self.items = list(items)",
    "    def __len__(self):",
    "        return len(self.items)",
    "    def __getitem__(self, k):",
    "        return self.items[k]",
    "    def __setitem__(self, k, v):",
    "        self.items[k] = v",
    "    def __contains__(self, v):",
    "        return v in self.items",
    "    def __iter__(self):",
    "        return BoxIter(self.items)",
    "class BoxIter:",
    "    def __init__(self, items):",
    "        self.items = items",
    "        self.k = 0",
    "    def __iter__(self):",
    "        return self",
    "    def __next__(self):",
    "        if self.k >= len(self.items):",
    "            raise StopIteration",
    "        self.k += 1",
    "        return self.items[self.k - 1]",
    "class Oops(Exception):",
    "    def __init__(self, code, why='bad'):",
    "        super().__init__(code, why)",
    "        self.code = code",
    "def spread(*args, **kwargs):",
    "    return len(args) * 10 + len(kwargs) + sum(args) % 7",
    "def kwonly(a, *, b=2, c=3):",
    "    return a * b + c",
    "def echo():",
    "    total = 0",
    "    while True:",
    "        got = yield total",
    "        if got is None:",
    "            return total",
    "        total += got",
    "def inner_gen(n):",
    "    yield from range(n)",
    "    return n * 10",
    "def outer_gen(n):",
    "    r = yield from inner_gen(n)",
    "    yield r",
    "def swallow(v):",
    "    try:",
    "        return 10 // v",
    "    finally:",
    "        if v == 0:",
    "            return -1",
    "def reraise(v):",
    "    try:",
    "        return [1, 2][v]",
    "    except IndexError:",
    "        if v > 5:",
    "            raise",
    "        return -v",
]


def statements(rng: random.Random) -> list[list[str]]:
    j = rng.randint(1, 7)
    k = rng.randint(-9, 9)
    spec = rng.choice(["", ":>6", ":<4", ":^7", ":+", ":08.3f", ":,", ":x", ":o", ":b", ":e"])
    return [
        # Strings.
        [f"txt = (txt + str(i % {j + 2}))[-12:]", "acc += len(txt.split('1')) + txt.count('2')"],
        [f"acc += len(f'{{i{spec}}}')"],
        ["acc += len('{0}-{1}-{0}'.format(i, acc % 9)) + len('%s/%r' % (txt, i))"],
        [
            "acc += len(txt.center(9, '*')) + len(txt.zfill(5)) + txt.find('3')",
            "acc += len(txt.replace('1', 'ab')) + txt.isdigit() + len(txt.strip('0'))",
        ],
        [f"acc += ord(chr(65 + i % 26)) + len(hex(i)) + len(bin(i % {j + 5})) + len(oct(i))"],
        [f"acc += int(str(i % 97) + '{j}', {rng.choice([10, 16, 8])}) % 1000"],
        # Slices.
        [
            f"lst[{j % 3}:{j}] = [i, i + 1]",
            "lst = lst[-8:]",
            f"acc += sum(lst[::{rng.choice([2, -1, -2])}]) % 97",
        ],
        ["lst[::2] = [i] * len(lst[::2])", f"acc += lst[{k}] if {k} < len(lst) >= {-k} else 0"],
        [f"acc += len(txt[{k}:{j}]) + len(txt[::-{j}])"],
        ["del lst[0]", "lst.append(i % 13)", "lst.insert(1, -i)"],
        # Dicts and sets.
        [f"d.setdefault(i % {j + 2}, i)", f"acc += d.pop(i % {j + 3}, -1) % 11"],
        [f"d.update({{i % 4: i, 5: {k}}})", "acc += sum(d.values()) % 101 + len(list(d.items()))"],
        [
            f"acc += len(set(lst) | {{1, 2, {k}}}) + len(set(lst) & {{i % 5}})",
            "acc += len(set(lst) - {0}) + len(set(lst) ^ {1})",
        ],
        [f"acc += (i % {j + 1}) in d", "acc += len(sorted(d)) + (max(d) if d else 0) % 7"],
        # Augmented assignment through attributes and subscripts.
        ["o.w = o.w + 1 if isinstance(o.w, int) else 1", "o.w += 2", "acc += o.w % 5"],
        [f"lst[0] += {j}", "lst[-1] *= 2", "lst[-1] %= 1000", "acc += lst[0] % 17"],
        [
            f"d[i % {j + 1}] = d.get(i % {j + 1}, 0) + 1",
            f"d[i % {j + 1}] = d[i % {j + 1}] * 3 % 1000",
            "d[i % 2] = 1",
        ],
        # User containers and iterators.
        ["bx = Box(lst)", "bx[0] = i", "acc += len(bx) + (i in bx) + sum(bx) % 13 + bx[-1] % 7"],
        ["acc += sum(v for v in Box(lst[:4]))", "acc += len(list(BoxIter(lst[:3])))"],
        # Exceptions.
        [
            "try:",
            f"    if i % {j + 1} == 0:",
            f"        raise Oops(i, why='w{j}') from ValueError(i)",
            "    acc += 1",
            "except Oops as e:",
            "    log.append((e.code % 50, e.args[1], type(e.__cause__).__name__))",
            "else:",
            "    acc += 2",
            "finally:",
            "    acc += 3",
        ],
        [
            "try:",
            f"    assert i % {j + 2}, f'no {{i}}'",
            "except AssertionError as e:",
            "    log.append(str(e))",
        ],
        [
            "try:",
            "    try:",
            "        lst[100]",
            "    except IndexError as e:",
            "        raise KeyError(i) from None",
            "except KeyError as e:",
            "    log.append((repr(e), e.__cause__, e.__suppress_context__))",
        ],
        # Loops with else.
        [
            f"for q in range(i % {j + 2}):",
            f"    if q == {j}:",
            "        break",
            "else:",
            "    acc += 1",
        ],
        ["q = 0", f"while q < i % {j + 2}:", "    q += 1", "else:", "    acc += q"],
        # Calls.
        [f"acc += spread(*lst[:{j}], x=i, y=2) + spread() + kwonly(i % 5, c={k})"],
        [f"acc += max(lst, key=lambda v: -v) + min(lst, default=0) + sum(lst, {k}) % 9"],
        [
            "acc += len(list(map(abs, lst))) + len(list(filter(None, lst)))",
            "acc += len(list(reversed(lst)))",
        ],
        ["acc += sum(a * b for a, b in zip(lst, range(5))) % 101 + len(list(enumerate(txt, 1)))"],
        [f"acc += pow(i, {j}, 97) + divmod(i, {j})[1] + round(i / {j}) + abs(-i)"],
        [f"acc += isinstance(o.v, (int, float)) + isinstance(o, (A, C)) + getattr(o, 'zz', {k})"],
        [f"acc += (i > {k}) - (i < {k}) + (lst < [{k}]) + ((1, i) < (1, {k}))"],
        ["v = o.v or 5", "acc += v % 7 if isinstance(v, int) else 1", "acc += (o.ca and 2) or 3"],
        [f"del d[i % {j + 1}]"],
        # Generators driven by send, yield from with a return value, exhausted by next.
        ["g2 = echo()", "next(g2)", f"g2.send(i % {j + 2})", "acc += g2.send(3)"],
        [
            f"acc += sum(outer_gen(i % {j + 2}))",
            "it2 = iter(lst)",
            "next(it2)",
            "acc += next(it2, -1)",
        ],
        ["g3 = inner_gen(1)", "next(g3)", "next(g3)"],
        # Late binding, closures over loop variables, defaults captured.
        [f"fs = [lambda: q for q in range({j})]", f"gs = [lambda q=q: q for q in range({j})]"]
        + ["acc += sum(f() for f in fs) + sum(g() for g in gs)"],
        # Methods of str, tuple and dict; ordering of sets and dicts.
        [
            f"acc += len(txt.split('1', {j % 3})) + len(txt.rsplit('2', 1))",
            "acc += len(txt.partition('3'))",
            "acc += txt.startswith(('1', '2')) + ('12' in txt) + len(txt.swapcase() * 2)",
        ],
        ["tp = tuple(lst)", "acc += tp.count(lst[0]) + tp.index(lst[-1]) + len(tp + (1,))"],
        [f"if i % {j + 9} == 0:", "    log.append(str(set(lst) | {i % 64, 17, 33, 49}))"],
        [f"if i % {j + 9} == 0:", "    log.append(str(dict.fromkeys(lst, i)))"],
        ["dd2 = dict(zip(lst, range(9)))", "del dd2[lst[0]]", "dd2[lst[0]] = 1"]
        + ["acc += list(dd2)[-1] % 5 + len({v: k for k, v in dd2.items()})"],
        ["for key in d:", "    d[key + 100] = 1"],
        ["acc += (i).bit_length() + (2.5).is_integer() + float(i).is_integer()"],
        # Exceptions through finally, re-raise, several classes, bare except.
        [f"acc += swallow(i % {j + 1}) + reraise(i % 9)"],
        [
            "try:",
            f"    [1][i % {j + 1}] + {{}}[i]",
            "except (IndexError, KeyError) as e:",
            "    log.append(type(e).__name__)",
            "except:",
            "    acc += 1",
        ],
    ]


def statement(rng: random.Random) -> list[str]:
    return rng.choice(statements(rng))
