# Two bases with different built-in instance layouts.
class Mixin:
    pass


class Number(Mixin, int):
    pass


print(Number(3) + 1)


class Both(Number, str):
    pass
