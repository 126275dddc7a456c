# split() scans words eight bytes at a time, len() counts code points eight bytes at a time, and
# startswith/endswith without bounds count none: every byte that can end a word or start a code
# point, at every position within and across those eight bytes.

SEPARATORS = [" ", "\t", "\n", "\x0b", "\x0c", "\r", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0",
              "\u1680", "\u2000", "\u2028", "\u3000"]
NOT_SEPARATORS = ["\x00", "\x01", "\x08", "\x0e", "\x1b", "!", "~", "\x7f", "\x80", "\xad", "é",
                  "\u200b", "\ufeff", "€", "😀"]


def split_everywhere():
    results = []
    for sep in SEPARATORS:
        for width in range(1, 20):
            word = "abcdefghijklmnopqrstuvwxyz"[:width]
            text = sep.join([word, word[::-1], word.upper()]) + sep
            parts = text.split()
            results.append((len(parts), sum(len(p) for p in parts)))
            results.append(len((sep * 2 + text).split(None, 1)))
    for odd in NOT_SEPARATORS:
        for at in range(12):
            word = "x" * at + odd + "y" * (11 - at)
            results.append(tuple(len(p) for p in (word + " " + word + "\t" + word).split()))
    print(results)


def long_lines():
    line = " ".join("w%d" % i * (i % 5 + 1) for i in range(300))
    words = line.split()
    print(len(words), sum(map(len, words)), words[:3], words[-2:])
    mixed = "héllo wörld 😀 ünïcode\u3000tail\xa0end " * 40
    print(len(mixed.split()), mixed.split()[:8], len(mixed.rsplit(None, 3)))


def lengths():
    out = []
    for n in range(0, 40):
        for ch in ["a", "é", "€", "😀"]:
            s = "a" * n + ch + "b" * (n % 9)
            out.append(len(s))
            out.append(len(s[n // 2 :]))
    text = ("ab€cd" * 11 + "😀") * 7
    out.append(len(text))
    out.append(text.index("😀"))
    print(out)


def affixes():
    words = ["quack", "duck", "ück", "ck", "k", "", "café", "naïve€"]
    out = []
    for w in words * 3:
        out.append((w.endswith("ck"), w.startswith("qu"), w.endswith(("é", "€", "k")),
                    w.endswith("ck", 1), w.startswith("ck", -2), w.endswith("", 9),
                    w.endswith("k", 0, 2), w.startswith("", len(w) + 1)))
    for bad in [1, ("a", 2)]:
        try:
            "abc".endswith(bad)
        except TypeError as exc:
            out.append(str(exc))
    try:
        "abc".startswith("a", "x")
    except TypeError as exc:
        out.append(str(exc))
    print(out)


split_everywhere()
long_lines()
lengths()
affixes()
