# Uncaught TypeError: an int and a str cannot be added.
def combine(a, b):
    return a + b


total = 0
for i in range(25):
    total = combine(total, i)
print(total, combine("a", "b"), combine([1], [2]))
print(combine(total, "!"))
