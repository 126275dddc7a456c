# An AttributeError's suggestion comes from a class later in the MRO than the first base.
class Root:
    pass


class Left(Root):
    def lefty(self):
        return "left"


class Right(Root):
    side = "right"


class Bottom(Left, Right):
    pass


print(Bottom().lefty(), Bottom().side)
Bottom().sid
