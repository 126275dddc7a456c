# str.maketrans and str.translate: tables from two strings (and a third of characters to
# delete), from a dict of characters or code points, mappings to strings, None and code points,
# and CPython's errors.
table = str.maketrans("abc", "xyz", "!")
print(table, "aabbcc! cab!".translate(table))
print("hello".translate({ord("l"): "LL", ord("o"): None, 104: 72}))
print("naïve café".translate(str.maketrans({"ï": "i", "é": "e"})))
print(str.maketrans({"a": 1, 98: "B"}), "abc".translate(str.maketrans({"a": 1, 98: "B"})) == "\x01Bc")
for bad in (lambda: str.maketrans(1, "a"), lambda: str.maketrans("a", 2),
            lambda: "abc".translate({97: 1.5}), lambda: str.maketrans({"ab": 1}),
            lambda: str.maketrans({1.5: 1}), lambda: str.maketrans("ab", "c"),
            lambda: str.maketrans([1]), lambda: "a".translate({97: 0x110000})):
    try:
        bad()
    except (TypeError, ValueError) as error:
        print(type(error).__name__, error)
rot13 = str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm")
total = 0
for i in range(400):
    total += len(f"message {i} for rot".translate(rot13).translate(rot13))
print(total, "quack".translate(rot13))
