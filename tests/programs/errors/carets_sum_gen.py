# sum() over a generator expression (compiled to a loop in the caller) failing to add.
print(sum(x for x in ["a"]) + 1)
