# Leaving try blocks early: return/break/continue from try bodies, except clauses and finally
# bodies, inside loops and generators, with the handled exception restored afterwards.


def first_even(values):
    for v in values:
        try:
            if v % 2 == 0:
                return v
        finally:
            print("checked", v)
    return None


def classify(values):
    out = []
    for v in values:
        try:
            out.append(10 // v)
        except ZeroDivisionError as e:
            out.append(type(e).__name__)
            if len(out) > 3:
                break
            continue
        finally:
            out.append("f")
    return out


def handler_return():
    try:
        raise ValueError("v")
    except ValueError as e:
        return f"returned from handler with {e}"


def gen_with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("generator finally")


def loop_in_finally():
    total = 0
    try:
        total += 1
    finally:
        for i in range(3):
            if i == 2:
                break
            total += i
    return total


def nested_handlers():
    try:
        raise KeyError("outer")
    except KeyError:
        try:
            raise ValueError("inner")
        except ValueError as inner:
            print("inner handled", inner)
        print("outer still handled")
        raise


print(first_even([1, 3, 4, 5]))
print(classify([1, 0, 2, 0, 5, 0]))
print(handler_return())
print(list(gen_with_finally()))
print(loop_in_finally())
try:
    nested_handlers()
except KeyError as e:
    print("propagated", e)
count = 0
while True:
    count += 1
    try:
        if count < 3:
            continue
        break
    finally:
        print("while finally", count)
print("count", count)
