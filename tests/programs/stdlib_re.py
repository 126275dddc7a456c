# re from quack's lib/: search/match/fullmatch/findall/finditer/sub/subn/split with groups,
# named groups, backreferences, lazy and greedy quantifiers, lookahead, flags (I, M, S, X),
# empty matches as CPython 3.7+ treats them, and re.error messages with positions.
import re

print(re.search(r"\d+", "abc 123 def 45"), re.match(r"\w+", "hello world").group())
print(re.findall(r"\b\w+@\w+\.com\b", "mail bob@example.com and amy@test.com now"))
print(re.findall(r"(\w+)=(\d+)", "a=1, bb=22, ccc=333"), re.findall(r"(\d)", "a1b2"))
print(re.sub(r"(\w+) (\w+)", r"\2 \1", "hello world foo bar"), re.sub(r"\s+", " ", "a   b \t\n c"))
print(re.sub("x*", "-", "abxd"), re.split(r"[,;]\s*", "a, b;c,  d"), re.split(r"(\d)", "a1b2c"))
print(re.subn(r"o", "0", "foo boo"), re.sub(r"\d", lambda m: str(int(m.group()) * 2), "a1b2c9"))
m = re.match(r"(?P<key>\w+):\s*(?P<value>.*)", "name:  Quack Duck")
print(m.group("key"), m["value"], m.groupdict(), m.span(), m.span("value"), m.groups(), m.lastindex)
print(re.fullmatch(r"[A-Z][a-z]*", "Hello"), re.fullmatch(r"[A-Z][a-z]*", "Hello!"))
print(re.findall(r"a.*?b", "a1b a22b"), re.findall(r"a.*b", "a1b a22b"), re.findall(r"x{2,3}", "xxxxxxx"))
print(re.search(r"^b", "a\nb", re.M), re.search(r"^b", "a\nb"), re.findall(r"a.", "a\nab", re.S))
print(re.findall(r"HELLO", "hello Hello", re.I), re.search(r"(\w)\1", "abccd").group())
print(re.findall(r"\d+(?= dollars)", "5 dollars 6 euros 7 dollars"), re.findall(r"\b(?!un)\w+", "undo redo unit"))
p = re.compile(r"""
    (\d{3})   # area
    [-.\s]?
    (\d{4})   # number
""", re.VERBOSE)
print(p.findall("call 555-1234 or 555 9876"), p)
print(re.compile(r"a|b", re.I | re.M), re.escape("a.b*c?"), re.split(r"\W+", "Words, words, words."))
print([m.span() for m in re.finditer(r"\w+", "one two  three")], re.findall(r"", "ab"))
print(re.sub(r"(?P<w>\w+)", r"<\g<w>>", "a bc"), re.search(r"colou?r", "The color red").group())
print(re.findall(r"[^aeiou\s]+", "programming is fun"), re.findall(r"[\w.-]+", "a.b-c d_e"))
print(re.match(r"(a|ab)(c|bcd)(d*)", "abcd").groups(), re.match(r"(a*)*b", "aaab").group())
for bad in ["(abc", "a**", "[a-", "*a", r"\q"]:
    try:
        re.compile(bad)
    except re.error as e:
        print("error:", e)
total = 0
words = re.compile(r"[a-z]+")
for i in range(300):
    total += len(words.findall(f"line {i} has some words and {i * 7} numbers"))
print(total)
