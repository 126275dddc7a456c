# Small text utilities: Caesar and Vigenere ciphers, palindromes, anagram groups, word wrapping,
# run-length encoding and roman numerals, over a paragraph of text.
from collections import defaultdict
from itertools import groupby
import string

TEXT = ("Never odd or even. A man, a plan, a canal: Panama! Listen, silent night; the enlist "
        "of stressed desserts. Was it a car or a cat I saw? Racecar drivers rarely stop.")


def caesar(text, shift):
    table = str.maketrans(
        string.ascii_lowercase + string.ascii_uppercase,
        string.ascii_lowercase[shift:] + string.ascii_lowercase[:shift]
        + string.ascii_uppercase[shift:] + string.ascii_uppercase[:shift])
    return text.translate(table)


def vigenere(text, key, sign=1):
    out, k = [], 0
    for c in text:
        if c.isalpha():
            base = ord("A") if c.isupper() else ord("a")
            out.append(chr((ord(c) - base + sign * (ord(key[k % len(key)]) - ord("a"))) % 26 + base))
            k += 1
        else:
            out.append(c)
    return "".join(out)


def is_palindrome(s):
    letters = [c.lower() for c in s if c.isalnum()]
    return letters == letters[::-1] and len(letters) > 1


def wrap(text, width):
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line]


def rle(s):
    return "".join(f"{len(list(g))}{k}" for k, g in groupby(s))


def roman(n):
    out = []
    for value, symbol in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(symbol)
            n -= value
    return "".join(out)


secret = caesar(TEXT, 3)
print(secret[:50], caesar(secret, 23) == TEXT)
code = vigenere(TEXT, "quack")
print(code[:50], vigenere(code, "quack", -1) == TEXT)
sentences = [s.strip() for s in TEXT.replace("!", ".").replace("?", ".").split(".") if s.strip()]
print([s for s in sentences if is_palindrome(s)])
groups = defaultdict(set)
for word in TEXT.lower().translate(str.maketrans("", "", string.punctuation)).split():
    groups["".join(sorted(word))].add(word)
print(sorted(sorted(g) for g in groups.values() if len(g) > 1))
for line in wrap(TEXT, 34):
    print(f"|{line:<34}|")
print(rle("aaabccddddde"), [roman(n) for n in (1994, 2024, 3999, 444, 9)])
