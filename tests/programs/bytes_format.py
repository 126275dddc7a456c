# printf-style formatting of bytes and bytearray, as a binary protocol or log writer uses it.
print(b"%d items: %s" % (3, b"xy"))
print(b"%5.2f|%-4d|%x|%c|%c|%r|%a|%%" % (3.14159, 7, 255, 65, b"z", "é", "é"))
print(bytearray(b"<%s>") % b"q", b"%(a)s=%(b)d" % {b"a": b"k", b"b": 2})
for bad in ((b"%s", "str"), (b"%d", b"x"), (b"%c", 300), (b"%s %s", (b"a",))):
    try:
        print(bad[0] % bad[1])
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
ba = bytearray(b"%d-%s")
ba %= (5, b"x")
print(ba, type(ba).__name__)
bb = b"%05.1f%%"
bb %= 2.25
print(bb, b"%-6s|%6s|%.2s" % (b"ab", bytearray(b"cd"), b"xyz"), b"%c%c" % (b"\xff", 0))
print(b"%(x)s" % {b"x": b"\x80"}, b"%i %u %o %X %e %g %+d" % (1, 2, 8, 255, 1.5, 2.5, 3))
try:
    b"%(x)s" % {"x": 1}
except KeyError as e:
    print("KeyError", e)
try:
    b"%s" % (b"a", b"b")
except TypeError as e:
    print(e)
try:
    b"%q" % 1
except ValueError as e:
    print(e)
try:
    b"%c" % b"ab"
except TypeError as e:
    print(e)
records = []
for i in range(2000):
    records.append(b"%04d:%-3s|%5.1f" % (i, b"ab"[: i % 3], i / 8))
print(len(b"".join(records)), records[7], records[-1])
