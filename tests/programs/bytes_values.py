# bytes: literals and CPython's repr, construction, indexing (ints) and slicing (bytes), the
# codecs (utf-8, ascii, latin-1; strict, replace, ignore), the read-only methods, hashing as str
# hashes the same bytes, int.to_bytes/int.from_bytes (big ints too). The loops run them in traces.
print(b"ab", b"a'b", b'a\'"b', b"\x00\x7f\x80\t\n\r\\", b"", str(b"x"), f"{b'q'!r} {b'q'}")
print(bytes(3), bytes([1, 2, 255]), bytes(range(65, 70)), bytes(b"cp"), bytes("h\u00e9", "utf-8"))
print(isinstance(b"", bytes), type(b"x").__name__, bytes, b"ab" == bytearray(b"ab"), b"a" == "a")
print(hash(b"abc") == hash("abc"), hash(b"ab") == hash(b"a" + b"b"), {b"k": 1, b"j": 2}[b"j"])


def checksum(data):
    total = 0
    for i in range(len(data)):
        total = (total * 31 + data[i]) % 65521
    for byte in data:
        total ^= byte
    return total


def scan(words):
    found = []
    for w in words:
        b = w.encode()
        if b.startswith(b"ab") or b.endswith((b"yz", b"q")):
            found.append(b.upper())
        found.append((b.find(b"c"), b.rfind(b"c"), b.count(b"c"), 99 in b, b"cd" in b))
        found.append((b[0], b[-1], b[1:3], b[::-1], b[::2], len(b), b + b"!", b * 2))
        found.append((b.decode(), b.hex(), bytes.fromhex(b.hex()) == b, b.replace(b"c", b"C")))
    return found


text = b"the quick brown fox jumps over the lazy dog " * 5
print(checksum(text), checksum(b""), checksum(bytes(range(256))))
for row in scan(["abcdef", "xyz", "cacq", "\u00e9t\u00e9", "abc"] * 4)[-16:]:
    print(row)

fields = []
for i in range(60):
    line = b"  id=" + str(i).encode("ascii") + b",name=n" + bytes([48 + i % 10]) + b"  "
    parts = line.strip().split(b",")
    fields.append(b";".join(p.split(b"=")[1] for p in parts))
print(fields[:3], fields[-1], b" a  b c ".split(), b"a b c".split(None, 1), b"a,,b".split(b",", 1))
print(b"a b c  ".split(maxsplit=2), b"  a  ".split(None, 0), b"a ".split(maxsplit=1), b"".split(), b"a,b".split(b",", 0))
print(b"xxhixx".strip(b"x"), b"  hi ".lstrip(), b" hi  ".rstrip(), b"aaa".replace(b"a", b"b", 2))
print(b"abc".replace(b"", b"-"), b"MiXeD".lower(), b"MiXeD".upper(), b"".isdigit(), b"09".isdigit())
print(b"abc".isalpha(), b"ab1".isalpha(), b" \t\n".isspace(), b"ab".index(b"b"), b"abab".rindex(b"a"))
print(b"\x01\xff".hex(), b"\x01\xff\x10".hex(":"), bytes.fromhex("de ad BE ef"), bytes.fromhex(""))
print(b"banana".count(b"an"), b"banana".count(97), b"banana".find(b"na", 3), b"banana".find(b"", 7))
print(sorted([b"b", b"ab", b"a", b""]), b"a" < b"b", b"ab" > b"a", b"a" <= b"a", max(b"hello"))

decoded = []
for raw in [b"plain", b"caf\xc3\xa9", b"\xe2\x82\xac5", b"bad\xff", b"cut\xe2\x82", b"\xed\xa0\x80"] * 3:
    decoded.append((raw.decode("utf-8", "replace"), raw.decode("ascii", "ignore"), raw.decode("latin-1")))
print(decoded[:6])
encoded = []
for s in ["plain", "caf\u00e9", "\u20ac5", "\U0001f600x"] * 3:
    encoded.append((s.encode(), s.encode("ascii", "replace"), s.encode("latin-1", "ignore"), s.encode("UTF8")))
print(encoded[:4])
for raw, codec in [(b"\xff", "utf-8"), (b"ab\xe2\x82", "utf-8"), (b"\xe2\x82a", "utf-8"), (b"\xe9", "ascii")]:
    try:
        raw.decode(codec)
    except UnicodeDecodeError as e:
        print(type(e).__name__, e, isinstance(e, ValueError))
for s, codec in [("a\u00e9\u20acb", "ascii"), ("\u20ac", "latin-1"), ("\u00e9", "ascii")]:
    try:
        s.encode(codec)
    except UnicodeEncodeError as e:
        print(type(e).__name__, e)

values = []
for n in [0, 1, 255, 256, 65535, -1, -128, -129, 2**63, 2**64 - 1, -(2**63), 2**100 + 7, -(2**100)]:
    size = (n.bit_length() + 8) // 8
    for order in ("big", "little"):
        data = n.to_bytes(size, order, signed=True)
        values.append((data, int.from_bytes(data, order, signed=True) == n))
    if n >= 0:
        values.append((n.to_bytes(size, "big"), int.from_bytes(n.to_bytes(size, "little"), "little")))
print(values)
print((1024).to_bytes(2, "big"), (255).to_bytes(), int.from_bytes([1, 2, 3], "big"), int.from_bytes(b""))
print(int.from_bytes(b"\xff" * 20, "big", signed=True), int.from_bytes(b"\x80" + bytes(12), "big", signed=True))
for call in [lambda: (256).to_bytes(1, "big"), lambda: (-1).to_bytes(1, "big"), lambda: (128).to_bytes(1, "big", signed=True),
             lambda: (2**70).to_bytes(8, "little"), lambda: (1).to_bytes(1, "middle"), lambda: (1).to_bytes(-1, "big"),
             lambda: int.from_bytes("ab", "big")]:
    try:
        call()
    except (OverflowError, ValueError, TypeError) as e:
        print(type(e).__name__, e)

for call in [lambda: bytes(1.5), lambda: bytes("a"), lambda: bytes([256]), lambda: bytes(-1), lambda: bytes(["a"]),
             lambda: b"a"[5], lambda: "a" in b"a", lambda: 300 in b"a", lambda: b"a".decode("nope"),
             lambda: b"\xff".decode("utf-8", "nope"), lambda: b"a" + "b", lambda: b"a" * 1.5, lambda: b"".join([1]),
             lambda: bytes.fromhex("zz"), lambda: bytes.fromhex("a"), lambda: b"a".index(b"b"), lambda: b"a".split(b""),
             lambda: b"abc".startswith("a"), lambda: b"a".strip("a"), lambda: b"a".find("a"), lambda: hash(bytearray()),
             lambda: bytes("a", encoding=5), lambda: b"a" < "a", lambda: str(5, "ascii")]:
    try:
        call()
    except (TypeError, ValueError, IndexError, LookupError) as e:
        print(type(e).__name__, e)
