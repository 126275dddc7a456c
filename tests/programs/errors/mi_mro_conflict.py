# A class whose bases admit no consistent method resolution order.
class Base:
    pass


class Derived(Base):
    pass


print("before")


class Broken(Base, Derived):
    pass
