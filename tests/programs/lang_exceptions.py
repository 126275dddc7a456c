# try/except/else/finally: matching, propagation through calls, finally with return and break.


def divide(a, b):
    try:
        result = a // b
    except ZeroDivisionError:
        print("division by zero")
        return None
    else:
        print("ok")
        return result
    finally:
        print("finally", a, b)


def finally_wins():
    try:
        return "try"
    finally:
        print("cleanup runs before the return")


def overrides():
    try:
        raise ValueError("lost")
    finally:
        return "finally returned"  # noqa: B012 - the silenced exception is the point


def inner():
    raise KeyError("missing")


def middle():
    try:
        inner()
    finally:
        print("middle cleanup")


def nested():
    try:
        try:
            raise TypeError("inner")
        except ValueError:
            print("not here")
    except (TypeError, KeyError) as e:
        print("outer caught", type(e).__name__, e)


print(divide(7, 2))
print(divide(1, 0))
print(finally_wins())
print(overrides())
try:
    middle()
except KeyError as e:
    print("caught", repr(e))
nested()
for i in range(5):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        print("body", i)
    finally:
        print("finally", i)
try:
    raise RuntimeError("outer") from ValueError("cause")
except RuntimeError as error:
    print(error, repr(error.__cause__))
try:
    try:
        raise ValueError("first")
    except ValueError:
        raise
except ValueError as again:
    print("re-raised", again)
try:
    {}["k"]
except LookupError:
    print("lookup error")
