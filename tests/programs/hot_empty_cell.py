# LOAD_DEREF, hot: a trace reads a cell inline and exits to tier 1 while the cell is empty, where
# the NameError is raised as CPython raises it; a nonlocal counter's cell is read and written in
# a trace too.


def outer(n):
    total = 0
    message = ""

    def get():
        return late

    for i in range(n):
        if i == n - 3:
            late = i
        try:
            total += get()
        except NameError as e:
            total += 1
            message = str(e)
    return total, message


print(outer(300))


def counter():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count

    return bump


bump = counter()
print(sum(bump() for _ in range(500)))
