# A failed assert: the carets under its test.
x = 1
assert x == 2, "msg"
