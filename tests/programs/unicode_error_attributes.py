# UnicodeDecodeError and UnicodeEncodeError as programs inspect them: encoding, object, start, end
# and reason, and a messages built from them, as a log sanitizer that reports bad bytes does.
try:
    b"ab\xffcd".decode("utf-8")
except UnicodeDecodeError as e:
    print(e.encoding, e.object, e.start, e.end, e.reason, e.args)
try:
    "h\u00e9llo".encode("ascii")
except UnicodeEncodeError as e:
    print(e.encoding, e.object, e.start, e.end, e.reason, e.args)
try:
    "x\u1234y".encode("latin-1")
except UnicodeError as e:
    print(type(e).__name__, e.start, e.end, e)
e = UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad")
print(e, e.reason, repr(e))
print(UnicodeEncodeError("ascii", "ab\u20acd", 2, 4, "nope"))
bad_positions = []
for i in range(1500):
    data = bytes([65 + i % 26, 0x80 + i % 64 if i % 3 == 0 else 66, 67])
    try:
        data.decode("ascii")
    except UnicodeDecodeError as e:
        bad_positions.append((e.start, e.end, e.object[e.start]))
print(len(bad_positions), bad_positions[:3], sum(p[2] for p in bad_positions))
