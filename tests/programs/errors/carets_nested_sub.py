# A subscript of a subscript: `~` under the value, `^` under the failing index.
m = [[1]]
print(m[0][5])
