# Non-ASCII text before the failing expression: carets count characters, not bytes.
s = "ñandú"
print(s + 1)
