# A class attribute holding a list is a constant in traces, but its items are not: the optimizer
# must not fold a subscript of it (it once did, and kept printing the first run's value).

class Reg:
    items = [1, 2, 3]

    def first(self):
        return self.items[0]


r = Reg()
t = 0
for i in range(300):
    t += r.first()
    if i == 150:
        Reg.items[0] = 100
print(t)
