# str beyond ASCII as CPython 3.11 has it: repr escapes what is not printable, full case
# mappings (one code point may become several), title case, final sigma, the character classes.

# repr: \xNN, \uNNNN, \UNNNNNNNN for every code point str.isprintable() rejects.
print(repr(chr(0x9CF)), repr("\u1a8c"), repr("\x85\xa0\xad\u2028\u200b\ufeff"))
print(repr("\U0001f600 \U000e0001 \U0010ffff \u0378 é ß"))
print(ascii("é\u1a8cß\U0001f600"), repr("it's"), repr("'\"\\"))

# Full case mappings (SpecialCasing) and title case.
print("ß".upper(), "ß".title(), "straße".upper(), "ß".casefold(), "straße".swapcase())
print("ǆ".upper(), "ǆ".title(), "ǆemal".capitalize(), "ǅ".lower(), "ǅ".swapcase())
print("ﬁ".upper(), "ﬃx".title(), "ŉ".upper(), "ΐ".upper(), "ǰ".upper(), "ᾳ".upper(), "ᾳ".title())
print("İ".lower(), len("İ".lower()), "İstanbul".lower() == "i\u0307stanbul", "ı".upper())
print("hello wORLD".title(), "they're bill's".title(), "ĳsselmeer".capitalize())
print("µ".upper(), "ſ".upper(), "ſ".casefold(), "ẞ".lower(), "ẞ".casefold(), "ᏸ".casefold())

# Final sigma: a capital sigma after a cased letter, not before one, lowercases to ς.
print("ΟΔΟΣ".lower(), "ΟΔΟΣ ΟΔΟΣ.".lower(), "Σ".lower(), "ΣΑ".lower(), "ΑΣΑ".lower())
print("ΑΣ'".lower(), "ΑΣ'Α".lower(), "Α'Σ".lower(), "1Σ".lower(), "ΑΣ\u0301".lower())
print("ΟΔΟΣ".title(), "οδοσ ΟΔΟΣ".swapcase(), "σΣ".capitalize(), "ΣΣ".casefold())

# Character classes.
for s in ["٣", "²", "½", "Ⅻ", "abc", "Ǆ", "ǅ", "ǆ", "ǅa", "Ǆa", "ǅ ǈ", "\u3000", "\u200b",
          "ŝ_1", "_", "1a", "a·", "℘x", "é", "", "\u00ad", "a\u0301"]:
    print(repr(s), s.isdecimal(), s.isdigit(), s.isnumeric(), s.isalpha(), s.isalnum(),
          s.isspace(), s.isupper(), s.islower(), s.istitle(), s.isprintable(), s.isidentifier(),
          s.isascii())

# Whitespace beyond ASCII splits and strips; UTF-8 continuation bytes do not.
print("a ą b".split(), "à\u3000b\u2003".split(), " x\u2003y ".rsplit(), "aàb ą".rsplit(None, 1))
print(repr("\u2003ąà\u3000".strip()), "ą\u1680".split(maxsplit=0))
print("ß".center(5, "ą") + "|", "Σ".ljust(3, "·") + "|", "ǆ".rjust(3) + "|", f"{'ß':^5}|")

# A sweep of code points: repr of each and of its mappings, and its classes.
for cp in list(range(0, 0x20000, 97)) + list(range(0x20000, 0x110000, 9973)):
    c = chr(cp)
    classes = 0
    for flag in (c.isalpha(), c.isdecimal(), c.isdigit(), c.isnumeric(), c.isspace(),
                 c.islower(), c.isupper(), c.istitle(), c.isprintable(), c.isidentifier()):
        classes = classes * 2 + flag
    mapped = [c, c.upper(), c.lower(), c.title(), c.capitalize(), c.swapcase(), c.casefold()]
    print(f"{cp:x} {classes:x}", repr("|".join(mapped)))
