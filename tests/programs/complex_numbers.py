# complex: literals, construction and parsing, arithmetic mixed with ints and floats, CPython's
# reprs of tricky values, hashing (set and dict order), errors, cmath, and a Mandelbrot set whose
# inner loop runs hot enough to be traced and compiled.
import cmath
import math

INF = float("inf")
NAN = float("nan")


def check(name, f):
    try:
        print(name, "->", repr(f()))
    except Exception as e:
        print(name, "!!", type(e).__name__, e)


# -- literals and reprs --
z = 3 + 4j
print(z, repr(z), str(z), abs(z), z.real, z.imag, z.conjugate())
print(1j, -2j, 0j, -0j, 1.5j, 1e20j, 1e-7j, 123456789012345678j, 0.1 + 0.2j)
print(complex(-0.0, -1), complex(-0.0, 0.0), complex(0.0, -0.0), complex(1, -0.0))
print(complex(INF, NAN), complex(-INF, -INF), complex(NAN, 1), complex(1, -NAN), complex(0, INF))
print(complex(1e16, 1e-5), complex(1e15, 2.5), complex(-1.0, 100.0), complex(2, 1e300))
print([1j, 2 + 0j], (1 - 1j,), {"z": -1j})
print(type(z), type(z).__name__, complex.__name__, isinstance(z, complex), isinstance(1, complex))

# -- construction --
print(complex(), complex(1), complex(2.5), complex(True), complex(1, 2), complex(1.5, -2))
print(complex(real=2, imag=3), complex(imag=4), complex(1j, 1j), complex(1 + 2j, 3 + 4j))
print(complex(2**60), complex(-7, 2**53 + 1))
for s in ["1+2j", " ( 1e5-J ) ", "j", "-j", "+J", "3", "-4.5", "infj", "-inf-nanj", "nan+infJ",
          "1e400", "1_000+2_5j", "(1.5e-3)", ".5j", "5.j", "1e+2-3e-1j", "\t2j\n", "1-j",
          "١٢+٣j"]:
    check(f"complex({s!r})", lambda: complex(s))
for s in ["", "1+", "1+2", "(1+2j", "1+2j)", "1 + 2j", "1_+2j", "1__0j", "jj", "1+2jj",
          "1e", "abc", "1+2i", "()"]:
    check(f"complex({s!r})", lambda: complex(s))


class Real:
    def __float__(self):
        return 2.5


class Index:
    def __index__(self):
        return 7


class Complex:
    def __complex__(self):
        return 1 - 2j


class BadComplex:
    def __complex__(self):
        return 5


print(complex(Real()), complex(Real(), Real()), complex(Index(), 1), complex(Complex()))
print(complex(Complex(), 2), complex(Complex(), 2j), cmath.sqrt(Complex()), cmath.exp(Real()))
check("complex(BadComplex())", lambda: complex(BadComplex()))
check("complex(1, Complex())", lambda: complex(1, Complex()))
check("cmath.sqrt(BadComplex())", lambda: cmath.sqrt(BadComplex()))
check("cmath.rect(Complex(), 1)", lambda: cmath.rect(Complex(), 1))
check("cmath.rect(1j, 1)", lambda: cmath.rect(1j, 1))
check("complex('1', 2)", lambda: complex("1", 2))
check("complex(1, '2')", lambda: complex(1, "2"))
check("complex([])", lambda: complex([]))
check("complex(1, [])", lambda: complex(1, []))
check("complex(None)", lambda: complex(None))
check("complex(2**1100)", lambda: complex(2**1100))
check("complex(1, 2, 3)", lambda: complex(1, 2, 3))
check("complex(bad=1)", lambda: complex(bad=1))

# -- arithmetic, both ways with ints and floats --
a, b = 3 + 4j, -1.5 + 0.25j
for x, y in [(a, b), (a, 2), (2, a), (a, 0.5), (0.5, a), (a, True), (b, a), (1j, 1j)]:
    print(x + y, x - y, x * y, x / y, x**2, -x, +x, abs(x))
print(a**0, a**1, a**-1, a**3, a**-3, a**10, (1 + 1j) ** 100, (1 + 1j) ** 101, (1 + 1j) ** -100)
print((2 + 3j) ** 0.5, a**b, 2**a, 2.5**b, a**2.0, (1 + 1j) ** 100.5, 1j**1j)
print((-8) ** (1 / 3), (-2.0) ** 0.5, (-1) ** 0.5, (-1.5) ** -2.5)
print(0j**0, 0j**0j, 0j**2, 0j**2.5, (1e300 + 1e300j) ** 2, 1 / (1e308 + 1e308j))
print(1j * 1j, (1 + 2j) / (3 - 4j), 1 / 1j, 1e308j / 1e-308j, (INF + 1j) / 2)
print((1 + 2j) / (NAN + 1j), (1 + 2j) * INF, abs(complex(INF, NAN)), abs(complex(NAN, -INF)))
print(abs(complex(NAN, 1)), abs(complex(1e308, 1e308)), abs(-0j), abs(3e-320 + 4e-320j))
w = 1 + 1j
w += 2
w *= 1j
w -= 0.5
w /= 2
w **= 2
print(w)
print(sum([1j, 2, 3.5]), sum([0.5j] * 10), sum([], 0j), sum(x * 1j for x in range(5)))
print(bool(0j), bool(-0j), bool(1j), bool(complex(0, NAN)), not 0j, 1j or 2)

check("1j // 2", lambda: 1j // 2)
check("2 // 1j", lambda: 2 // 1j)
check("1j % 2", lambda: 1j % 2)
check("divmod(1j, 2)", lambda: divmod(1j, 2))
check("divmod(2.0, 1j)", lambda: divmod(2.0, 1j))
check("1j / 0", lambda: 1j / 0)
check("1 / 0j", lambda: 1 / 0j)
check("1.5 / 0j", lambda: 1.5 / 0j)
check("0j ** -1", lambda: 0j**-1)
check("0 ** 1j", lambda: 0**1j)
check("0j ** (-1 + 0j)", lambda: 0j ** (-1 + 0j))
check("(1e200 + 1e200j) ** 3", lambda: (1e200 + 1e200j) ** 3)
check("abs(1e308 + 1e308j) ** 2", lambda: (1e308 + 1e308j) ** 2.5)
check("abs(complex(1.7e308, 1.7e308))", lambda: abs(complex(1.7e308, 1.7e308)))
check("(1 + 1j) ** 1e308", lambda: (1 + 1j) ** 1e308)
check("(0.5 + 1j) ** complex(1e300, 1e300)", lambda: (0.5 + 1j) ** complex(1e300, 1e300))
check("0j ** NAN", lambda: 0j**NAN)
# The phase overflows: CPython reports the C library's domain error as a zero base.
check("(-1 + 1e-300j) ** 1e308", lambda: (-1 + 1e-300j) ** 1e308)
check("(-2.0) ** NAN", lambda: (-2.0) ** complex(NAN, 0))
check("1j + 2**1100", lambda: 1j + 2**1100)
check("1j << 1", lambda: 1j << 1)
check("1j & 1", lambda: 1j & 1)
check("~1j", lambda: ~1j)
check("1j + 'a'", lambda: 1j + "a")
check("[1] * 1j", lambda: [1] * 1j)
check("int(1j)", lambda: int(1j))
check("float(1j)", lambda: float(1j))
check("round(1j)", lambda: round(1j))
check("pow(1j, 2, 3)", lambda: pow(1j, 2, 3))
check("math.sqrt(1j)", lambda: math.sqrt(1j))

# -- attributes, dunders, more parsing --
def set_real():
    z.real = 3


def del_imag():
    del z.imag


z = 1 + 2j
check("z.real = 3", set_real)
check("del z.imag", del_imag)
check("z.foo", lambda: z.foo)
check("z.__complex__()", lambda: z.__complex__())
check("complex.conjugate(z)", lambda: complex.conjugate(z))
check("z.__add__(1)", lambda: z.__add__(1))
check("z.__radd__(1)", lambda: z.__radd__(1))
check("z.__add__('a')", lambda: z.__add__('a'))
check("z.__eq__(1)", lambda: z.__eq__(1))
check("z.__lt__(1)", lambda: z.__lt__(1))
check("z.__abs__()", lambda: z.__abs__())
check("z.__hash__()", lambda: z.__hash__())
check("z.__bool__()", lambda: z.__bool__())
check("z.__repr__()", lambda: z.__repr__())
check("str(z)", lambda: str(z))
check("z.__pow__(2)", lambda: z.__pow__(2))
check("z.__truediv__(0)", lambda: z.__truediv__(0))
check("z.__neg__()", lambda: z.__neg__())
check("'%s %r' % (z, z)", lambda: '%s %r' % (z, z))
check("'%f' % z", lambda: '%f' % z)
check("f'{z:10.2f}|'", lambda: f'{z:10.2f}|')
check("[z] * 2", lambda: [z] * 2)
check("max([1j])", lambda: max([1j]))
check("min(1j, 2)", lambda: min(1j, 2))
check("z in {z: 1}", lambda: z in {z: 1})
check("complex('1+2j') is z", lambda: complex(z) is z)
check("hash(complex(2**61, 0))", lambda: hash(complex(2**61, 0)))
check("hash(complex(-1, 0))", lambda: hash(complex(-1, 0)))
check("hash(complex(0, -1))", lambda: hash(complex(0, -1)))
check("-(0j)", lambda: -(0j))
check("0j - 0j", lambda: 0j - 0j)
check("-0.0 + 0j", lambda: -0.0 + 0j)
check("-0.0 * 1j", lambda: -0.0 * 1j)
check("1j.imag", lambda: 1j.imag)
check("isinstance(1j, (int, float))", lambda: isinstance(1j, (int, float)))
check("sum([1j]*3, start=1)", lambda: sum([1j]*3, start=1))
check("sum([1.5, 1j, 2**70])", lambda: sum([1.5, 1j, 2**70]))
check("type(1j)('3j')", lambda: type(1j)('3j'))
check("complex('1e500j')", lambda: complex('1e500j'))
check("complex('-nan')", lambda: complex('-nan'))
check("complex('infinityj')", lambda: complex('infinityj'))
check("complex('1ej')", lambda: complex('1ej'))
check("complex('1e+j')", lambda: complex('1e+j'))
check("complex('1.e5j')", lambda: complex('1.e5j'))
check("complex('.j')", lambda: complex('.j'))
check("complex('1\\x00j')", lambda: complex('1\x00j'))
check("complex(b'1')", lambda: complex(b'1'))
check("complex('0x1j')", lambda: complex('0x1j'))
check("complex(real='1')", lambda: complex(real='1'))
check("complex(imag='1')", lambda: complex(imag='1'))
check("complex(1.5, imag=2)", lambda: complex(1.5, imag=2))
check("complex(1, real=2)", lambda: complex(1, real=2))

# -- comparison and hashing --
print(a == 3 + 4j, a != 3 + 4j, 3 + 0j == 3, 3 == 3 + 0j, 3.0 == 3 + 0j, 3 + 0j == 3.0)
print(1j == 1, 1 + 1j == 1, (1 + 0j) == True, 0j == False, complex(NAN) == complex(NAN))
print(2**53 + 1 == complex(2**53 + 1), 2**53 == complex(2**53 + 1), 0.5 + 0j != 0.5, "a" == 1j)
print(1j in [1, 2, 1j], 2 in [2 + 0j], [1j, 2] == [1j, 2.0 + 0j], (1j, 2) < (1j, 3))
check("1j < 2j", lambda: 1j < 2j)
check("1j > 1", lambda: 1j > 1)
check("1.5 <= 1j", lambda: 1.5 <= 1j)
check("max(1j, 2j)", lambda: max(1j, 2j))
check("sorted([1j, 0j])", lambda: sorted([1j, 0j]))
print(hash(1 + 2j), hash(3 + 0j) == hash(3), hash(2.5 + 0j) == hash(2.5), hash(1.5j))
print(hash(-1 - 1j), hash(complex(INF, -INF)), hash(1e300 + 1e-300j), hash(-0j), hash(0j))
print({1j: 1, 2: 2, 2 + 0j: 3, 0.5j: 4, -1j: 5, 3 + 3j: 6})
print(set([1j, 1, 2 + 0j, 2, 3.5j, -2 - 2j, 7 + 8j, 100j, 1e10j]))
print(len({0j, -0j, 0, 0.0, False}), {x * 1j for x in range(8)})

# -- format --
print(format(1 + 2j), format(1 + 2j, ""), f"{z}", f"{-0.5j!r}", "{}".format(2j))
for spec in ["+", ".3", ">12", "<12", "^14", "+.2e", ".2f", "g", ".0f", " ", "#", "E", ",",
             "_.1f", "*^20.2f", "-", "x", "%", "=10", "010", "abc"]:
    for v in [1 + 2j, 1.5j, -0.0 - 0j, complex(NAN, INF), 1234567.5 - 2.25j, -1e20 + 1e-5j]:
        check(f"format({v!r}, {spec!r})", lambda: format(v, spec))

# -- cmath --
print(cmath.pi, cmath.e, cmath.tau, cmath.inf, cmath.nan, cmath.infj, cmath.nanj)
for v in [4, -4, 2.0, 3 + 4j, -3 - 4j, 1j, -1j, 1e-310 + 1e-310j, 1e300 + 1e300j, -0.0, 0j,
          complex(-0.0, -0.0), 0.5 + 0.5j, 0.75 + 0.25j, 1e-5 - 2j]:
    print(v, cmath.sqrt(v), cmath.phase(v), cmath.polar(v))
    check(f"  exp({v!r})", lambda: cmath.exp(v))
    check(f"  logs of {v!r}", lambda: (cmath.log(v), cmath.log(v, 2), cmath.log(v, 1 + 1j),
                                       cmath.log10(v)))
print(cmath.rect(2, 0.5), cmath.rect(1, cmath.pi), cmath.rect(3, 0), cmath.rect(-1, -0.0))
print(cmath.exp(709 + 1j), cmath.exp(-800 + 2j), cmath.exp(1j * cmath.pi))
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1j, 1.1j),
      cmath.isclose(1j, 1.1j, rel_tol=0.2), cmath.isclose(0j, 1e-10j, abs_tol=1e-9),
      cmath.isclose(complex(INF, 1), complex(INF, 1)), cmath.isclose(complex(INF, 1), 1j))
print(cmath.isfinite(1 + 1j), cmath.isfinite(complex(INF, 0)), cmath.isinf(complex(NAN, INF)),
      cmath.isnan(complex(1, NAN)), cmath.isnan(1j))
# Special values: infinities, nans and signed zeros in every combination.
SPECIALS = [-INF, -2.0, -0.0, 0.0, 2.0, INF, NAN]
for x in SPECIALS:
    for y in SPECIALS:
        v = complex(x, y)
        print(v, cmath.sqrt(v), cmath.phase(v), abs(v))
        check(f"  exp({v!r})", lambda: cmath.exp(v))
        check(f"  log({v!r})", lambda: (cmath.log(v), cmath.log10(v)))
        check(f"  rect({x!r}, {y!r})", lambda: cmath.rect(x, y))
check("cmath.sqrt('a')", lambda: cmath.sqrt("a"))
check("cmath.log(0)", lambda: cmath.log(0))
check("cmath.log(0, 2)", lambda: cmath.log(0, 2))
check("cmath.log(2, 0)", lambda: cmath.log(2, 0))
check("cmath.log(1, 1)", lambda: cmath.log(1, 1))
check("cmath.exp(1000)", lambda: cmath.exp(1000))
check("cmath.isclose(1, 1, rel_tol=-1)", lambda: cmath.isclose(1, 1, rel_tol=-1))
check("cmath.polar(1e308 + 1e308j)", lambda: cmath.polar(1e308 + 1e308j))
check("cmath.sqrt()", lambda: cmath.sqrt())


# -- a hot loop: the Mandelbrot set on a small grid, in complex arithmetic --
def mandelbrot(c, limit):
    z = 0j
    for n in range(limit):
        z = z * z + c
        if abs(z) > 2.0:
            return n
    return limit


def grid(width, height, limit):
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            c = complex(-2.0 + 2.6 * x / width, -1.2 + 2.4 * y / height)
            n = mandelbrot(c, limit)
            row += " .:-=+*#%@"[n * 9 // limit]
        rows.append(row)
    return rows


for line in grid(48, 20, 60):
    print(line)

total = 0j
root = cmath.exp(2j * cmath.pi / 7)
p = 1 + 0j
for k in range(2000):
    total += p / (k + 1) - p.conjugate() * 0.5j
    p *= root
print(total, p, abs(p))
