# float() of a string: Python's literal grammar (underscores between digits, inf and nan in any
# case, surrounding whitespace), correctly rounded, of any length; anything else is a ValueError
# naming the string.

strings = ["1e500", "-1e500", "1e-500", "-nan", "+nan", "NaN", "inf", "-Infinity", "+inFINity",
           "infinit", "1_000.5", "1__0", "_1", "1_", " 12 ", "\t-3.5\n", "0x10", "1e", "e5",
           ".5", "5.", ".", "-.5e-3", "1.5e+3", "1.5E3", "", " ", "1.7976931348623157e308",
           "1.7976931348623159e308", "2.4703282292062328e-324", "2.4703282292062327e-324",
           "0.1e1_0", "1_0e1", "1.0_1", "1._1", "1_.1", "+1", "--1", "+-1", "1e+-1", "-0",
           "00012", "9007199254740993", "9007199254740993.000000000000000000001",
           "0.30000000000000000000000000000000000000000000001", "1 e5", "in f", "1,5", "1.5j",
           "1" * 400, "0." + "0" * 600 + "1e601", "1." + "0" * 600 + "1", "-" + "9" * 330]
for i in range(30):
    for s in strings:
        try:
            r = float(s)
        except ValueError as e:
            r = "ValueError: " + str(e)
        if i == 0:
            print(r)
