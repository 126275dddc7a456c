# A binary operation after a parenthesized one: `~` under the operands, `^` under `//`.
a = 1
print((a + 2) * (3 // 0))
