# Uncaught KeyError: the message is the missing key's repr.
def lookup(table, key):
    return table[key]


counts = {"a": 1, (1, "b"): 2}
for i in range(30):
    counts["k" + str(i % 5)] = i
print(lookup(counts, (1, "b")), len(counts))
print(lookup(counts, "missing key"))
