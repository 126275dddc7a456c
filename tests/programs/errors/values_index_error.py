# Uncaught IndexError from indexing past the end of a list.
items = []
for i in range(20):
    items.append(i * i)
print(items[-1], items[19])
print(items[20])
