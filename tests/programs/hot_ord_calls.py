# ord() in hot loops, where a trace knows the builtin ord is called (_CALL_ORD_KNOWN): an ASCII
# character is read inline, anything else goes through the call and raises what CPython raises.


class Char(str):
    pass


def checksum(text):
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) % 1000003
    return h


print("ascii:", checksum("the quick brown fox " * 40))
print("mixed:", checksum("naïve café, 東京, ünïcödé! " * 30))
print("subclass:", checksum([Char(c) for c in "subclassed characters " * 20]))
print("bytes:", checksum([b"a", b"\xff", bytearray(b"z")] * 100))

bad = ["ab", "", 7, None, b"xy", 2.5]
for i in range(300):
    try:
        ord(bad[i % len(bad)])
    except TypeError as e:
        if i < len(bad):
            print("error:", e)


def codes(text):
    return [ord(c) for c in text]


total = 0
for i in range(400):
    total += sum(codes("abc%d" % i))
    if i == 250:
        ord = len  # noqa: A001  (rebinds the builtin while the loop is hot)
print("rebound:", total)
