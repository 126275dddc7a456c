# Numbers spelled out in English, ordinals, digit sums and a few Project-Euler-style questions
# (letters used writing 1..1000, amicable pairs, perfect numbers) within 63-bit ints.
ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words(n):
    if n == 0:
        return "zero"
    parts = []
    for value, name in ((10**9, "billion"), (10**6, "million"), (1000, "thousand")):
        if n >= value:
            parts.append(f"{words(n // value)} {name}")
            n %= value
    if n >= 100:
        parts.append(f"{ONES[n // 100]} hundred")
        n %= 100
        if n:
            parts.append("and")
    if n >= 20:
        parts.append(TENS[n // 10] + (f"-{ONES[n % 10]}" if n % 10 else ""))
    elif n:
        parts.append(ONES[n])
    return " ".join(parts)


def ordinal(n):
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def divisor_sum(n):
    total, d = 1, 2
    while d * d <= n:
        if n % d == 0:
            total += d + (n // d if d * d != n else 0)
        d += 1
    return total


for n in (0, 7, 13, 42, 100, 115, 342, 1000, 1_234_567, 2_000_000_019):
    print(n, words(n))
print([ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112)])
print(sum(len(words(n).replace(" ", "").replace("-", "")) for n in range(1, 1001)))
sums = {n: divisor_sum(n) for n in range(2, 10000)}
print(sorted(n for n, s in sums.items() if s != n and sums.get(s) == n))
print([n for n, s in sums.items() if s == n])
