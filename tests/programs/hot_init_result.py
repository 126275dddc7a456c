# A class constructed in a hot loop (its __init__ inlined in the trace) whose __init__ returns
# something but None once: the TypeError and its message are CPython's.

class P:
    def __init__(self, x):
        self.x = x
        if x == 250:
            return x


total = 0
for i in range(300):
    try:
        total += P(i).x
    except TypeError as e:
        print("caught:", e)
print(total)
