# re's lookbehind, inline and scoped flags and comments, as text-processing scripts write them:
# thousands separators, sentence splitting, prices before a currency, and the errors CPython gives.
import re

print(re.compile("a").flags, re.compile("(?i)a").flags, re.compile("(?x) a b").flags)
print(re.compile("(?i)a"), re.compile("(?im)a", re.S))
for p in [
    "a(?i)b",
    "(?i",
    "(?z)a",
    "(?i-i:a)",
    "(?-i)a",
    "(?<=a+)b",
    "(?<=a|bc)d",
    "(?<=(a))b",
    "(?<=\\1)a",
    "(?L)a",
    "(?-)a",
    "(?i-:a)",
    "(?-z:a)",
    "(?iz)a",
    "(?u)a",
    "(?a)a",
    "(?x) a b # c",
    "(?ix)A B",
    "(?<x)a",
    "(?<",
    "(?i)(?m)^a",
    "(?=a)(?i)a",
    "a(?#note)b",
    "(?#open",
    "(?<=ab|cd)e",
    "(?<=a{2})b",
    "(?<=a{1,2})b",
    "(?<!x)y",
]:
    try:
        c = re.compile(p)
        print(p, "ok", c.flags, c.findall("ab\nAB aab cde xy zy"))
    except re.error as e:
        print(p, "error:", e, e.pos)
print(re.findall(r"(?<=\$)\d+", "cost $12 and $7"))
print(re.sub(r"(?<!\d)(\d{3})(?!\d)", r"<\1>", "a123 4567 890"))
print(re.findall(r"(?i:AB)c", "abc ABc abC"), re.findall(r"a(?-i:B)", "ab aB AB", re.I))
print(re.match(r"(?s:.)", "\n"), re.match(r".", "\n"), re.findall(r"(?m:^x)|y$", "x\nx y\ny"))
print(re.findall(r"(?<=(a|b))c", "ac bc cc"))
print(re.split(r"(?<=[.!?]) ", "One. Two! Three? Four"))
print(re.sub(r"(?<=\w)(?=(\w{3})+\b)", ",", "1234567 and 89"))
words = "The Cat sat on the MAT with a cat".split()
print([w for w in words if re.fullmatch(r"(?i)the|cat", w)])
text = "price: 10USD, 20 EUR, 30usd"
print(re.findall(r"\d+(?=\s?(?i:usd))", text))
total = 0
for i in range(3000):
    if re.search(r"(?<=k)\d", f"k{i % 10}") is not None:
        total += 1
print(total)
