# The rest of the math module: comb, perm, lcm, prod, dist, fmod, remainder, frexp, ldexp, modf,
# ulp, nextafter, the hyperbolic inverses, erf, erfc, log1p, expm1, exp2 and cbrt, errors included.
import math
s = slice(1, 10, 2)




print(math.comb(10, 3), math.perm(5, 2), math.lcm(4, 6), math.prod([1, 2, 3, 4]), math.prod([]))
print(math.fmod(7.5, 2), math.frexp(8.0), math.ldexp(0.5, 4), math.modf(3.25), math.log1p(1e-10))
print(math.expm1(1e-10), math.exp2(10), math.cbrt(27), math.asinh(1), math.acosh(2), math.atanh(0.5))
print(math.erf(1), math.erfc(1), math.remainder(10, 3))
print(math.dist((0, 0), (3, 4)), math.nextafter(1.0, 2.0), math.ulp(1.0), math.gcd(12, 18, 27), math.lcm())
print(math.perm(5), math.comb(5, 7), math.isqrt(99))
print(math.fmod(-7, 3), math.fmod(5, math.inf), math.remainder(7, 2), math.remainder(-3, math.inf))
print(math.frexp(0.0), math.frexp(-3.5), math.modf(-2.5), math.modf(math.inf), math.ldexp(1.5, -3))
print(math.prod([1.5, 2]), math.prod(range(1, 11)), math.prod([2, 3], start=10), math.prod(["a"], start=3))
print(math.lcm(0, 5), math.lcm(-4, 6, 10), math.comb(60, 30), math.perm(20, 10), math.perm(5, None))
print(math.dist([1, 2, 3], [4, 6, 3]), math.ulp(0.0), math.ulp(-1e300), math.nextafter(0.0, -1.0))
print(math.log1p(0), math.expm1(0.5), math.exp2(-1074), math.acosh(1), math.atanh(-0.25))
for bad in [lambda: math.comb(-1, 2), lambda: math.perm(3, -1), lambda: math.comb(1.5, 1),
            lambda: math.fmod(1, 0), lambda: math.remainder(math.inf, 1), lambda: math.log1p(-1),
            lambda: math.acosh(0.5), lambda: math.atanh(1), lambda: math.dist((1,), (1, 2)),
            lambda: math.ldexp(1.0, 2000), lambda: math.expm1(1000), lambda: math.exp2(2000),
            lambda: math.ldexp(1.0, 1.5)]:
    try:
        print(bad())
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__, e)


def table(n):
    total = 0.0
    for i in range(n):
        total += math.comb(i % 40, i % 7) + math.fmod(i, 7.5) + math.dist((i, 1), (0, i % 3))
        total += math.lcm(i % 12 + 1, 8) + math.prod([1.5, i % 4]) + math.remainder(i, 3)
    return total


print(table(3000))
