# A chained comparison that fails in its second link.
x = 2
print(1 < x < "a")
