# Call-heavy: many small function calls. Naive recursion (fib, Ackermann, tree depth),
# mutual recursion, default and keyword arguments, *args, closures and lambdas, and small
# helpers called from hot loops, as in code factored into many tiny functions.

MOD = 1000003


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def clamp(x, lo=0, hi=255):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def mix(a, b, weight=3):
    return (a * weight + b) % MOD


def add3(a, b, c):
    return a + b + c


def total(*values):
    s = 0
    for v in values:
        s += v
    return s


def make_counter(step):
    count = 0

    def bump(by=1):
        nonlocal count
        count += step * by
        return count

    return bump


def compose(f, g):
    return lambda x: f(g(x))


def tree_sum(depth, value):
    if depth == 0:
        return value % 7
    return tree_sum(depth - 1, value * 2) + tree_sum(depth - 1, value * 2 + 1)


def helpers(n):
    h = 0
    bump = make_counter(3)
    inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
    for i in range(n):
        c = clamp(i % 300 - 20)
        h = mix(h, c)
        h = mix(h, add3(i, c, 1), weight=5)
        h = (h + total(i, c, 2)) % MOD
        h = (h + bump()) % MOD
        h = (h + inc_then_double(i % 100)) % MOD
    return h, bump(0)


def main():
    f = fib(30)
    a = ackermann(2, 300) + ackermann(3, 5)
    parity = 0
    for n in range(300):
        if is_even(n):
            parity += n
    t = tree_sum(16, 1)
    h, bumps = helpers(250000)
    print("calls:", f, a, parity, t, h, bumps)


main()
