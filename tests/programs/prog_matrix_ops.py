# Integer matrix arithmetic with lists of lists: products, transposes with zip, fast powers modulo
# a prime (Fibonacci numbers), Gaussian elimination over floats, and identity checks.
MOD = 1_000_000_007


def mat_mul(a, b, mod=None):
    cols = list(zip(*b))
    result = [[sum(x * y for x, y in zip(row, col)) for col in cols] for row in a]
    if mod:
        result = [[v % mod for v in row] for row in result]
    return result


def mat_pow(m, n, mod):
    result = [[int(i == j) for j in range(len(m))] for i in range(len(m))]
    while n:
        if n & 1:
            result = mat_mul(result, m, mod)
        m = mat_mul(m, m, mod)
        n >>= 1
    return result


def determinant(m):
    m = [list(map(float, row)) for row in m]
    n, det = len(m), 1.0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return 0.0
        if pivot != col:
            m[col], m[pivot] = m[pivot], m[col]
            det = -det
        det *= m[col][col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            for c in range(col, n):
                m[r][c] -= factor * m[col][c]
    return det


fib = [[1, 1], [1, 0]]
print([mat_pow(fib, n, MOD)[0][1] for n in (10, 50, 90, 1000, 10**6)])
a = [[i * 3 + j for j in range(3)] for i in range(3)]
b = [[(i + j) % 4 for j in range(3)] for i in range(3)]
print(mat_mul(a, b), [list(r) for r in zip(*a)])
print(round(determinant([[2, -3, 1], [2, 0, -1], [1, 4, 5]]), 9), determinant(a))
big = [[(i * 7 + j * 13) % 10 for j in range(12)] for i in range(12)]
print(sum(map(sum, mat_mul(big, big))), round(determinant(big), 3))
