# Number notation converters: Roman numerals both ways with validation, any base from 2 to 36
# (and negative numbers and big ints), balanced ternary, and a round trip over thousands of values.
import string

ROMAN = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
         (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
DIGITS = string.digits + string.ascii_uppercase


def to_roman(n):
    if not 0 < n < 4000:
        raise ValueError(f"{n} is out of range for Roman numerals")
    out = []
    for value, symbol in ROMAN:
        count, n = divmod(n, value)
        out.append(symbol * count)
    return "".join(out)


def from_roman(text):
    values = dict((s, v) for v, s in ROMAN if len(s) == 1)
    total, prev = 0, 0
    for ch in reversed(text.upper()):
        if ch not in values:
            raise ValueError(f"invalid Roman digit {ch!r}")
        value = values[ch]
        total += -value if value < prev else value
        prev = max(prev, value)
    if to_roman(total) != text.upper():
        raise ValueError(f"{text!r} is not canonical (did you mean {to_roman(total)}?)")
    return total


def to_base(n, base):
    if not 2 <= base <= 36:
        raise ValueError("base must be in 2..36")
    if n == 0:
        return "0"
    sign, n = ("-", -n) if n < 0 else ("", n)
    digits = []
    while n:
        n, d = divmod(n, base)
        digits.append(DIGITS[d])
    return sign + "".join(reversed(digits))


def to_balanced_ternary(n):
    out = []
    while n:
        n, r = divmod(n, 3)
        if r == 2:
            n += 1
        out.append("0+-"[r])
    return "".join(reversed(out)) or "0"


def from_balanced_ternary(text):
    return sum({"+": 1, "0": 0, "-": -1}[ch] * 3 ** i for i, ch in enumerate(reversed(text)))


for n in (1, 4, 9, 14, 40, 90, 400, 1666, 1994, 2024, 3999):
    print(f"{n:5} {to_roman(n):>16} {to_base(n, 2):>13} {to_base(n, 16):>4} {to_balanced_ternary(n):>9}")
for text in ("MCMXCIV", "mmxxiv", "IIII", "IC", "MMMM", "XLZ"):
    try:
        print(text, "->", from_roman(text))
    except ValueError as e:
        print(text, "!!", e)
for bad in (0, 4000):
    try:
        to_roman(bad)
    except ValueError as e:
        print("error:", e)

big = 2 ** 200 - 12345
for base in (2, 7, 16, 36):
    text = to_base(big, base)
    assert int(text, base) == big
    print(f"base {base:2}: {len(text):3} digits, {text[:20]}...")
print(to_base(-255, 16), int(to_base(-255, 16), 16), to_base(0, 5))

# Round trips over every Roman numeral and a range of bases.
assert all(from_roman(to_roman(n)) == n for n in range(1, 4000, 9))
checks = sum(int(to_base(n, b), b) == n for n in range(-150, 150) for b in (2, 3, 8, 12, 36))
balanced = all(from_balanced_ternary(to_balanced_ternary(n)) == n for n in range(-400, 400))
longest = max(range(3000, 4000), key=lambda n: (len(to_roman(n)), n))
print(checks, balanced, longest, to_roman(longest))
