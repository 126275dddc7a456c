# An error raised inside a call whose frame the trace elided (runtime/interp/elide.c): the error
# stub builds the frame, and the traceback shows it under its caller's, as CPython's does.


def ratio(a, b):
    return a / b


def rates(values):
    out = 0.0
    for v in values:
        out += ratio(10.0, v)
    return out


values = [float(i + 1) for i in range(3000)]
print(round(rates(values), 6))
values[2500] = 0.0
print(rates(values))
