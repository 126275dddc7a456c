# int() and float() read decimal digits of any script and any Unicode whitespace, as CPython
# (found by the fuzzer: int('١٢') is 12).

for s in ['١٢', ' 12 ', '\u2003 7\u3000', '٣.٥', '1_000', '0x10', '1e500', '-inf', 'nan', 'x١', '١٢x', '𝟙𝟚', '\u0e52\u0e53', '', '+7', '1__0', 'infinity', '\xa012\xa0', '12\u200b']:
    for f in (int, float):
        try:
            print(repr(f(s)))
        except ValueError as e:
            print(e)
print(int('١٢', 16), int('٣', 0))


def hot(n):
    digits = ["١٢", "𝟙𝟚", "\u0e52", "x", " 7\u3000"]
    acc = 0
    errors = 0
    for i in range(n):
        try:
            acc += int(digits[i % 5]) + int(float(digits[(i + 1) % 5]))
        except ValueError:
            errors += 1
    return acc, errors


print(hot(100))
