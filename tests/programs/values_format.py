# f-strings, format(), str.format and %-formatting.
# ruff: noqa: UP030, UP031, UP032  (the old formatting styles are what is tested)
pi = 3.141592653589793
n = 1234567
print(f"{pi}", f"{pi:.2f}", f"{pi:10.3f}|", f"{pi:<10.1f}|", f"{pi:^12.4e}|", f"{pi:+.0f}")
print(f"{n:,}", f"{n:_}", f"{n:>12,}", f"{n:012,}", f"{-n:x}", f"{n:#x}", f"{n:#o}", f"{n:b}")
print(
    f"{255:X}", f"{255:#X}", f"{5:03d}", f"{-5:05d}", f"{5:+d}", f"{5: d}", f"{65:c}", f"{42:=+6}"
)
print(f"{'abc':>6}|", f"{'abc':<6}|", f"{'abc':^7}|", f"{'abc':*^9}", f"{'abcdef':.3}", f"{'x':05}")
print(
    f"{0.5:%}",
    f"{0.25:.1%}",
    f"{1e-7:g}",
    f"{123456789.0:g}",
    f"{1.0:g}",
    f"{100.0:.3}",
    f"{1.5:e}",
)
print(f"{True}", f"{True:d}", f"{None}", f"{[1, 'a']}", f"{(1, 2)!r}", f"{'q'!r}", f"{'é'!a}")
print(f"{1e16}", f"{1.5:10}|", f"{float('inf'):8.2f}|", f"{-0.0:.1f}", f"{2.5:.0f}", f"{3.5:.0f}")
print(
    format(12.5, ",.2f"), format(1234.5, "012,.1f"), format(7, "x>4"), format("s", "3"), format(3)
)
print("{} and {}".format("a", "b"), "{1} {0} {1}".format("x", "y"), "{name}!".format(name="hi"))
print("{:>5}|{:<5}|{:^5}".format(1, 2, 3), "{0:.3f}".format(2 / 3), "{{literal}} {}".format(7))
print("{0[1]} {1[k]}".format([10, 20], {"k": "v"}), "{:{}}|".format(3, 4), "{!r:>6}".format("a"))
print("%d %i %s %r %%" % (1, 2, "s", "r"), "%5.2f|%-6d|%06.1f" % (2.345, 42, -3.14159))
print("%x %X %o %#x %#o %e %g %G" % (255, 255, 8, 255, 8, 12345.678, 0.00001234, 1e20))
print("%s" % "single", "%s" % [1, 2], "%(a)s-%(b)r" % {"a": 1, "b": "x"}, "%c%c" % (72, "i"))
print("%.3d|%+d|% d|%*d|%-*d|" % (5, 5, 5, 4, 7, 3, 8), "%d" % 3.99, "%.1s" % "abc", "%5s|" % True)
for i in range(30):
    if i % 7 == 0:
        print(f"row {i:3d}: {i * pi:8.3f} {i / 7:.2%} {'#' * (i // 7):<5}|", "%3d%%" % (i * 3))
