# + - * of small ints, hot: the specialized forms compute on the tagged words and hand a result
# outside the 63-bit range (or exactly on its edges) back to the generic instruction, which makes
# a big int. Each operator meets both edges from inside and outside, with either sign.

EDGE = 2**62


def run(n):
    a = 1
    s = 0
    t = -3
    for i in range(n):
        a = a * 3 if a < 2**61 else a - 2**60
        s = s + a
        t = t - a
        j = i % 3
        u = (EDGE - 1) + j - 1
        v = -EDGE - j + 1
        w = (2**31) * (2**31 + j - 1)
        x = -(2**31) * (2**31 + j - 1)
        y = (EDGE - 2) - (j - 1)
        z = (1 - EDGE) - (j + 1)
        s += u + v + w + x + y + z
    return a, s, t, u, v, w, x, y, z


for k in range(3):
    print(run(300 + k))
