# Big ints' errors, with CPython's messages: the 4300-digit limit both ways, floats that cannot
# hold a big int, index-sized integers, division and shifts, modular inverses.
import math


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, "ok", r if len(str(r)) < 80 else len(str(r)))


show("str 4300", lambda: str(10**4299))
show("str 4301", lambda: str(10**4300))
show("str huge", lambda: str(10**10000))
show("repr huge", lambda: repr(-(10**5000)))
show("f-string", lambda: f"{10**5000}")
show("hex huge", lambda: len(hex(10**5000)))
show("int 4300", lambda: int("9" * 4300))
show("int 4301", lambda: int("9" * 4301))
show("int 4301 +", lambda: int("+" + "1" * 4301))
show("int 4301 _", lambda: int("1_" * 2200 + "1"))
show("int hex ok", lambda: int("f" * 5000, 16).bit_length())
show("bad literal", lambda: int("9" * 300 + "x"))
show("bad literal 8", lambda: int("-" + "9" * 300, 8))
show("float", lambda: float(10**400))
show("float xor", lambda: 1.5 ^ 10**400)
show("float shift", lambda: 10**400 << 1.5)
show("float neg", lambda: float(-(10**400)))
show("add float", lambda: 10**400 + 1.5)
show("mul float", lambda: 1.5 * 10**400)
show("truediv", lambda: 10**400 / 3)
show("truediv ok", lambda: 10**400 / 10**390)
show("truediv tiny", lambda: 1 / 10**400)
show("truediv zero", lambda: 10**30 / 0)
show("floordiv zero", lambda: 10**30 // 0)
show("mod zero", lambda: 10**30 % 0)
show("divmod zero", lambda: divmod(10**30, 0))
show("neg shift", lambda: 10**30 >> -1)
show("neg pow", lambda: (10**30) ** -1)
show("neg pow big", lambda: (10**400) ** -1)
show("pow mod 0", lambda: pow(10**30, 2, 0))
show("not invertible", lambda: pow(10**30, -1, 10**20))
show("index", lambda: [1, 2, 3][10**30])
show("index 2**62", lambda: [1, 2, 3][2**62])
show("neg index", lambda: (1, 2)[-(10**20)])
show("str index", lambda: "abc"[2**64])
show("repeat", lambda: "ab" * 10**30)
show("list repeat", lambda: [0] * -(10**30))
show("slice", lambda: [1, 2, 3][-(10**30) : 10**30])
show("range index", lambda: range(10)[10**30])
show("range in", lambda: (10**30 in range(5), 2**64 in range(-5, 5)))
show("floor", lambda: math.floor(10**30 + 0.5))
show("log", lambda: (math.log(10**5000), math.log2(2**5000), math.log10(10**5000), math.log(3**900, 3)))
show("log neg", lambda: math.log(-(10**400)))
show("find", lambda: "abcabc".find("c", -(10**30), 10**30))
show("ldexp", lambda: (math.ldexp(1.0, -(10**30)), math.ldexp(0.0, 10**30)))
show("ldexp big", lambda: math.ldexp(1.0, 10**30))
show("round", lambda: round(10**400, -398))
show("compare", lambda: (10**400 > 1e308, 10**400 < float("inf"), -(10**400) < -1e308))
show("nan", lambda: (10**400 == float("nan"), 10**400 != float("nan")))
for i in range(60, 66):
    show("shift %d" % i, lambda: (1 << i) - 1)
# A hot loop whose values cross the tagged range: the specialized small-int operations take their
# side exits, and every error is still CPython's.
x, errors = 1, 0
for i in range(200):
    x = x * 3 + i
    try:
        y = float(x) if i % 2 else x / (i % 7)
    except (OverflowError, ZeroDivisionError):
        errors += 1
print(x % 1000003, errors)
