# bytearray: bytes' read-only methods (results are bytearrays), item and slice assignment and
# deletion, append/extend/pop, += in place, bytes(bytearray), unhashable; mutated in hot loops.
ba = bytearray(b"hello")
print(ba, bytearray(), bytearray(3), bytearray([1, 2]), bytearray("h\u00e9", "utf-8"), bytearray(range(3)))
print(repr(ba), str(ba), f"{ba!r}", len(ba), ba[0], ba[-1], ba[1:3], ba[::-1], list(ba), 108 in ba)
print(type(ba).__name__, isinstance(ba, bytearray), isinstance(ba, bytes), ba == b"hello", b"hello" == ba)
print(ba.upper(), ba.split(b"l"), ba.strip(b"ho"), ba.replace(b"l", b"L"), ba.find(b"l"), ba.count(108))
print(ba + b"!", b"!" + ba, ba * 2, bytes(ba), bytes(ba) is ba, ba.decode(), ba.hex(), bytearray.fromhex("ff 00"))
print(b"-".join([ba, b"x"]), bytearray(b",").join([b"a", b"b"]), ba.startswith(b"he"), ba.isalpha())


def fill(n):
    buf = bytearray()
    for i in range(n):
        buf.append(i % 251)
        if i % 7 == 0:
            buf += b"\x07"
        if i % 11 == 0:
            buf.extend([1, 2, 3])
    return buf


def rotate(buf, rounds):
    for r in range(rounds):
        buf[r % len(buf)] = (buf[r % len(buf)] + r) % 256
        first = buf.pop(0)
        buf.append(first)
        buf[2:4] = buf[4:2:-1]
    return buf


buf = fill(300)
print(len(buf), sum(buf), buf[:12], buf[-5:])
print(rotate(bytearray(b"abcdefgh"), 40), rotate(bytearray(range(10)), 25))

work = bytearray(b"0123456789")
for i in range(30):
    work[i % 10] = 65 + i % 26
    del work[0]
    work.append(48 + i % 10)
    work[1:3] = b"xyz"
    del work[3]
print(work, len(work))
grid = bytearray(b"." * 20)
for k in range(40):
    grid[k % 20] = grid[k % 20] + 1 if grid[k % 20] < 57 else 46
    grid[::5] = b"####"
print(grid)
s = bytearray(b"abcdefghij")
del s[::3]
print(s)
s[::2] = b"XYZ"
print(s, s.pop(), s.pop(-2), s)
s[1:1] = [33, 34]
s[-1:] = bytearray(b"END")
s[:2] = []
print(s)
alias = s
alias += b"+"
alias += bytes(alias)
print(s, alias is s)
alias *= 2
print(s, alias is s, s * 0, 2 * s[:3])
grow = bytearray(b"abc")
seen = []
for c in grow:
    seen.append(c)
    if len(grow) < 8:
        grow.append(c + 1)
print(seen, grow)
out = bytearray()
for word in ["alpha", "beta", "gamma"] * 10:
    out += word.encode() + b" "
print(out.rstrip().split()[:4], len(out), out.count(b"a"))

for call in [lambda: hash(bytearray()), lambda: bytearray(1.5), lambda: bytearray([256]), lambda: bytearray(-1),
             lambda: bytearray(b"a")[5], lambda: bytearray().pop(), lambda: bytearray(b"a").pop(5),
             lambda: bytearray(b"a").append(256), lambda: bytearray(b"a").append("a"), lambda: bytearray(b"a").extend(5),
             lambda: bytearray(b"a").extend([300]), lambda: bytearray(b"ab") + [1], lambda: {bytearray(): 1},
             lambda: bytearray("abc")]:
    try:
        call()
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
x = bytearray(b"abc")
for key, value in [(0, 256), (5, 1), ("k", 1), (0, "a"), (slice(0, 1), 5), (slice(0, 1), "ab"), (slice(None, None, 2), b"x")]:
    try:
        x[key] = value
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
print(x)
