# User exceptions derived from Exception: raised, caught with `as`, printed, with args.


class AppError(Exception):
    pass


class ParseError(AppError):
    def __init__(self, line, message):
        super().__init__(message)
        self.line = line

    def __str__(self):
        return f"line {self.line}: {self.args[0]}"


def parse(i):
    if i % 7 == 0:
        raise ParseError(i, "bad token")
    if i % 11 == 0:
        raise AppError("generic", i)
    return i


errors = 0
last = None
for i in range(1, 100):
    try:
        parse(i)
    except ParseError as e:
        errors += 1
        last = e
    except AppError as e:
        errors += 100
        print("AppError:", e, e.args)
print(errors, last, last.line, last.args, repr(AppError("x")))
print(isinstance(last, AppError), isinstance(last, Exception), issubclass(ParseError, AppError))
try:
    raise AppError
except Exception as e:
    print(type(e).__name__, repr(e), str(e) == "")
try:
    raise ValueError("bad value")
except ValueError as e:
    print(e, repr(e), e.args)
try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e, repr(e))
try:
    [].pop()
except IndexError as e:
    print(type(e).__name__, e)
e = ValueError(1, 2)
print(str(e), repr(e), e.args, repr(Exception()))
try:
    raise ParseError(3, "nested") from ValueError("cause")
except AppError as e:
    print(e, type(e.__cause__).__name__)
