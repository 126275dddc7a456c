# Iterating over strings in hot loops, as checksums, tokenizers and ciphers do: ASCII and
# non-ASCII characters, empty strings, an iterator resumed after next(), and loops whose iterable
# changes type between runs (so the specialized step must step aside).


def checksum(text):
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) % 1000003
    return h


def caesar(text, shift):
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + shift) % 26 + 97))
        else:
            out.append(ch)
    return "".join(out)


def count_kinds(items):
    kinds = {}
    for x in items:
        kinds[type(x).__name__] = kinds.get(type(x).__name__, 0) + 1
    return kinds


words = ["quack", "dück", "", "naïve café", "日本語テキスト", "plain ascii text", "€uro→arrow"]
total = 0
for i in range(2000):
    total = (total + checksum(words[i % len(words)])) % 1000003
print("checksum", total)
print(caesar("hello, wörld! zebra", 3), caesar("ünïcödé", 1))

it = iter("abcdé€f")
print(next(it), next(it))
rest = []
for ch in it:
    rest.append(ch)
print(rest, list(it))

mixed = 0
for i in range(1500):
    source = "xyz" if i % 3 else ["x", "y"]
    for ch in source:
        mixed += len(ch)
print("mixed", mixed, count_kinds("ab" + "ç"), count_kinds(["a", 1]))

letters = 0
for line in ["The quick brown fox", "jumps over", "", "the lazy dög"] * 300:
    for ch in line:
        if ch.isalpha():
            letters += 1
print("letters", letters)
