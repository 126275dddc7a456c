# The with statement: __enter__'s result bound by `as`, __exit__ called on every way out (the end
# of the body, an exception, return, break, continue), an exception swallowed when __exit__
# returns true, nested and multiple managers, and CPython's errors for what is not a manager.

log = []


class Resource:
    def __init__(self, name, swallow=False):
        self.name = name
        self.swallow = swallow

    def __enter__(self):
        log.append("enter " + self.name)
        return self.name.upper()

    def __exit__(self, kind, value, tb):
        log.append(f"exit {self.name} {kind.__name__ if kind else None} {value!r}")
        return self.swallow


with Resource("a") as handle:
    log.append("body " + handle)
with Resource("b", swallow=True):
    raise ValueError("swallowed")
try:
    with Resource("c"):
        raise KeyError("kept")
except KeyError as e:
    log.append("caught " + repr(e))
with Resource("d") as x, Resource("e") as y:
    log.append(x + y)


def leave_early(n):
    with Resource("f"):
        if n:
            return n * 2
    return -1


def loop():
    out = []
    for i in range(4):
        with Resource("g" + str(i)):
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
    return out


print(leave_early(3), leave_early(0), loop())
for line in log:
    print(line)
log.clear()


class Timer:
    def __init__(self):
        self.count = 0

    def __enter__(self):
        self.count += 1
        return self

    def __exit__(self, *args):
        return False


def hot(n):
    t = Timer()
    total = 0
    for i in range(n):
        with t as same:
            total += i % 7
            if same is not t:
                total = -1
    return total, t.count


print(hot(5000))


def suppressing(n):
    caught = 0
    for i in range(n):
        with Resource("s", swallow=True):
            if i % 3 == 0:
                raise ZeroDivisionError(i)
            caught += 1
    return caught


print(suppressing(30), len(log), log[-1])
log.clear()


class ExitRaises:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        raise RuntimeError("from exit") from value


try:
    with ExitRaises():
        raise ValueError("inner")
except RuntimeError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__))


class NoExit:
    def __enter__(self):
        return 1


for manager in [NoExit(), 42, None]:
    try:
        with manager:
            print("never")
    except TypeError as e:
        print(e)


def nested_try():
    with Resource("t"):
        try:
            with Resource("u"):
                raise IndexError("deep")
        except IndexError:
            log.append("handled")
        finally:
            log.append("finally")
    return "done"


print(nested_try(), log)
