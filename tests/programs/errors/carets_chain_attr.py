# An error inside a method reached through a chain of attributes.
class A:
    def c(self, v):
        return 1 / v


class B:
    b = A()


a = B()
print(a.b.c(0) + 1)
