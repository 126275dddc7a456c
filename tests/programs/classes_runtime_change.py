# Class attributes and methods that change while a hot loop runs over the instances.


class Shape:
    scale = 2

    def area(self):
        return 10 * self.scale


shapes = [Shape() for _ in range(10)]
total = 0
for i in range(400):
    if i == 200:
        Shape.scale = 3
    total += shapes[i % 10].area()
print(total)


def bigger_area(self):
    return 100 * self.scale


acc = 0
for i in range(400):
    if i == 150:
        Shape.area = bigger_area
    acc += shapes[i % 10].area()
print(acc)


# An int attribute becomes a float partway through.
class Acc:
    def __init__(self):
        self.step = 1
        self.value = 0

    def tick(self):
        self.value = self.value + self.step


a = Acc()
for i in range(300):
    if i == 100:
        a.step = 0.5
    a.tick()
print(a.value)

# An instance attribute shadows the method, then goes away.
s = shapes[0]
results = []
for i in range(60):
    if i == 20:
        s.area = lambda: -1
    if i == 40:
        del s.area
    results.append(s.area())
print(results[19], results[20], results[39], results[40], sum(results))
