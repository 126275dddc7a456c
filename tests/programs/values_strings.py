# str methods, indexing by code point, slicing, repr quoting.
s = "Hello, World"
print(s.upper(), s.lower(), s.title(), "hello world".capitalize(), s.swapcase())
print(s[0], s[-1], s[3:8], s[::2], s[::-1], s[-5:], s[:100], s[5:2], len(s))
print(s.find("o"), s.rfind("o"), s.find("z"), s.index("W"), s.count("l"), s.count(""))
print(s.startswith("Hell"), s.endswith(("x", "ld")), s.startswith("World", 7), "abc".endswith(""))
print(s.replace("l", "L"), s.replace("l", "", 2), "aaa".replace("", "-"), s.split(", "))
print("  a  b  c  ".split(), "a,b,,c".split(","), "a b c d".split(None, 2), "a,b,c".rsplit(",", 1))
print(
    "  pad  ".strip(),
    "xxhixx".strip("x"),
    "  left".lstrip(),
    "right  ".rstrip(),
    "--a--".rstrip("-"),
)
print("-".join(["a", "b", "c"]), "".join([]), ", ".join("xyz"), "+".join(("1", "2")))
print(
    "42".zfill(5),
    "-42".zfill(6),
    "ab".center(7, "*"),
    "ab".center(6),
    "ab".ljust(5) + "|",
    "ab".rjust(5, "."),
)
print("a=b=c".partition("="), "a=b=c".rpartition("="), "abc".partition("x"))
print("l1\nl2\r\nl3".splitlines(), "x\ny\n".splitlines(True), "".splitlines())
print(
    "123".isdigit(), "12a".isdigit(), "abc".isalpha(), "ab1".isalnum(), "  ".isspace(), "".isalpha()
)
print("ABC".isupper(), "abc".islower(), "aBc".isupper())
u = "héllo wörld €"
print(u, len(u), u[1], u[-1], u[1:4], u[::-1], u.upper(), u.find("w"), u.split(" "))
print(
    repr("it's"),
    repr('say "hi"'),
    repr("both ' and \""),
    repr("tab\there\nnewline\\"),
    repr("\x00\x7f"),
)
print(repr(u), ascii(u), "é" in u, "x" not in u, "ll" in "hello")
print("ab" * 3, 3 * "-", "ab" * 0, "a" + "b", "abc" < "abd", "Z" < "a", "ab" < "abc", "b" > "abc")
print([c for c in "héé"], list("abc"), sorted("banana"), tuple("ab"), str(3), str(None))
out = ""
for i in range(100):
    out = out + str(i % 10)
    if i % 25 == 24:
        print(out[-10:], len(out), out.count("5"), out.find("99"))
words = "the quick brown fox jumps over the lazy dog".split()
for w in words:
    print(w, w[0].upper() + w[1:], len(w), w[::-1], w in "the fox")
